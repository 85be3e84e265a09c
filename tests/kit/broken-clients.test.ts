import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testClient, type ClientScenarioId } from '../../src/kit/client/index.ts';
import { testClientCommand } from '../../src/kit/client/command.ts';
import { parseBaseline } from '../../src/kit/baseline.ts';
import { formatKitReport } from '../../src/kit/report.ts';
import { CLIENT_SCENARIO_IDS } from '../../src/standard/client-scenarios.ts';
import { CLIENT_CHECKS, type ClientCheckId } from '../../src/standard/kit-checks.ts';
import { siteFor } from '../../src/standard/site.ts';

/**
 * Proof the client kit can fail: a table of clients each broken in one way
 * (tests/kit/fixtures/broken-client.mts), each failing exactly the matching check, and a meta-test
 * that every client check is failed by at least one of them. The same client without a fault
 * passes every check of every scenario.
 */
const site = siteFor('http://localhost:4321');
const scratch = mkdtempSync(join(tmpdir(), 'uai-broken-clients-'));
const childPidFile = join(scratch, 'child.pid');
process.env.BROKEN_CHILD_PID_FILE = childPidFile;
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const command = (fault: string) => `node_modules/.bin/node tests/kit/fixtures/broken-client.mts ${fault}`;
const run = (fault: string, scenarios: readonly ClientScenarioId[], capMs = 60_000) =>
  testClient({
    command: command(fault),
    scenarios,
    capMs,
    site,
    now: new Date(),
    runId: '0bad0000000000000000000000000001',
  });

interface Broken {
  readonly fault: string;
  readonly scenario: ClientScenarioId;
  readonly fails: ClientCheckId;
  readonly capMs?: number;
}

const BROKEN: readonly Broken[] = [
  { fault: 'stale-checksum', scenario: 'sync', fails: 'client.message_valid' },
  { fault: 'warning', scenario: 'sync', fails: 'client.message_warning_free' },
  { fault: 'wrong-profile', scenario: 'sync', fails: 'client.request_profile' },
  { fault: 'misaddressed', scenario: 'sync', fails: 'client.addressed' },
  { fault: 'wrong-media-type', scenario: 'sync', fails: 'client.binding_form' },
  { fault: 'reused-id', scenario: 'follow-up', fails: 'client.fresh_ids' },
  { fault: 'wrong-sequence', scenario: 'follow-up', fails: 'client.follow_up' },
  { fault: 'made-up-ref', scenario: 'async', fails: 'client.poll_task_ref' },
  { fault: 'polls-after-completed', scenario: 'async', fails: 'client.poll_stops' },
  { fault: 'fast-polls', scenario: 'async', fails: 'client.poll_interval' },
  { fault: 'ignores-retry-after', scenario: 'rate-limited', fails: 'client.retry_after' },
  { fault: 'resends-error', scenario: 'typed-error', fails: 'client.error_not_resent' },
  { fault: 'talks-after-final', scenario: 'sync', fails: 'client.quiet_after_final' },
  { fault: 'other-host', scenario: 'sync', fails: 'client.same_host' },
  { fault: 'many-connections', scenario: 'sync', fails: 'client.within_budget' },
  { fault: 'hangs', scenario: 'sync', fails: 'client.completes', capMs: 15_000 },
];

describe.concurrent('broken clients', () => {
  it('the same client without a fault passes every check of every scenario', async () => {
    const report = await run('none', CLIENT_SCENARIO_IDS);
    expect(report.checks.filter((c) => c.status !== 'pass').map((c) => `${c.id}: ${c.evidence.join(' / ')}`)).toEqual(
      [],
    );
    expect((report.result_message.body as { status: string }).status).toBe('pass');
  }, 300_000);

  for (const b of BROKEN) {
    it(`${b.fault} (${b.scenario}) fails exactly ${b.fails}`, async () => {
      const report = await run(b.fault, [b.scenario], b.capMs);
      const failed = report.checks.filter((c) => c.status === 'fail');
      expect(failed.map((c) => `${c.id}: ${c.evidence.join(' / ')}`)).toHaveLength(1);
      expect(failed[0]!.id).toBe(b.fails);
      // A should failure is reported but does not fail the run (nor the sealed result).
      expect(report.exit_code).toBe(failed[0]!.severity === 'must' ? 1 : 0);
      expect((report.result_message.body as { status: string }).status).toBe(
        failed[0]!.severity === 'must' ? 'fail' : 'pass',
      );
    }, 120_000);
  }
});

