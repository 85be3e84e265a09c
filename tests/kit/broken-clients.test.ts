import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  EVERYTHING_DECLARED,
  NOTHING_DECLARED,
  testClient,
  type ClientManifest,
  type ClientScenarioId,
} from '../../src/kit/client/index.ts';
import { failsRun } from '../../src/kit/index.ts';
import { validateMessage } from '../../src/engine/index.ts';
import { testClientCommand } from '../../src/kit/client/command.ts';
import { parseBaseline } from '../../src/kit/judge/baseline.ts';
import { formatKitReport } from '../../src/kit/judge/formats.ts';
import { CLIENT_SCENARIO_IDS } from '../../src/standard/client-scenarios.ts';
import { CLIENT_CHECKS, type ClientCheckId } from '../../src/standard/kit-checks.ts';
import { siteFor } from '../../src/standard/urls.ts';

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
/** The fixture client names itself and claims every optional behaviour, unless a row says otherwise. */
const IDENTIFIED: ClientManifest = {
  ...EVERYTHING_DECLARED,
  identity: { name: 'Broken Client', purl: 'pkg:npm/%40uai-kit-tests/broken-client@1.0.0', version: '1.0.0' },
};
const run = (fault: string, scenarios: readonly ClientScenarioId[], capMs = 60_000, manifest = IDENTIFIED) =>
  testClient({
    command: command(fault),
    scenarios,
    capMs,
    site,
    now: new Date(),
    runId: '0bad0000000000000000000000000001',
    manifest,
  });
const declaring = (declares: Partial<ClientManifest['declares']>): ClientManifest => ({
  ...IDENTIFIED,
  declares: { ...IDENTIFIED.declares, ...declares },
});
const statusOf = (report: { checks: readonly { id: string; status: string }[] }, id: string) =>
  report.checks.find((c) => c.id === id)!.status;

interface Broken {
  readonly fault: string;
  readonly scenario: ClientScenarioId;
  readonly fails: ClientCheckId;
  readonly capMs?: number;
  /** What the evidence must say, where the check could also fail for another reason. */
  readonly evidence?: RegExp;
}

