#!/usr/bin/env node
// `uai`: the offline UAI-1 validator (CONTRACT section 11). The code is TypeScript in src/cli/,
// run by Node's own type stripping (Node 22.18+; `npx uai` uses the project's pinned Node 24).
let cli;
try {
  cli = await import('../src/cli/main.ts');
} catch (error) {
  // The schema validators are generated at build time (src/engine/generated/, not committed).
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('generated')) {
    process.stderr.write('uai: the precompiled schema validators are missing; run "npm run generate" (or "npm run build") first.\n');
    process.exit(2);
  }
  throw error;
}
process.exitCode = await cli.main(process.argv.slice(2));
