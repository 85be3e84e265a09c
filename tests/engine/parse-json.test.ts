import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/engine/index.ts';

/**
 * parseJson reads member names right whatever the process parsed before (src/engine/parse-json.ts:
 * V8's JSON.parse can read an escaped name as the name of an object it built earlier). Two
 * independent paths: texts written from a known value with escapes chosen at random must read
 * back as that value after the names that mislead V8 were parsed; and on texts whose names hold no
 * escape, where JSON.parse reads right, the careful reader (forced by an escaped name beside the
 * text) must give exactly what JSON.parse gives: repeated names, `__proto__`, integer-like names,
 * numbers and nesting.
 */

/** Names that mislead V8 once parsed: a backslash, alone and first, in objects of a few shapes. */
const POISON = [
  String.raw`{"\\":0}`,
  String.raw`{"h":[],"\\":0}`,
  String.raw`{"a":{"\u0022":1,"\\\\":2}}`,
  String.raw`{"\r":[],"\\":0}`,
  String.raw`{"x":1,"\\":0,"\\\"":1}`,
];
const poison = () => {
  for (const text of POISON) JSON.parse(text);
};

const NAME_CHARS = ['a', 'b', 'h', 'x', '"', '\\', '\n', '\r', '\t', '\u0000', '\u001f', '/', 'é', '\u2028', '😀', '1'];
const name = fc.oneof(
  fc.array(fc.constantFrom(...NAME_CHARS), { maxLength: 4 }).map((cs) => cs.join('')),
  fc.constantFrom('__proto__', 'constructor', 'toString', '0', '1', '10', 'h'),
);
const leaf = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (Object.is(d, -0) ? 0 : d)),
  fc.array(fc.constantFrom(...NAME_CHARS), { maxLength: 3 }).map((cs) => cs.join('')),
);
const { value: jsonValue } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.uniqueArray(fc.tuple(name, tie('value')), { maxLength: 5, selector: ([k]) => k }).map((entries) => {
    const o: Record<string, unknown> = {};
    for (const [k, v] of entries)
      Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
    return o;
  }),
}));

const SHORT: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '/': '\\/',
};
const unicodeEscapes = (ch: string): string =>
  Array.from({ length: ch.length }, (_, i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');

/** A JSON string with each character written plainly, as a short escape or as \uXXXX, as `escapes` picks. */
function writeString(s: string, escapes: () => boolean): string {
  let out = '"';
  for (const ch of s) {
    const must = ch === '"' || ch === '\\' || ch.charCodeAt(0) < 0x20;
    if (!must && !escapes()) out += ch;
    else if (SHORT[ch] !== undefined && escapes()) out += SHORT[ch];
    else out += unicodeEscapes(ch);
  }
  return `${out}"`;
}

function writeJson(v: unknown, escapes: () => boolean): string {
  if (typeof v === 'string') return writeString(v, escapes);
  if (Array.isArray(v)) return `[${v.map((x) => writeJson(x, escapes)).join(', ')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.keys(v)
      .map(
        (k) =>
          `${writeString(k, escapes)}${escapes() ? ' \n:' : ':'} ${writeJson((v as Record<string, unknown>)[k], escapes)}`,
      )
      .join(',')}}`;
  return JSON.stringify(v);
}

/** Equal values with the same member order all the way down. */
const sameJson = (a: unknown, b: unknown): boolean =>
  isDeepStrictEqual(a, b) && JSON.stringify(a) === JSON.stringify(b);

describe('parseJson', () => {
  it('reads the names V8 misreads after a backslash name (the cases of nodejs/node#63785)', () => {
    poison();
    // Each read by JSON.parse, after the poison, as {"h": 1, "\\": 2} and {"\r": 1, "\\": 2}.
    const quote = parseJson(String.raw`{"h":1,"\"":2}`) as Record<string, unknown>;
    expect(Object.keys(quote)).toEqual(['h', '"']);
    const newline = parseJson(String.raw`{"\r":1,"\n":2}`) as Record<string, unknown>;
    expect(Object.keys(newline)).toEqual(['\r', '\n']);
  });

  it('texts written from a value with random escapes read back as that value, after V8 was misled (property)', () => {
    fc.assert(
      fc.property(jsonValue, fc.infiniteStream(fc.boolean()), (value, bits) => {
        poison();
        const it = bits[Symbol.iterator]();
        const text = writeJson(value, () => it.next().value as boolean);
        poison();
        expect(sameJson(parseJson(text), value), text).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('the careful reader gives what JSON.parse gives where JSON.parse reads right (differential)', () => {
    // Names without escapes (JSON.parse reads them right), repeated at will: the text is written, not a value's.
    const plainName = fc.constantFrom('a', 'b', '__proto__', '0', '1', '01', 'constructor', 'é');
    const { text } = fc.letrec((tie) => ({
      text: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom(
          'null',
          'true',
          'false',
          '-0',
          '0.1',
          '1e400',
          '-1E-2',
          '12345678901234567890',
          '"a\\u0041\\n"',
          '""',
        ),
        fc.array(tie('text'), { maxLength: 4 }).map((xs) => `[${xs.join(',')}]`),
        fc
          .array(fc.tuple(plainName, tie('text')), { maxLength: 5 })
          .map((ms) => `{ ${ms.map(([k, v]) => `"${k}" : ${v}`).join(' ,\n')} }`),
      ),
    }));
    fc.assert(
      fc.property(text, (t) => {
        const careful = parseJson(`[{"\\u0041":0},${t}]`) as unknown[];
        expect(sameJson(careful[1], JSON.parse(t)), t).toBe(true);
        expect(Object.hasOwn(careful[0] as object, 'A')).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('a `__proto__` member is an own member, not the prototype', () => {
    const value = parseJson('{"\\u005f_proto__":{"polluted":true},"\\"":1}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses what JSON.parse refuses, with its error', () => {
    for (const bad of ['{"\\"":1,}', '', '{"a":1} x', '"\\x"']) {
      let expected: unknown;
      try {
        JSON.parse(bad);
      } catch (error) {
        expected = error;
      }
      expect(() => parseJson(bad)).toThrow((expected as Error).message);
    }
  });

  it('reads a text nested 100,000 deep with escaped names, without recursion', () => {
    const depth = 100_000;
    const text = `${'{"\\"":'.repeat(depth)}1${'}'.repeat(depth)}`;
    let v = parseJson(text);
    for (let i = 0; i < depth; i++) v = (v as Record<string, unknown>)['"'];
    expect(v).toBe(1);
  });
});