const BROKEN: readonly Broken[] = [
  { fault: 'stale-checksum', scenario: 'sync', fails: 'client.message_valid' },
  { fault: 'warning', scenario: 'sync', fails: 'client.message_warning_free' },
  { fault: 'wrong-profile', scenario: 'sync', fails: 'client.request_profile' },
  { fault: 'misaddressed', scenario: 'sync', fails: 'client.addressed' },
  { fault: 'wrong-media-type', scenario: 'sync', fails: 'client.binding_form' },
  // Judged as the list its two lines make, not as the first line node:http keeps.
  {
    fault: 'content-type-twice',
    scenario: 'sync',
    fails: 'client.binding_form',
    evidence: /^sync: sent as application\/json, text\/plain; the endpoint declares/,
  },
  // Judged as the bytes it is, not as the text U+FFFD makes of it (whose checksum would fail instead).
  {
    fault: 'latin1-body',
    scenario: 'sync',
    fails: 'client.message_valid',
    evidence:
      /^sync: POST body is not well-formed UTF-8, so no JSON text \(RFC 8259 section 8\.1\); read as UTF-8 it shows U\+FFFD at ".*Caf\uFFFD"$/u,
  },
  // Named, and read past: the follow-up after it is still a follow-up, sent while the client may.
  {
    fault: 'bom',
    scenario: 'follow-up',
    fails: 'client.message_valid',
    evidence: /^follow-up: POST body begins with a byte order mark \(RFC 8259 section 8\.1/,
  },
  // Read with its text, as POST /v1/validate reads it.
  {
    fault: 'duplicate-member',
    scenario: 'sync',
    fails: 'client.message_valid',
    evidence: /^sync: msg-[^:]+: message\.duplicate_member at \/uai_version: /,
  },
  {
    fault: 'object-id',
    scenario: 'sync',
    fails: 'client.message_valid',
    evidence: /^sync: \{"toString":0\}: schema\.type at \/message_id: /,
  },
  { fault: 'reused-id', scenario: 'follow-up', fails: 'client.fresh_ids' },
  // The id of the answer it follows up: no request of its own had it, the service's answer did.
  {
    fault: 'reuses-answer-id',
    scenario: 'follow-up',
    fails: 'client.fresh_ids',
    evidence: /^follow-up: message_id \S+ is the id of the answer to request #\d+$/,
  },
  // The statement it read by GET is a message it was answered with: its id is taken.
  {
    fault: 'statement-id',
    scenario: 'sync',
    fails: 'client.fresh_ids',
    evidence: /^sync: message_id msg-\S+ is the id of the answer to request #1$/,
  },
  // A follow-up sent and taken has a result to receive: the first result no longer ends the scenario.
  {
    fault: 'follow-up-unpolled',
    scenario: 'follow-up',
    fails: 'client.completes',
    evidence: /^follow-up: sent a follow-up and never received its result/,
  },
  // An answer the kit comes to write on a connection the client has closed is no answer it received.
  {
    fault: 'gives-up',
    scenario: 'slow',
    fails: 'client.completes',
    evidence: /^slow: never received the scenario's final answer \(2 requests\)$/,
  },
  { fault: 'wrong-sequence', scenario: 'follow-up', fails: 'client.follow_up' },
  {
    fault: 'same-turn',
    scenario: 'follow-up',
    fails: 'client.new_turn',
    evidence: /^follow-up: follow-up msg-[^ ]+ takes turn_id turn-kit-1, a turn already taken$/,
  },
  {
    fault: 'status-turn',
    scenario: 'follow-up',
    fails: 'client.new_turn',
    evidence: /^follow-up: follow-up msg-[^ ]+ takes turn_id turn-[^ ]+, a turn already taken$/,
  },
  {
    fault: 'opens-at-two',
    scenario: 'sync',
    fails: 'client.opens_at_one',
    evidence: /^sync: msg-[^ ]+ opens conversation conv-[^ ]+ at sequence 2, not 1$/,
  },
  {
    fault: 'opens-with-parent',
    scenario: 'sync',
    fails: 'client.opens_unparented',
    evidence: /^sync: msg-[^ ]+ opens conversation conv-[^ ]+ at sequence 1 with parent_message_id msg-from-elsewhere$/,
  },
  { fault: 'made-up-ref', scenario: 'async', fails: 'client.poll_task_ref' },
  { fault: 'polls-after-completed', scenario: 'async', fails: 'client.poll_stops' },
  { fault: 'fast-polls', scenario: 'async', fails: 'client.poll_interval' },
  { fault: 'ignores-retry-after', scenario: 'rate-limited', fails: 'client.retry_after' },
  { fault: 'resends-error', scenario: 'typed-error', fails: 'client.error_not_resent' },
  // The same request again under a fresh id while the slow answer is awaited: a second intent, not a
  // follow-up (no answer had come) and no reused id.
  {
    fault: 'hedges',
    scenario: 'slow',
    fails: 'client.waits_for_answer',
    evidence: /^slow: request #3 came \d+ ms after request #2, \d+ ms before its answer went out$/,
  },
  { fault: 'talks-after-final', scenario: 'sync', fails: 'client.quiet_after_final' },
  {
    fault: 'posts-elsewhere',
    scenario: 'sync',
    fails: 'client.binding_form',
    evidence:
      /^sync: POST \/v1\/reference-server\/x: the statement's endpoint takes messages by POST at \/v1\/reference-server, nothing else$/,
  },
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

  it('a client whose message holds values nested 6,000 deep where the kit quotes it: judged, not crashed', async () => {
    const report = await run('deep-values', ['sync']);
    const failed = report.checks.filter((c) => c.status === 'fail').map((c) => c.id);
    expect(failed).toEqual(expect.arrayContaining(['client.message_valid', 'client.addressed']));
    expect(report.checks.find((c) => c.id === 'client.addressed')!.evidence.join('\n')).toMatch(
      /^sync: addressed to \(array\), not the statement's source /,
    );
    const result = validateMessage(report.result_message, { mode: 'keyed-json', site, now: new Date() });
    expect([result.error_count, result.warning_count]).toEqual([0, 0]);
  });

  for (const b of BROKEN) {
    it(`${b.fault} (${b.scenario}) fails exactly ${b.fails}`, async () => {
      const report = await run(b.fault, [b.scenario], b.capMs);
      const failed = report.checks.filter((c) => c.status === 'fail');
      expect(failed.map((c) => `${c.id}: ${c.evidence.join(' / ')}`)).toHaveLength(1);
      expect(failed[0]!.id).toBe(b.fails);
      if (b.evidence) expect(failed[0]!.evidence).toEqual([expect.stringMatching(b.evidence)]);
      // A should failure is reported but does not fail the run (nor the sealed result).
      expect(report.exit_code).toBe(failed[0]!.severity === 'must' ? 1 : 0);
      expect((report.result_message.body as { status: string }).status).toBe(
        failed[0]!.severity === 'must' ? 'fail' : 'pass',
      );
    }, 120_000);
  }
});

it('a run of one request shows no wait, and a fresh id only against the statement it read', async () => {
  const report = await run('none', ['sync']);
  const of = (id: string) => report.checks.find((c) => c.id === id)!;
  expect(of('client.waits_for_answer').status).not.toBe('pass');
  // The statement read by GET is a message the client was answered with: its id was there to reuse
  // (the statement-id row of the table fails the check on it).
  expect(of('client.fresh_ids').status).toBe('pass');
  // The follow-up scenario sends a second message after the first answer: both are shown there.
  const followed = await run('none', ['follow-up']);
  for (const id of ['client.fresh_ids', 'client.waits_for_answer'])
    expect(followed.checks.find((c) => c.id === id)!.status, id).toBe('pass');
}, 60_000);

