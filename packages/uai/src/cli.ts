#!/usr/bin/env node
// `uai` of the published package: the repository's CLI (src/cli/main.ts), bundled.
import module from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

// V8's code cache on disk (Node 22.1+; a no-op on Node 20): a second run skips compiling the
// bundle, most of what a one-file check costs. Before the import below, so it covers the bundle.
module.enableCompileCache?.();
const cli = await import('../../../src/cli/main.ts');
// The worker threads of `--jobs` run this same file (src/cli/judge-threads.ts); any other start is the command.
if (cli.isWorkerJob(workerData)) await cli.judgeAsWorker(workerData, parentPort!);
else process.exitCode = await cli.main(process.argv.slice(2), cli.processIo, { worker: new URL(import.meta.url) });
