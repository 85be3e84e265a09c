import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  issueFlags,
  messageToKeyless,
  mockExchangeAction,
  publishedExamples,
  seal,
  validateAction,
  validateMessage,
  type Issue,
  type NormalizationMode,
  type ValidatorResult,
} from '../../src/engine/index.ts';
import { expectedListed } from '../support/listed.ts';
import { now, site } from './helpers.ts';

/**
 * message.number_imprecise: a number token is reported iff the decimal value it denotes differs
 * from the value of its canonical form, JSON.stringify(Number(token)) (RFC 8785 section 3.2.2.3),
 * once, at its pointer. The oracle reads both texts as exact decimals with BigInt, apart from the
 * engine's scan; the numbers are written in random literal forms inside a free-form member of a
 * sealed response, keyed and keyless.
 */
const CODE = 'message.number_imprecise';
const response = publishedExamples(site).find((e) => e.profile === 'uai.intent.response.v1')!.message as Record<
  string,
  any
>;
const MARK = '@@value@@';
const withMark = {
  ...response,
  body: { ...response.body, result: { ...response.body.result, example: { v: MARK } } },
};
/** The pointer of the generated value: body.result.example is free-form in both forms. */
const AT = '/body/result/example/v';
const texts: Record<NormalizationMode, (value: string) => string> = {
  'keyed-json': (value) => JSON.stringify(withMark).replace(`"${MARK}"`, value),
  'keyless-json': (value) => JSON.stringify(messageToKeyless(withMark)).replace(`"${MARK}"`, value),
};

/** The keyed text with `value`, its checksum over the doubles it is read as: valid but for its numbers. */
function sealedText(value: string): string {
  const text = texts['keyed-json'](value);
  const old = (response.integrity as { checksum: string }).checksum;
  return text.replace(old, (seal(JSON.parse(text)).integrity as { checksum: string }).checksum);
}

/** A JSON number text as m × 10^e, exactly. */
function exact(text: string): { m: bigint; e: number } {
  const [, sign, int, fraction = '', exponent = '0'] = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text)!;
  const m = BigInt(int! + fraction);
  return { m: sign ? -m : m, e: Number(exponent) - fraction.length };
}

/** A JSON number text written without an exponent, the same value. */
function plain(text: string): string {
  const { m, e } = exact(text);
  const sign = m < 0n ? '-' : '';
  const digits = (m < 0n ? -m : m).toString();
  if (e >= 0) return m === 0n ? '0' : `${sign}${digits}${'0'.repeat(e)}`;
  const padded = digits.padStart(-e + 1, '0');
  return `${sign}${padded.slice(0, e)}.${padded.slice(e)}`;
}

/** The canonical form of a token when the two denote different values (the oracle of the check). */
function readAs(token: string): string | undefined {
  const n = Number(token);
  if (!Number.isFinite(n)) return undefined;
  const canonical = JSON.stringify(n);
  const a = exact(token);
  const b = exact(canonical);
  const e = Math.min(a.e, b.e);
  return a.m * 10n ** BigInt(a.e - e) === b.m * 10n ** BigInt(b.e - e) ? undefined : canonical;
}

/** Digit strings of every length in the range alike (fast-check favours short strings). */
const digits = (minLength: number, maxLength: number) =>
  fc
    .integer({ min: minLength, max: maxLength })
    .chain((length) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length }));

/** Number literals in every form JSON allows: integers up to 25 digits, fractions, exponents, a sign. */
const token: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.constantFrom('', '-'),
        fc.oneof(
          fc.constant('0'),
          fc.tuple(fc.constantFrom(...'123456789'), digits(0, 24)).map(([a, b]) => a + b),
        ),
        fc.option(digits(1, 22), { nil: '', freq: 2 }),
        fc.option(
          fc.tuple(
            fc.constantFrom('e', 'E'),
            fc.constantFrom('', '+', '-'),
            fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 280, max: 400 })),
            fc.constantFrom('', '0'),
          ),
          { nil: undefined, freq: 2 },
        ),
      )
      .map(
        ([sign, int, fraction, exponent]) =>
          `${sign}${int}${fraction ? `.${fraction}` : ''}${exponent ? `${exponent[0]}${exponent[1]}${exponent[3]}${exponent[2]}` : ''}`,
      ),
  },
  // Canonical forms (never reported), and the same values padded with zeros (never reported either).
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
  fc
    .double({ noNaN: true, noDefaultInfinity: true })
    .map((d) => JSON.stringify(d))
    .map((t) => (t.includes('e') ? t.replace('e', '0000e') : t.includes('.') ? `${t}000` : `${t}.000`)),
  // Canonical forms written out without an exponent (never reported): 1e+23 as 1 and 23 zeros.
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => plain(JSON.stringify(d))),
  // Around 2^53, where integers stop being exact.
  fc.bigInt({ min: 2n ** 53n - 40n, max: 2n ** 53n + 40n }).map((n) => String(n)),
);

