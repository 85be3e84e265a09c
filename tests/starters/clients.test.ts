import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/engine/index.ts';
import { EVERYTHING_DECLARED, testClient, type ClientScenarioId } from '../../src/kit/client/index.ts';
import { failsRun } from '../../src/kit/index.ts';
import { STARTER_META } from '../../src/records/starters.ts';
import { siteFor } from '../../src/standard/urls.ts';
import { ORIGIN, REPO, uai } from '../cli/local-server.ts';
import { runners, skipped } from './runners.ts';

/**
 * Every language starter is a real client: `uai test-client` runs it (its `client` mode) against
 * the scripted servers, and it passes every must check of the scenarios the adoption-kit manifest
 * declares for it. A scenario it declares it cannot pass runs with the manifest's expected failures
 * as the baseline: exactly those fail. Runtimes missing: skipped with the reason (failing under CI).
 */
const site = siteFor(ORIGIN);
/** Generous: a loaded CI machine starts an interpreter, or `go run` links, slowly. */
const CAP_MS = 60_000;
const scratch = mkdtempSync(join(tmpdir(), 'uai-client-starters-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const clientCommand = (args: readonly string[], command: string) =>
  [command, ...args, 'client'].map((a) => (/^[\w./-]+$/.test(a) ? a : `'${a}'`)).join(' ');

describe.concurrent('the starters as clients', () => {
  for (const runner of runners) {
    const meta = STARTER_META.find((m) => m.name === runner.file)!;
    const skip = skipped(runner);
    const title = skip ? `${runner.file} (skipped: ${runner.missing} not found on PATH)` : runner.file;
    const command = clientCommand(runner.args, runner.command);

    it.skipIf(skip)(`${title}: every must check of its declared scenarios passes`, async () => {
      // `go run` compiles first: build once so every scenario's `go run` finds it in the build cache.
      if (runner.command === 'go') spawnSync('go', ['build', '-o', join(scratch, 'uai_starter'), 'starters/uai_starter.go'], { cwd: REPO });
      const report = await testClient({
        command,
        scenarios: meta.client.scenarios as ClientScenarioId[],
        capMs: CAP_MS,
        site,
        now: new Date(),
        runId: '5a1e0000000000000000000000000001',
        manifest: EVERYTHING_DECLARED,
      });
      const failing = report.checks.filter(failsRun);
      expect(failing.map((c) => `${c.id}: ${c.evidence.join(' / ')}`)).toEqual([]);
      expect(report.checks.find((c) => c.id === 'client.completes')?.status).toBe('pass');
      expect(report.exit_code).toBe(0);
    }, 600_000);

    for (const missing of meta.client.not_passed) {
      it.skipIf(skip)(`${title}: ${missing.scenario} fails exactly its listed checks (${missing.reason.split(':')[0]})`, async () => {
        const report = await testClient({
          command,
          scenarios: [missing.scenario as ClientScenarioId],
          capMs: CAP_MS,
          site,
          now: new Date(),
          runId: '5a1e0000000000000000000000000002',
          manifest: EVERYTHING_DECLARED,
          baseline: { expected_failures: missing.expected_failures },
        });
        expect(report.baseline).toMatchObject({ expected: missing.expected_failures, regressions: [], stale: [] });
        expect(report.exit_code).toBe(0);
      }, 120_000);
    }
  }
});

it('npx uai test-client on the TypeScript starter: every scenario (a sealed result covers them all), exit 0, every check passes, a sealed result that validates clean', async () => {
  const resultFile = join(scratch, 'result.json');
  const r = await uai(['test-client', '--command', clientCommand(['starters/uai-starter.mts'], 'node_modules/.bin/node'), '--async', '--name', 'UAI-1 TypeScript starter', '--purl', 'pkg:github/uai-1/uai@v1.0.0#starters/uai-starter.mts', '--result', resultFile]);
  expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
  expect(r.stdout).toMatch(/^uai test-client .*: \d+ passed, 0 failed/);
  const result = JSON.parse(readFileSync(resultFile, 'utf8'));
  expect(result.target).toMatchObject({ type: 'agent', id: 'pkg:github/uai-1/uai@v1.0.0#starters/uai-starter.mts', label: 'UAI-1 TypeScript starter' });
  expect(result.body.status).toBe('pass');
  const check = validateMessage(result, { mode: 'keyed-json', site, now: new Date() });
  expect([...check.errors, ...check.warnings]).toEqual([]);
}, 120_000);