it('every client check is failed by at least one broken client', () => {
  const covered = new Set(BROKEN.map((b) => b.fails));
  expect(CLIENT_CHECKS.map((c) => c.id).filter((id) => !covered.has(id))).toEqual([]);
});

it('a client still running at the cap: its whole process group is ended, its output shown', async () => {
  const report = await run('hangs', ['sync'], 15_000);
  const completes = report.checks.find((c) => c.id === 'client.completes')!;
  expect(completes.evidence[0]).toMatch(/still running at the time cap .*process group was killed/);
  expect(report.scenarios[0]!.timed_out).toBe(true);
  expect(existsSync(childPidFile)).toBe(true);
  const pid = Number(readFileSync(childPidFile, 'utf8'));
  // Ended: gone, or a zombie waiting for a reaper that is not the kit (its parent was killed too).
  const stat = `/proc/${pid}/stat`;
  if (existsSync(stat)) expect(readFileSync(stat, 'utf8').split(') ')[1]![0]).toBe('Z');
  else expect(() => process.kill(pid, 0)).toThrow();
}, 60_000);

it('a scenario the client never completes fails; it is never a skip', async () => {
  // `true` sends nothing at all: every check that applies to the scenarios run is not exercised, which fails the run.
  const report = await testClient({
    command: 'true',
    scenarios: ['async', 'rate-limited'],
    capMs: 10_000,
    site,
    now: new Date(),
    runId: '0bad0000000000000000000000000002',
  });
  const status = Object.fromEntries(report.checks.map((c) => [c.id, c.status]));
  expect(status['client.completes']).toBe('fail');
  for (const id of ['client.poll_task_ref', 'client.poll_stops', 'client.retry_after'] as const)
    expect(status[id]).toBe('not_exercised');
  expect(report.exit_code).toBe(1);
  expect((report.result_message.body as { status: string }).status).toBe('fail');
}, 60_000);

describe('uai test-client on the command line', () => {
  const io = () => {
    const out = { stdout: '', stderr: '' };
    return {
      out,
      io: {
        stdout: (t: string) => (out.stdout += t),
        stderr: (t: string) => (out.stderr += t),
        now: () => new Date(),
        site,
      },
    };
  };
  it('--list names every scenario with what it expects', async () => {
    const { out, io: kitIo } = io();
    expect(await testClientCommand(['--list'], kitIo)).toBe(0);
    for (const id of CLIENT_SCENARIO_IDS) expect(out.stdout).toMatch(new RegExp(`^${id}\\n  .+\\n  Expects: `, 'm'));
  });
  it('reports in every format of uai test; a baseline may list client checks', async () => {
    const report = await run('none', ['sync']);
    expect(formatKitReport(report, 'text')).toMatch(
      /^uai test-client .+: 10 passed, 0 failed \(0 must\), 0 not exercised, 6 skipped; 2 requests$/m,
    );
    const json = JSON.parse(formatKitReport(report, 'json'));
    expect(json.scenarios[0]).toMatchObject({ id: 'sync', exit_code: 0, timed_out: false });
    expect(
      json.scenarios[0].requests.map((r: { method: string; status: number }) => `${r.method} ${r.status}`),
    ).toEqual(['GET 200', 'POST 200']);
    expect(formatKitReport(report, 'junit')).toContain(
      `<testsuites name="uai test-client" tests="${CLIENT_CHECKS.length}" failures="0"`,
    );
    expect(formatKitReport(report, 'html')).toContain('<title>uai test-client: ');
    expect(parseBaseline('{"expected_failures": ["client.completes", "exchange.sequence"]}').ok).toBe(true);
    expect(parseBaseline('{"expected_failures": ["client.nope"]}').ok).toBe(false);
  }, 60_000);
  it('usage errors exit 2 with one line', async () => {
    for (const argv of [
      [],
      ['--command', 'x', '--scenario', 'nope'],
      ['--command', 'x', '--format', 'xml'],
      ['--command', 'x', '--timeout', '0'],
      ['endpoint'],
    ]) {
      const { out, io: kitIo } = io();
      expect(await testClientCommand(argv, kitIo), argv.join(' ')).toBe(2);
      expect(out.stderr).toMatch(/^uai test-client: /);
    }
  });
});
