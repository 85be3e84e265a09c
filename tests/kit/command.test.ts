import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal, validateMessage } from '../../src/engine/index.ts';
import { testCommand } from '../../src/kit/command.ts';
import type { KitReport } from '../../src/kit/index.ts';
import { KIT_CHECKS } from '../../src/standard/kit-checks.ts';
import { HOSTILE_SERVERS } from './hostile-servers.ts';
import { startKitServer, type KitServer } from './harness.ts';

/** `uai test`: formats, baseline, result file, bounds and refusals, against a live reference server. */
const NOW = new Date('2026-11-20T10:00:00Z');
let server: KitServer;
const dir = mkdtempSync(join(tmpdir(), 'uai-kit-'));
beforeAll(async () => void (server = await startKitServer()));
afterAll(async () => server.stop());

async function uaiTest(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await testCommand(argv, {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    now: () => NOW,
    site: server.site,
  });
  return { code, stdout, stderr };
}

/** One broken server for the baseline tests: sequence not +1 on every answer. */
const breakSequence = async () => {
  server.transform = async (ex) => {
    if (ex.method !== 'POST' || ex.response.status >= 300 || ex.response.status < 200) return ex.response;
    const m = (await ex.response.clone().json()) as Record<string, any>;
    if (Array.isArray(m)) return ex.response;
    m.conversation.sequence += 5;
    return new Response(JSON.stringify(seal(m)), { status: ex.response.status, headers: ex.response.headers });
  };
};

