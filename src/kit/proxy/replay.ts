/**
 * A recording judged offline (`uai check-exchange --recording <file>`): each line is read, checked
 * and handed to the same session the live proxy feeds, in the same order, so the verdicts are the
 * live run's. The file is read in chunks and split here, not by readline: a line past the bound is
 * refused as soon as it passes it, before it is held whole (readline builds every line in full, so
 * a recording of one huge line would take memory without bound, or fail past V8's longest string).
 */
import { createReadStream } from 'node:fs';
import type { Site } from '../../standard/urls.ts';
import { NOT_UTF8, readError } from '../usage.ts';
import type { JudgedExchange } from './judge.ts';
import { parseRecordLine } from './recording.ts';
import { ProxySession, type ProxyReport } from './report.ts';

/** The longest line read: a recorded exchange holds at most two bodies of 4 MB, base64 at worst. */
export const MAX_LINE_CHARS = 24 * 1024 * 1024;

export type Replayed =
  | {
      ok: true;
      report: ProxyReport;
      /** The line of the recording each exchange with a finding (and the last) was read from. */
      lines: ReadonlyMap<number, number>;
    }
  | { ok: false; error: string };

/** One line of a recording as read: its text, a line past the bound (the last one given), or a read that failed. */
export type RecordingLine = string | { readonly tooLong: true } | { readonly unreadable: unknown };

/**
 * The lines of a text that comes in chunks, as JSON Lines has them: each ends at LF, a CR before
 * the LF is dropped, the last may have no LF. No more than `max` characters of a line are held:
 * past them the line is given as too long, and nothing after it.
 */
export async function* recordingLines(chunks: AsyncIterable<string>, max: number): AsyncGenerator<RecordingLine> {
  const tooLong = { tooLong: true } as const;
  let parts: string[] = [];
  let length = 0;
  /** The line held so far without its CR, or nothing when that is past the bound. */
  const whole = (): string | undefined => {
    const line = parts.join('');
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    return text.length > max ? undefined : text;
  };
  try {
    for await (const chunk of chunks) {
      let from = 0;
      for (let lf = chunk.indexOf('\n'); ; lf = chunk.indexOf('\n', from)) {
        const piece = chunk.slice(from, lf === -1 ? undefined : lf);
        length += piece.length;
        // One character past the bound may be the CR of a CRLF, dropped once the LF comes.
        if (length > max + 1) {
          yield tooLong;
          return;
        }
        if (piece) parts.push(piece);
        if (lf === -1) break;
        const line = whole();
        if (line === undefined) {
          yield tooLong;
          return;
        }
        yield line;
        parts = [];
        length = 0;
        from = lf + 1;
      }
    }
  } catch (error) {
    yield { unreadable: error };
    return;
  }
  if (length > 0) yield whole() ?? tooLong;
}

export async function replayRecording(
  file: string,
  options: { site: Site; runId: string; now: Date; onExchange?: (x: JudgedExchange) => void },
): Promise<Replayed> {
  const session = new ProxySession(options.site);
  const stream = createReadStream(file);
  const lines = new Map<number, number>();
  let n = 0;
  let previous = 0;
  let lastLine: [number, number] = [0, 0];
  try {
    for await (const line of recordingLines(utf8Chunks(stream), MAX_LINE_CHARS)) {
      n += 1;
      if (typeof line !== 'string')
        return {
          ok: false,
          error:
            'unreadable' in line
              ? line.unreadable instanceof NotUtf8
                ? `${file} is ${NOT_UTF8}`
                : `${file}: ${readError(line.unreadable)}`
              : `${file} line ${n}: longer than any recorded exchange`,
        };
      if (line.trim() === '') continue;
      const parsed = parseRecordLine(line);
      if (!parsed.ok) return { ok: false, error: `${file} line ${n}: ${parsed.error}` };
      if (parsed.exchange.index <= previous)
        return { ok: false, error: `${file} line ${n}: index ${parsed.exchange.index} does not follow ${previous}` };
      previous = parsed.exchange.index;
      const judged = session.add(parsed.exchange);
      // Only where a finding can point: the exchanges with one, and the last (the conversation's end).
      if (judged.findings.length > 0) lines.set(parsed.exchange.index, n);
      lastLine = [parsed.exchange.index, n];
      options.onExchange?.(judged);
    }
  } finally {
    stream.destroy();
  }
  if (previous === 0) return { ok: false, error: `${file} holds no recorded exchange` };
  lines.set(...lastLine);
  return { ok: true, report: session.report(options), lines };
}

class NotUtf8 extends Error {}

/**
 * The file's bytes as UTF-8 text, strictly (RFC 8259 section 8.1, as `uai validate` reads files):
 * bytes that are not UTF-8 end the read, where a lenient decoder would judge U+FFFD in their place.
 */
async function* utf8Chunks(bytes: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of bytes) yield decoder.decode(chunk, { stream: true });
    yield decoder.decode();
  } catch (error) {
    throw error instanceof TypeError ? new NotUtf8() : error;
  }
}
