import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, MAX_PATH_CHARS, nestingFault } from '../../src/engine/index.ts';

/**
 * The reference: every container with its depth and the characters of its path (names and
 * indexes, one more per level for the slash), walked in full with no early exit.
 */
function reference(value: unknown, limit: number): 'depth' | 'path' | undefined {
  let deepest = 0;
  let longest = 0;
  const walk = (v: unknown, depth: number, chars: number): void => {
    if (typeof v !== 'object' || v === null) return;
    deepest = Math.max(deepest, depth);
    longest = Math.max(longest, chars);
    const entries = Array.isArray(v) ? v.map((c, i) => [String(i), c] as const) : Object.entries(v);
    for (const [key, child] of entries) walk(child, depth + 1, chars + 1 + key.length);
  };
  walk(value, 1, 0);
  if (deepest > limit) return 'depth';
  return longest > MAX_PATH_CHARS ? 'path' : undefined;
}

// Long names so that a few levels reach the path limit; short ones so that depth can.
const name = fc.oneof(fc.string({ maxLength: 3 }), fc.string({ minLength: 100, maxLength: 400 }));
const { json } = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(0, 'x', null, true),
    fc.array(tie('json'), { maxLength: 3 }),
    fc.dictionary(name, tie('json'), { maxKeys: 3 }),
  ),
}));

describe('nestingFault', () => {
  it('agrees with a full walk on whether a value nests too deep or too long, and which comes first', () => {
    // A small depth limit, so that generated values reach it as often as they reach the path limit;
    // when both are broken the walk stops at the first, so only "some fault" must agree then.
    fc.assert(
      fc.property(json, fc.integer({ min: 1, max: 8 }), (value, limit) => {
        const want = reference(value, limit);
        const got = nestingFault(value, limit);
        if (want === 'depth' && got === 'path') return;
        expect(got).toBe(want);
      }),
      { numRuns: 3000 },
    );
  });

  it(`counts ${MAX_DEPTH} levels and ${MAX_PATH_CHARS} characters by default`, () => {
    let deep: unknown = 0;
    for (let i = 0; i < MAX_DEPTH; i++) deep = [deep];
    expect(nestingFault(deep)).toBeUndefined();
    expect(nestingFault([deep])).toBe('depth');
    const long = (chars: number) => ({ [`${'k'.repeat(chars - 1)}`]: {} });
    expect(nestingFault(long(MAX_PATH_CHARS))).toBeUndefined();
    expect(nestingFault(long(MAX_PATH_CHARS + 1))).toBe('path');
    // Array indexes count as their digits: /kkk…/0 and /kkk…/0/10.
    const item = (chars: number) => ({ [`${'k'.repeat(chars - 3)}`]: [{}] });
    expect(nestingFault(item(MAX_PATH_CHARS))).toBeUndefined();
    expect(nestingFault(item(MAX_PATH_CHARS + 1))).toBe('path');
    const tenth = (chars: number) => ({ [`${'k'.repeat(chars - 6)}`]: [[...Array(10).fill(0), {}]] });
    expect(nestingFault(tenth(MAX_PATH_CHARS))).toBeUndefined();
    expect(nestingFault(tenth(MAX_PATH_CHARS + 1))).toBe('path');
  });
});
