import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { thirdPartyNotices } from '../../scripts/bundling.ts';

/**
 * The bundles' third-party licences (dist/THIRD_PARTY_LICENSES.txt): every text in full, except
 * one that is word for word the licence the package already ships as its own LICENSE.
 */
const bundled = (...files: string[]) =>
  ({ inputs: Object.fromEntries(files.map((f) => [f, { bytes: 1, imports: [] }])), outputs: {} }) as Metafile;
const metafile = bundled('node_modules/canonicalize/lib/canonicalize.js', 'node_modules/fast-check/lib/fast-check.js');
const apache = readFileSync(resolve(import.meta.dirname, '../../LICENSE'), 'utf8');
const ownText = { text: apache, where: 'LICENSE at the root of this package' };
const notice = (text: string, name: string) =>
  text.split(`\n${'-'.repeat(72)}\n\n`).find((n) => n.startsWith(`${name}@`))!;

describe('thirdPartyNotices', () => {
  it('names each bundled package with its licence text', () => {
    const text = thirdPartyNotices(metafile);
    expect(notice(text, 'fast-check')).toMatch(/^fast-check@[\d.]+ \(MIT\)\n\nMIT License/);
    expect(notice(text, 'canonicalize')).toMatch(/^canonicalize@[\d.]+ \(Apache-2.0\)\n\nApache License\n/);
    expect(notice(text, 'canonicalize')).toContain('END OF TERMS AND CONDITIONS');
  });

  it('points at the shipped LICENSE for the same text, whatever its indentation', () => {
    const text = thirdPartyNotices(metafile, ownText);
    expect(notice(text, 'canonicalize')).toMatch(
      /^canonicalize@[\d.]+ \(Apache-2.0\)\n\nThe same licence text as LICENSE at the root of this package, word for word, so not repeated here\.\n$/,
    );
    expect(notice(text, 'fast-check')).toMatch(/MIT License/);
  });

  it('owes nothing for a package whose every bundled file the bundle writes in its place', () => {
    const text = thirdPartyNotices(
      bundled('node_modules/css-color-converter/lib/index.js', 'node_modules/fast-check/lib/fast-check.js'),
    );
    expect(text).not.toContain('css-color-converter');
    expect(notice(text, 'fast-check')).toMatch(/MIT License/);
    // Another file of the same package is its code, and brings its notice back.
    const more = thirdPartyNotices(
      bundled('node_modules/css-color-converter/lib/index.js', 'node_modules/css-color-converter/lib/other.js'),
    );
    expect(notice(more, 'css-color-converter')).toMatch(/^css-color-converter@[\d.]+ \(MIT\)/);
  });

  it('copies a text in full when one word differs from the shipped one', () => {
    const other = { ...ownText, text: apache.replace('perpetual', 'temporary') };
    expect(notice(thirdPartyNotices(metafile, other), 'canonicalize')).toContain('END OF TERMS AND CONDITIONS');
  });
});
