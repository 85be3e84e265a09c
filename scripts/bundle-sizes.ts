/**
 * Size of each Netlify function bundled as Netlify would (bundle-function.ts, as bench/http.ts
 * bundles them), whether the record builders ended up inside it, and what it holds by size.
 *   node scripts/bundle-sizes.ts
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundleContents, bundleFunction, MEASURED_FUNCTIONS } from './bundle-function.ts';

/** Text only the record builders hold (the field registry record's key policy). */
const RECORD_BUILDER_MARK = 'Keys are used exactly as written here';

const dir = mkdtempSync(join(tmpdir(), 'uai-bundle-'));
try {
  for (const fn of MEASURED_FUNCTIONS) {
    const outfile = join(dir, `${fn}.mjs`);
    const metafile = await bundleFunction(fn, outfile);
    const bytes = readFileSync(outfile);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const builders = bytes.toString('utf8').includes(RECORD_BUILDER_MARK) ? 'yes' : 'no';
    console.log(
      `${fn}: ${kb(bytes.byteLength)} min, ${kb(gzipSync(bytes).byteLength)} gzip, record builders inside: ${builders}`,
    );
    for (const { part, bytes: n } of bundleContents(metafile)) console.log(`  ${kb(n).padStart(9)}  ${part}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
