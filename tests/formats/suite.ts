import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seal } from '../../src/engine/index.ts';
import { exampleSources } from '../../src/standard/examples.ts';
import type { Site } from '../../src/standard/urls.ts';

/**
 * The JSON-Schema-Test-Suite's draft2020-12 optional format cases for date-time, date and uri
 * (tests/data/json-schema-test-suite, see its SOURCE.md), and the UAI-1 message each case is
 * checked in: the published intent request with the case's value in one field, resealed.
 */
export const SUITE_FILES = ['date-time', 'date', 'uri'] as const;
export type SuiteFile = (typeof SUITE_FILES)[number];

export interface SuiteCase {
  readonly file: SuiteFile;
  readonly description: string;
  readonly data: unknown;
  readonly valid: boolean;
}

const DIR = join(import.meta.dirname, '../data/json-schema-test-suite');

export function suiteCases(file: SuiteFile): SuiteCase[] {
  const groups = JSON.parse(readFileSync(join(DIR, `${file}.json`), 'utf8')) as {
    tests: { description: string; data: unknown; valid: boolean }[];
  }[];
  return groups.flatMap((g) =>
    g.tests.map((t) => ({ file, description: t.description, data: t.data, valid: t.valid })),
  );
}

export const allSuiteCases = (): SuiteCase[] => SUITE_FILES.flatMap(suiteCases);

/**
 * Where a case's value goes: a date-time field, or a uri field. No UAI-1 field has the `date`
 * format; a full-date is the date part of a date-time (RFC 3339 section 5.6), so a date case is
 * checked as that date at midnight UTC in the date-time field.
 */
export function placement(c: SuiteCase): { readonly path: string; readonly value: unknown } {
  if (c.file === 'uri') return { path: '/source/uri', value: c.data };
  const value = c.file === 'date' && typeof c.data === 'string' ? `${c.data}T00:00:00Z` : c.data;
  return { path: '/provenance/issued_at', value };
}

/** The intent request example with the case's value placed and the checksum resealed. */
export function messageFor(c: SuiteCase, site: Site): Record<string, unknown> {
  const example = exampleSources(site).find((e) => e.profile === 'uai.intent.request.v1');
  if (!example) throw new Error('no intent request example');
  const message = structuredClone(example.message) as Record<string, Record<string, unknown>>;
  // No expiry: an issued_at from the suite must not meet an ordering rule, only its format.
  delete message.delivery!.expires_at;
  const { path, value } = placement(c);
  const [, object, member] = path.split('/') as [string, string, string];
  message[object]![member] = value;
  return seal(message);
}

export interface IssueLike {
  readonly code: string;
  readonly path: string;
}

/**
 * The verdict a case requires of a validator result: a case the suite marks valid gives no
 * format issue (and a string value leaves the message valid with 0 errors and 0 warnings; any
 * other JSON type gets schema.type, not schema.format); an invalid one gives the format issue
 * at its field and nothing else. Returns what is wrong, or [] when the result agrees.
 */
export function disagreement(
  c: SuiteCase,
  result: { readonly errors: readonly IssueLike[]; readonly warnings: readonly IssueLike[] },
): string[] {
  const { path } = placement(c);
  const all = [...result.errors, ...result.warnings].map((i) => `${i.code} at ${i.path}`);
  const format = `schema.format at ${path}`;
  if (!c.valid)
    return all.length === 1 && all[0] === format ? [] : [`expected only ${format}, got ${JSON.stringify(all)}`];
  if (typeof c.data !== 'string')
    return all.includes(format) || !all.includes(`schema.type at ${path}`)
      ? [`expected schema.type and no format issue, got ${JSON.stringify(all)}`]
      : [];
  return all.length === 0 ? [] : [`expected no issue, got ${JSON.stringify(all)}`];
}

export const caseName = (c: SuiteCase): string =>
  `${c.file}: ${JSON.stringify(c.data)} (${c.valid ? 'valid' : 'invalid'}: ${c.description})`;
