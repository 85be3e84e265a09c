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
 * Whether containers nest deeper than `limit` (the top-level object is depth 1). It must run before
 * anything recursive; it recurses itself, but never past `limit` + 1 levels, so a 10,000-deep
 * input cannot overflow the stack. Object.values takes about half the time of a for-in walk here.
 */
export function exceedsDepth(value: unknown, limit = MAX_DEPTH): boolean {
  return typeof value === 'object' && value !== null && deeper(value, 1, limit);
}

function deeper(container: object, depth: number, limit: number): boolean {
  if (depth > limit) return true;
  const children: readonly unknown[] = Array.isArray(container) ? container : Object.values(container);
  for (let i = 0; i < children.length; i += 1) {
    const child = children[i];
    if (typeof child === 'object' && child !== null && deeper(child, depth + 1, limit)) return true;
  }
  return false;
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
    return s.length > MAX_ECHO ? `${s.slice(0, MAX_ECHO)}…` : s;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean' || value === null) return value;
  return jsonType(value);
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
