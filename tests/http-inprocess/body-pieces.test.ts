import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { publishedExamples, validateAction } from '../../src/engine/index.ts';
import { actionHandler } from '../../src/http/action-handler.ts';
import { BodyBytes, MAX_BODY_PIECES } from '../../src/http/body-bytes.ts';
import { siteFor } from '../../src/standard/urls.ts';

/**
 * A body collected from pieces (src/http/body-bytes.ts) is the bytes as sent, however they were
 * cut; and the Web adapter (the Netlify functions) refuses a body in more than MAX_BODY_PIECES
 * pieces as the local server does (tests/http/body-pieces.test.ts).
 */
describe('BodyBytes', () => {
  it('gives the concatenation of its pieces, for any cut of any bytes', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 9000 }), { maxLength: 40 }), fc.nat(100_000), (pieces, most) => {
        // `most` bounds the buffer's growth, never what it keeps.
        const body = new BodyBytes(most);
        for (const p of pieces) body.add(p);
        const expected = Buffer.concat(pieces);
        expect(Buffer.from(body.bytes()).equals(expected)).toBe(true);
        expect(body.length).toBe(expected.byteLength);
        expect(body.pieces).toBe(pieces.length);
      }),
      { numRuns: 300 },
    );
  });

  it('copies a later piece, so a sender reusing its buffer cannot change what was received', () => {
    const body = new BodyBytes();
    const reused = new Uint8Array([1, 2, 3]);
    body.add(new Uint8Array([0]));
    body.add(reused);
    reused.fill(9);
    expect([...body.bytes()]).toEqual([0, 1, 2, 3]);
  });
});

const site = siteFor('https://uai.example.org');
const handle = actionHandler({ site, action: validateAction, now: () => new Date('2026-11-02T10:00:00Z') });
const request = publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message;

/** A valid validate body of `pieces` bytes, posted as a stream of 1-byte pieces. */
function postInPieces(pieces: number): Promise<Response> {
  const text = JSON.stringify({ message: request });
  const bytes = new TextEncoder().encode(text + ' '.repeat(pieces - text.length));
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at === bytes.length) controller.close();
      else controller.enqueue(bytes.subarray(at, ++at));
    },
  });
  return handle(
    new Request('https://uai.example.org/v1/validate', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit),
  );
}

describe('the Web adapter and a body in many pieces', () => {
  it(`reads ${MAX_BODY_PIECES} pieces`, async () => {
    const response = await postInPieces(MAX_BODY_PIECES);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { valid: boolean }).valid).toBe(true);
  });

  it('refuses one more with 400 request.invalid', async () => {
    const response = await postInPieces(MAX_BODY_PIECES + 1);
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { code: string; detail: string };
    expect(problem.code).toBe('request.invalid');
    expect(problem.detail).toContain(`${MAX_BODY_PIECES.toLocaleString('en-US')} pieces`);
  });
});
