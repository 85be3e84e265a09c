import { canonicalJson, sha256Hex } from '../canonical.ts';
import { isRecord } from '../json.ts';

/**
 * Both hashes a check needs (CONTRACT section 3) from one canonicalization pass: each top-level
 * member is canonicalized once, then the RFC 8785 object form is assembled twice, with and without
 * `integrity`. JCS sorts members by UTF-16 code units (Array.prototype.sort's default order) and
 * serializes well-formed keys exactly as JSON.stringify does, so the assembly equals canonicalJson
 * of the whole message (a JCS test vector checks it).
 */
export interface CanonicalForms {
  /** normalization.canonical_hash: over the whole message, integrity included. */
  readonly hash: string;
  /** UTF-8 byte length of the whole canonical form. */
  readonly byteCount: number;
  /** integrity.checksum the message should carry: over the message without integrity (objects only). */
  readonly checksum: string | undefined;
}

/** Throws (like canonicalJson) when the value has no canonical form. */
export function canonicalForms(value: unknown): CanonicalForms {
  if (!isRecord(value)) {
    const text = canonicalJson(value);
    return { hash: `sha256:${sha256Hex(text)}`, byteCount: Buffer.byteLength(text, 'utf8'), checksum: undefined };
  }
  const keys = Object.keys(value).sort();
  const members: string[] = [];
  let integrityIndex = -1;
  for (const key of keys) {
    if (value[key] === undefined) continue; // dropped, as JSON.stringify and canonicalize do
    if (key === 'integrity') integrityIndex = members.length;
    members.push(`${canonicalJson(key)}:${canonicalJson(value[key])}`);
  }
  const whole = `{${members.join(',')}}`;
  if (integrityIndex >= 0) members.splice(integrityIndex, 1);
  const withoutIntegrity = integrityIndex >= 0 ? `{${members.join(',')}}` : whole;
  return {
    hash: `sha256:${sha256Hex(whole)}`,
    byteCount: Buffer.byteLength(whole, 'utf8'),
    checksum: `sha256:${sha256Hex(withoutIntegrity)}`,
  };
}
