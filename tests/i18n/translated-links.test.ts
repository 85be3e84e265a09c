import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { implementationOfPage, LOCALIZED_PAGES } from '../../src/service/pages.ts';
import { TRANSLATED } from '../../src/service/locales.ts';
import { builtOrigin, DIST } from '../records/dist.ts';

/**
 * Every translated page of the built site links into its own language: no link (but the switcher's
 * and the banner's, which name their language with hreflang) goes to an English page that has a
 * translation, written root-relative or as an absolute URL at the site's origin (records carry
 * absolute URLs: an adoption kit's next steps, a check's help page, an implementation's homepage).
 */
const origin = builtOrigin();
const pages = new Set(LOCALIZED_PAGES);

const htmlFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? htmlFiles(join(dir, e.name)) : e.name.endsWith('.html') ? [join(dir, e.name)] : [],
  );

describe.each(TRANSLATED)('the %s pages', (code) => {
  it('link to pages in their own language only', () => {
    const files = htmlFiles(join(DIST, code));
    expect(files.length).toBeGreaterThan(20);
    const english: string[] = [];
    for (const file of files)
      for (const [tag] of readFileSync(file, 'utf8').matchAll(/<a\b[^>]*>/g)) {
        if (/\shreflang=/.test(tag)) continue;
        const href = /\shref="([^"]*)"/.exec(tag)?.[1] ?? '';
        const local = href.startsWith(`${origin}/`) ? href.slice(origin.length) : href;
        const path = /^(\/[^#?]*)/.exec(local)?.[1];
        if (path && (pages.has(path) || implementationOfPage(path))) english.push(`${relative(DIST, file)}: ${href}`);
      }
    expect(english).toEqual([]);
  });
});
