import fc from 'fast-check';
import { PassThrough, Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pipeInBatches } from '../../src/kit/proxy/batched-pipe.ts';

/**
 * What `uai proxy` forwards (src/kit/proxy/batched-pipe.ts): the bytes as they came, in order,
 * whatever their cut and however slowly the other side reads; small chunks leave together.
 */
function through(chunks: readonly Uint8Array[], slowEvery = 0): Promise<{ bytes: Buffer; writes: number }> {
  const got: Buffer[] = [];
  let writes = 0;
  const to = new Writable({
    highWaterMark: 16,
    write(chunk: Buffer, _encoding, done) {
      got.push(Buffer.from(chunk));
      writes += 1;
      // A reader that sometimes takes its time: backpressure must pause the source, not drop bytes.
      if (slowEvery > 0 && writes % slowEvery === 0) setTimeout(done, 1);
      else done();
    },
  });
  const from = new PassThrough();
  pipeInBatches(from, to, 1024);
  const finished = new Promise<void>((resolve) => to.once('finish', () => resolve()));
  Readable.from(chunks.map((c) => Buffer.from(c))).pipe(from);
  return finished.then(() => ({ bytes: Buffer.concat(got), writes }));
}

describe('pipeInBatches', () => {
  it('forwards every byte in order, for any cut and a reader that lags', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uint8Array({ minLength: 1, maxLength: 3000 }), { maxLength: 30 }),
        fc.nat(4),
        async (chunks, slowEvery) => {
          const { bytes } = await through(chunks, slowEvery);
          expect(bytes.equals(Buffer.concat(chunks))).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('writes 20,000 one-byte chunks as a few writes', async () => {
    const chunks = Array.from({ length: 20_000 }, (_, i) => new Uint8Array([i % 256]));
    const { bytes, writes } = await through(chunks);
    expect(bytes.length).toBe(20_000);
    expect(writes).toBeLessThan(200);
  });
});
