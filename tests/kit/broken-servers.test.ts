import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/engine/index.ts';
import { failsRun, testImplementation, type KitReport } from '../../src/kit/index.ts';
import { KIT_CHECKS } from '../../src/standard/kit-checks.ts';
import { BROKEN, onMessage } from './broken-server-table.ts';
import { HOSTILE_SERVERS } from './hostile-servers.ts';
import {
  KIT_NOW as NOW,
  KIT_RUN_ID as RUN_ID,
  runKitOn,
  checksWith as withStatus,
  startKitServer,
  type KitServer,
} from './harness.ts';

/**
 * Proof that the kit can fail: the reference server passes every check, and for each check a
 * deliberately broken server (the reference server with one fault) fails exactly the checks that
 * fault breaks. Where one fault necessarily breaks two checks (an unpublished error code is also
 * an invalid message), the row names both.
 */
let server: KitServer;
beforeAll(async () => void (server = await startKitServer()));
afterAll(async () => server.stop());

const run = (): Promise<KitReport> => runKitOn(server);
const failing = (r: KitReport) => withStatus(r, 'fail');

describe('the reference server passes', () => {
  it('every check, and its result message validates clean', async () => {
    server.transform = undefined;
    const report = await run();
    expect(failing(report)).toEqual([]);
    expect(report.checks.filter((c) => c.status !== 'pass').map((c) => c.id)).toEqual([]);
    expect(report.exit_code).toBe(0);
    expect(report.declared_bindings).toEqual(['https-json-keyed', 'https-json-keyless', 'https-async-callback']);
    const result = validateMessage(report.result_message, { mode: 'keyed-json', site: server.site, now: NOW });
    expect([result.error_count, result.warning_count]).toEqual([0, 0]);
    expect((report.result_message.body as { status: string }).status).toBe('pass');
  });
});

describe('each broken server fails exactly its checks', () => {
  it('the tables break every check of the kit', () => {
    const broken = new Set([
      ...BROKEN.flatMap((b) => b.fails),
      ...HOSTILE_SERVERS.flatMap((h) => [...h.fails, ...(h.reports ?? [])]),
    ]);
    expect(KIT_CHECKS.map((c) => c.id).filter((id) => !broken.has(id))).toEqual([]);
  });
  for (const b of BROKEN) {
    it(`${b.fault}: ${b.fails.join(', ')}`, async () => {
      server.transform = b.transform;
      const report = await run();
      expect({ fail: failing(report), not_exercised: withStatus(report, 'not_exercised') }).toEqual({
        fail: [...b.fails].sort(),
        not_exercised: [...(b.unexercised ?? [])].sort(),
      });
      const runFails = report.checks.some(failsRun);
      expect(report.exit_code).toBe(runFails ? 1 : 0);
      for (const id of [...b.fails, ...(b.unexercised ?? [])])
        expect(report.checks.find((c) => c.id === id)!.evidence.length).toBeGreaterThan(0);
      // Even a failing run gives a sealed result that validates clean and lists the failures.
      const result = validateMessage(report.result_message, { mode: 'keyed-json', site: server.site, now: NOW });
      expect([result.error_count, result.warning_count]).toEqual([0, 0]);
      expect((report.result_message.body as { issues: { code: string }[] }).issues.map((i) => i.code).sort()).toEqual(
        [...b.fails, ...(b.unexercised ?? [])].sort(),
      );
      expect((report.result_message.body as { status: string }).status).toBe(runFails ? 'fail' : 'pass');
    });
  }
  it('a rule whose only answers held nothing it reads is not exercised, and the evidence says so', async () => {
    server.transform = onMessage('unknown-subject', (m) => void (m.body.code = 'made.up'));
    const report = await run();
    expect(report.checks.find((c) => c.id === 'exchange.error_status')).toMatchObject({
      status: 'not_exercised',
      evidence: [
        expect.stringMatching(
          /^the answers to unknown-subject are of a kind it applies to, but no request or answer held what it reads/,
        ),
      ],
    });
  });
  it('a server whose every answer is text/plain leaves message.encoding not exercised: no bytes were sent as JSON', async () => {
    server.transform = async (ex) => {
      const headers = new Headers(ex.response.headers);
      headers.set('content-type', 'text/plain');
      return new Response(await ex.response.clone().arrayBuffer(), { status: ex.response.status, headers });
    };
    const report = await run();
    const of = (id: string) => report.checks.find((c) => c.id === id)!;
    expect(of('message.media_type').status).toBe('fail');
    expect(of('message.encoding')).toMatchObject({
      status: 'not_exercised',
      evidence: ['no answer read in full was sent as JSON (see message.media_type)'],
    });
  });
  it('a task status read again in the same state, re-issued later under its id, is no id collision', async () => {
    let polls = 0;
    server.transform = onMessage('poll', (m) => {
      polls += 1;
      m.provenance.issued_at = new Date(Date.parse(m.provenance.issued_at) + polls * 1000).toISOString();
    });
    const report = await run();
    expect(polls).toBe(2);
    expect(failing(report)).toEqual([]);
    expect(report.checks.find((c) => c.id === 'message.own_ids')!.status).toBe('pass');
  });
});

