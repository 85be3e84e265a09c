/**
 * `npm test`: the whole suite, in the order a failure is cheapest to read.
 *   1. build (validators, static site, Netlify tables) for http://localhost:<a free port>
 *   2. typecheck, lint (ESLint: typescript-eslint and the engine's one-entry rule), format (Prettier),
 *      the three at once
 *   3. vitest: engine, records, HTTP (real server over a socket), CLI and starters
 *   4. OpenAPI lint (Redocly, recommended-strict rules), then the HTTP suite through Prism's proxy
 *   5. Playwright: every page in Chromium against the real local server (skipped with the reason
 *      where Chromium is missing, outside CI: scripts/browser-tests.ts)
 *   6. the HTTP tests again, against Netlify's offline emulation of the deploy (docs/deploy.md)
 * It ends with one line `N passed, N failed` summed from the runners' JSON reports, then one
 * `failed:` line per failing test or step.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { stripVTControlCharacters } from 'node:util';
import { browserTests } from './browser-tests.ts';

/**
 * A port free now, below the kernel's ephemeral range (32768 and up on Linux), where the ports
 * the tests' own servers and connections get from the kernel never land. The build is made for
 * this origin and Playwright serves it on this port, so absolute links in pages lead back to the
 * server under test; 4321 (which may be taken by a developer's `npm start`) is never assumed.
 */
