import { build } from 'esbuild';

/** The functions whose bundles the benchmarks and scripts/bundle-sizes.ts measure. */
export const MEASURED_FUNCTIONS = ['validate', 'mock-exchange'] as const;

/**
 * Bundles a Netlify function as Netlify's esbuild bundler would: ESM, minified, node22, with
 * `require` available to bundled CommonJS dependencies (the banner Netlify's bundler adds).
 */
export async function bundleFunction(fn: string, outfile: string): Promise<void> {
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
}
