import { build, type Metafile } from 'esbuild';

/** The functions whose bundles the benchmarks and scripts/bundle-sizes.ts measure: every Netlify function. */
export const MEASURED_FUNCTIONS = ['validate', 'mock-exchange', 'check-exchange', 'reference-server'] as const;

/**
 * Bundles a Netlify function as Netlify's esbuild bundler would: ESM, minified, node22, with
 * `require` available to bundled CommonJS dependencies (the banner Netlify's bundler adds).
 * Returns esbuild's metafile: which input put how many bytes into the bundle.
 */
export async function bundleFunction(fn: string, outfile: string): Promise<Metafile> {
  const { metafile } = await build({
    entryPoints: [`netlify/functions/${fn}.mts`],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    minify: true,
    target: 'node22',
    logLevel: 'silent',
    metafile: true,
    banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  });
  return metafile;
}

/** A file this large (bytes in the output) is listed alone; smaller ones are summed by folder. */
const LISTED_ALONE = 4096;

/**
 * Where a bundle's bytes come from, largest first, in bytes of the minified output as esbuild
 * counts them: each package of node_modules, each file of 4 KB or more, the rest by folder.
 */
export function bundleContents(metafile: Metafile): { readonly part: string; readonly bytes: number }[] {
  const parts = new Map<string, number>();
  for (const output of Object.values(metafile.outputs))
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
      const part = pkg ?? (bytesInOutput >= LISTED_ALONE ? input : `${input.replace(/\/[^/]+$/, '/')} (other files)`);
      parts.set(part, (parts.get(part) ?? 0) + bytesInOutput);
    }
  return [...parts]
    .map(([part, bytes]) => ({ part, bytes }))
    .filter((p) => p.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
}
