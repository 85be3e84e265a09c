/** Small, allocation-light helpers for untrusted JSON values (CONTRACT section 8: hostile input). */
import { childPath as pointerTo } from './pointer.ts';

export type JsonObject = Record<string, unknown>;

export const isRecord = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Own member of a parsed object; never reads the prototype chain (`__proto__`, `constructor`). */
export const own = (obj: JsonObject, key: string): unknown => (Object.hasOwn(obj, key) ? obj[key] : undefined);

export const ownRecord = (obj: JsonObject, key: string): JsonObject | undefined => {
  const v = own(obj, key);
  return isRecord(v) ? v : undefined;
};

export const ownString = (obj: JsonObject | undefined, key: string): string | undefined => {
  const v = obj ? own(obj, key) : undefined;
  return typeof v === 'string' ? v : undefined;
};

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'number' && Number.isInteger(value) ? 'integer' : typeof value;
}

/** Deepest nesting the validator accepts (CONTRACT section 8: 64 levels). */
export const MAX_DEPTH = 64;

/**
 * Longest path to a container the validator accepts, counted as the member names and array
 * indexes along it (plus one per level, for the pointer's slashes). Issues carry their JSON
 * Pointer, and a hostile message can raise thousands of issues under one long path (duplicate
 * members under a chain of 3,000-character names): every issue then costs the length of its path
 * to compare, de-duplicate and write, and long strings of equal length all share one hash in V8's
 * maps, so that cost grew with the square of the request. No UAI-1 path comes near this length.
 */
export const MAX_PATH_CHARS = 512;

/** How a value nests past the validator's bounds: too many levels, or a container's path too long. */
export type NestingFault = 'depth' | 'path';

/**
 * Whether containers nest deeper than `limit` levels (the top-level object is depth 1) or sit at a
 * path longer than MAX_PATH_CHARS. It must run before anything recursive; it recurses itself, but
 * never past `limit` + 1 levels, so a 10,000-deep input cannot overflow the stack.
 */
export function nestingFault(value: unknown, limit = MAX_DEPTH, pathLimit = MAX_PATH_CHARS): NestingFault | undefined {
  return typeof value === 'object' && value !== null ? fault(value, 1, limit, 0, pathLimit) : undefined;
}

function fault(
  container: object,
  depth: number,
  limit: number,
  pathChars: number,
  pathLimit: number,
): NestingFault | undefined {
  if (depth > limit) return 'depth';
  if (pathChars > pathLimit) return 'path';
  if (Array.isArray(container)) {
    for (let i = 0; i < container.length; i += 1) {
      const child: unknown = container[i];
      if (typeof child !== 'object' || child === null) continue;
      const found = fault(child, depth + 1, limit, pathChars + 1 + (i < 10 ? 1 : String(i).length), pathLimit);
      if (found) return found;
    }
    return undefined;
  }
  for (const key in container) {
    const child: unknown = (container as JsonObject)[key];
    if (typeof child !== 'object' || child === null) continue;
    const found = fault(child, depth + 1, limit, pathChars + 1 + key.length, pathLimit);
    if (found) return found;
  }
  return undefined;
}

const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** String.prototype.toWellFormed (ES2024): lone surrogates become U+FFFD. */
export const wellFormed = (s: string): string => (s.isWellFormed() ? s : s.toWellFormed());

const MAX_ECHO = 256;

/**
 * A value safe to echo in an issue's `actual`: canonicalizable (no lone surrogates, finite
 * numbers) and short, so that every conformance record can be sealed and stays small.
 */
export function echo(value: unknown): unknown {
  if (typeof value === 'string') {
    const s = wellFormed(value);
    if (s.length <= MAX_ECHO) return s;
    // Cut between characters: a cut inside a surrogate pair would leave a lone half, and a record
    // holding it could not be sealed.
    const cut = s.slice(0, MAX_ECHO);
    return `${cut.isWellFormed() ? cut : cut.slice(0, -1)}…`;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean' || value === null) return value;
  return jsonType(value);
}

/**
 * A value as a message quotes it, from a peer that may send anything: its JSON, cut after 256
 * characters, or, for one nested too deep to write out, its type alone. JSON.stringify of an array
 * nested a few thousand deep throws (a stack overflow) and of a large value makes a message as
 * large. Undefined for undefined, as JSON.stringify gives, so that a caller can say what an absent
 * value means.
 */
export function shown(value: unknown): string | undefined {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return `(${jsonType(value)})`;
  }
  if (text === undefined || text.length <= MAX_ECHO) return text;
  // JSON text is well formed: a cut may only split a surrogate pair.
  const cut = text.slice(0, MAX_ECHO);
  return `${cut.isWellFormed() ? cut : cut.slice(0, -1)}…`;
}

/** RFC 6901 pointer of the first string, key or number without a canonical form (RFC 8785 section 3.2). */
export function findNonCanonical(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path : undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (typeof value !== 'object' || value === null) return undefined;
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [String(i), v])
    : Object.entries(value);
  for (const [key, child] of entries) {
    const childPath = pointerTo(path, key);
    if (LONE_SURROGATE.test(key)) return childPath;
    const found = findNonCanonical(child, childPath);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The JSON Pointers of the numbers a double does not hold (1e400 parses to Infinity): the schema
 * stage's validators see a non-number there, but JSON Schema reads a number, and the message's
 * one fault is message.not_canonicalizable. Each pointer is written only for a number found.
 */
export function nonFiniteNumberPaths(value: unknown): Set<string> {
  const found = new Set<string>();
  const visit = (v: unknown, path: () => string): void => {
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) found.add(path());
    } else if (typeof v === 'object' && v !== null) {
      // A container's own pointer is written once, for its children: none per number that holds.
      const here = path();
      if (Array.isArray(v)) for (let i = 0; i < v.length; i++) visit(v[i], () => pointerTo(here, String(i)));
      else for (const key of Object.keys(v)) visit((v as JsonObject)[key], () => pointerTo(here, key));
    }
  };
  visit(value, () => '');
  return found;
}
