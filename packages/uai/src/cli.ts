#!/usr/bin/env node
// `uai` of the published package: the repository's CLI (src/cli/main.ts), bundled.
import module from 'node:module';

// V8's code cache on disk (Node 22.1+; a no-op on Node 20): a second run skips compiling the
// bundle, most of what a one-file check costs. Before the import below, so it covers the bundle.
module.enableCompileCache?.();
const { main, processIo } = await import('../../../src/cli/main.ts');
// The worker threads of `--jobs`: dist/judge-worker.js, beside this file once bundled.
const threads = { worker: new URL('./judge-worker.js', import.meta.url) };
process.exitCode = await main(process.argv.slice(2), processIo, threads);
