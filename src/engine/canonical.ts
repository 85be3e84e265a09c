import { hash } from 'node:crypto';
import { integrityBlock } from '../standard/integrity.ts';
import { jcs, jcsForms, jcsFormsSetting, jcsWithout, type JcsForms } from './jcs.ts';

/**
 * The one serializer and checksum of the service (CONTRACT section 3). Everything published
 * or returned is hashed here, so published and live checksums cannot drift. The canonical form
 * comes from the engine's RFC 8785 serializer (jcs.ts), byte-equal to the `canonicalize` package.
 */

/** RFC 8785 (JCS) canonical form. Throws on lone surrogates and non-finite numbers. */
export function canonicalJson(value: unknown): string {
  const text = jcs(value);
  if (text === undefined) throw new TypeError('Value has no JSON representation');
  return text;
}

/** sha256 of the UTF-8 bytes of a text, in hex (Node's one-shot hash: no Hash object per call). */
export const sha256Hex = (text: string): string => hash('sha256', text, 'hex');

/**
 * `sha256:<hex>` of a canonical form already written: the one place the text of
 * integrity.checksum and of normalization.canonical_hash is made.
 */
export const formDigest = (form: string): string => `sha256:${sha256Hex(form)}`;

/** `sha256:<hex>` over the canonical form of a value. */
export const canonicalHash = (value: unknown): string => formDigest(canonicalJson(value));

/** The message without its integrity member: what integrity.checksum covers. */
export function withoutIntegrity(message: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { integrity: _integrity, ...rest } = message;
  return rest;
}

/** Canonical forms of a message with and without `integrity`, from one walk. Throws like canonicalJson. */
export const integrityForms = (message: Readonly<Record<string, unknown>>): JcsForms => jcsForms(message, 'integrity');

/** integrity.checksum of a keyed message (CONTRACT section 3); any object, so typed messages go in as they are. */
export const messageChecksum = (message: object): string =>
  formDigest(jcsWithout(message as Readonly<Record<string, unknown>>, 'integrity'));

/**
 * Returns the message with a correct integrity block (version 2, sha256, jcs). An existing
 * integrity member keeps its position, so messages built in envelope order stay in it.
 */
export function seal<T extends Record<string, unknown>>(message: T): T {
  return { ...message, integrity: integrityBlock(messageChecksum(message)) };
}

/**
 * seal() for a message its caller has just built and holds alone: the integrity block is set in
 * place, without copying the message (same bytes as seal: the member keeps its position).
 */
export function sealBuilt<T extends Record<string, unknown>>(message: T): T {
  (message as Record<string, unknown>).integrity = integrityBlock(messageChecksum(message));
  return message;
}

/**
 * sealBuilt over the form without integrity that its caller wrote itself, in canonical order
 * (validate/record.ts, recordForm), instead of finding it by the generic walk.
 */
export function sealBuiltOverForm<T extends Record<string, unknown>>(message: T, formWithoutIntegrity: string): T {
  (message as Record<string, unknown>).integrity = integrityBlock(formDigest(formWithoutIntegrity));
  return message;
}

/** What sealing a message leaves known: both its canonical forms and the checksum it now carries. */
export interface SealedForms extends JcsForms {
  readonly checksum: string;
}

/**
 * sealBuilt, returning the message's forms and checksum from the sealing walk (sealBuilt itself
 * skips assembling the whole form, which a record, checked by no one after, does not need).
 */
export function sealBuiltForms(message: Record<string, unknown>): SealedForms {
  let checksum = '';
  const forms = jcsFormsSetting(message, 'integrity', (without) => {
    checksum = formDigest(without);
    return integrityBlock(checksum);
  });
  return { whole: forms.whole, without: forms.without, checksum };
}
