/**
 * `npm test`: the whole suite, in the order a failure is cheapest to read.
 *   1. build (validators, static site, Netlify tables) with the default origin
 *   2. typecheck
 *   3. vitest: engine, records, HTTP (real server over a socket), CLI and starters
 *   4. OpenAPI lint (Redocly, recommended rules)
 *   5. Playwright: every page in Chromium against the real local server
 *   6. the HTTP tests again, against Netlify's offline emulation of the deploy (docs/deploy.md)
 * It ends with one line `N passed, N failed` summed from the runners' JSON reports.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const node = process.execPath;
const env = { ...process.env, UAI_ORIGIN: 'http://localhost:4321', ASTRO_TELEMETRY_DISABLED: '1' };
let passed = 0;
let failed = 0;
let skipped = 0;

function step(name: string, args: string[]): boolean {
  console.log(`\n== ${name}`);
  const started = Date.now();
  const result = spawnSync(node, args, { stdio: 'inherit', env });
  const ok = result.status === 0;
  console.log(`== ${name}: ${ok ? 'ok' : `failed (exit ${result.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return ok;
}

function readJson(path: string): any {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

rmSync('reports', { recursive: true, force: true });
mkdirSync('reports', { recursive: true });

if (!step('build', ['scripts/build.ts'])) {
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}

// Checks that are not test files still count, so a broken typecheck or lint cannot pass silently.
const check = (ok: boolean) => (ok ? passed++ : failed++);
check(step('typecheck', ['node_modules/typescript/bin/tsc', '--noEmit']));

const vitestOk = step('vitest', ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=reports/vitest.json']);
const vitest = readJson('reports/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  if (!vitestOk && !vitest.numFailedTests) failed++; // e.g. a suite that failed to load
} else {
  failed++;
}

check(step('openapi lint', ['node_modules/@redocly/cli/bin/cli.js', 'lint', 'dist/v1/openapi.json', '--extends=recommended', '--format=stylish']));

if (existsSync('playwright.config.ts')) {
  const e2eOk = step('playwright', ['node_modules/@playwright/test/cli.js', 'test']);
  const e2e = readJson('reports/playwright.json');
  if (e2e?.stats) {
    passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
    failed += e2e.stats.unexpected ?? 0;
    skipped += e2e.stats.skipped ?? 0;
    if (!e2eOk && !e2e.stats.unexpected) failed++;
  } else {
    failed++;
  }
}

// Last: the slowest step (a build of its own, and a fresh worker per function call).
const netlifyOk = step('netlify emulation', ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/netlify/vitest.config.ts', '--reporter=default', '--reporter=json', '--outputFile.json=reports/netlify.json']);
const netlify = readJson('reports/netlify.json');
passed += netlify?.numPassedTests ?? 0;
failed += netlify?.numFailedTests ?? 0;
if (!netlifyOk && !netlify?.numFailedTests) failed++;

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
