import type { Readable, Writable } from 'node:stream';
import { BodyBytes } from '../../http/body-bytes.ts';

/**
 * `from.pipe(to)`, with the chunks that arrive in one turn of the event loop written as one: a
 * peer that sends its body in 1-byte chunks would otherwise cost a write on the other side, and
 * its allocations, per byte. Backpressure as pipe's (`from` pauses while `to` is full), and `to`
 * ends when `from` ends; a `from` cut short is the caller's to handle, as with pipe.
 */
export function pipeInBatches(from: Readable, to: Writable, batch = 64 * 1024): void {
  let pending = new BodyBytes(batch);
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0 || to.destroyed) return;
    const bytes = pending.bytes();
    pending = new BodyBytes(batch);
    if (!to.write(bytes)) {
      from.pause();
      to.once('drain', () => from.resume());
    }
  };
  from.on('data', (chunk: Buffer) => {
    pending.add(chunk);
    if (pending.length >= batch) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  });
  from.once('end', () => {
    flush();
    to.end();
  });
}
