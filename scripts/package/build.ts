/**
 * Builds the published package (packages/uai/dist) from the repository's sources: esbuild bundles
 * the CLI, the library and the browser entry (code splitting, so the engine is shipped once), and
 * tsc writes the declarations. Nothing is copied from src/: a change there is in the next build.
 * The output is not committed; `npm pack` in packages/uai runs this first (prepack) for release.
 *   node scripts/package/build.ts             the package for this checkout (help links to localhost), and the Action
 *   node scripts/package/build.ts --release   the package only, its help linked to UAI_ORIGIN (prepack)
 * A release build writes nothing but packages/uai/dist and packages/uai/LICENSE (both ignored by
 * git): packing never changes a committed file. It refuses an origin that is not public https, so
 * no released package links its findings to localhost.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';
import { notPublicHttps } from '../../src/standard/public-address.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const PACKAGE_DIR = join(ROOT, 'packages/uai');
const ENTRIES = ['cli', 'index', 'browser', 'types'] as const;

/** The precompiled schema validators and field model (src/engine/generated, not committed). */
function ensureGenerated(): void {
  const generated = ['schema-validators.js', 'field-model.js'].map((f) => join(ROOT, 'src/engine/generated', f));
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
const badgeWidthsOnly: Plugin = {
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
  },
};

/** The licence texts of the third-party code the bundles contain (esbuild's metafile says which). */
function thirdPartyNotices(metafile: Metafile): string {
  const packages = new Set<string>();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) packages.add(match[1]!);
  }
  return [...packages]
    .sort()
    .map((name) => {
      const dir = join(ROOT, 'node_modules', name);
      const { version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      const file = ['LICENSE', 'LICENSE.md', 'license', 'LICENSE.txt'].find((f) => existsSync(join(dir, f)));
      const text = file ? readFileSync(join(dir, file), 'utf8').trim() : `${license}`;
      return `${name}@${version} (${license})\n\n${text}\n`;
    })
    .join(`\n${'-'.repeat(72)}\n\n`);
}

/**
 * The adoption kit's TypeScript starter with its types stripped, so it runs on the package's Node 20
 * (`node uai-starter.mts` needs 22.18): a client a newcomer copies and passes `uai test-client`
 * with, from the package alone. Generated from starters/, never a second source.
 */
export const STARTER_CLIENT = 'dist/starters/uai-starter.mjs';
async function starterClient(dist: string): Promise<void> {
  await build({
    absWorkingDir: ROOT,
    entryPoints: [join(ROOT, 'starters/uai-starter.mts')],
    outfile: join(dist, '..', STARTER_CLIENT),
    format: 'esm',
    platform: 'node',
    target: 'node20',
    banner: {
      js: '// The UAI-1 TypeScript starter (starters/uai-starter.mts of the UAI-1 service) with its types stripped, for Node 20 or newer.\n// Usage: node uai-starter.mjs <base_url> | node uai-starter.mjs client <endpoint_url>',
    },
    logLevel: 'warning',
  });
}

/** Declarations: tsc over the entries, then one small index per entry pointing into them. */
function declarations(dist: string): void {
  const out = join(dist, 'types-src');
  const tsc = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/typescript/bin/tsc'),
      ...ENTRIES.filter((e) => e !== 'cli').map((e) => join(PACKAGE_DIR, 'src', `${e}.ts`)),
      join(ROOT, 'src/engine/generated-modules.d.ts'),
      '--declaration',
      '--emitDeclarationOnly',
      '--rewriteRelativeImportExtensions',
      '--allowImportingTsExtensions',
      '--resolveJsonModule',
      '--strict',
      '--skipLibCheck',
      '--target',
      'ES2024',
      '--module',
      'NodeNext',
      '--moduleResolution',
      'NodeNext',
      '--types',
      'node',
      '--rootDir',
      ROOT,
      '--outDir',
      out,
    ],
    { stdio: 'inherit', cwd: ROOT },
  );
  if (tsc.status !== 0) throw new Error('tsc could not write the declarations');
  for (const entry of ENTRIES.filter((e) => e !== 'cli')) {
    const target = relative(dist, join(out, 'packages/uai/src', `${entry}.js`));
    writeFileSync(join(dist, `${entry}.d.ts`), `export * from './${target}';\n`);
  }
}

/**
 * The origin a release links its help to: UAI_ORIGIN at pack time (CONTRACT section 1's one
 * setting), which must be the standard's public https site. Throws with what to set otherwise.
 */
export function releaseOrigin(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const origin = (env.UAI_ORIGIN ?? '').replace(/\/+$/, '');
  if (!origin)
    throw new Error('a release needs UAI_ORIGIN, the public site its findings link to (UAI_ORIGIN=https://… npm pack)');
  const reason = notPublicHttps(origin);
  if (reason) throw new Error(`UAI_ORIGIN ${origin} ${reason}: a released package would link its help there`);
  return origin;
}

export interface PackageBuildOptions {
  /** The public origin of help links (src/cli/package-origin.ts); without it, the local server's. */
  readonly releaseOrigin?: string;
}

/**
 * Builds into `folder` (packages/uai by default). Another folder gets a copy of the package's
 * manifest and README too, so a test or the bench packs its own build without touching the
 * repository's (or another run's) output.
 */
export async function buildPackage(folder: string = PACKAGE_DIR, options: PackageBuildOptions = {}): Promise<void> {
  ensureGenerated();
  const dist = join(folder, 'dist');
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  if (folder !== PACKAGE_DIR)
    for (const file of ['package.json', 'README.md']) copyFileSync(join(PACKAGE_DIR, file), join(folder, file));
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(ENTRIES.map((e) => [e, join(PACKAGE_DIR, 'src', `${e}.ts`)])),
    outdir: dist,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    minify: true,
    legalComments: 'none',
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [badgeWidthsOnly],
    ...(options.releaseOrigin ? { define: { __UAI_RELEASE_ORIGIN__: JSON.stringify(options.releaseOrigin) } } : {}),
    metafile: true,
    logLevel: 'warning',
  });
  writeFileSync(join(dist, 'THIRD_PARTY_LICENSES.txt'), thirdPartyNotices(result.metafile));
  await starterClient(dist);
  declarations(dist);
  copyFileSync(join(ROOT, 'LICENSE'), join(folder, 'LICENSE'));
}

/** The GitHub Action's bundle (committed: a JavaScript action runs from the repository as it is). */
export const ACTION_BUNDLE = join(ROOT, 'action/index.mjs');

/**
 * One readable ESM file (not minified, so a reviewer can read what runs in their CI), from the
 * Action's entry, which calls the CLI's main. tests/cli/action.test.ts fails when the committed
 * file differs from a fresh build.
 */
export async function buildAction(outfile: string = ACTION_BUNDLE): Promise<void> {
  ensureGenerated();
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [join(ROOT, 'src/action/index.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    legalComments: 'none',
    banner: { js: '// The UAI-1 GitHub Action: generated by scripts/package/build.ts from src/action/. Do not edit.' },
    plugins: [badgeWidthsOnly],
    metafile: true,
    logLevel: 'warning',
  });
  writeFileSync(join(dirname(outfile), 'THIRD_PARTY_LICENSES.txt'), thirdPartyNotices(result.metafile));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--release')) {
    let origin: string;
    try {
      origin = releaseOrigin();
    } catch (error) {
      console.error(`scripts/package/build.ts: ${(error as Error).message}`);
      process.exit(1);
    }
    await buildPackage(PACKAGE_DIR, { releaseOrigin: origin });
  } else {
    await buildPackage();
    await buildAction();
  }
}
