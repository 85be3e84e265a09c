import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { publishedExamples, schemaIssues, validateMessage, type Issue } from '../../src/engine/index.ts';
import { formats } from '../../src/standard/formats/index.ts';
import { ENVELOPE_SCHEMA_ID, PROFILE_IDS, isProfileId } from '../../src/standard/profiles.ts';
import { allSchemas } from '../../src/standard/schemas.ts';
import { DATE_TIME_NEAR_MISSES, URI_NEAR_MISSES } from '../formats/near-misses.ts';
import { now, site } from './helpers.ts';

/**
 * The engine's schema verdicts against a stock ajv on the published schemas. The engine runs
 * ajv's standalone code rewritten for size and speed (scripts/generate-validators.ts,
 * scripts/validator-schemas.ts); a rewrite that lost an error would be a false pass no other test
 * sees. The oracle is a plain Ajv2020 on the same schema documents with the engine's own format
 * checkers, so format semantics agree by construction (where ajv-formats differs is
 * tests/formats/ajv-formats-differences.test.ts). The subject is validateMessage, keyed mode,
 * its schema issues only (those that carry a `keyword`), with every issue listed: whether the
 * bounded list is the first hundred of them is tests/engine/issue-list.test.ts's. The inputs are
 * seeded random mutations of every published example.
 */
const documents = allSchemas(site);

function stockAjv() {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  for (const [name, check] of Object.entries(formats)) ajv.addFormat(name, check);
  for (const { schema } of documents) ajv.addSchema(schema);
  return ajv;
}

const ajv = stockAjv();
// The schemas hold no $async, so every validator answers at once.
const validators = new Map(documents.map((d) => [d.id, ajv.getSchema(String(d.schema.$id)) as ValidateFunction]));

// ---------------------------------------------------------------------------------------------
// The mapping from ajv's errors to the engine's schema issues (src/engine/validate/schema.ts),
// one rule per documented difference. Everything else must agree one to one.
// ---------------------------------------------------------------------------------------------

/**
 * The keywords the engine turns into issues (GENERIC in schema.ts). Wrappers (allOf, $ref) raise
 * no error of their own in ajv 2020; a keyword outside this set (anyOf, oneOf, not, if, ...) would
 * be dropped by the engine as a wrapper, so an oracle error with one fails the test until the
 * mapping says what the engine should do with it.
 */
const REPORTED = new Set([
  'required',
  'type',
  'enum',
  'const',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
]);

/**
 * The schema a message is checked against: its profile's when the profile is current, the shared
 * envelope otherwise (schemaIdFor in schema.ts; an unknown profile is its own L1 issue, and no
 * body schema applies to it).
 */
const schemaFor = (message: Record<string, unknown>) =>
  validators.get(isProfileId(message.profile) ? message.profile : ENVELOPE_SCHEMA_ID)!;

const escapeToken = (name: string) => name.replaceAll('~', '~0').replaceAll('/', '~1');
const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
const keyOf = (path: string, keyword: string) => `${path} ${keyword}`;

interface OracleError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly params: Record<string, unknown>;
}

/** How often each rule of the mapping applied: a rule no run needs is not known to hold. */
const applied = { wrongTyped: 0, aliased: 0, repeated: 0 };

/**
 * The issues the engine must report for the oracle's errors, as `path keyword` keys, given the
 * engine's non-schema issues of the same message (for the one rule that depends on another stage).
 */
