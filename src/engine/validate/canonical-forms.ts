import { canonicalJson, formDigest, integrityForms, sealBuiltForms } from '../canonical.ts';
import { isRecord } from '../json.ts';

/**
 * Both hashes a check needs (CONTRACT section 3) from one canonicalization walk: the RFC 8785 form
 * of the whole message and of the message without `integrity` (jcs.ts serializes each top-level
 * member once and assembles the object form twice).
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
    return { hash: formDigest(text), byteCount: Buffer.byteLength(text, 'utf8'), checksum: undefined };
  }
  const { whole, without } = integrityForms(value);
  return formsOf(whole, without === whole ? undefined : formDigest(without));
}

/** The forms of a whole canonical text; without a `checksum` (no integrity member) the checksum is its hash. */
function formsOf(whole: string, checksum: string | undefined): CanonicalForms {
  const hash = formDigest(whole);
  return { hash, byteCount: Buffer.byteLength(whole, 'utf8'), checksum: checksum ?? hash };
}

/**
 * Seals a message the engine has just built (canonical.ts sealBuilt) and returns the forms a check
 * of it needs, from the sealing walk: the check of an answer the engine built then does not walk
 * and hash it a second time (pipeline.ts validateSealed).
 */
export function sealWithForms(message: Record<string, unknown>): CanonicalForms {
  const { whole, checksum } = sealBuiltForms(message);
  return formsOf(whole, checksum);
}
