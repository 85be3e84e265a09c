/**
 * Size of each Netlify function bundled as Netlify would (esbuild, ESM, minified, node22; the same
 * options as bench/http.ts), and whether the record builders ended up inside it.
 *   node scripts/bundle-sizes.ts
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** Text only the record builders hold (the field registry record's key policy). */
const RECORD_BUILDER_MARK = 'Keys are used exactly as written here';

const dir = mkdtempSync(join(tmpdir(), 'uai-bundle-'));
try {
  for (const fn of ['validate', 'mock-exchange']) {
    const outfile = join(dir, `${fn}.mjs`);
    await build({
      entryPoints: [`netlify/functions/${fn}.mts`],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      minify: true,
      target: 'node22',
      logLevel: 'silent',
      banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
    });
    const bytes = readFileSync(outfile);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const builders = bytes.toString('utf8').includes(RECORD_BUILDER_MARK) ? 'yes' : 'no';
    console.log(
      `${fn}: ${kb(bytes.byteLength)} min, ${kb(gzipSync(bytes).byteLength)} gzip, record builders inside: ${builders}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
