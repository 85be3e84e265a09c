/**
 * What a client printed, as the kit keeps and shows it: the end of each stream, bounded in bytes
 * however much comes, and the line that says why it failed picked out of the stack frames around
 * it. It is kept as printed: each report format escapes it once, as it escapes everything else the
 * client sent (judge/formats.ts), so that a report read in a terminal is not recoloured, cleared,
 * retitled or reordered by the client under test, and reads back to what the client printed.
 */

import type { Readable } from 'node:stream';

/** Bytes of stdout and of stderr kept per scenario (the end of each). */
export const OUTPUT_TAIL_BYTES = 16 * 1024;
/** The lines of the end of the output shown with a failed scenario, after its cause line. */
const SHOWN_LINES = 8;
/** Characters of one shown line. */
const LINE_CHARS = 200;

/** A pause after each chunk read: a client that prints without end is read at a bounded rate (and waits). */
const READ_PAUSE_MS = 5;

/** The last OUTPUT_TAIL_BYTES of a stream: chunks are kept while they are needed, never more. */
export class OutputTail {
  private chunks: Buffer[] = [];
  private bytes = 0;
  /**
   * Reads a stream into the tail, pausing after each chunk: every chunk read is a fresh buffer, and
   * an endless stream read as fast as it comes grows the kit with garbage faster than it is collected.
   */
  follow(stream: Readable): void {
    stream.on('data', (chunk: Buffer) => {
      this.push(chunk);
      stream.pause();
      setTimeout(() => stream.resume(), READ_PAUSE_MS).unref();
    });
  }
  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    while (this.chunks.length > 1 && this.bytes - this.chunks[0]!.length >= OUTPUT_TAIL_BYTES)
      this.bytes -= this.chunks.shift()!.length;
  }
  /** Decoded once at the end, so no character is split between two chunks. */
  text(): string {
    const all = Buffer.concat(this.chunks);
    return all.subarray(Math.max(0, all.length - OUTPUT_TAIL_BYTES)).toString('utf8');
  }
}

/** Stack frames and runtime banners: never the cause (Node, Python, Go, Java). */
const FRAME =
  /^\s+at\s|^\s+File "|^\s*Traceback \(most recent call last\)|^Node\.js v\d|^goroutine \d|^\t\S+:\d+|^exit status \d/;
/** What an error line looks like: an error type or word, then a colon, or a panic. */
const ERROR =
  /(?:^|[\s.:[(])(?:[A-Z]\w*(?:Error|Exception)|[Ee]rror|ERROR|[Ff]atal|FATAL|panic|[Uu]ncaught|[Ff]ailed|FAIL)\b.*[:!]|^panic:/;

/**
 * The line that says why the client failed: the last line that looks like an error and is no stack
 * frame (`SyntaxError: ...`, `ValueError: ...`, `panic: ...`, `error: ...`), else the last line.
 */
export function causeLine(lines: readonly string[]): string | undefined {
  const candidates = lines.filter((l) => !FRAME.test(l));
  return candidates.findLast((l) => ERROR.test(l)) ?? candidates.at(-1);
}

/** What the report shows of a failed scenario's output: the cause line first, then the last lines. */
export function shownOutput(stderr: string, stdout: string): string[] {
  const lines = `${stderr}\n${stdout}`.split('\n').filter((l) => l.trim() !== '');
  const cause = causeLine(`${stderr}`.split('\n').filter((l) => l.trim() !== '')) ?? causeLine(lines);
  // Cut between characters: a cut inside a surrogate pair would print a lone half as U+FFFD.
  const shown = (l: string) => {
    const cut = l.slice(0, LINE_CHARS);
    return cut.isWellFormed() ? cut : cut.slice(0, -1);
  };
  return [
    ...(cause === undefined ? [] : [`  cause: ${shown(cause.trim())}`]),
    ...lines.slice(-SHOWN_LINES).map((l) => `  | ${shown(l)}`),
  ];
}