function expectedIssues(errors: readonly OracleError[], engineIssues: readonly Issue[]): Set<string> {
  // One problem, one issue: an enum or const check of a value of the wrong type is not reported
  // beside the type error at the same location (wrongTyped in schema.ts).
  const typed = new Set(errors.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  // A key spelled as an alias is reported once, as field.alias_key (members.ts), not also as the
  // registered member missing (pipeline.ts, withoutRequiredAt): the alias issue's `expected`
  // names the registered key, in the same object.
  const aliased = new Set(
    engineIssues
      .filter((i) => i.code === 'field.alias_key')
      .map((i) => `${parentOf(i.path)}/${escapeToken(String(i.expected))}`),
  );
  const out = new Set<string>();
  for (const e of errors) {
    if (!REPORTED.has(e.keyword)) throw new Error(`ajv raised ${e.keyword}, which the mapping does not know`);
    if ((e.keyword === 'enum' || e.keyword === 'const') && typed.has(e.instancePath)) {
      applied.wrongTyped++;
      continue;
    }
    // A missing member is reported at the member's own path, not at the object that lacks it
    // (tailOf in schema.ts): the path a reader can act on.
    const path =
      e.keyword === 'required' ? `${e.instancePath}/${escapeToken(String(e.params.missingProperty))}` : e.instancePath;
    if (e.keyword === 'required' && aliased.has(path)) {
      applied.aliased++;
      continue;
    }
    // The root and its own members are checked by the envelope's schema and the profile's, so
    // ajv may report one problem twice; the engine counts each (path, code) once: a set. (Two
    // keywords of one code failing at one location, enum and const or minimum and
    // exclusiveMinimum, would also be one issue; no location of the schemas has two of them.)
    const key = keyOf(path, e.keyword);
    if (out.has(key)) applied.repeated++;
    out.add(key);
  }
  return out;
}

interface Verdicts {
  readonly oracleValid: boolean;
  readonly oracleErrors: readonly OracleError[];
  readonly expected: Set<string>;
  readonly reported: Set<string>;
}

function verdicts(message: Record<string, unknown>): Verdicts {
  const validate = schemaFor(message);
  const oracleValid = validate(message);
  const oracleErrors = oracleValid ? [] : (validate.errors ?? []);
  const result = validateMessage(message, { mode: 'keyed-json', site, now, issueLimit: Infinity });
  const issues = [...result.errors, ...result.warnings];
  const reported = new Set(issues.filter((i) => i.keyword !== undefined).map((i) => keyOf(i.path, i.keyword!)));
  return { oracleValid, oracleErrors, expected: expectedIssues(oracleErrors, issues), reported };
}

/** The two sides agree: the verdict, and each issue both ways. */
function expectAgree(message: Record<string, unknown>): Verdicts {
  const v = verdicts(message);
  const missing = [...v.expected].filter((k) => !v.reported.has(k));
  const extra = [...v.reported].filter((k) => !v.expected.has(k));
  expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  // schema-valid per the oracle <=> no schema issue, but for an aliased member: its absence is the
  // one oracle error the engine reports as another stage's issue (a wrong-typed value check goes
  // with a type error, which is reported).
  if (v.oracleValid) expect(v.reported.size).toBe(0);
  else if (v.reported.size === 0) expect(v.oracleErrors.every((e) => e.keyword === 'required')).toBe(true);
  return v;
}

// ---------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------

type Container = Record<string, unknown> | unknown[];
interface Slot {
  readonly parent: Container;
  readonly key: string;
  readonly value: unknown;
}

/** Every member and item below the root, depth first. */
function slotsOf(value: unknown, out: Slot[] = []): Slot[] {
  if (typeof value !== 'object' || value === null) return out;
  for (const [key, child] of Object.entries(value)) {
    out.push({ parent: value as Container, key, value: child });
    slotsOf(child, out);
  }
  return out;
}

/** Every object, the root first. */
function objectsOf(value: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (typeof value !== 'object' || value === null) return out;
  if (!Array.isArray(value)) out.push(value as Record<string, unknown>);
  for (const child of Object.values(value)) objectsOf(child, out);
  return out;
}

/** Every string value the published schemas name in an enum or a const: the values one step off. */
function enumValues(): string[] {
  const values = new Set<string>();
  const walk = (s: unknown): void => {
    if (typeof s !== 'object' || s === null) return;
    if (Array.isArray(s)) return s.forEach(walk);
    const schema = s as Record<string, unknown>;
    if (Array.isArray(schema.enum)) schema.enum.forEach((v) => typeof v === 'string' && values.add(v));
    if (typeof schema.const === 'string') values.add(schema.const);
    for (const [key, child] of Object.entries(schema)) if (key !== 'enum' && key !== 'const') walk(child);
  };
  documents.forEach((d) => walk(d.schema));
  return [...values].sort();
}
const ENUM_VALUES = enumValues();

const OTHER_TYPES = [null, 7, 'text', true, [], {}] as const;
const NUMBER_EDGES = [-1, -0.5, 0, -0, 0.5, 1.5, 2, 99, 100, 101, 2 ** 53 + 2, 1e21, 1e308, -1e308, Number.MIN_VALUE];
/**
 * Longer than any echo of a value in an issue (256 characters): one- and two-unit characters,
 * and astral ones at an odd offset, where a cut by UTF-16 units falls inside a pair.
 */
const LONG_STRINGS = [
  'a'.repeat(5_000),
  'é'.repeat(5_000),
  '😀'.repeat(2_500),
  ` ${'😀'.repeat(2_500)}`,
  '/'.repeat(5_000),
];
/** Names for an added member: plain, empty, prototype-like, and a lone surrogate. */
const ADDED_KEYS = ['extra', '', '__proto__', 'constructor', 'x\uD800', '~/'];

/** Near misses of a registered string: case, a letter more or less, a space. */
const neighbours = (s: string) => [s.toUpperCase(), `${s}x`, s.slice(0, -1), ` ${s}`, `${s} `];
/** Spellings normalizeKey (field-model.ts) maps back to the same key: alias keys. */
const aliasesOf = (key: string) => [
  key.toUpperCase(),
  key.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase()),
  key.replaceAll('_', '-'),
];

