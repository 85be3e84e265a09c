import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { withThousands } from '../http/digits.ts';

/**
 * The most `uai validate` and `uai check-exchange` read of one file or of standard input. A file
 * in a pull request is chosen by whoever opened it: without a bound, one large file (or a path to
 * a device that never ends, such as /dev/zero) would hold the whole run's memory and time. No
 * UAI-1 endpoint takes a message over 262,144 bytes (CONTRACT section 8); the bound is 16 times
 * that, so a file any endpoint could take is never cut, and the costliest file it lets through
 * (the service's worst shapes grown to it) takes about 2 s and 450 MB. At 16 MiB the same shapes
 * took 7-8 s and 1.1-1.4 GB, and ended a process with a 1 GB heap.
 */
export const MAX_INPUT_BYTES = 4 * 1024 * 1024;

/** Why an input over the bound is not read; what comes in its place in every report. */
export class InputTooLarge extends Error {
  constructor(limit: number) {
    super(
      `larger than ${withThousands(limit)} bytes, the most uai reads of one input (no UAI-1 endpoint takes a message over 262,144 bytes, CONTRACT section 8)`,
    );
  }
}

const CHUNK = 64 * 1024;

/**
 * A file's bytes, at most `limit` of them; throws InputTooLarge past it, or the read's own error.
 * A regular file is read as readFileSync reads it, into one buffer of the size it has when
 * opened (when it has one); anything else (a pipe, a device, /dev/fd/N of a process substitution)
 * chunk by chunk up to the bound. `reserve` is told how many bytes are about to be read (the
 * bound, when the size is not known) before anything is: worker threads share a budget of them.
 */
export function readFileBounded(file: string, limit = MAX_INPUT_BYTES, reserve?: (bytes: number) => void): Uint8Array {
  const fd = openSync(file, 'r');
  try {
    const stat = fstatSync(fd);
    // A size of 0 may be a file whose size is not known before it is read (/proc, /sys, some
    // FUSE files): read as a stream is, as readFileSync does.
    const known = stat.isFile() && stat.size > 0;
    if (known && stat.size > limit) throw new InputTooLarge(limit);
    reserve?.(known ? stat.size : limit);
    if (known) {
      const bytes = Buffer.allocUnsafe(stat.size);
      let filled = 0;
      while (filled < stat.size) {
        const read = readSync(fd, bytes, filled, stat.size - filled, null);
        if (read === 0) break;
        filled += read;
      }
      return filled === stat.size ? bytes : bytes.subarray(0, filled);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK);
      const read = readSync(fd, chunk, 0, CHUNK, null);
      if (read === 0) break;
      total += read;
      if (total > limit) throw new InputTooLarge(limit);
      chunks.push(chunk.subarray(0, read));
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** A stream's bytes (standard input), at most `limit`; rejects with InputTooLarge past it. */
export async function readStreamBounded(stream: AsyncIterable<unknown>, limit = MAX_INPUT_BYTES): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    total += bytes.length;
    if (total > limit) throw new InputTooLarge(limit);
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, total);
}
