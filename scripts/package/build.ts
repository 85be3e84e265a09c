/**
 * Builds the published package (packages/uai/dist) from the repository's sources: esbuild bundles
 * the CLI, the library and the browser entry (code splitting, so the engine is shipped once), and
 * tsc writes the declarations, which rollup-plugin-dts bundles. Nothing is copied from src/: a
 * change there is in the next build. The output is not committed; `npm pack` in packages/uai runs
 * this first (prepack) for release.
 *   node scripts/package/build.ts             the package for this checkout (help links to localhost), and the
 *                                             Action's bundle (scripts/action/build.ts), so one command refreshes both
 *   node scripts/package/build.ts --release   the package only, its help linked to UAI_ORIGIN (prepack)
 * A release build writes nothing but packages/uai/dist and packages/uai/LICENSE (both ignored by
 * git): packing never changes a committed file. It refuses an origin that is not public https, so
 * no released package links its findings to localhost.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildResult } from 'esbuild';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';
import { notPublicHttps } from '../../src/standard/public-address.ts';
import { buildAction } from '../action/build.ts';
import { badgeWidthsOnly, ensureGenerated, ROOT, thirdPartyNotices } from '../bundling.ts';

export const PACKAGE_DIR = join(ROOT, 'packages/uai');
const ENTRIES = ['cli', 'index', 'browser', 'types'] as const;
/** The entries with types (package.json `exports`); the CLI is a command only. */
const DECLARED = ENTRIES.filter((e) => e !== 'cli');

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

/**
 * One file's declarations without its header: a doc comment that opens the file and is followed by
 * an import or a re-export documents the module for this repository's readers. Left in, the
 * bundling of the declarations would hand it to the first declaration it keeps of that file, as
 * that declaration's documentation (or as a comment documenting nothing).
 */
export function withoutModuleHeader(text: string): string {
  const header = /^\/\*\*(?:[^*]|\*(?!\/))*\*\/\s*/.exec(text);
  if (!header) return text;
  const rest = text.slice(header[0].length);
  return /^(?:import\b|export\s*(?:type\s*)?(?:\*|\{[^}]*\})\s*from\b)/.test(rest) ? rest : text;
}

/**
 * The bundled declarations without the doc comments that document nothing: a comment followed
 * by another is a module's notes placed after its imports, carried along by the bundling. Only
 * comments that open a line count, so a `/**` inside a string type is never taken for one.
 */
export function withoutOrphanComments(text: string): string {
  return text.replace(/(^|\n)[ \t]*\/\*\*(?:[^*]|\*(?!\/))*\*\/[ \t]*\n(?=[ \t]*\/\*\*)/g, '$1');
}

/**
 * Declarations: tsc writes one .d.ts per source file into a scratch folder, then rollup-plugin-dts
 * bundles what each entry's exports reach into dist/<entry>.d.ts, with the declarations entries
 * share in dist/chunks. tsc alone would ship every file the entries import, internals and inferred
 * literal types included (three times the bytes of what a consumer can name).
 */
async function declarations(dist: string): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'uai-declarations-'));
  try {
    const tsc = spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/typescript/bin/tsc'),
        ...DECLARED.map((e) => join(PACKAGE_DIR, 'src', `${e}.ts`)),
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
    for (const file of readdirSync(out, { recursive: true, encoding: 'utf8' }))
      if (file.endsWith('.d.ts'))
        writeFileSync(join(out, file), withoutModuleHeader(readFileSync(join(out, file), 'utf8')));
    const bundle = await rollup({
      input: Object.fromEntries(DECLARED.map((e) => [e, join(out, 'packages/uai/src', `${e}.d.ts`)])),
      plugins: [dts()],
      // A type an entry uses but does not export (a warning here) is one a consumer cannot name.
      onwarn: (warning) => {
        throw new Error(`bundling the declarations: ${warning.message}`);
      },
    });
    const written = await bundle.write({ dir: dist, format: 'es', chunkFileNames: 'chunks/declarations.d.ts' });
    await bundle.close();
    for (const { fileName } of written.output) {
      const path = join(dist, fileName);
      writeFileSync(path, withoutOrphanComments(readFileSync(path, 'utf8')));
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
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

/**
 * Chunk names that follow what a chunk holds (its source files), not its bytes. esbuild names a
 * chunk by the hash of its content, and npm packs files in name order, so an edit that adds no
 * byte reorders the tarball: gzip, whose window spans neighbouring files, then measured up to
 * 800 bytes more or less for the same code, enough to cross the 150 KB budget either way. Here a
 * chunk is named by its source files (and its entry, for a dynamically imported one), and the
 * names in the chunks that import it are rewritten to match (the old names, eight base32
 * characters after a dash, occur nowhere else).
 */
export function writeWithStableChunkNames(result: BuildResult<{ write: false; metafile: true }>): void {
  const renamed = new Map<string, string>();
  for (const [output, { inputs, entryPoint }] of Object.entries(result.metafile.outputs)) {
    const name = basename(output);
    const hashed = /^(.+)-[A-Z0-9]{8}\.js$/.exec(name);
    if (!hashed || !output.includes('/chunks/')) continue;
    // A dynamically imported module's chunk may hold no code of its own (its code is shared): its
    // entry names it.
    const holds = createHash('sha256')
      .update([entryPoint ?? '', ...Object.keys(inputs).sort()].join('\n'))
      .digest('hex')
      .slice(0, 8);
    const stable = `${hashed[1]}-${holds}.js`;
    if ([...renamed.values()].includes(stable)) throw new Error(`two chunks hold the same source files: ${stable}`);
    renamed.set(name, stable);
  }
  for (const file of result.outputFiles) {
    let text = file.text;
    for (const [from, to] of renamed) text = text.replaceAll(from, to);
    const name = basename(file.path);
    const path = join(dirname(file.path), renamed.get(name) ?? name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
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
    // Non-ASCII characters as themselves, not \u escapes: the same text, fewer bytes.
    charset: 'utf8',
    legalComments: 'none',
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [badgeWidthsOnly],
    ...(options.releaseOrigin ? { define: { __UAI_RELEASE_ORIGIN__: JSON.stringify(options.releaseOrigin) } } : {}),
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  writeWithStableChunkNames(result);
  const license = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
  writeFileSync(
    join(dist, 'THIRD_PARTY_LICENSES.txt'),
    thirdPartyNotices(result.metafile, { text: license, where: 'LICENSE at the root of this package' }),
  );
  await starterClient(dist);
  await declarations(dist);
  writeFileSync(join(folder, 'LICENSE'), license);
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
