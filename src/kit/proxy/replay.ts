/**
 * A recording judged offline (`uai check-exchange --recording <file>`): each line is read, checked
 * and handed to the same session the live proxy feeds, in the same order, so the verdicts are the
 * live run's. Lines are read one at a time (a recording of any length is judged in bounded memory).
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Site } from '../../standard/urls.ts';
import type { JudgedExchange } from './judge.ts';
import { parseRecordLine } from './recording.ts';
import { ProxySession, type ProxyReport } from './report.ts';

/** The longest line read: a recorded exchange holds at most two bodies of 4 MB, base64 at worst. */
const MAX_LINE_CHARS = 24 * 1024 * 1024;

export type Replayed = { ok: true; report: ProxyReport } | { ok: false; error: string };

export async function replayRecording(
  file: string,
  options: { site: Site; runId: string; now: Date; onExchange?: (x: JudgedExchange) => void },
): Promise<Replayed> {
  const session = new ProxySession(options.site);
  const stream = createReadStream(file, { encoding: 'utf8' });
  const opened = await new Promise<string | undefined>((resolve) => {
    stream.once('open', () => resolve(undefined));
    stream.once('error', (error) => resolve(`cannot read ${file}: ${error.message}`));
  });
  if (opened) return { ok: false, error: opened };
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let n = 0;
  let previous = 0;
  try {
    for await (const line of lines) {
      n += 1;
      if (line.trim() === '') continue;
      if (line.length > MAX_LINE_CHARS)
        return { ok: false, error: `${file} line ${n}: longer than any recorded exchange` };
      const parsed = parseRecordLine(line);
      if (!parsed.ok) return { ok: false, error: `${file} line ${n}: ${parsed.error}` };
      if (parsed.exchange.index <= previous)
        return { ok: false, error: `${file} line ${n}: index ${parsed.exchange.index} does not follow ${previous}` };
      previous = parsed.exchange.index;
      const judged = session.add(parsed.exchange);
      options.onExchange?.(judged);
    }
  } finally {
    lines.close();
    stream.destroy();
  }
  if (previous === 0) return { ok: false, error: `${file} holds no recorded exchange` };
  return { ok: true, report: session.report(options) };
}
