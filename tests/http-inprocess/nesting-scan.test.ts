import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestingExceeds } from '../../src/http/request-body.ts';

/**
 * The body's depth guard (src/http/request-body.ts) settles most texts by counting their [ and {
 * before it scans them. Its verdict must be the scan's: compared with a plain scan of the text
 * over generated JSON texts (brackets inside strings, escaped quotes, near the limit both ways).
 */
function plainScan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (++depth > limit) return true;
    } else if (c === '}' || c === ']') depth--;
  }
  return false;
}

const nested = (levels: number, leaf: string): string => '['.repeat(levels) + leaf + ']'.repeat(levels);

describe('the depth guard of request bodies', () => {
  it('gives the scan verdict on generated JSON texts and limits (20,000)', () => {
    const strings = fc.stringMatching(/^[[\]{}"\\a ]{0,12}$/).map((s) => JSON.stringify(s));
    const text = fc
      .tuple(fc.integer({ min: 0, max: 12 }), fc.array(fc.oneof(strings, fc.json({ maxDepth: 4 })), { maxLength: 6 }))
      .map(([levels, items]) => nested(levels, `[${items.join(',')}]`));
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 14 }), (t, limit) => {
        expect(nestingExceeds(t, limit)).toBe(plainScan(t, limit));
      }),
      { numRuns: 20_000 },
    );
  });

  it('brackets inside strings count toward neither verdict', () => {
    const inStrings = JSON.stringify({ a: '{'.repeat(100), b: ['['.repeat(100)] });
    expect(nestingExceeds(inStrings, 2)).toBe(false);
    expect(nestingExceeds(nested(3, '0'), 2)).toBe(true);
    expect(nestingExceeds(nested(2, '0'), 2)).toBe(false);
  });
});
