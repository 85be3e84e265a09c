import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgeEncoding, StreamedBody } from '../../src/kit/server/bytes.ts';
import { answerOf } from '../../src/kit/server/http.ts';

/**
 * A body past what the kit parses is judged as it streams (StreamedBody) instead of whole: for any
 * bytes, cut into any chunks, the judgement is the one judgeEncoding gives the whole body, and the
 * start kept is the whole body's start (at least the 3 bytes a byte order mark takes; the kit keeps 4 KB).
 */
const pieces = fc.oneof(
  fc.constantFrom('{}', '[', ',', ' ', '\n', '\t', '\u00a0', '\ufeff', 'é', '€', '😀', '\u2028', 'x'),
  fc.string({ unit: 'binary', maxLength: 8 }),
);
/** Bytes that are UTF-8 text, or not: a byte order mark, a lone continuation byte, a sequence cut at the end. */
const body = fc
  .tuple(
    fc.array(pieces, { maxLength: 40 }),
    fc.constantFrom(null, [0xef, 0xbb, 0xbf], [0x80], [0xe2, 0x82], [0xc0, 0xaf], [0xed, 0xa0, 0x80]),
    fc.nat(),
    fc.boolean(),
  )
  .map(([parts, odd, at, bom]) => {
    const text = Buffer.from(parts.join(''), 'utf8');
    const bytes = odd
      ? Buffer.concat([
          text.subarray(0, at % (text.length + 1)),
          Buffer.from(odd),
          text.subarray(at % (text.length + 1)),
        ])
      : text;
    return new Uint8Array(bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]) : bytes);
  });
const cuts = fc.array(fc.nat(), { maxLength: 6 });
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
);

function streamed(bytes: Uint8Array, at: readonly number[], keep: number): StreamedBody {
  const s = new StreamedBody(keep);
  const points = [...new Set(at.map((n) => n % (bytes.length + 1)))].sort((a, b) => a - b);
  let from = 0;
  for (const p of [...points, bytes.length]) {
    s.take(bytes.subarray(from, p));
    from = p;
  }
  return s;
}

describe('StreamedBody', () => {
  it('judges any bytes, in any chunks, as judgeEncoding judges the whole body', () => {
    fc.assert(
      fc.property(body, cuts, contentType, fc.integer({ min: 3, max: 16 }), (bytes, at, type, keep) => {
        const s = streamed(bytes, at, keep);
        const whole = judgeEncoding({ contentType: type, bytes, json: undefined, unparsed: 'too large' });
        const head = s.head;
        expect(
          judgeEncoding({ contentType: type, bytes: head, json: undefined, unparsed: 'too large' }, s.finish()),
        ).toEqual(whole);
        expect([...head]).toEqual([...bytes.subarray(0, keep)]);
        expect(s.total).toBe(bytes.length);
      }),
      { numRuns: 2000 },
    );
  });

  it('an answer past the parse limit, streamed or whole, is the same answer', () => {
    const big = (text: string) => new Uint8Array(Buffer.from(text.repeat(Math.ceil(300_000 / text.length))));
    for (const bytes of [big('[{},'), big('  \n'), new Uint8Array([...big('[1,'), 0xff]), big('\ufeff{"a":1}')]) {
      const s = new StreamedBody(4096);
      for (let i = 0; i < bytes.length; i += 65_536) s.take(bytes.subarray(i, i + 65_536));
      expect(answerOf(200, 'application/json', s)).toEqual(answerOf(200, 'application/json', bytes));
    }
  });
});
