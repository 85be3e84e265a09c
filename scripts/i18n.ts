/**
 * `npm run i18n -- status`: each translation's complete, stale and missing messages, and the
 * English text of those that need work.
 * `npm run i18n -- stamp <locale> [id...]`: record the hash of the current English source on the
 * entries of src/i18n/<locale>.json that are written as plain strings (new translations),
 * and on the named ids (translations just updated to a changed English text). See docs/i18n.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { checkCatalog, sourceHash, type TranslatedEntry } from '../src/i18n/check.ts';
import { EN } from '../src/i18n/en.ts';
import { TRANSLATED, type TranslatedLocale } from '../src/service/locales.ts';

const file = (locale: string) => `src/i18n/${locale}.json`;
const read = (locale: string): Record<string, TranslatedEntry | string> =>
  JSON.parse(readFileSync(file(locale), 'utf8'));

const [command, locale, ...ids] = process.argv.slice(2);

if (command === 'status') {
  let failed = false;
  for (const code of TRANSLATED) {
    const entries = read(code);
    const asEntries = Object.fromEntries(
      Object.entries(entries).map(([id, e]) => [id, typeof e === 'string' ? { source: '', text: e } : e]),
    );
    const report = checkCatalog(code, EN, asEntries);
    const total = Object.keys(EN).length;
    console.log(`${code}: ${report.complete.length}/${total} complete, ${report.stale.length} stale`);
    for (const id of report.stale) console.log(`  stale ${id}: ${EN[id]}`);
    for (const e of report.errors) console.log(`  error ${e}`);
    failed ||= report.errors.length > 0;
  }
  process.exit(failed ? 1 : 0);
} else if (command === 'stamp' && TRANSLATED.includes(locale as TranslatedLocale)) {
  const entries = read(locale!);
  const out: Record<string, TranslatedEntry | string> = {};
  // English order, so a diff of the file follows the English source; unknown ids stay at the end.
  const order = [...Object.keys(EN).filter((id) => id in entries), ...Object.keys(entries).filter((id) => !(id in EN))];
  for (const id of order) {
    const e = entries[id]!;
    const english = EN[id];
    if (english !== undefined && (typeof e === 'string' || ids.includes(id))) {
      out[id] = { source: sourceHash(english), text: typeof e === 'string' ? e : e.text };
    } else out[id] = e;
  }
  writeFileSync(file(locale!), `${JSON.stringify(out, null, 2)}\n`);
  console.log(`Stamped ${file(locale!)}`);
} else {
  console.error('usage: node scripts/i18n.ts status | stamp <es|fr|zh-cn> [id...]');
  process.exit(2);
}
