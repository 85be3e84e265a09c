import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasDuplicateMembers, indexJson } from '../../src/engine/index.ts';

/** The fast duplicate-name scan answers as the full position index does (json-positions.ts). */
const byIndex = (text: string) => indexJson(text, { maxDepth: 200, maxBytes: 10_000_000 }).duplicates.length > 0;

describe('hasDuplicateMembers', () => {
  it.each([
    ['{"a":1,"b":2}', false],
    ['{"a":1,"a":2}', true],
    ['{"x":{"a":1,"a":2}}', true],
    ['[{"a":1},{"a":2}]', false],
    ['{"a":"a","b":{"a":"b"}}', false],
    ['{"a":1,"\\u0061":2}', true],
    ['{"a\\"b":1,"a\\"b":2}', true],
    ['{"a\\\\":1,"a\\\\\\\\":2}', false],
    ['{"k":["k","k"],"j":{"k":1}}', false],
    ['{"__proto__":1,"__proto__":2}', true],
    ['{ "a" : 1 , "a" : 2 }', true],
    ['[]', false],
    ['"a"', false],
  ])('%s: %s', (text, expected) => {
    expect(hasDuplicateMembers(text)).toBe(expected);
    expect(byIndex(text)).toBe(expected);
  });

  it('agrees with the position index on generated JSON texts with and without repeated names', () => {
    // Objects written by hand so that names can repeat (JSON.stringify cannot write duplicates).
    const name = fc.constantFrom('a', 'b', '\\u0061', 'c"', '');
    const value: fc.Arbitrary<string> = fc.letrec<{ v: string }>((tie) => ({
      v: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue().map((v) => JSON.stringify(v) ?? 'null'),
        fc.array(tie('v'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
        fc
          .array(fc.tuple(name, tie('v')), { maxLength: 4 })
          .map(
            (members) =>
              `{${members.map(([k, v]) => `${JSON.stringify(k).replace('\\\\u0061', '\\u0061')}:${v}`).join(',')}}`,
          ),
      ),
    })).v;
    fc.assert(
      fc.property(value, (text) => {
        expect(hasDuplicateMembers(text)).toBe(byIndex(text));
      }),
      { numRuns: 2000 },
    );
  });
});
