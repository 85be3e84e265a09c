/**
 * What the two bundles built from src/ share: the package (scripts/package/build.ts) and the
 * GitHub Action (scripts/action/build.ts). The generated validators they both need, the badge
 * renderer cut to the one font a badge uses, and the licences of the third-party code they ship.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Metafile, Plugin } from 'esbuild';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * The precompiled schema validators, field model, profile schemas and published check ids
 * (src/engine/generated, not committed).
 */
export function ensureGenerated(): void {
  const generated = ['schema-validators.js', 'field-model.js', 'profile-schemas.js', 'published-checks.js'].map((f) =>
    join(ROOT, 'src/engine/generated', f),
  );
  if (generated.every((f) => existsSync(f))) return;
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts/generate-validators.ts')], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error('generating the schema validators failed');
}

/**
 * badge-maker (the build's badge renderer, which `uai check-entry` shares) measures text with
 * anafanafo, whose four fonts' width tables weigh 900 KB. The flat badge measures in one, 11px
 * Verdana, and a badge's text is the report's own words (ASCII): the bundles get that table's ASCII
 * ranges only, so the package draws the build's badge byte for byte (tests/package/packed.test.ts)
 * for a few kilobytes. Any other font or character is refused rather than guessed.
 */
export const badgeWidthsOnly: Plugin = {
  name: 'badge-widths-only',
  setup(builder) {
    // Its width-table reader requires fs and util only to load tables from files, which the table
    // inlined below never does; as CommonJS inside an ES module bundle those requires would throw.
    builder.onResolve({ filter: /^(fs|util)$/ }, (args) =>
      args.importer.includes('char-width-table-consumer') ? { path: args.path, namespace: 'not-loaded' } : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'not-loaded' }, () => ({
      loader: 'js',
      contents: 'module.exports = { promisify: () => () => Promise.reject(new Error("not in this bundle")) };',
    }));
    builder.onLoad({ filter: /[\\/]node_modules[\\/]anafanafo[\\/]index\.js$/ }, (args) => {
      const table = JSON.parse(readFileSync(join(dirname(args.path), 'data/verdana-11px-normal.json'), 'utf8')) as [
        number,
        number,
        number,
      ][];
      const ascii = table.filter(([lower]) => lower < 128);
      return {
        loader: 'js',
        resolveDir: dirname(args.path),
        contents: `const { createConsumer } = require('char-width-table-consumer');
const verdana11 = createConsumer(${JSON.stringify(ascii)});
module.exports = function measure(text, { font }) {
  if (font !== '11px Verdana') throw Error('the bundled anafanafo measures 11px Verdana only, not ' + font);
  return verdana11.widthOf(text, { guess: false });
};
`,
      };
    });
    // The badges are flat: the other four styles' renderers (plastic, flat-square, social,
    // for-the-badge; about 19 KB of the file) are left out, and asking for one is badge-maker's own
    // "Unknown badge style" error. A file no longer shaped as read here stops the build.
    builder.onLoad({ filter: /[\\/]node_modules[\\/]badge-maker[\\/]lib[\\/]badge-renderers\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const styles =
        /\nexport default \{\n {2}plastic: [^\n]*\n {2}flat: (params => Flat\.render\(params\)),\n[\s\S]*\}\n?$/.exec(
          source,
        );
      if (!styles) throw new Error(`${args.path}: its export of the badge styles is not the one this build cuts`);
      return { loader: 'js', contents: `${source.slice(0, styles.index)}\nexport default { flat: ${styles[1]} }\n` };
    });
    // badge-maker reads a colour with css-color-converter (and its CSS colour-name and unit tables)
    // for colours it does not name itself; the badges pass its named colours only, which it turns
    // into hex before it reads them (their text brightness). Hex is all this reader takes.
    builder.onLoad({ filter: /[\\/]node_modules[\\/]css-color-converter[\\/]lib[\\/]index\.js$/ }, () => ({
      loader: 'js',
      contents: `exports.fromString = function fromString(text) {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(String(text).trim());
  if (!hex) return null;
  const digits = hex[1].length === 3 ? hex[1].replace(/./g, (d) => d + d) : hex[1];
  const rgba = [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16)).concat(1);
  return { toRgbaArray: () => rgba };
};
`,
    }));
  },
};

/**
 * The files badgeWidthsOnly writes whole in their place: none of their code is in a bundle. A
 * package whose every bundled file is one of them owes no licence notice (anafanafo's index.js is
 * written in place too, but its width table ships, so its notice stays).
 */
export const WRITTEN_IN_PLACE: readonly string[] = ['node_modules/css-color-converter/lib/index.js'];

/** A licence text compared as its words: files of one licence differ in indentation and wrapping. */
const words = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The licence texts of the third-party code the bundles contain (esbuild's metafile says which, but
 * for the packages written in their place).
 * `shipped` is a licence text the bundle already ships and where (the package's own Apache-2.0
 * LICENSE): a dependency under that very text, word for word, is pointed at it rather than
 * repeating 11 KB, and any other wording is copied in full.
 */
export function thirdPartyNotices(metafile: Metafile, shipped?: { text: string; where: string }): string {
  const packages = new Set<string>();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match && !WRITTEN_IN_PLACE.includes(input)) packages.add(match[1]!);
  }
  return [...packages]
    .sort()
    .map((name) => {
      const dir = join(ROOT, 'node_modules', name);
      const { version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      const file = ['LICENSE', 'LICENSE.md', 'license', 'LICENSE.txt'].find((f) => existsSync(join(dir, f)));
      let text = file ? readFileSync(join(dir, file), 'utf8').trim() : `${license}`;
      if (shipped && words(text) === words(shipped.text))
        text = `The same licence text as ${shipped.where}, word for word, so not repeated here.`;
      return `${name}@${version} (${license})\n\n${text}\n`;
    })
    .join(`\n${'-'.repeat(72)}\n\n`);
}
