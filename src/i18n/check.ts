import { createHash } from 'node:crypto';

/**
 * The rules that keep translations from drifting. A message is plain text with three kinds of
 * marks: `{name}` placeholders, `` `code` `` spans (keys, codes, ids: never translated) and
 * `[link text]({name})` links. A translation must carry the same placeholders and the very same
 * code spans and links as its English source, and the hash of the English text it was translated from.
 */

/** One translated entry: its text and the hash of the English source it translates. */
export interface TranslatedEntry {
  readonly source: string;
  readonly text: string;
}
export type Translations = Readonly<Record<string, TranslatedEntry>>;
export type Messages = Readonly<Record<string, string>>;

/** Hash of an English source text (first 12 hex digits of its SHA-256). */
export const sourceHash = (english: string): string =>
  createHash('sha256').update(english, 'utf8').digest('hex').slice(0, 12);

const sorted = (items: Iterable<string>) => [...items].sort();
export const placeholdersOf = (text: string): string[] => sorted(text.match(/\{[a-zA-Z0-9_]+\}/g) ?? []);
export const codeSpansOf = (text: string): string[] => sorted(text.match(/`[^`]+`/g) ?? []);
/** The placeholder each link points at: a translation keeps its links as links, not bare text. */
export const linkTargetsOf = (text: string): string[] =>
  sorted([...text.matchAll(/\[[^\]]+\]\((\{[a-zA-Z0-9_]+\})\)/g)].map((m) => m[1]!));
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export interface CatalogReport {
  /** Problems that fail the build: a missing or extra key, differing marks, a missing hash. */
  readonly errors: readonly string[];
  /** Keys whose English source changed since translation: shown in English until updated. */
  readonly stale: readonly string[];
  /** Keys translated from the current English text. */
  readonly complete: readonly string[];
}

export function checkCatalog(locale: string, english: Messages, translated: Translations): CatalogReport {
  const errors: string[] = [];
  const stale: string[] = [];
  const complete: string[] = [];
  for (const id of Object.keys(english)) {
    if (!Object.hasOwn(translated, id)) errors.push(`${locale}: missing key ${id}`);
  }
  for (const [id, entry] of Object.entries(translated)) {
    const source = english[id];
    if (source === undefined) {
      errors.push(`${locale}: extra key ${id} (no English message has this id)`);
      continue;
    }
    if (typeof entry?.text !== 'string' || !entry.text.trim()) {
      errors.push(`${locale}: ${id} has no text`);
      continue;
    }
    if (typeof entry.source !== 'string' || !/^[0-9a-f]{12}$/.test(entry.source)) {
      errors.push(`${locale}: ${id} carries no source hash (run: npm run i18n -- stamp ${locale})`);
      continue;
    }
    // A stale entry is shown in English, so its marks are checked again only once it is updated.
    if (entry.source !== sourceHash(source)) {
      stale.push(id);
      continue;
    }
    if (!same(placeholdersOf(entry.text), placeholdersOf(source))) {
      errors.push(
        `${locale}: ${id} placeholders ${placeholdersOf(entry.text).join(' ') || '(none)'} differ from the English ${placeholdersOf(source).join(' ') || '(none)'}`,
      );
      continue;
    }
    if (!same(linkTargetsOf(entry.text), linkTargetsOf(source))) {
      errors.push(`${locale}: ${id} links differ from the English (each [text]({name}) link stays a link)`);
      continue;
    }
    if (!same(codeSpansOf(entry.text), codeSpansOf(source))) {
      errors.push(`${locale}: ${id} code spans differ from the English (codes are never translated)`);
      continue;
    }
    complete.push(id);
  }
  return { errors, stale, complete };
}
