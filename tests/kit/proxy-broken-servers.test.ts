import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/engine/index.ts';
import { DEFAULT_LIMITS, testImplementation } from '../../src/kit/index.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { replayRecording, type ProxyReport } from '../../src/kit/proxy/index.ts';
import { BROKEN } from './broken-server-table.ts';
import { HOSTILE_SERVERS } from './hostile-servers.ts';
import { startProxiedServer, type ProxiedServer } from './proxy-support.ts';

/**
 * uai proxy between the kit (the client) and the broken-server table (the server): every finding
 * about what the server broke is the server's, and the client's findings are the ones its own
 * requests earn (the kit's hostile requests), unchanged by whatever the server does. The same kit
 * run through the proxy gives the kit's own verdicts: the proxy changes nothing it forwards.
 */
const NOW = new Date('2026-11-20T10:00:00Z');
const RUN_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
let px: ProxiedServer;
beforeAll(async () => void (px = await startProxiedServer()));
const scratch = mkdtempSync(join(tmpdir(), 'uai-proxy-broken-'));
afterAll(async () => {
  await px.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const kitThrough = (limits = DEFAULT_LIMITS) =>
  testImplementation({ endpoint: px.proxy.endpoint, site: px.site, limits, now: NOW, runId: RUN_ID });
const ids = (r: ProxyReport, side: string) =>
  [...new Set(r.findings.filter((f) => f.side === side).map((f) => f.check))].sort();
/** The session's report once every exchange forwarded so far is judged. */
const reportOf = async (session: {
  report: (o: { site: typeof px.site; runId: string; now: Date }) => ProxyReport;
}) => {
  await px.proxy.judged();
  return session.report({ site: px.server.site, runId: RUN_ID, now: NOW });
};

/**
 * What a server fault breaks as the proxy names it: the kit's check, or the conversation rule that
 * widens it. A hostile request accepted breaks the same hostile check, which the proxy applies to
 * the client's request for real, and its answer is no message either.
 */
const wider = (id: string) => (id === 'message.own_ids' ? 'conversation.answer_ids' : id);
const alongside = (id: string) => (id.startsWith('hostile.') ? ['message.valid'] : []);
/** Checks only the kit's own run can judge: what it asked first, which endpoint it meant, and whom. */
const KIT_ONLY = (id: string) =>
  id === 'capability.reachable' || id === 'capability.names_endpoint' || id === 'message.source_addressed';
/**
 * Row by row, what the kit names by its own polls: a poll answered with an invalid task status is
 * task.pollable to the kit, and message.valid to the proxy, as every invalid answer is. And what
 * the kit holds against the statement it read: the proxy's conversation compares an answer's id
 * with earlier requests and answers, not with capability statements (a document read again and
 * again under one id, docs/proxy.md). And a 503 whose Retry-After is past the 5 s the kit waits:
 * the kit judges it as the answer to its poll; the proxy sees a poll paced, whatever the client does
 * with it, and judges what the 503 says (in plain text, nothing).
 */
const KIT_READS: Record<string, readonly string[]> = {
  'a task status whose delivery.task_ref names another task': ['task.pollable'],
  'a first poll refused in plain text (503, Retry-After past the wait), then the right status': ['task.pollable'],
  "an answer reusing the capability statement's message_id": ['message.own_ids'],
};

/**
 * What the proxy sees that the kit does not judge, row by row: findings that are true, and on the
 * side named. The kit holds to the exchange rules only the refusals of hostile bodies a server reads
 * as messages; the proxy holds every answer that parses, those to the text/plain and too-deep
 * bodies too, so a canned answer to another request breaks more linkage rules there. And a server
 * that reads completed and then working makes the kit, as a client, poll after a final state.
 */
const ALSO_SERVER: Record<string, readonly string[]> = {
  // The keyless twins of the hostile bodies are answered with the canned keyed message too, which the
  // proxy holds to the request's shape; the kit judges the shape of answers to valid requests only.
  'the hostile requests refused with the same bytes, one message_id': [
    'message.keyless_shape',
    'exchange.sequence',
    'exchange.subject_copied',
  ],
};
const ALSO_CLIENT: Record<string, readonly string[]> = {
  'working again after completed': ['conversation.poll_stops'],
  // The kit polls again at once after a Retry-After past the 5 s it waits (POLL_RETRY_MAX_MS), which
  // a client is held to: the proxy says so.
  'a first poll refused (503, Retry-After past the wait), then the status of another task': [
    'conversation.retry_after',
  ],
  'a first poll refused in plain text (503, Retry-After past the wait), then the right status': [
    'conversation.retry_after',
  ],
};

let clientBaseline: string[];

describe('the reference server behind the proxy', () => {
  it('no finding about the server; the kit passes every check through it; results validate clean', async () => {
    px.server.transform = undefined;
    const { session } = await px.fresh();
    const kit = await kitThrough();
    expect(kit.checks.filter((c) => c.status !== 'pass').map((c) => c.id)).toEqual([]);
    const report = await reportOf(session);
    expect(ids(report, 'server')).toEqual([]);
    // The kit's hostile requests are the client's doing, and the proxy says so.
    // The kit reads a task twice, back to back, by design (poll-again), and the reference server's
    // task ends 1 to 2 s after it is accepted (2 s from the accepting second): which of two true
    // findings the proxy holds against the kit as a client depends on the clock, in every run. Ended
    // by the first read, the second poll is one after a final state (poll_stops); still working at
    // the second, the kit stopped following a task that had not ended (task_followed).
    clientBaseline = [...new Set([...ids(report, 'client'), 'conversation.poll_stops', 'conversation.task_followed'])];
    expect(clientBaseline).toContain('client.message_valid');
    // Two messages of one sender: each has an id of its own (spec section 2.2).
    const resultIds = [report.server, report.client].map(
      (side) => (side.result_message as { message_id: string }).message_id,
    );
    expect(new Set(resultIds).size).toBe(2);
    for (const side of [report.server, report.client]) {
      const v = validateMessage(side.result_message, { mode: 'keyed-json', site: px.server.site, now: NOW });
      expect([v.error_count, v.warning_count]).toEqual([0, 0]);
    }
  });
});

describe('each broken server behind the proxy: its findings are the server side', () => {
  for (const b of BROKEN) {
    it(`${b.fault}`, async () => {
      px.server.transform = b.transform;
      const { session, lines } = await px.fresh();
      const kit = await kitThrough();
      const report = await reportOf(session);
      const server = ids(report, 'server');
      // Its recording, judged offline, says the same.
      const file = join(scratch, 'recording.jsonl');
      writeFileSync(file, lines.join(''));
      const replayed = await replayRecording(file, { site: px.server.site, runId: RUN_ID, now: NOW });
      expect(replayed.ok && replayed.report).toEqual(report);
      // Every fault the traffic shows is found, and about the server.
      const visible = b.fails.filter((id) => !KIT_ONLY(id) && !KIT_READS[b.fault]?.includes(id));
      for (const id of visible) expect(server.includes(id) || server.includes(wider(id)), id).toBe(true);
      if (visible.length) expect(report.exit_code).toBe(1);
      // Nothing else is held against the server: its findings are the row's checks (or their wider rule).
      const allowed = new Set([
        ...b.fails,
        ...b.fails.map(wider),
        ...b.fails.flatMap(alongside),
        ...(b.unexercised ?? []),
        ...(ALSO_SERVER[b.fault] ?? []),
      ]);
      expect(server.filter((id) => !allowed.has(id))).toEqual([]);
      // And nothing new is held against the client.
      const client = [...clientBaseline, ...(ALSO_CLIENT[b.fault] ?? [])];
      expect(ids(report, 'client').filter((id) => !client.includes(id))).toEqual([]);
      // Each side's sealed result validates clean, however broken the traffic was.
      for (const side of [report.server, report.client]) {
        const v = validateMessage(side.result_message, { mode: 'keyed-json', site: px.server.site, now: NOW });
        expect([v.error_count, v.warning_count]).toEqual([0, 0]);
      }
      // The kit through the proxy fails what it fails directly (the broken-servers table).
      expect(
        kit.checks
          .filter((c) => c.status === 'fail')
          .map((c) => c.id)
          .sort(),
      ).toEqual([...b.fails].sort());
    });
  }
});

describe('hostile servers behind the proxy: reported against the server, and the next exchange is served', () => {
  // The proxy's bound is shorter than the client's here, so that the proxy, not the client, gives up on a stalling server.
  beforeAll(async () => {
    await px.stop();
    px = await startProxiedServer(1500);
  });
  for (const h of HOSTILE_SERVERS) {
    it(`${h.behaviour}`, async () => {
      px.server.transform = h.transform;
      const { session, judged } = await px.fresh();
      await kitThrough({ timeoutMs: 2000, totalMs: 20_000, maxRequests: 50 });
      // The proxy goes on: a well-formed exchange after the hostile one is answered and judged clean.
      px.server.transform = undefined;
      const answer = await fetch(px.proxy.endpoint, { headers: { accept: 'application/json' } });
      expect(answer.status).toBe(200);
      await answer.arrayBuffer();
      await new Promise((r) => setTimeout(r, 50));
      const report = await reportOf(session);
      expect(ids(report, 'server').length, JSON.stringify(report.findings.slice(0, 3))).toBeGreaterThan(0);
      // A must broken fails the server's side; what HTTP allows (an interim answer first) is only reported.
      expect(report.server.exit_code).toBe(h.fails.length ? 1 : 0);
      for (const id of h.reports ?? [])
        expect(
          report.server.checks.find((c) => c.id === id),
          id,
        ).toMatchObject({ status: 'fail', severity: 'should' });
      expect(ids(report, 'client').filter((id) => !clientBaseline.includes(id))).toEqual([]);
      expect(judged.at(-1)!.findings).toEqual([]);
    }, 60_000);
  }
  it('a switch to a protocol nobody asked for fails transport.answered, naming RFC 9110 section 7.8', async () => {
    px.server.transform = HOSTILE_SERVERS.find((h) => h.behaviour === 'switches protocols')!.transform;
    const { session } = await px.fresh();
    await kitThrough({ timeoutMs: 2000, totalMs: 20_000, maxRequests: 50 });
    const server = (await reportOf(session)).findings.filter((f) => f.side === 'server');
    expect(server.map((f) => [f.check, f.severity])).toContainEqual(['transport.answered', 'must']);
    expect(server.map((f) => f.check)).not.toContain('transport.no_interim');
    expect(server.map((f) => f.message)).toContainEqual(
      expect.stringMatching(/^HTTP 101 switching to uai-raw .*RFC 9110 section 7\.8/),
    );
  });
  it('a flood of interim responses is cut at the bound, not read until the time runs out', async () => {
    px.server.transform = HOSTILE_SERVERS.find((h) => h.behaviour === 'floods interim responses')!.transform;
    const { session } = await px.fresh();
    const started = Date.now();
    await kitThrough({ timeoutMs: 2000, totalMs: 20_000, maxRequests: 50 });
    expect(Date.now() - started).toBeLessThan(1000);
    const messages = (await reportOf(session)).findings.filter((f) => f.side === 'server').map((f) => f.message);
    expect(messages).toContainEqual(expect.stringMatching(/^101 interim responses and no answer/));
  });
});