const KINDS = [
  'delete',
  'retype',
  'empty-string',
  'long-string',
  'lone-surrogate',
  'enum-neighbour',
  'add-member',
  'alias-key',
  'number-edge',
  'array-empty',
  'array-duplicate',
  'format',
] as const;
type Kind = (typeof KINDS)[number];

const mutation = fc.record({ kind: fc.constantFrom(...KINDS), at: fc.nat(), pick: fc.nat() });
type Mutation = { readonly kind: Kind; readonly at: number; readonly pick: number };

const choose = <T>(items: readonly T[], n: number): T => items[n % items.length]!;

function set(slot: Slot, value: unknown): void {
  if (Array.isArray(slot.parent)) slot.parent[Number(slot.key)] = value;
  // defineProperty: `__proto__` and other inherited names become own members, as JSON.parse makes them.
  else Object.defineProperty(slot.parent, slot.key, { value, enumerable: true, writable: true, configurable: true });
}

/** Applies one mutation in place; a kind with nothing to act on leaves the message as it is. */
function apply(message: Record<string, unknown>, { kind, at, pick }: Mutation): void {
  const slots = slotsOf(message);
  const where = (filter: (s: Slot) => boolean) => {
    const fit = slots.filter(filter);
    return fit.length ? choose(fit, at) : undefined;
  };
  const any = choose(slots, at);
  switch (kind) {
    case 'delete':
      if (Array.isArray(any.parent)) any.parent.splice(Number(any.key), 1);
      else delete any.parent[any.key];
      return;
    case 'retype':
      return set(any, structuredClone(choose(OTHER_TYPES, pick)));
    case 'empty-string':
      return set(any, '');
    case 'long-string':
      return set(any, choose(LONG_STRINGS, pick));
    case 'lone-surrogate': {
      const slot = where((s) => typeof s.value === 'string') ?? any;
      const text = typeof slot.value === 'string' ? slot.value : '';
      const cut = pick % (text.length + 1);
      return set(slot, `${text.slice(0, cut)}${choose(['\uD800', '\uDC00'], pick)}${text.slice(cut)}`);
    }
    case 'enum-neighbour': {
      const slot = where((s) => typeof s.value === 'string') ?? any;
      const own = typeof slot.value === 'string' ? neighbours(slot.value) : [];
      return set(slot, choose([...ENUM_VALUES, ...own], pick));
    }
    case 'add-member': {
      const target = choose(objectsOf(message), at);
      const value = structuredClone(choose([...OTHER_TYPES, 'x'], pick));
      Object.defineProperty(target, choose(ADDED_KEYS, pick), {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return;
    }
    case 'alias-key': {
      const slot = where((s) => !Array.isArray(s.parent) && /[a-z]/.test(s.key));
      if (!slot) return;
      const alias = choose(aliasesOf(slot.key), pick);
      if (alias === slot.key) return;
      delete (slot.parent as Record<string, unknown>)[slot.key];
      set({ ...slot, key: alias }, slot.value);
      return;
    }
    case 'number-edge':
      return set(where((s) => typeof s.value === 'number') ?? any, choose(NUMBER_EDGES, pick));
    case 'array-empty': {
      const slot = where((s) => Array.isArray(s.value));
      if (slot) (slot.value as unknown[]).length = 0;
      return;
    }
    case 'array-duplicate': {
      const slot = where((s) => Array.isArray(s.value));
      if (!slot) return;
      const items = slot.value as unknown[];
      items.push(items.length ? structuredClone(choose(items, pick)) : {});
      return;
    }
    case 'format': {
      // Aim at the fields that carry a format: their example values pass one of the checkers.
      const slot =
        where((s) => typeof s.value === 'string' && (formats['date-time'](s.value) || formats.uri(s.value))) ?? any;
      const pool =
        typeof slot.value === 'string' && formats['date-time'](slot.value) ? DATE_TIME_NEAR_MISSES : URI_NEAR_MISSES;
      return set(slot, choose(pool, pick));
    }
  }
}

const examples = publishedExamples(site).map((e) => e.message as Record<string, unknown>);

function mutated(which: number, mutations: readonly Mutation[]): Record<string, unknown> {
  const message = structuredClone(examples[which]!);
  for (const m of mutations) apply(message, m);
  return message;
}

const runs = fc.record({
  which: fc.nat(examples.length - 1),
  mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }),
});

