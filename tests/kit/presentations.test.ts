import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failsRun, type KitReport } from '../../src/kit/index.ts';
import { seal } from '../../src/engine/index.ts';
import { HOSTILE_CHECKS, type KitCheckId } from '../../src/standard/kit-checks.ts';
import { BROKEN, kindOf, onMessage, type Broken } from './broken-server-table.ts';
import { runKitOn, checksWith as withStatus, startKitServer, type KitServer, type Transform } from './harness.ts';
import { PLAIN, present, presentation, type Presentation } from './presentations.ts';

/**
 * Implementations are written elsewhere, and their HTTP looks different from ours while still
 * being correct (tests/kit/presentations.ts: the status line, the framing, header name case, the
 * media type's spelling, extra headers, the JSON's whitespace, member order, escapes and number
 * spellings). The reference server in any of those presentations passes every check; each broken
 * server, in any of them, fails exactly the checks it fails as we present it, with evidence. A
 * difference either way is a false verdict of the kit.
 */
let server: KitServer;
beforeAll(async () => void (server = await startKitServer()));
afterAll(async () => server.stop());

const run = (): Promise<KitReport> => runKitOn(server);

/** Rewrites the bytes of one kind of answer, keeping its status and headers. */
const onText =
  (kind: 'capability' | 'sync', rewrite: (text: string) => string, headers: Record<string, string> = {}) =>
  async (ex: Parameters<Broken['transform']>[0]) => {
    if (kindOf(ex) !== kind) return ex.response;
    const h = new Headers(ex.response.headers);
    for (const [k, v] of Object.entries(headers)) h.set(k, v);
    return new Response(rewrite(await ex.response.text()), { status: ex.response.status, headers: h });
  };

/**
 * Faults of the kind implementations written elsewhere show, beyond the broken servers' table: the
 * HTTP of the answer (a header missing or sent twice) and the statement's bytes.
 */
const FOREIGN: readonly Broken[] = [
  {
    fault: 'the sync answer without Content-Type',
    fails: ['message.media_type'],
    transform: async (ex) => {
      if (kindOf(ex) !== 'sync') return ex.response;
      const headers = new Headers(ex.response.headers);
      headers.delete('content-type');
      // A Response given a string body would add text/plain: bytes carry no type.
      return new Response(await ex.response.arrayBuffer(), { status: ex.response.status, headers });
    },
  },
  {
    // node:http keeps the first field and drops the second; a client that joins them has no media type.
    fault: 'the sync answer with two Content-Type fields',
    fails: ['message.media_type'],
    transform: onText('sync', (t) => t, { 'content-type': 'application/json, text/html' }),
  },
  {
    fault: 'the statement with two Content-Type fields',
    fails: ['capability.reachable'],
    unexercised: ['capability.valid', 'capability.names_endpoint'],
    transform: onText('capability', (t) => t, { 'content-type': 'application/json, text/html' }),
  },
  {
    fault: 'a checksum one character off on the async answer',
    fails: ['message.valid'],
    transform: onMessage(
      'async',
      (m) => {
        const sealed = m.integrity.checksum as string;
        m.integrity.checksum = `${sealed.slice(0, -1)}${sealed.endsWith('0') ? '1' : '0'}`;
      },
      { reseal: false },
    ),
  },
  {
    // RFC 9457 section 3.1.2: the problem's status is the answer's; a uai.error.v1's body status too.
    fault: "the hostile requests refused with a typed error whose status is not the answer's",
    // A uai.error.v1 refusing a body read as a message is an answer to it: the exchange rules see its status too.
    fails: [...HOSTILE_CHECKS.map((c) => c.id), 'exchange.error_status', 'exchange.http_status'],
    transform: async (ex) => {
      if (kindOf(ex) !== 'hostile') return ex.response;
      const m = (await ex.response.clone().json()) as Record<string, any>;
      const other = ex.response.status === 400 ? 422 : 400;
      if (m.profile === 'uai.error.v1') m.body.status = other;
      else m.status = other;
      return new Response(JSON.stringify(m.profile === 'uai.error.v1' ? seal(m) : m), {
        status: ex.response.status,
        headers: ex.response.headers,
      });
    },
  },
  // The statement is a JSON answer like the others: its bytes are judged by message.encoding.
  {
    fault: 'the statement with a byte order mark',
    fails: ['message.encoding'],
    transform: onText('capability', (t) => `\uFEFF${t}`),
  },
  {
    fault: 'the statement in latin-1',
    fails: ['message.encoding'],
    transform: onText('capability', (t) => t, { 'content-type': 'application/json; charset=iso-8859-1' }),
  },
  {
    fault: 'the statement in a content coding no one knows',
    fails: ['message.encoding'],
    transform: onText('capability', (t) => t, { 'content-encoding': 'x-unknown' }),
  },
];

const verdicts = (r: KitReport) => ({
  fail: withStatus(r, 'fail'),
  not_exercised: withStatus(r, 'not_exercised'),
});
const expected = (b: Pick<Broken, 'fails' | 'unexercised'>) => ({
  fail: [...b.fails].sort(),
  not_exercised: [...(b.unexercised ?? [])].sort(),
});
const show = (p: Presentation) => JSON.stringify(p);
/** The broken server's answers in the presentation (one it writes on the socket itself goes as it is). */
const presented =
  (b: Broken, p: Presentation): Transform =>
  async (ex) => {
    const out = await b.transform(ex);
    return 'raw' in out ? out : present(out, p);
  };

describe('a correct server presented otherwise passes every check (property)', () => {
  it('the reference server in any presentation', async () => {
    await fc.assert(
      fc.asyncProperty(presentation, async (p) => {
        server.transform = (ex) => present(ex.response, p);
        const report = await run();
        expect(
          report.checks.filter((c) => c.status !== 'pass').map((c) => [c.id, c.evidence]),
          show(p),
        ).toEqual([]);
        expect(report.exit_code).toBe(0);
      }),
      { numRuns: 40 },
    );
  });
});

describe('a broken server presented otherwise fails the same checks, with evidence (property)', () => {
  it.each(FOREIGN.map((b) => [b.fault, b] as const))('%s, as we present it', async (_fault, b) => {
    server.transform = presented(b, PLAIN);
    const report = await run();
    expect(verdicts(report)).toEqual(expected(b));
    for (const id of b.fails) expect(report.checks.find((c) => c.id === id)!.evidence.length).toBeGreaterThan(0);
  });

  it('every broken server, in any presentation', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...BROKEN, ...FOREIGN), presentation, async (b, p) => {
        server.transform = presented(b, p);
        const report = await run();
        expect(verdicts(report), `${b.fault} in ${show(p)}`).toEqual(expected(b));
        for (const id of [...b.fails, ...(b.unexercised ?? [])] as KitCheckId[])
          expect(report.checks.find((c) => c.id === id)!.evidence.length, id).toBeGreaterThan(0);
        expect(report.exit_code).toBe(report.checks.some(failsRun) ? 1 : 0);
      }),
      { numRuns: 150 },
    );
  });
});