/** Names that repeat, need escaping in a pointer, spell one name twice, or hold a lone surrogate. */
const name = fc.constantFrom('a', 'b', 'a/b', '~', '\\u0061', '', '\\ud800');

type Tree = { number: string } | { other: string } | { array: Tree[] } | { object: [string, Tree][] };
const tree: fc.Arbitrary<Tree> = fc.letrec<{ t: Tree }>((tie) => ({
  t: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    { weight: 3, arbitrary: token.map((number) => ({ number })) },
    fc.constantFrom('"s"', 'true', 'null', '1', '-0').map((other) => ({ other })),
    fc.array(tie('t'), { maxLength: 4 }).map((array) => ({ array })),
    fc.array(fc.tuple(name, tie('t')), { maxLength: 4 }).map((object) => ({ object })),
  ),
})).t;
/** The generated value: an object of a few members, so that most runs hold several numbers. */
const value: fc.Arbitrary<Tree> = fc
  .array(fc.tuple(name, tree), { minLength: 1, maxLength: 6 })
  .map((object) => ({ object }));

const segment = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');

/** The tree as JSON text, with every number token and its pointer, in text order. */
function write(t: Tree, pointer: string, numbers: { pointer: string; token: string }[]): string {
  if ('number' in t) {
    numbers.push({ pointer, token: t.number });
    return t.number;
  }
  if ('other' in t) return t.other;
  if ('array' in t) return `[${t.array.map((item, i) => write(item, `${pointer}/${i}`, numbers)).join(',')}]`;
  return `{${t.object
    .map(([k, v]) => `"${k}":${write(v, `${pointer}/${segment(JSON.parse(`"${k}"`) as string)}`, numbers)}`)
    .join(',')}}`;
}

/**
 * What the check must report: each imprecise token at its pointer (made well-formed, as listed
 * paths are), the first in text order where an object repeats a name.
 */
function expectedOf(numbers: { pointer: string; token: string }[]): [string, string, string][] {
  const byPath = new Map<string, [string, string, string]>();
  for (const { pointer, token } of numbers) {
    const canonical = readAs(token);
    const path = pointer.toWellFormed();
    if (canonical !== undefined && !byPath.has(path)) byPath.set(path, [path, canonical, token]);
  }
  return [...byPath.values()].sort();
}

const check = (text: string, mode: NormalizationMode = 'keyed-json', issueLimit = Infinity) =>
  validateMessage(JSON.parse(text), { mode, site, now, text, issueLimit });
const reported = (r: ValidatorResult): [string, unknown, unknown][] =>
  r.warnings
    .filter((i) => i.code === CODE)
    .map((i): [string, unknown, unknown] => [i.path, i.expected, i.actual])
    .sort();

const keyOf = (i: Pick<Issue, 'path' | 'code'>) => `${i.path}\u0000${i.code}`;
const listOf = (r: ValidatorResult) => [...r.errors, ...r.warnings].map(keyOf).sort();

