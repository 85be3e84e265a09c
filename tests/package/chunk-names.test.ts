import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeWithStableChunkNames } from '../../scripts/package/build.ts';

/**
 * The package's chunks are named by the source files they hold, not by their bytes
 * (scripts/package/build.ts): npm packs in name order and gzip's window spans neighbouring files,
 * so content-hashed names let an edit that adds nothing move the tarball's size by hundreds of
 * bytes. Two entries that share a module and import one lazily, bundled as the package is.
 */
let stage: string;
beforeAll(() => {
  stage = mkdtempSync(join(tmpdir(), 'uai-chunk-names-'));
});
afterAll(() => rmSync(stage, { recursive: true, force: true }));

async function bundle(shared: string, out: string): Promise<string[]> {
  const src = join(stage, 'src');
  writeFileSync(join(src, 'shared.js'), shared);
  const result = await build({
    entryPoints: { a: join(src, 'a.js'), b: join(src, 'b.js') },
    outdir: join(stage, out),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    minify: true,
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  writeWithStableChunkNames(result);
  return readdirSync(join(stage, out, 'chunks')).sort();
}

describe('the package build names chunks by what they hold', () => {
  beforeAll(() => {
    const src = join(stage, 'src');
    mkdirSync(src);
    writeFileSync(
      join(src, 'a.js'),
      "import { twice } from './shared.js';\nexport const a = async () => twice(2) + (await import('./lazy.js')).lazy;\n",
    );
    writeFileSync(join(src, 'b.js'), "import { twice } from './shared.js';\nexport const b = () => twice(3);\n");
    writeFileSync(join(src, 'lazy.js'), "export const lazy = 'x';\n");
  });

  it('keeps every name when only the bytes of a module change, and the bundles still run', async () => {
    const before = await bundle('export const twice = (n) => n * 2;\n', 'one');
    const after = await bundle('export const twice = (n) => n + n; // the same, written otherwise\n', 'two');
    expect(before.length).toBe(2); // the shared chunk and the lazy one
    expect(after).toEqual(before);
    for (const out of ['one', 'two']) {
      const a = (await import(pathToFileURL(join(stage, out, 'a.js')).href)) as { a: () => Promise<string> };
      const b = (await import(pathToFileURL(join(stage, out, 'b.js')).href)) as { b: () => number };
      expect(await a.a()).toBe('4x');
      expect(b.b()).toBe(6);
    }
  });

  it('gives a chunk a new name when it holds other source files', async () => {
    const src = join(stage, 'src');
    writeFileSync(join(src, 'more.js'), 'export const more = (n) => n * 1;\n');
    const before = await bundle('export const twice = (n) => n * 2;\n', 'three');
    const after = await bundle("import { more } from './more.js';\nexport const twice = (n) => more(n) * 2;\n", 'four');
    expect(after).not.toEqual(before);
  });
});