/**
 * Servers that break the exchange or the wire rather than one member: each must make the run fail
 * with a named check and its evidence, within the kit's bounds, and never make it throw. A stopped
 * run (nothing more could be sent) exits 1 and its sealed result says fail. What HTTP allows but
 * the kit advises against (an interim answer first) is reported as a should and fails nothing.
 */
describe('hostile servers fail the run, within bounds', () => {
  // A short timeout where the server stalls on purpose; a generous one elsewhere, so that a loaded
  // CI machine cannot turn a slow honest answer into an early stop.
  const limits = (stops: boolean) => ({ timeoutMs: stops ? 2000 : 10_000, totalMs: 20_000, maxRequests: 50 });
  it('the table has every hostile behaviour the kit must survive', () => {
    expect(HOSTILE_SERVERS.map((h) => h.behaviour).sort()).toEqual(
      [
        'never answers',
        'echoes the request',
        'redirects',
        'sends 1xx first',
        'floods interim responses',
        'sends 1xx and then nothing',
        'switches protocols',
        'sends a transfer coding it was not offered',
        'answers with bytes that are not HTTP',
        'declares a length and a chunked body at once',
        'resets mid-body',
        'sends fewer bytes than Content-Length',
        'declares 400 MB',
        'sends an endless chunked body',
        'sends one byte a second',
        'answers with JSON nested 4 MB deep',
        'answers everything with 4 MB of empty objects',
        'answers everything with 256 KiB of empty objects',
      ].sort(),
    );
  });
  for (const h of HOSTILE_SERVERS) {
    it(`${h.behaviour}: ${[...h.fails, ...(h.reports ?? []).map((id) => `${id} (should)`)].join(', ')}`, async () => {
      server.transform = h.transform;
      const started = Date.now();
      const report = await testImplementation({
        endpoint: server.endpoint,
        site: server.site,
        limits: limits(h.stops),
        now: NOW,
        runId: RUN_ID,
      });
      expect(Date.now() - started).toBeLessThan(limits(h.stops).totalMs + 5000);
      const runFails = h.fails.length > 0;
      expect(report.exit_code).toBe(runFails ? 1 : 0);
      for (const [ids, severity] of [
        [h.fails, 'must'],
        [h.reports ?? [], 'should'],
      ] as const)
        for (const id of ids) {
          const verdict = report.checks.find((c) => c.id === id)!;
          expect([verdict.status, verdict.severity], id).toEqual(['fail', severity]);
          expect(verdict.evidence.join('\n')).toMatch(h.evidence);
        }
      if (!runFails) expect(failing(report)).toEqual([...(h.reports ?? [])].sort());
      if (h.stops) expect(report.aborted).toMatch(h.evidence);
      else expect(report.aborted).toBeUndefined();
      const result = validateMessage(report.result_message, { mode: 'keyed-json', site: server.site, now: NOW });
      expect([result.error_count, result.warning_count]).toEqual([0, 0]);
      expect((report.result_message.body as { status: string }).status).toBe(runFails ? 'fail' : 'pass');
      // Whatever stopped or cut an answer, nothing that applies passes unseen.
      expect(report.checks.filter((c) => c.status === 'skip')).toEqual([]);
    });
  }
});