describe('message.number_imprecise', () => {
  it.each([
    ['9007199254740993', '9007199254740992'],
    ['-9007199254740993', '-9007199254740992'],
    ['12345678901234567890', '12345678901234567000'],
    ['0.30000000000000001', '0.3'],
    ['1.00000000000000000001', '1'],
    ['123456789012345678901234567890', '1.2345678901234568e+29'],
    ['1e-400', '0'],
    ['-1e-400', '0'],
    // Below the normal range of doubles, short tokens lose digits too.
    ['3e-324', '5e-324'],
    [`0.${'0'.repeat(323)}3`, '5e-324'],
  ])('%s is read as %s: one warning, at its pointer, and the message stays valid', (written, canonical) => {
    const r = check(sealedText(written));
    // actual echoes at most 256 characters of the token, the message 64.
    const echoed = written.length > 256 ? `${written.slice(0, 256)}…` : written;
    expect(reported(r)).toEqual([[AT, canonical, echoed]]);
    const issue = r.warnings.find((i) => i.code === CODE)!;
    expect(issue.message).toContain(
      `${written.length > 64 ? `${written.slice(0, 64)}…` : written} is read as ${canonical}`,
    );
    expect(issue.severity).toBe('warning');
    // Sealed over the same double: the checksum holds, the number keeps the message from L4 only.
    expect([r.valid, r.error_count, r.warning_count, r.conformance_level]).toEqual([true, 0, 1, 'L3']);
  });

  it.each([
    '1.0',
    '1e0',
    '10E-1',
    '-0',
    '0',
    '0.1',
    '0.000001000',
    '1E+2',
    '-1.5e-7',
    '9007199254740991',
    '9007199254740992',
    '0.30000000000000004',
    '100000000000000000000000',
    '1e23',
    '1208925819614629200000000',
    `0.${'0'.repeat(300)}12345678901234567`,
    '5e-324',
    '1.7976931348623157e308',
  ])('%s denotes its canonical form: not reported', (written) => {
    const r = check(sealedText(written));
    expect([r.error_count, r.warning_count]).toEqual([0, 0]);
  });

  it.each(['1e400', '-1e400', `1${'0'.repeat(400)}`])(
    '%s has no canonical form: message.not_canonicalizable alone',
    (written) => {
      const r = check(texts['keyed-json'](written));
      expect([...r.errors, ...r.warnings].map((i) => i.code)).toEqual(['message.not_canonicalizable']);
    },
  );

  // Typed members too: the schema's validators read Infinity as no number at all, which is no
  // fault of its own ("must be of type number, not number" was once reported beside it).
  const numberLeaves = (v: unknown, path = ''): string[] =>
    typeof v === 'number'
      ? [path]
      : typeof v === 'object' && v !== null
        ? Object.entries(v).flatMap(([k, c]) =>
            numberLeaves(c, `${path}/${k.replaceAll('~', '~0').replaceAll('/', '~1')}`),
          )
        : [];
  const typedNumbers = publishedExamples(site).flatMap(({ profile, message }) =>
    numberLeaves(message).map((path) => [profile, path, message] as const),
  );
  it('the published examples hold numbers to try', () => expect(typedNumbers.length).toBeGreaterThan(5));
  it.each(typedNumbers.map(([profile, path, message]) => [`${profile} ${path}`, path, message] as const))(
    '1e400 at %s: message.not_canonicalizable alone, at its pointer',
    (_name, path, message) => {
      const copy = structuredClone(message) as Record<string, unknown>;
      const segments = path.slice(1).split('/');
      let parent: any = copy;
      for (const s of segments.slice(0, -1)) parent = parent[s];
      parent[segments.at(-1)!] = MARK;
      const text = JSON.stringify(copy).replace(`"${MARK}"`, '1e400');
      const r = validateMessage(JSON.parse(text), { mode: 'keyed-json', site, now, text });
      expect([...r.errors, ...r.warnings].map((i) => `${i.code} ${i.path}`)).toEqual([
        `message.not_canonicalizable ${path}`,
      ]);
    },
  );

  it('at most the first 1,000 in text order are reported, keyed or keyless; the other numbers cost nothing more', () => {
    // 1,500 numbers, each in an array of its own, so every one has a pointer of its own.
    const value = `[${Array.from({ length: 1500 }, (_, i) => `[${10_000_000_000_000_000_001n + 2n * BigInt(i)}]`).join(',')}]`;
    const first = Array.from({ length: 1000 }, (_, i) => `${AT}/${i}/0`);
    for (const mode of ['keyed-json', 'keyless-json'] as const) {
      const r = check(texts[mode](value), mode);
      const paths = r.warnings.filter((i) => i.code === CODE).map((i) => i.path);
      expect(paths.sort(), mode).toEqual([...first].sort());
      // The counts count what is reported: nothing past the thousandth.
      expect(r.warning_count, mode).toBe(r.warnings.length);
    }
  });

  it('a token longer than an echo is quoted cut, in full nowhere', () => {
    const written = `0.${'1'.repeat(5_000)}`;
    const issue = check(texts['keyed-json'](written)).warnings.find((i) => i.code === CODE)!;
    expect(issue.expected).toBe(JSON.stringify(Number(written)));
    expect(String(issue.actual).length).toBeLessThan(300);
    expect(issue.message.length).toBeLessThan(400);
  });

  it('property: reported exactly for the tokens whose value differs from their canonical form, at their pointers', () => {
    fc.assert(
      fc.property(value, fc.constantFrom(0, 1, 3), (t, limit) => {
        const numbers: { pointer: string; token: string }[] = [];
        const value = write(t, AT, numbers);
        const text = texts['keyed-json'](value);
        const full = check(text);
        expect(reported(full)).toEqual(expectedOf(numbers));

        // Bounded lists cut as any other, errors first, with the same counts.
        const bounded = check(text, 'keyed-json', limit);
        expect(listOf(bounded)).toEqual(expectedListed(full, limit).map(keyOf).sort());
        expect([bounded.error_count, bounded.warning_count, bounded.conformance_level]).toEqual([
          full.error_count,
          full.warning_count,
          full.conformance_level,
        ]);

        // The copy rules' flags read in place agree with those read from the list.
        if (full.errors.some((i) => i.code === 'message.not_canonicalizable')) return;
        const inPlace = issueFlags(bounded);
        const fromList = issueFlags(JSON.parse(JSON.stringify(full)) as ValidatorResult);
        for (const probe of new Set(['/body', AT, `${AT}x`, ...numbers.map((n) => n.pointer)]))
          expect([probe, inPlace(probe)]).toEqual([probe, fromList(probe)]);
      }),
      { numRuns: 1_500 },
    );
  });

  it('property: a keyless message reports the same numbers at the same keyed pointers', () => {
    fc.assert(
      fc.property(value, (t) => {
        const value = write(t, AT, []);
        expect(reported(check(texts['keyless-json'](value), 'keyless-json'))).toEqual(
          reported(check(texts['keyed-json'](value))),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('property: POST /v1/validate reports them from the body text, as the check with the message text does', () => {
    fc.assert(
      fc.property(value, fc.constantFrom<NormalizationMode>('keyed-json', 'keyless-json'), (t, mode) => {
        const text = texts[mode](write(t, AT, []));
        const body = `{"normalization_mode":"${mode}","message":${text}}`;
        const answer = validateAction(JSON.parse(body), { site, now: () => now }, { text: body });
        if (!answer.ok) throw new Error(answer.detail);
        const direct = validateMessage(JSON.parse(text), { mode, site, now, text });
        expect(reported(answer.body as ValidatorResult)).toEqual(reported(direct));
        expect((answer.body as ValidatorResult).warning_count).toBe(direct.warning_count);
      }),
      { numRuns: 500 },
    );
  });

  it('a mock exchange flags the number and answers with a message that validates clean', () => {
    const request = publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message;
    const text = JSON.stringify(request).replace('"sequence":1', '"sequence":1.0000000000000000001');
    const body = `{"message":${text},"scenario":"completed-response"}`;
    const answer = mockExchangeAction(JSON.parse(body), { site, now: () => now }, { text: body });
    if (!answer.ok) throw new Error(answer.detail);
    const result = answer.body as { request: { validation: ValidatorResult }; response_message: unknown };
    expect(reported(result.request.validation)).toEqual([['/conversation/sequence', '1', '1.0000000000000000001']]);
    const emitted = JSON.stringify(result.response_message);
    const r = validateMessage(JSON.parse(emitted), { mode: 'keyed-json', site, now, text: emitted });
    expect([r.error_count, r.warning_count]).toEqual([0, 0]);
  });
});