describe('uai test', () => {
  it('text: one line per check, exit 0, and a result file that validates clean', async () => {
    server.transform = undefined;
    const result = join(dir, 'result.json');
    const { code, stdout } = await uaiTest(server.endpoint, '--result', result);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      new RegExp(`^uai test ${server.endpoint.replaceAll('.', '\\.')}: ${KIT_CHECKS.length} passed, 0 failed`),
    );
    for (const c of KIT_CHECKS) expect(stdout).toContain(`PASS  ${c.id}`);
    const message = JSON.parse(readFileSync(result, 'utf8'));
    // The last line names the file the result went to, as the command to check it.
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(
      `result message ${message.message_id}: pass (written to ${result}; verify with: uai validate ${result})`,
    );
    const checked = validateMessage(message, { mode: 'keyed-json', site: server.site, now: NOW });
    expect([checked.error_count, checked.warning_count]).toEqual([0, 0]);
    expect(message.target).toMatchObject({ type: 'service', id: server.endpoint });
  });

  it('junit: one testcase per check, failures counted, parseable XML', async () => {
    await breakSequence();
    const { code, stdout } = await uaiTest(server.endpoint, '--format', 'junit');
    expect(code).toBe(1);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(stdout);
    const suite = doc.testsuites.testsuite;
    expect(Number(suite.tests)).toBe(KIT_CHECKS.length);
    expect(Number(suite.failures)).toBe(1);
    const failed = suite.testcase.filter((t: Record<string, unknown>) => t.failure);
    expect(failed.map((t: { name: string }) => t.name)).toEqual(['exchange.sequence']);
  });

  it('html: a standalone page with a row per check', async () => {
    server.transform = undefined;
    const { code, stdout } = await uaiTest(server.endpoint, '--format', 'html');
    expect(code).toBe(0);
    expect(stdout.startsWith('<!doctype html>')).toBe(true);
    expect(stdout.match(/<tr class="pass">/g)?.length).toBe(KIT_CHECKS.length);
    expect(stdout).not.toMatch(/<script|https?:\/\/[^"]*\.(css|js)"/);
  });

  it('json: the report with the sealed result message', async () => {
    server.transform = undefined;
    const { stdout } = await uaiTest(
      server.endpoint,
      '--format',
      'json',
      '--only',
      'exchange.sequence,hostile.too_deep',
    );
    const report = JSON.parse(stdout);
    expect(report.checks.map((c: { id: string }) => c.id)).toEqual(['exchange.sequence', 'hostile.too_deep']);
    expect(report.exit_code).toBe(0);
  });

  it('a baseline makes a known failure expected; a stale entry or a regression fails', async () => {
    await breakSequence();
    const baseline = join(dir, 'baseline.json');
    writeFileSync(baseline, JSON.stringify({ expected_failures: ['exchange.sequence'] }));
    const expected = await uaiTest(server.endpoint, '--baseline', baseline);
    expect(expected.code).toBe(0);
    expect(expected.stdout).toContain('(expected, baseline)');
    server.transform = undefined;
    const stale = await uaiTest(server.endpoint, '--baseline', baseline);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toContain('stale baseline entries (they pass now; remove them): exchange.sequence');
    // The page a CI system shows says why the step failed: the stale entry is a failure there too.
    const staleJunit = await uaiTest(server.endpoint, '--baseline', baseline, '--format', 'junit');
    expect(staleJunit.code).toBe(1);
    const staleSuite = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(staleJunit.stdout)
      .testsuites.testsuite;
    expect(Number(staleSuite.failures)).toBe(1);
    expect(
      staleSuite.testcase.filter((t: { failure?: unknown }) => t.failure).map((t: { name: string }) => t.name),
    ).toEqual(['exchange.sequence']);
    expect(staleSuite.testcase.find((t: { name: string }) => t.name === 'exchange.sequence').failure.type).toBe(
      'stale_baseline',
    );
    // An entry naming a check of the other kit (a baseline may hold both) is stale here too, and shown.
    writeFileSync(baseline, JSON.stringify({ expected_failures: ['client.completes'] }));
    const other = await uaiTest(server.endpoint, '--baseline', baseline, '--format', 'junit');
    expect(other.code).toBe(1);
    const otherSuite = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(other.stdout)
      .testsuites.testsuite;
    expect(otherSuite.testcase.filter((t: { failure?: unknown }) => t.failure)).toEqual([
      expect.objectContaining({
        name: 'client.completes',
        failure: expect.objectContaining({ type: 'stale_baseline' }),
      }),
    ]);
    expect(Number(otherSuite.failures)).toBe(1);
    writeFileSync(baseline, JSON.stringify({ expected_failures: ['hostile.too_deep'] }));
    await breakSequence();
    const regression = await uaiTest(server.endpoint, '--baseline', baseline);
    expect(regression.code).toBe(1);
    expect(regression.stdout).toContain('regressions (not in the baseline): exchange.sequence');
  });

  it.each([
    [['--format', 'xml'], /--format takes/],
    [['--only', 'no.such'], /unknown check id/],
    // Nothing run is no verdict, never a sealed pass.
    [['--only', ','], /--only names no check id/],
    [['--only', ''], /--only names no check id/],
    // A sealed result lists failures only: sealed from some checks, it would pass the others unseen.
    [['--only', 'capability.reachable', '--result', 'r.json'], /--result seals the verdict of every check/],
    // Sealed about the endpoint, a result must not rest on another server's statement.
    [['--capability', 'http://127.0.0.1:1/uai', '--result', 'r.json'], /--capability reads the statement from/],
    [['--timeout', '0'], /positive whole number/],
    // Node fires a timer past 2^31 - 1 ms after 1 ms: a working server would look unreachable.
    [['--timeout', '2147483648'], /--timeout takes a whole number of milliseconds from 1 to 2147483647/],
    [['--max-time', '3000000000'], /--max-time takes a whole number of milliseconds from 1 to 2147483647/],
    [
      ['--baseline', '/nonexistent/baseline.json'],
      /the baseline \/nonexistent\/baseline\.json: cannot read: no such file/,
    ],
    [['--baseline', '/dev/zero'], /the baseline \/dev\/zero: larger than 1048576 bytes/],
  ])('usage error %j exits 2', async (args, message) => {
    const { code, stderr } = await uaiTest(server.endpoint, ...args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it('an endpoint nobody listens on exits 2 with one clear line', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const { code, stderr } = await uaiTest(`http://127.0.0.1:${port}/uai`);
    expect(code).toBe(2);
    expect(stderr).toMatch(/could not be reached: GET .* cannot reach http:\/\/127\.0\.0\.1/);
  });

  it('a run stopped by its own time cap before any answer says so, not that the endpoint could not be reached', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as AddressInfo).port;
    try {
      const { code, stderr } = await uaiTest(`http://127.0.0.1:${port}/uai`, '--max-time', '300');
      expect(code).toBe(2);
      expect(stderr).toMatch(
        /^uai test: stopped before http:\/\/127\.0\.0\.1:\d+\/uai answered: .*total time cap.* \(raise --max-time\)\n$/,
      );
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });

  it('a server that never answers is cut by the per-request timeout', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const started = Date.now();
    const { code, stderr } = await uaiTest(
      `http://127.0.0.1:${(silent.address() as AddressInfo).port}/uai`,
      '--timeout',
      '300',
    );
    silent.closeAllConnections();
    await new Promise<void>((r) => silent.close(() => r()));
    expect(code).toBe(2);
    expect(stderr).toContain('no answer within 300 ms');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('polling declared at another origin is not contacted', async () => {
    server.transform = async (ex) => {
      if (ex.method !== 'GET' || ex.path.includes('/tasks/')) return ex.response;
      const m = (await ex.response.clone().json()) as Record<string, any>;
      m.body.endpoints = m.body.endpoints.map((e: { binding: string; url: string }) =>
        e.binding === 'https-async-callback' ? { ...e, url: 'https://elsewhere.example/tasks/' } : e,
      );
      return new Response(JSON.stringify(seal(m)), { status: 200, headers: ex.response.headers });
    };
    const { code, stdout } = await uaiTest(server.endpoint, '--format', 'json');
    const report = JSON.parse(stdout);
    const poll = report.checks.find((c: { id: string }) => c.id === 'task.pollable');
    // Declared, so it applies; the kit cannot see it, so it is not exercised (and the run fails).
    expect(poll).toMatchObject({ status: 'not_exercised', evidence: [expect.stringContaining('contacts only')] });
    // Nothing else fails: the not-exercised check alone fails the run, its exit status and its result message.
    expect(report.counts.fail).toBe(0);
    expect([code, report.exit_code, (report.result_message.body as { status: string }).status]).toEqual([1, 1, 'fail']);
  });

  describe('interim answers are reported; a protocol switch nobody asked for fails', () => {
    const row = (behaviour: string) => HOSTILE_SERVERS.find((h) => h.behaviour === behaviour)!.transform;
    it('103 Early Hints before a correct answer (HTTP allows it): exit 0, a should failure with its evidence', async () => {
      server.transform = row('sends 1xx first');
      const { code, stdout, stderr } = await uaiTest(server.endpoint);
      expect(code).toBe(0);
      expect(stderr).toBe('');
      expect(stdout).toMatch(
        /\nFAIL {2}transport\.no_interim +should +RFC 9110 section 15\.2\n {8}sync: POST .*: HTTP 103 Early Hints before the answer\n/,
      );
      expect(stdout).toMatch(/, 1 failed \(0 must\),/);
      expect(stdout).toMatch(/result message msg-kit-result-\w+: pass/);
    });
    it('101 Switching Protocols unasked (RFC 9110 section 7.8): exit 1, transport.answered failed', async () => {
      server.transform = row('switches protocols');
      const { code, stdout } = await uaiTest(server.endpoint, '--format', 'json');
      const report = JSON.parse(stdout) as KitReport;
      expect(report.checks.find((c) => c.id === 'transport.answered')).toMatchObject({
        status: 'fail',
        severity: 'must',
        evidence: [expect.stringMatching(/HTTP 101 switching to uai-raw .*RFC 9110 section 7\.8/)],
      });
      expect(report.checks.find((c) => c.id === 'transport.no_interim')!.status).toBe('pass');
      expect([code, report.exit_code, (report.result_message.body as { status: string }).status]).toEqual([
        1,
        1,
        'fail',
      ]);
    });
  });

  describe('a run that stops early fails in every format', () => {
    const slow = HOSTILE_SERVERS.find((h) => h.behaviour === 'sends one byte a second')!.transform;
    const stopped = (format: string) => {
      server.transform = slow;
      return uaiTest(server.endpoint, '--timeout', '2000', '--format', format);
    };
    it('text: exit 1, the reason, not-exercised checks with theirs, no stack trace', async () => {
      const { code, stdout, stderr } = await stopped('text');
      expect(code).toBe(1);
      expect(stderr).toBe('');
      expect(stdout).toMatch(/stopped early \(the run fails\): POST .* not complete within 2000 ms/);
      expect(stdout).toMatch(/FAIL {2}transport\.answered/);
      expect(stdout).toMatch(
        /NOEX {2}hostile\.media_type .*\n {8}hostile\.media_type: not sent, the run stopped early/,
      );
      expect(stdout).toMatch(/result message msg-kit-result-\w+: fail/);
    });
    it('junit: a not-exercised check is a failure of its own type', async () => {
      const { stdout } = await stopped('junit');
      const suite = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(stdout).testsuites
        .testsuite;
      const unexercised = suite.testcase.filter(
        (t: { failure?: { type: string } }) => t.failure?.type === 'not_exercised',
      );
      expect(unexercised.length).toBeGreaterThan(0);
      expect(Number(suite.failures)).toBeGreaterThan(unexercised.length);
      // Why the run failed, in a testcase of its own, counted with the checks.
      const run = suite.testcase.find((t: { name: string }) => t.name === 'run.completed');
      expect(run.failure).toMatchObject({
        type: 'aborted',
        message: expect.stringMatching(/not complete within 2000 ms/),
      });
      expect(Number(suite.tests)).toBe(KIT_CHECKS.length + 1);
      expect(Number(suite.failures)).toBe(
        suite.testcase.filter((t: { failure?: unknown }) => t.failure !== undefined).length,
      );
    });
    it('json and html: the status, the reason, and a sealed result that says fail', async () => {
      const report = JSON.parse((await stopped('json')).stdout);
      expect(report.exit_code).toBe(1);
      expect(report.aborted).toMatch(/not complete within 2000 ms/);
      expect(report.counts.not_exercised).toBeGreaterThan(0);
      expect(report.result_message.body.status).toBe('fail');
      const page = (await stopped('html')).stdout;
      expect(page).toMatch(/<tr class="not_exercised"><td>NOT EXERCISED<\/td>/);
      expect(page).toMatch(/Stopped early \(the run fails\)/);
    });
  });
});
