import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { integrityBlock } from '../standard/integrity.ts';

/**
 * The one serializer and checksum of the service (CONTRACT section 3). Everything published
 * or returned is hashed here, so published and live checksums cannot drift.
 */

/** RFC 8785 (JCS) canonical form. Throws on lone surrogates and non-finite numbers. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('Value has no JSON representation');
  return text;
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** `sha256:<hex>` over the canonical form of a value. */
export const canonicalHash = (value: unknown): string => `sha256:${sha256Hex(canonicalJson(value))}`;

/** The message without its integrity member: what integrity.checksum covers. */
export function withoutIntegrity(message: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { integrity: _integrity, ...rest } = message;
  return rest;
}

/** integrity.checksum of a keyed message (CONTRACT section 3). */
export const messageChecksum = (message: Readonly<Record<string, unknown>>): string => canonicalHash(withoutIntegrity(message));

/**
 * Returns the message with a correct integrity block (version 2, sha256, jcs). An existing
 * integrity member keeps its position, so messages built in envelope order stay in it.
 */
export function seal<T extends Record<string, unknown>>(message: T): T {
  const checksum = messageChecksum(message);
  return { ...message, integrity: integrityBlock(checksum) };
}
