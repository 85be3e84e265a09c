import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasDuplicateMembers, indexJson, repeatedMembers, topLevelMembers } from '../../src/engine/index.ts';

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
    fc.assert(
      fc.property(jsonText(smallNames, 4), (text) => {
        expect(hasDuplicateMembers(text)).toBe(byIndex(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('and on wide objects, where names are kept in a set', () => {
    fc.assert(
      fc.property(wideObject, (text) => {
        expect(hasDuplicateMembers(text)).toBe(byIndex(text));
      }),
      { numRuns: 500 },
    );
  });
});

/** The pointer, name and count of each repeated name, as the position index reports them, in order. */
const indexed = (text: string) =>
  indexJson(text, { maxDepth: 200, maxBytes: 10_000_000 }).duplicates.map((d) => ({
    pointer: d.pointer,
    name: d.name,
    count: d.count,
  }));

const byPointer = (list: { pointer: string; name: string; count: number }[]) =>
  [...list].sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));

describe('repeatedMembers', () => {
  it.each([
    ['{"a":1,"a":2,"a":3}', [{ pointer: '/a', name: 'a', count: 3 }]],
    ['{"x":[{"b":1},{"a":1,"a":2}]}', [{ pointer: '/x/1/a', name: 'a', count: 2 }]],
    ['{"a/b":{"~":1,"~":2}}', [{ pointer: '/a~1b/~0', name: '~', count: 2 }]],
    ['[[],{"a":1,"\\\\u0061":2}]', []],
    ['[[],{"a":1,"\u0061":2}]', [{ pointer: '/1/a', name: 'a', count: 2 }]],
  ])('%s', (text, expected) => {
    expect(repeatedMembers(text)).toEqual(expected);
    expect(indexed(text)).toEqual(expected);
  });

  it('agrees with the position index on generated texts, narrow and wide', () => {
    fc.assert(
      fc.property(fc.oneof(jsonText(smallNames, 4), wideObject), (text) => {
        // The same repeats; the order may differ (the index reports an object's repeats when it closes).
        expect(byPointer(repeatedMembers(text))).toEqual(byPointer(indexed(text)));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('topLevelMembers', () => {
  it('finds each top-level value as the position index does, and the names it repeats', () => {
    fc.assert(
      fc.property(jsonText(wideNames, 12), fc.constantFrom('', ' ', '   '), (text, ws) => {
        const spaced = text.replaceAll(':', `${ws}:${ws}`).replaceAll(',', `${ws},${ws}`);
        const found = topLevelMembers(spaced);
        const index = indexJson(spaced, { maxDepth: 200, maxBytes: 10_000_000 });
        const top = index.duplicates.filter((d) => d.pointer.lastIndexOf('/') === 0);
        expect(found.repeated.length > 0).toBe(top.length > 0);
        if (top.length > 0) return;
        for (const [name, [start, end]] of found.spans) {
          const range = index.lookupValue(`/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`)!;
          expect([start, end]).toEqual([range.startOffset, range.endOffset]);
        }
        const value = JSON.parse(spaced);
        const members = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
        expect([...found.spans.keys()].sort()).toEqual(members.sort());
      }),
      { numRuns: 1000 },
    );
  });
});

const smallNames = fc.constantFrom('a', 'b', '\\u0061', 'c"', '');
const wideNames = fc.oneof(
  smallNames,
  fc.integer({ min: 0, max: 30 }).map((n) => `n${n}`),
  fc.constantFrom('a/b', '~', 'é'),
);

/** JSON texts written by hand so that names can repeat (JSON.stringify cannot write duplicates). */
function jsonText(name: fc.Arbitrary<string>, width: number): fc.Arbitrary<string> {
  return fc.letrec<{ v: string }>((tie) => ({
    v: fc.oneof(
      { depthSize: 'small' },
      fc.jsonValue().map((v) => JSON.stringify(v) ?? 'null'),
      fc.array(tie('v'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
      fc
        .array(fc.tuple(name, tie('v')), { maxLength: width })
        .map(
          (members) =>
            `{${members.map(([k, v]) => `${JSON.stringify(k).replace('\\\\u0061', '\\u0061')}:${v}`).join(',')}}`,
        ),
    ),
  })).v;
}

/**
 * An object past the width where the scans switch to a set (16 members): distinct names, and
 * maybe one of them again at the end, so the repeat is met only once the object is wide.
 */
const wideObject = fc
  .tuple(fc.integer({ min: 17, max: 40 }), fc.option(fc.nat()), jsonText(smallNames, 3))
  .map(([width, again, value]) => {
    const names = Array.from({ length: width }, (_, i) => `n${i}`);
    if (again !== null) names.push(names[again % width]!);
    return `{${names.map((n) => `"${n}":${value}`).join(',')}}`;
  })
  .chain((object) => fc.constantFrom(object, `[${object}]`, `{"w":${object}}`));
