import canonicalize from 'canonicalize';
import { OBJECTS } from './generated/field-model.js';

/**
 * RFC 8785 (JCS) canonical form for the hot path. The `canonicalize` package is the project's
 * reference implementation; this serializer gives the same bytes and throws in the same cases with
 * the same messages (tests/engine/jcs-parity.test.ts proves it), about twice as fast on JSON data:
 * it recurses instead of keeping frames, quotes plain strings without JSON.stringify and sorts small
 * key sets by insertion. It takes JSON data (what JSON.parse returns and the engine builds); any
 * other value (toJSON, boxed primitives, class instances, cycles, nesting deeper than the stack)
 * is handed to `canonicalize` whole, so the result is always the reference's.
 */
class NotJsonData extends Error {}

/**
 * Canonical forms of constant values (a record's fixed blocks, a mock response's inline artifacts),
 * built once per origin and then looked up instead of walked on every call. Only values entered by
 * constantForm (their objects frozen) are remembered.
 */
const knownForms = new WeakMap<object, string>();

/** A quote, a backslash, a control character or any surrogate: the string needs more than quotes. */
const NEEDS_CARE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * RFC 8785 3.2.2.2: JSON.stringify escapes exactly as JCS for well-formed strings. A lone surrogate
 * has no form (I-JSON input, RFC 8785 3.1 and RFC 7493 2.1); the error is the reference's.
 */
function quote(s: string): string {
  if (!NEEDS_CARE.test(s)) return `"${s}"`;
  if (!s.isWellFormed()) throw new Error('Lone surrogate is not allowed');
  return JSON.stringify(s);
}

/**
 * The quoted forms of the member names the field model registers, which are most of the names any
 * message, record or answer holds: looked up instead of scanned and quoted again for every member
 * (about 1.6 to 0.5 µs for the 96 members of a 3 KB message). A fixed set, so no input can grow it.
 */
const REGISTERED_NAMES = new Map<string, string>(
  OBJECTS.flatMap((o) => o.fields.map((f): [string, string] => [f.key, quote(f.key)])),
);

const quoteName = (name: string): string => REGISTERED_NAMES.get(name) ?? quote(name);

/** RFC 8785 3.2.2.3: the ES number serialization (JSON.stringify of a finite number; -0 gives 0). */
function number(n: number): string {
  if (Number.isNaN(n)) throw new Error('NaN is not allowed');
  if (!Number.isFinite(n)) throw new Error('Infinity is not allowed');
  return JSON.stringify(n);
}

/** RFC 8785 3.2.3: members sorted by their names' UTF-16 code units (what `<` on strings compares). */
function sortedKeys(object: object): string[] {
  const keys = Object.keys(object);
  if (keys.length > 16) return keys.sort();
  for (let i = 1; i < keys.length; i += 1) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j -= 1;
    }
    keys[j + 1] = key;
  }
  return keys;
}

/** A value's form; undefined for what JSON leaves out (undefined, functions, symbols). */
function serialize(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      return number(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      const known = knownForms.get(value);
      if (known !== undefined) return known;
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') throw new NotJsonData();
      if (Array.isArray(value)) return array(value);
      {
        const proto: unknown = Object.getPrototypeOf(value);
        if (proto !== Object.prototype && proto !== null) throw new NotJsonData();
      }
      return members(value as Record<string, unknown>, sortedKeys(value), undefined);
    }
    case 'bigint':
      throw new NotJsonData(); // JSON.stringify's TypeError, raised by the reference
    default:
      return undefined;
  }
}

function array(items: readonly unknown[]): string {
  let out = '[';
  for (let i = 0; i < items.length; i += 1) {
    if (i > 0) out += ',';
    out += serialize(items[i]) ?? 'null';
  }
  return `${out}]`;
}

/** What JSON leaves out of an object. */
const leftOut = (value: unknown): boolean =>
  value === undefined || typeof value === 'function' || typeof value === 'symbol';

/** Throws unless a top-level object is plain JSON data (what serialize checks of nested ones). */
function assertPlain(object: Record<string, unknown>): void {
  const proto: unknown = Object.getPrototypeOf(object);
  if (typeof object.toJSON === 'function' || (proto !== Object.prototype && proto !== null)) throw new NotJsonData();
}

/** The object form of `keys` (sorted), leaving out the member named `omit`. */
function members(object: Record<string, unknown>, keys: readonly string[], omit: string | undefined): string {
  let out = '{';
  for (const key of keys) {
    if (key === omit) continue;
    const value = object[key];
    if (leftOut(value)) continue;
    if (out.length > 1) out += ',';
    out += quoteName(key);
    out += ':';
    out += serialize(value)!;
  }
  return `${out}}`;
}

/** Runs the fast walk; hands the value to the reference when it is not plain JSON data. */
function orReference<T>(walk: () => T, reference: () => T): T {
  try {
    return walk();
  } catch (error) {
    if (error instanceof NotJsonData || error instanceof RangeError) return reference();
    throw error;
  }
}