it('a client that polls once, answered working, has shown neither that it stops nor its interval: both not exercised', async () => {
  const report = await run('polls-once', ['async']);
  expect(report.checks.find((c) => c.id === 'client.poll_stops')).toMatchObject({
    status: 'not_exercised',
    evidence: ['async: not exercised: no poll answered a terminal state, so stopping was not shown'],
  });
  expect(report.checks.find((c) => c.id === 'client.poll_interval')).toMatchObject({
    status: 'not_exercised',
    evidence: ['async: not exercised: the task was polled once, so no interval was shown'],
  });
  expect(report.checks.find((c) => c.id === 'client.completes')!.status).toBe('fail');
  expect(report.exit_code).toBe(1);
}, 60_000);

it('a request refused with retryable false, asked again under fresh ids, fails client.error_not_resent', async () => {
  const report = await run('asks-unknown-again', ['sync']);
  const failed = report.checks.filter((c) => c.status === 'fail');
  // An unregistered subject is also a warning of each message (a should).
  expect(failed.map((c) => c.id).filter((id) => id !== 'client.message_warning_free')).toEqual([
    'client.error_not_resent',
  ]);
  expect(failed.find((c) => c.id === 'client.error_not_resent')!.evidence).toEqual([
    expect.stringMatching(
      /^sync: msg-[^ ]+ asks again what request #2 asked \(the same profile and body under fresh ids\), after its 404 exchange\.subject_unknown said retryable false$/,
    ),
  ]);
}, 60_000);

it('a client that reads the statement again right after the 429, then waits to retry, passes client.retry_after', async () => {
  const report = await run('reads-statement-after-429', ['rate-limited']);
  expect(report.checks.filter((c) => c.status === 'fail').map((c) => `${c.id}: ${c.evidence.join(' / ')}`)).toEqual([]);
  expect(statusOf(report, 'client.retry_after')).toBe('pass');
}, 60_000);

