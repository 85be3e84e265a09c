/**
 * `npm run build`: generate the precompiled schema validators, build the static site with
 * Astro, index it for search, then write Netlify's `_headers` and `_redirects` from the one routing
 * table and narrow the adapter function's route to the REST fallback.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { configuredSite } from '../src/service/config.ts';
import { BUILD_STAMP, BUILD_STAMP_DIR } from './build-stamp.ts';
import { netlifyHeadersFile, netlifyRedirectsFile } from '../src/http/static-routing.ts';
import { dataPagesOfReport } from '../src/service/pages.ts';
import { DEFAULT_NOT_FOUND_PAGE, NOT_FOUND_PAGES } from '../src/http/locale-redirects.ts';
import { localePath, TRANSLATED } from '../src/service/locales.ts';
import { narrowSsrRoute } from './netlify-ssr-route.ts';

const node = process.execPath;
const run = (args: string[]) => {
  const result = spawnSync(node, args, { stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run(['scripts/generate-validators.ts']);
// The report of implementations: a broken entry stops the build here, with its file and the reason.
run(['scripts/check-implementations.ts']);
run(['node_modules/astro/bin/astro.mjs', 'build']);
// Astro names only the root 404 page 404.html; each translation's comes out as /<locale>/404/index.html.
for (const code of TRANSLATED) {
  renameSync(`dist${localePath(code, '/404/index.html')}`, `dist${localePath(code, DEFAULT_NOT_FOUND_PAGE)}`);
  rmSync(`dist${localePath(code, '/404/')}`, { recursive: true });
}
for (const { page } of NOT_FOUND_PAGES) if (!existsSync(`dist${page}`)) throw new Error(`The build made no ${page}`);
// Static search: Pagefind indexes the built pages into dist/pagefind/ (loaded by the search box).
run(['node_modules/pagefind/lib/runner/bin.cjs', '--site', 'dist', '--silent']);

// The data pages (one per implementation) are the ones the built report lists.
const dataPages = dataPagesOfReport(readFileSync('dist/v1/implementations.json', 'utf8'));
writeFileSync('dist/_headers', netlifyHeadersFile(dataPages));
// The adapter may already have written redirects of its own; ours go first so they win.
const adapterRedirects = existsSync('dist/_redirects') ? readFileSync('dist/_redirects', 'utf8') : '';
writeFileSync('dist/_redirects', netlifyRedirectsFile(dataPages));
if (adapterRedirects.trim()) appendFileSync('dist/_redirects', adapterRedirects);
console.log('Wrote dist/_headers and dist/_redirects');
narrowSsrRoute();

// Remember the origin the records were built for, so `npm start` rebuilds when UAI_ORIGIN changes.
mkdirSync(BUILD_STAMP_DIR, { recursive: true });
writeFileSync(BUILD_STAMP, JSON.stringify({ origin: configuredSite(process.env).origin }));