/**
 * The forms of one string and one number, for a caller that writes an object's form itself, in
 * canonical order (validate/record.ts): they throw as the walk does, on a lone surrogate or a
 * number that is not finite.
 */
export { quote as jcsString, number as jcsNumber };

/** The RFC 8785 canonical form of a value; undefined when it has none (like JSON.stringify). */
export function jcs(value: unknown): string | undefined {
  return orReference(
    () => serialize(value),
    () => canonicalize(value),
  );
}

export interface JcsForms {
  /** The canonical form of the whole object. */
  readonly whole: string;
  /** The canonical form of the object without its member `omit`. */
  readonly without: string;
}

/** An object's members in canonical order, joined, on either side of where `omit` sorts. */
interface Split {
  readonly before: string;
  readonly after: string;
  /** The member `omit` itself, when the object has it (and JSON keeps it). */
  readonly omitted: string | undefined;
}

/** `setting`: the member `omit` is about to be replaced, so its value is not read. */
function split(object: Record<string, unknown>, omit: string, setting = false): Split {
  assertPlain(object);
  let before = '';
  let after = '';
  let omitted: string | undefined;
  for (const key of sortedKeys(object)) {
    const value = object[key];
    if (leftOut(value) || (setting && key === omit)) continue;
    const member = `${quoteName(key)}:${serialize(value)!}`;
    // Sides by the order the keys are sorted in, so that a missing `omit` has its place too.
    if (key === omit) omitted = member;
    else if (key < omit) before = before === '' ? member : `${before},${member}`;
    else after = after === '' ? member : `${after},${member}`;
  }
  return { before, after, omitted };
}

const withoutForm = ({ before, after }: Split): string =>
  `{${before}${before !== '' && after !== '' ? ',' : ''}${after}}`;

/**
 * The whole form, cut from `without` around where the member sorts: slicing flattens `without`
 * once, and the whole form is then a few flat pieces, where assembling it from `before` and `after`
 * again would leave a second tree of pieces for the hash to walk.
 */
function wholeForm(without: string, { before, after }: Split, member: string): string {
  if (before === '') return `{${member}${after === '' ? '}' : `,${without.slice(1)}`}`;
  const at = 1 + before.length;
  return `${without.slice(0, at)},${member}${without.slice(at)}`;
}

/**
 * Both canonical forms a checksum needs (with and without one top-level member, e.g. `integrity`)
 * from one walk: every member is serialized once, then the object form is assembled twice.
 */
export function jcsForms(object: Record<string, unknown>, omit: string): JcsForms {
  return orReference(
    () => {
      const parts = split(object, omit);
      const without = withoutForm(parts);
      if (parts.omitted === undefined) return { whole: without, without };
      return { whole: wholeForm(without, parts, parts.omitted), without };
    },
    () => {
      const { [omit]: _omitted, ...rest } = object;
      return { whole: canonicalize(object)!, without: canonicalize(rest)! };
    },
  );
}

/**
 * Sets the member `omit` of an object to what `valueFor` makes of the object's form without it
 * (a seal: the integrity block from the checksum of the rest), and returns both forms of the
 * result from that one walk. For an object its caller has just built and holds alone.
 */
export function jcsFormsSetting(
  object: Record<string, unknown>,
  omit: string,
  valueFor: (without: string) => unknown,
): JcsForms {
  return orReference(
    () => {
      const parts = split(object, omit, true);
      const without = withoutForm(parts);
      const value = valueFor(without);
      object[omit] = value;
      const form = serialize(value);
      if (form === undefined) return { whole: without, without };
      return { whole: wholeForm(without, parts, `${quoteName(omit)}:${form}`), without };
    },
    () => {
      const { [omit]: _omitted, ...rest } = object;
      object[omit] = valueFor(canonicalize(rest)!);
      return { whole: canonicalize(object)!, without: canonicalize(rest)! };
    },
  );
}

/** The canonical form of an object without its member `omit`, with no copy of the object. */
export function jcsWithout(object: Record<string, unknown>, omit: string): string {
  return orReference(
    () => {
      assertPlain(object);
      return members(object, sortedKeys(object), omit);
    },
    () => {
      const { [omit]: _omitted, ...rest } = object;
      return canonicalize(rest)!;
    },
  );
}

/**
 * Freezes the objects of a value, not its arrays: V8's fast JSON.stringify path does not take frozen
 * arrays (a result embedding one stringified about 1.7 times slower), and every response is stringified.
 */
function freezeObjects(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  if (!Array.isArray(value)) Object.freeze(value);
  for (const child of Object.values(value)) freezeObjects(child);
}

/**
 * Freezes a constant JSON value and remembers its canonical form, so that every message embedding
 * it serializes it by lookup. For values built once per origin and held privately by the engine,
 * never per request; its arrays stay unfrozen (see freezeObjects), so nothing may push to them.
 */
export function constantForm<T extends object>(value: T): T {
  freezeObjects(value);
  const text = jcs(value);
  if (text !== undefined) knownForms.set(value, text);
  return value;
}