describe('schema verdicts agree with a stock ajv on the published schemas', () => {
  it('every published example: valid on both sides', () => {
    for (const message of examples) expect(expectAgree(message).oracleValid).toBe(true);
  });

  it('seeded mutations of every example: same verdict, same issues (path and keyword)', () => {
    const keywords = new Set<string>();
    let invalid = 0;
    let total = 0;
    fc.assert(
      fc.property(runs, ({ which, mutations }) => {
        const v = expectAgree(mutated(which, mutations));
        total++;
        if (!v.oracleValid) invalid++;
        for (const e of v.oracleErrors) keywords.add(e.keyword);
      }),
      { numRuns: 20_000, seed: Number(process.env.UAI_PROPERTY_SEED ?? 7) },
    );
    // The runs reach every keyword the schemas can fail on through a message's own profile (the
    // profile's const cannot fail there: see the next test), most runs break the schema, and each
    // rule of the mapping is needed.
    expect([...keywords].sort()).toEqual([
      'enum',
      'format',
      'maximum',
      'minItems',
      'minLength',
      'minimum',
      'pattern',
      'required',
      'type',
    ]);
    expect(invalid / total).toBeGreaterThan(0.6);
    expect(Object.values(applied).every((n) => n > 0)).toBe(true);
  });

  it("every example, mutated or not, against every profile's schema: the const of profile too", () => {
    // validateMessage picks the schema by the message's profile, so that schema's `const` of
    // profile always holds; schemaIssues (the schema stage alone) takes the profile to check by.
    const keywords = new Set<string>();
    fc.assert(
      fc.property(
        fc.nat(examples.length - 1),
        fc.array(mutation, { maxLength: 2 }),
        fc.constantFrom(...PROFILE_IDS),
        (which, mutations, profile) => {
          const message = mutated(which, mutations);
          const validate = validators.get(profile)!;
          const errors = validate(message) ? [] : (validate.errors ?? []);
          errors.forEach((e) => keywords.add(e.keyword));
          const drafts = schemaIssues(message, profile).drafts();
          const reported = new Set(drafts.map((d) => keyOf(d.path, d.keyword!)));
          expect([...reported].sort()).toEqual([...expectedIssues(errors, [])].sort());
        },
      ),
      { numRuns: 4_000, seed: Number(process.env.UAI_PROPERTY_SEED ?? 7) },
    );
    expect(keywords).toContain('const');
  });
});
