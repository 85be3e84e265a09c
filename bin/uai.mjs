#!/usr/bin/env node
// `uai`: the offline UAI-1 validator (CONTRACT section 11). The code is TypeScript in src/cli/,
// run by Node's own type stripping (Node 22.18+; `npx uai` uses the project's pinned Node 24).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

// This checkout's command is TypeScript, which Node strips from 22.18 on: on an older Node, say how
// to run it in one line, rather than fail on the `.ts` extension (the published package runs on Node 20).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18) || (major === 23 && minor < 6)) {
  process.stderr.write(
    `uai: this checkout runs on Node 22.18 or newer, and this is Node ${process.versions.node}. ` +
      'Run `npx uai`, which uses the Node 24 that `npm install` put in node_modules/.bin, or install @uai-1/uai, which runs on Node 20.\n',
  );
  process.exit(2);
}

// The schema validators, the engine's field model, the profile schemas and the published check ids are
// generated code (src/engine/generated/, not committed). Right after `npm install` they do not exist yet:
// generate them once, as `npm run generate` would.
const modules = ['schema-validators.js', 'field-model.js', 'profile-schemas.js', 'published-checks.js'].map(
  (f) => new URL(`../src/engine/generated/${f}`, import.meta.url),
);
const generated = () => modules.every((m) => existsSync(m));
if (isMainThread && !generated()) {
  process.stderr.write('uai: first run: generating the precompiled schema validators (npm run generate)\n');
  const script = fileURLToPath(new URL('../scripts/generate-validators.ts', import.meta.url));
  const run = spawnSync(process.execPath, [script], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0 || !generated()) {
    process.stderr.write(
      'uai: could not generate the schema validators; run "npm run generate" in the project and retry.\n',
    );
    process.exit(2);
  }
}
// V8's code cache on disk, as the package's entry has it: Node keeps the stripped TypeScript and its
// compiled code, so a second run of `npx uai` skips both (one file: about 0.29 to 0.12 s).
// NODE_COMPILE_CACHE chooses the folder; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
module.enableCompileCache?.();
const cli = await import('../src/cli/main.ts');
// The worker threads of `--jobs` run this same file (src/cli/judge-threads.ts); any other start is the command.
if (cli.isWorkerJob(workerData)) await cli.judgeAsWorker(workerData, parentPort);
else process.exitCode = await cli.main(process.argv.slice(2), cli.processIo, { worker: new URL(import.meta.url) });
