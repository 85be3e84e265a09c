import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { constantForm, jcs, jcsForms, jcsFormsSetting, jcsWithout } from '../../src/engine/index.ts';
import { OBJECTS } from '../../src/standard/objects/index.ts';

/**
 * The engine's RFC 8785 serializer (src/engine/jcs.ts) against the reference, the `canonicalize`
 * package: the same bytes, or an error with the same message, for the RFC 8785 vectors, the edge
 * cases of the RFC (sections 3.2.2 and 3.2.3) and over 100,000 generated values, full-range UTF-16
 * strings (lone surrogates included) among them.
 */
type Answer = { text: string | undefined } | { error: string };

const answer = (fn: () => string | undefined): Answer => {
  try {
    return { text: fn() };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
};

const without = (object: Record<string, unknown>, key: string): Record<string, unknown> => {
  const { [key]: _omitted, ...rest } = object;
  return rest;
};

const same = (a: Answer, b: Answer): boolean =>
  'error' in a ? 'error' in b && a.error === b.error : 'text' in b && a.text === b.text;

/** Each engine form next to the reference's: jcs, and for objects jcsForms, jcsWithout and jcsFormsSetting. */
function pairs(value: unknown): [string, Answer, Answer][] {
  const out: [string, Answer, Answer][] = [['jcs', answer(() => jcs(value)), answer(() => canonicalize(value))]];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  const object = value as Record<string, unknown>;
  const omit = Object.hasOwn(object, 'integrity') ? 'integrity' : (Object.keys(object)[0] ?? 'integrity');
  const rest = answer(() => canonicalize(without(object, omit)));
  const forms = answer(() => {
    const f = jcsForms(object, omit);
    return `${f.whole}\u0000${f.without}`;
  });
  // The walk meets the members in the order the whole form does, so it throws the whole form's error.
  const whole = out[0]![2];
  out.push([
    'jcsForms',
    forms,
    'error' in whole ? whole : 'error' in rest ? rest : { text: `${whole.text}\u0000${rest.text}` },
  ]);
  out.push(['jcsWithout', answer(() => jcsWithout(object, omit)), rest]);
  // Sealing: `omit` set from the form of the rest (here its length), on a copy of the object.
  const copy = Object.defineProperties(
    Object.create(Object.getPrototypeOf(object) as object | null) as Record<string, unknown>,
    Object.getOwnPropertyDescriptors(object),
  );
  const setting = answer(() => {
    const f = jcsFormsSetting(copy, omit, (rest) => ({ seen: rest.length }));
    return `${f.whole}\u0000${f.without}`;
  });
  const sealed =
    'error' in rest
      ? rest
      : answer(
          () => `${canonicalize({ ...without(object, omit), [omit]: { seen: rest.text!.length } })}\u0000${rest.text}`,
        );
  out.push(['jcsFormsSetting', setting, sealed]);
  // And a member the object does not have yet, which must land where it sorts.
  if (!Object.hasOwn(object, 'n')) {
    const fresh = answer(() => {
      const f = jcsFormsSetting({ ...object }, 'n', (rest) => rest.length);
      return `${f.whole}\u0000${f.without}`;
    });
    const whole = out[0]![2];
    const expected =
      'error' in whole
        ? whole
        : answer(() => `${canonicalize({ ...object, n: whole.text!.length })}\u0000${whole.text}`);
    out.push(['jcsFormsSetting, new member', fresh, expected]);
  }
  return out;
}

/** For the generated values: true when every form equals the reference's (fast, no matcher). */
const parity = (value: unknown): boolean => pairs(value).every(([, ours, reference]) => same(ours, reference));

/** For the listed cases: a readable difference. */
function expectParity(value: unknown): void {
  for (const [name, ours, reference] of pairs(value)) expect(ours, name).toEqual(reference);
}

describe('RFC 8785 vectors (tests/data/jcs)', () => {
  const dir = join(import.meta.dirname, '../data/jcs');
  const names = readdirSync(join(dir, 'input')).filter((n) => n.endsWith('.json'));
  it('are present', () => expect(names.length).toBeGreaterThanOrEqual(6));
  it.each(names)('%s', (name) => {
    const input: unknown = JSON.parse(readFileSync(join(dir, 'input', name), 'utf8'));
    const expected = readFileSync(join(dir, 'output', name), 'utf8').replace(/\n$/, '');
    expect(jcs(input)).toBe(expected);
    expect(canonicalize(input)).toBe(expected);
    expectParity(input);
  });
});

describe('edge cases', () => {
  const nested = (depth: number, leaf: unknown = 'x'): unknown => {
    let v: unknown = leaf;
    for (let i = 0; i < depth; i += 1) v = i % 2 ? [v] : { k: v };
    return v;
  };
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = cyclic;
  const cases: [string, unknown][] = [
    ['lone high surrogate', '\ud800'],
    ['lone low surrogate', 'a\udfffb'],
    ['reversed pair', '\ude00\ud83d'],
    ['valid pair', 'smile \ud83d\ude00'],
    ['lone surrogate in a key', JSON.parse('{"\\ud800": 1}')],
    ['lone surrogate in a key of an undefined member', { '\ud800': undefined, a: 1 }],
    ['lone surrogate deep', { a: [{ b: ['ok', '\udc00'] }] }],
    ['lone surrogate key, NaN value', { '\ud800': Number.NaN }],
    ['-0', -0],
    ['-0 in an object', { z: -0, a: [-0] }],
    ['1e21', 1e21],
    ['1e-7', 1e-7],
    ['5e-324', 5e-324],
    ['max value', Number.MAX_VALUE],
    ['2^53', 2 ** 53],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity in an array', [1, Number.NEGATIVE_INFINITY]],
    ['__proto__ key', JSON.parse('{"__proto__": {"x": 1}, "a": 2}')],
    ['constructor and toString keys', JSON.parse('{"constructor": 1, "toString": 2, "hasOwnProperty": 3}')],
    ['toJSON member that is not a function', JSON.parse('{"toJSON": 1}')],
    ['integer-like keys', { 10: 'a', 2: 'b', '-1': 'c', a: 'd', '': 'e' }],
    ['keys beyond the BMP sort by code units', { '\ue000': 1, '\ud83d\ude00': 2, '\u00e9': 3, z: 4 }],
    ['more than 16 keys', Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${(i * 7919) % 40}`, i]))],
    ['controls and escapes', '\u0000\u0001\b\t\n\f\r\u001f"\\/\u007f\u2028\u2029'],
    [
      'undefined, functions and symbols',
      { a: undefined, b: () => 1, c: Symbol('s'), d: [undefined, () => 1, Symbol('t')] },
    ],
    ['sparse array', [1, , 3]], // eslint-disable-line no-sparse-arrays
    ['top-level undefined', undefined],
    ['null-prototype object', Object.assign(Object.create(null), { b: 1, a: 2 })],
    ['Date (toJSON)', { at: new Date(0) }],
    ['boxed primitives', [new Number(1), new String('s'), new Boolean(false)]],
    ['class instance', { m: new Map([[1, 2]]) }],
    ['cycle', cyclic],
    ['bigint', { n: 1n }],
    ['nesting 50', nested(50)],
    ['nesting 5,000', nested(5_000)],
    ['nesting 100,000 (beyond the stack: the reference answers)', nested(100_000)],
    ['nesting 100,000 ending in a lone surrogate', nested(100_000, '\ud800')],
  ];
  it.each(cases)('%s', (_name, value) => expectParity(value));
});

/** Code units of the whole UTF-16 range, with the ones that need care drawn more often. */
const codeUnit = fc
  .oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 0xffff }) },
    { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }) },
    { weight: 1, arbitrary: fc.constantFrom(0x22, 0x5c, 0x00, 0x1f, 0x7f, 0x2028, 0xfeff) },
  )
  .map((u) => String.fromCharCode(u));
/** Full-range UTF-16 strings; about one in ten holds a lone surrogate. */
const utf16 = fc.string({ unit: codeUnit, maxLength: 12 });
const wellFormed = fc.string({ unit: 'binary', maxLength: 12 });
const text = fc.oneof({ weight: 3, arbitrary: wellFormed }, { weight: 1, arbitrary: utf16 });
/** Member names: any text, awkward ones, and the registered names the serializer keeps quoted. */
const registered = [...new Set(OBJECTS.flatMap((o) => o.fields.map((f) => f.key)))];
const key = fc.oneof(
  text,
  fc.constantFrom('__proto__', 'integrity', 'toJSON', 'constructor', '0', '10', ''),
  fc.constantFrom(...registered),
);
const numbers = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(-0, 1e21, 1e-7, 5e-324, 2 ** 53, -(2 ** 53), 0.1 + 0.2, 123456789e-20),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
);

/** Objects built as JSON.parse builds them: own enumerable members, `__proto__` included. */
const object = (entries: [string, unknown][]): Record<string, unknown> => {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries)
    Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  return o;
};

/** Mostly primitives, a quarter containers, some without a canonical form (lone surrogates, NaN, infinities). */
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    numbers,
    text,
    fc.constant(undefined),
    fc.array(tie('value'), { maxLength: 6 }),
    fc.array(fc.tuple(key, tie('value')), { maxLength: 8 }).map(object),
  ),
}));

describe('generated values', () => {
  it('100,000 JSON values with full-range strings: same bytes or same error', () => {
    fc.assert(fc.property(value, parity), { numRuns: 100_000 });
  });

  it('5,000 objects of 10 to 40 members (insertion sort and Array.prototype.sort)', () => {
    const wide = fc
      .array(fc.tuple(key, fc.oneof(text, numbers, fc.constant(null))), { minLength: 10, maxLength: 40 })
      .map(object);
    fc.assert(fc.property(wide, parity), { numRuns: 5_000 });
  });
});

describe('remembered forms of constant values (constantForm)', () => {
  it('a value embedding constant blocks serializes as the reference does', () => {
    const artifacts = constantForm({ schema_url: 'https://x.test/s', z: [1, 'é', { b: 2, a: 1 }] });
    const extensions = constantForm([{ purpose: 'p', namespace: 'urn:x', critical: false }]);
    const record = { integrity: { checksum: '' }, body: { artifacts, n: -0 }, extensions, a: artifacts };
    expectParity(record);
  });

  it('freezes the objects of the value (not its arrays, for JSON.stringify), so members cannot change', () => {
    const value = constantForm({ outer: { inner: [{ leaf: 1 }] } });
    expect(Object.isFrozen(value.outer.inner[0])).toBe(true);
    expect(Object.isFrozen(value.outer.inner)).toBe(false);
    expect(() => {
      (value.outer.inner[0] as { leaf: number }).leaf = 2;
    }).toThrow(TypeError);
    expect(jcs({ v: value })).toBe('{"v":{"outer":{"inner":[{"leaf":1}]}}}');
  });

  it('generated constant values give the same bytes inside any value', () => {
    fc.assert(
      fc.property(value, value, (constant, around) => {
        if (typeof constant !== 'object' || constant === null || 'error' in answer(() => canonicalize(constant)))
          return true;
        const kept = constantForm(structuredClone(constant) as object);
        const wrapped = { around: around ?? null, kept, list: [kept] };
        return parity(wrapped);
      }),
      { numRuns: 2_000 },
    );
  });
});