it('one message_id for the first request of every scenario fails client.fresh_ids across the runs', async () => {
  const report = await run('fixed-id', ['sync', 'async']);
  expect(report.checks.filter((c) => c.status === 'fail').map((c) => [c.id, c.evidence])).toEqual([
    [
      'client.fresh_ids',
      [expect.stringMatching(/^async: message_id msg-broken-fixed was already used by request #\d+ of the sync run$/)],
    ],
  ]);
}, 120_000);

/**
 * Clients that behave well in their own way must not fail: one that always asks async (the sync
 * scenario answers it 202 and it polls), one that always asks sync (it does not declare async), one
 * that sends no follow-up (it does not declare follow-ups). What their choice leaves unobserved is
 * skipped (not declared) or not exercised (declared but not done), never failed.
 */
describe.concurrent('well-behaved clients that ignore UAI_SCENARIO', () => {
  const ROWS: readonly { fault: string; manifest: ClientManifest; skips: Record<string, RegExp> }[] = [
    { fault: 'always-async', manifest: IDENTIFIED, skips: {} },
    {
      fault: 'always-sync',
      manifest: declaring({ async: false }),
      skips: { 'client.poll_task_ref': /does not declare that it asks for delivery.mode async .*--async/ },
    },
    { fault: 'always-follows-up', manifest: IDENTIFIED, skips: {} },
    { fault: 'fetches-result', manifest: IDENTIFIED, skips: {} },
    {
      fault: 'no-follow-up',
      manifest: declaring({ follow_ups: false }),
      skips: { 'client.follow_up': /does not declare that it sends a follow-up .*"follow_ups": true/ },
    },
  ];
  for (const row of ROWS)
    it(`${row.fault}: no check fails in any scenario`, async () => {
      const report = await run(row.fault, CLIENT_SCENARIO_IDS, 60_000, row.manifest);
      expect(report.checks.filter(failsRun).map((c) => `${c.id}: ${c.evidence.join(' / ')}`)).toEqual([]);
      expect(statusOf(report, 'client.completes')).toBe('pass');
      for (const [id, declaration] of Object.entries(row.skips)) {
        const verdict = report.checks.find((c) => c.id === id)!;
        expect(verdict.status, id).toBe('skip');
        expect(verdict.evidence[0]).toMatch(declaration);
      }
      expect(report.exit_code).toBe(0);
    }, 300_000);

  it('a client that declares async but asks sync: polling not exercised, with the reason; completes passes', async () => {
    const report = await run('always-sync', ['async']);
    expect(statusOf(report, 'client.completes')).toBe('pass');
    for (const id of ['client.poll_task_ref', 'client.poll_stops', 'client.poll_interval']) {
      const verdict = report.checks.find((c) => c.id === id)!;
      expect(verdict.status, id).toBe('not_exercised');
      expect(verdict.evidence[0]).toMatch(/asked for delivery.mode sync .*UAI_SCENARIO=async/);
    }
  }, 120_000);

  it('a client that declares follow-ups but sends none: follow_up not exercised; completes passes', async () => {
    const report = await run('no-follow-up', ['follow-up']);
    expect(statusOf(report, 'client.completes')).toBe('pass');
    expect(report.checks.find((c) => c.id === 'client.follow_up')).toMatchObject({
      status: 'not_exercised',
      evidence: [expect.stringMatching(/declares follow-ups but sent none .*UAI_SCENARIO=follow-up/)],
    });
    expect(statusOf(report, 'client.quiet_after_final')).toBe('pass');
  }, 120_000);
});

it('the sealed result names the client by its package URL, judged by the request profile', async () => {
  const report = await run('none', ['sync']);
  const result = report.result_message as Record<string, any>;
  expect(result.target).toEqual({
    type: 'agent',
    id: 'pkg:npm/%40uai-kit-tests/broken-client@1.0.0',
    label: 'Broken Client',
    implementation: 'Broken Client 1.0.0',
  });
  expect(result.body.checked_profile).toBe('uai.intent.request.v1');
  expect(result.body.target_message_ref).toBe('pkg:npm/%40uai-kit-tests/broken-client@1.0.0');
  expect(result.body.artifacts.schema_url).toMatch(/\/schemas\/uai\.intent\.request\.v1$/);
  expect(JSON.stringify(result)).not.toContain('broken-client.mts');
  const validation = validateMessage(result, { mode: 'keyed-json', site, now: new Date() });
  expect([validation.error_count, validation.warning_count]).toEqual([0, 0]);
  expect(report.client).toEqual({
    name: 'Broken Client',
    purl: 'pkg:npm/%40uai-kit-tests/broken-client@1.0.0',
    declares: { async: true, keyless: true, follow_ups: true },
  });
}, 60_000);

it('without a manifest: nothing is expected, but what the client does is judged', async () => {
  const broken = await run('made-up-ref', ['async'], 60_000, NOTHING_DECLARED);
  expect(statusOf(broken, 'client.poll_task_ref')).toBe('fail');
  expect(broken.exit_code).toBe(1);
  const quiet = await run('always-sync', ['async', 'follow-up'], 60_000, NOTHING_DECLARED);
  expect(quiet.checks.filter(failsRun)).toEqual([]);
  expect(quiet.checks.find((c) => c.id === 'client.poll_stops')).toMatchObject({
    status: 'skip',
    evidence: [expect.stringMatching(/does not declare that it asks for delivery.mode async/)],
  });
}, 120_000);

it('a keyed-only client declines the keyless scenario by sending nothing; declaring keyless, it fails', async () => {
  const declined = await run('keyed-only', ['keyless'], 60_000, declaring({ keyless: false }));
  expect(declined.checks.filter(failsRun)).toEqual([]);
  expect(declined.checks.find((c) => c.id === 'client.completes')).toMatchObject({
    status: 'skip',
    evidence: [expect.stringMatching(/^keyless: the client does not declare that it speaks the keyless binding/)],
  });
  const claimed = await run('keyed-only', ['keyless'], 60_000, declaring({ keyless: true }));
  expect(statusOf(claimed, 'client.completes')).toBe('fail');
  // Without a declaration, a keyed body sent to the keyless-only endpoint is still judged.
  const tried = await run('keyed-anyway', ['keyless'], 60_000, NOTHING_DECLARED);
  expect(statusOf(tried, 'client.binding_form')).toBe('fail');
}, 120_000);

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
    manifest: EVERYTHING_DECLARED,
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
      /^uai test-client .+: 12 passed, 0 failed \(0 must\), 0 not exercised, 8 skipped; 2 requests$/m,
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
      ['--command', 'x', '--result', 'r.json'],
      ['--command', 'x', '--name', 'X', '--purl', 'pkg:npm/x'],
      ['--command', 'x', '--name', 'X', '--purl', 'not-a-purl@1'],
      ['--command', 'x', '--purl', 'pkg:npm/x@1'],
      ['--command', 'x', '--manifest', '/nonexistent/manifest.json'],
      // A device that never ends is refused before it is read (it once held 680 MB).
      ['--command', 'x', '--manifest', '/dev/zero'],
      [],
      ['--command', 'x', '--scenario', 'nope'],
      // Sealed from some scenarios, a result would pass the checks of the others unseen.
      ['--command', 'x', '--scenario', 'sync', '--name', 'X', '--purl', 'pkg:npm/x@1', '--result', 'r.json'],
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