async function freeTestPort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((done) => {
      const probe = createServer();
      probe.once('error', () => done(false));
      probe.listen(port, () => probe.close(() => done(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port found between 20000 and 32000');
}

const node = process.execPath;
const origin = `http://localhost:${await freeTestPort()}`;
/**
 * Node's compile cache for every process of the run, in a folder of this run's own, removed at its
 * end: the suite starts hundreds of processes (the CLI, the kits, fixture clients, servers), each
 * stripping the types of and compiling the same sources. Node checks each entry against the source
 * it was made from, so a cache can only skip work, never change what runs. Measured on CI's 2
 * cores, same machine: the vitest step 379 s without it, 321 s with it (CPU 623 to 504 s).
 */
const compileCache = mkdtempSync(join(tmpdir(), 'uai-test-compile-cache-'));
process.on('exit', () => rmSync(compileCache, { recursive: true, force: true }));
// The test build adds the report's two fixture entries (tests/implementations/fixtures.ts) to the real ones.
const env = {
  ...process.env,
  UAI_ORIGIN: origin,
  UAI_IMPLEMENTATION_FIXTURES: 'tests/data/implementations',
  ASTRO_TELEMETRY_DISABLED: '1',
  NODE_COMPILE_CACHE: compileCache,
};
console.log(`Test origin: ${origin} (dist/ is built for it; the browser tests serve it on its port)`);
let passed = 0;
let failed = 0;
let skipped = 0;
/** Why whole steps were skipped, repeated under the last line so a reader sees what did not run. */
const skipReasons: string[] = [];
/**
 * What failed, by step and name, repeated under the last line: a CI log is often read from its end,
 * and the one failing test of thousands is otherwise somewhere in the middle of it.
 */
const failures: string[] = [];

/** The failing tests of a vitest JSON report, as `file > test: first line of the message`. */
function vitestFailures(stepName: string, report: any): void {
  for (const file of report?.testResults ?? []) {
    const path = String(file.name ?? '').replace(`${process.cwd()}/`, '');
    const failedTests = (file.assertionResults ?? []).filter((t: any) => t.status === 'failed');
    for (const test of failedTests)
      failures.push(`${stepName}: ${path} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (file.status === 'failed' && failedTests.length === 0)
      failures.push(`${stepName}: ${path}: ${firstLine(file.message)}`);
  }
}

/** The failing tests of a Playwright JSON report (suites nest; a spec is failed when not ok). */
function playwrightFailures(suites: any[] | undefined): void {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? [])
      if (!spec.ok) {
        const error = spec.tests?.flatMap((t: any) => t.results ?? []).find((r: any) => r.error)?.error?.message;
        failures.push(`playwright: ${spec.file}:${spec.line} > ${spec.title}: ${firstLine(error)}`);
      }
    playwrightFailures(suite.suites);
  }
}

/**
 * The line that says what failed. A failed property (fast-check) opens with "Property failed after
 * N tests", which says nothing: its seed, path and counterexample follow, and with them a run on
 * any machine shows the same failure (UAI_PROPERTY_SEED, or fc.assert's seed and path).
 */
function firstLine(text: unknown): string {
  const lines = stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const shown = /^(Error: )?Property failed/.test(lines[0] ?? '')
    ? lines.filter((line) => /^((Error: )?Property failed|\{ seed:|Counterexample:|Got )/.test(line)).join(' ')
    : lines[0];
  return shown?.slice(0, 600) ?? '(no message)';
}

/** The line that ends a step: `== name: ok in 12.3 s`, or `failed (exit N)`. */
const stepEnd = (name: string, status: number | null, started: number, note = ''): string =>
  `== ${name}: ${status === 0 ? 'ok' : `failed (exit ${status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s${note}`;

function step(name: string, args: string[], extraEnv: Record<string, string> = {}): boolean {
  console.log(`\n== ${name}`);
  const started = Date.now();
  const result = spawnSync(node, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  console.log(stepEnd(name, result.status, started));
  if (result.status !== 0) failures.push(`step ${name}: exit ${result.status}`);
  return result.status === 0;
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

/**
 * Steps that only read the tree, run at once: each is one single-threaded process, so on CI's 2
 * cores the three take about the time of two (30 s one after another, 20 s together, same machine).
 * Each one's output is held and printed whole, in the order listed, so the log reads as if they ran
 * in turn.
 */
async function concurrentSteps(steps: readonly (readonly [string, string[]])[]): Promise<boolean[]> {
  const runs = steps.map(([name, args]) => {
    const started = Date.now();
    const child = spawn(node, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    return new Promise<{ name: string; status: number | null; output: Buffer; line: string }>((done) => {
      const end = (status: number | null) =>
        done({
          name,
          status,
          output: Buffer.concat(output),
          line: stepEnd(name, status, started, ' (run beside the others)'),
        });
      // A step that cannot even start is a failed step, never a hang.
      child.on('error', (error) => (output.push(Buffer.from(`${error.message}\n`)), end(null)));
      child.on('close', end);
    });
  });
  const ended = await Promise.all(runs);
  for (const { name, status, output, line } of ended) {
    console.log(`\n== ${name}`);
    process.stdout.write(output);
    console.log(line);
    if (status !== 0) failures.push(`step ${name}: exit ${status}`);
  }
  return ended.map((e) => e.status === 0);
}

for (const ok of await concurrentSteps([
  ['typecheck', ['node_modules/typescript/bin/tsc', '--noEmit']],
  ['lint', ['node_modules/eslint/bin/eslint.js', '.']],
  ['format', ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level=warn', '.']],
]))
  check(ok);

const vitestOk = step('vitest', [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=reports/vitest.json',
]);
const vitest = readJson('reports/vitest.json');
vitestFailures('vitest', vitest);
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  if (!vitestOk && !vitest.numFailedTests) failed++; // e.g. a suite that failed to load
} else {
  failed++;
}

check(
  step('openapi lint', [
    'node_modules/@redocly/cli/bin/cli.js',
    'lint',
    'dist/v1/openapi.json',
    '--extends=recommended-strict',
    '--format=stylish',
  ]),
);

// The HTTP suite and the generated-request property again, through Stoplight Prism's validating
// proxy (UAI_HTTP_TARGET=prism-proxy, tests/openapi/prism-proxy.ts): each test fails on a violation.
// The filter keeps its slash: vitest matches it as a substring, and tests/http-inprocess (no socket,
// so nothing for a proxy to see) would run again for nothing. Each file starts its own server and
// Prism on free ports, so files run side by side (49 s one at a time, 29-33 s two at once, same machine).
const prismOk = step(
  'http through prism proxy',
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    'tests/http/',
    'tests/openapi/generated-requests.test.ts',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=reports/vitest-prism.json',
  ],
  { UAI_HTTP_TARGET: 'prism-proxy' },
);
const prism = readJson('reports/vitest-prism.json');
vitestFailures('prism', prism);
passed += prism?.numPassedTests ?? 0;
failed += (prism?.numFailedTests ?? 0) + (!prismOk && !prism?.numFailedTests ? 1 : 0);

const browser = browserTests();
if (existsSync('playwright.config.ts') && !browser.run) {
  // Counted as the tests they are, each skipped, with the reason in one line.
  const listed = spawnSync(node, ['node_modules/@playwright/test/cli.js', 'test', '--list'], { env, encoding: 'utf8' });
  const count = Number(/Total: (\d+) tests?/.exec(listed.stdout ?? '')?.[1] ?? 1);
  skipped += count;
  skipReasons.push(`${count} browser tests (tests/pages): ${browser.reason}`);
  console.log(`\n== playwright: skipped, ${count} tests: ${browser.reason}`);
} else if (existsSync('playwright.config.ts')) {
  const e2eOk = step('playwright', ['node_modules/@playwright/test/cli.js', 'test']);
  const e2e = readJson('reports/playwright.json');
  playwrightFailures(e2e?.suites);
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
const netlifyOk = step('netlify emulation', [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--config',
  'tests/netlify/vitest.config.ts',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=reports/netlify.json',
]);
const netlify = readJson('reports/netlify.json');
vitestFailures('netlify', netlify);
passed += netlify?.numPassedTests ?? 0;
failed += netlify?.numFailedTests ?? 0;
if (!netlifyOk && !netlify?.numFailedTests) failed++;

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
for (const reason of skipReasons) console.log(`skipped: ${reason}`);
for (const failure of failures) console.log(`failed: ${failure}`);
process.exit(failed === 0 ? 0 : 1);
