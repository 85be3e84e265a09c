import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyCheck } from '../../src/kit/proxy/checks.ts';
import type { ProxyReport } from '../../src/kit/proxy/index.ts';
import { intentRequest } from '../../src/kit/server/requests.ts';
import { SLOW_ANSWER_MS } from '../../src/standard/client-scenarios.ts';
import { NODE, REPO } from '../support/local-server.ts';
import { runners, skipped } from '../starters/runners.ts';
import { startProxiedServer, type ProxiedServer } from './proxy-support.ts';

/**
 * Clients in front of uai proxy, the reference server behind it: the starters and the well-behaved
 * fixture client earn no finding on either side; each broken client of the broken-client table
 * whose fault the traffic shows earns its finding, about the client, and none about the server;
 * and what a client receives through the proxy is byte for byte what the server sent.
 */
let px: ProxiedServer;
beforeAll(async () => void (px = await startProxiedServer()));
afterAll(async () => px.stop());

const NOW = new Date('2026-11-20T10:00:00Z');
/** The session's report once every exchange forwarded so far is judged. */
const reportOf = async (session: {
  report: (o: { site: typeof px.site; runId: string; now: Date }) => ProxyReport;
}) => {
  await px.proxy.judged();
  return session.report({ site: px.server.site, runId: '0bad0000000000000000000000000002', now: NOW });
};
const ids = (r: ProxyReport, side: string) =>
  [...new Set(r.findings.filter((f) => f.side === side).map((f) => f.check))].sort();

/** Runs a client to its end (killed past the cap): its exit status and output. */
function runClient(command: string, args: readonly string[], scenario: string, capMs = 30_000) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, [...args, px.proxy.endpoint], {
      cwd: REPO,
      env: { ...process.env, UAI_ENDPOINT: px.proxy.endpoint, UAI_SCENARIO: scenario },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), capMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('the starters through the proxy', () => {
  for (const runner of runners) {
    for (const scenario of ['', 'async']) {
      it.skipIf(skipped(runner))(
        `${runner.file} ${scenario || 'sync'}: no finding on either side`,
        async () => {
          px.server.transform = undefined;
          const { session } = await px.fresh();
          const run = await runClient(runner.command, [...runner.args, 'client'], scenario, 90_000);
          expect(run.code, run.stderr).toBe(0);
          const report = await reportOf(session);
          expect(report.findings).toEqual([]);
          expect(report.exchanges).toBeGreaterThan(1);
          if (scenario === 'async')
            expect(report.client.checks.find((c) => c.id === 'conversation.poll_stops')!.status).toBe('pass');
        },
        120_000,
      );
    }
  }
});

const fixture = (fault: string) => [NODE, ['tests/kit/fixtures/broken-client.mts', fault]] as const;

type Json = Record<string, any>;
/** The capability statement through the proxy, and the kit's own request addressed to its source. */
async function kitRequest(mode: 'sync' | 'async'): Promise<{ statement: Json; message: Json }> {
  const statement = (await (await fetch(px.proxy.endpoint)).json()) as Json;
  const message = intentRequest(
    {
      runId: randomBytes(16).toString('hex'),
      now: new Date(),
      target: statement.source,
      subject: 'uai.task.status.v1',
    },
    1,
    mode,
  );
  return { statement, message };
}

/** The broken clients whose fault shows in their traffic with the reference server, and the rule that names it. */
const BROKEN_CLIENTS: readonly {
  fault: string;
  scenario: string;
  finds: string;
  rateLimited?: boolean;
  slow?: boolean;
}[] = [
  { fault: 'stale-checksum', scenario: 'sync', finds: 'client.message_valid' },
  { fault: 'warning', scenario: 'sync', finds: 'client.message_warning_free' },
  { fault: 'wrong-media-type', scenario: 'sync', finds: 'client.binding_form' },
  { fault: 'bom', scenario: 'follow-up', finds: 'client.message_valid' },
  { fault: 'reused-id', scenario: 'follow-up', finds: 'conversation.fresh_ids' },
  { fault: 'reuses-answer-id', scenario: 'follow-up', finds: 'conversation.fresh_ids' },
  { fault: 'wrong-sequence', scenario: 'follow-up', finds: 'conversation.follow_up' },
  { fault: 'opens-with-parent', scenario: 'sync', finds: 'conversation.opens_unparented' },
  { fault: 'made-up-ref', scenario: 'async', finds: 'conversation.task_known' },
  { fault: 'polls-after-completed', scenario: 'async', finds: 'conversation.poll_stops' },
  { fault: 'ignores-retry-after', scenario: 'rate-limited', finds: 'conversation.retry_after', rateLimited: true },
  { fault: 'hedges', scenario: 'slow', finds: 'conversation.waits_for_answer', slow: true },
];

/** The reference server holding its first message's answer for 2 s, as the slow scenario does. */
function slowFirst() {
  let held = false;
  return async (ex: { method: string; response: Response }) => {
    if (ex.method === 'POST' && !held) {
      held = true;
      await new Promise((resolve) => setTimeout(resolve, SLOW_ANSWER_MS));
    }
    return ex.response;
  };
}

const scriptFor = (scenario: string) =>
  scenario === 'rate-limited' ? rateLimitedOnce() : scenario === 'slow' ? slowFirst() : undefined;

/** The reference server answering its first message 429 with Retry-After: 1, as the rate-limited scenario does. */
function rateLimitedOnce() {
  let limited = false;
  return (ex: { method: string; response: Response }) => {
    if (ex.method !== 'POST' || limited) return ex.response;
    limited = true;
    const body = JSON.stringify({
      type: 'about:blank',
      title: 'Too many requests',
      status: 429,
      code: 'request.rate_limited',
    });
    return new Response(body, {
      status: 429,
      headers: { 'content-type': 'application/problem+json', 'retry-after': '1' },
    });
  };
}

describe('broken clients in front of the proxy: their findings are the client side', () => {
  for (const scenario of ['sync', 'async', 'follow-up', 'rate-limited', 'slow']) {
    it(`the well-behaved client (${scenario}): no finding`, async () => {
      px.server.transform = scriptFor(scenario);
      const { session } = await px.fresh();
      const [command, args] = fixture('none');
      const run = await runClient(command, args, scenario);
      expect(run.code, run.stderr).toBe(0);
      expect((await reportOf(session)).findings).toEqual([]);
    }, 60_000);
  }
  it('a keyed conversation leaves message.keyless_shape unjudged: not seen is no pass', async () => {
    px.server.transform = undefined;
    const { session } = await px.fresh();
    const [command, args] = fixture('none');
    expect((await runClient(command, args, 'sync')).code).toBe(0);
    const report = await reportOf(session);
    expect(report.exchanges).toBeGreaterThan(1);
    expect(report.server.checks.find((c) => c.id === 'message.keyless_shape')!.status).not.toBe('pass');
  }, 60_000);
  for (const b of BROKEN_CLIENTS) {
    it(`${b.fault} (${b.scenario}): ${b.finds}`, async () => {
      px.server.transform = b.rateLimited || b.slow ? scriptFor(b.scenario) : undefined;
      const { session } = await px.fresh();
      const [command, args] = fixture(b.fault);
      await runClient(command, args, b.scenario);
      const report = await reportOf(session);
      expect(ids(report, 'client')).toContain(b.finds);
      expect(ids(report, 'server')).toEqual([]);
      // A should finding is reported but does not fail the run.
      expect(report.exit_code).toBe(proxyCheck.get(b.finds)!.severity === 'should' ? 0 : 1);
    }, 60_000);
  }
});

describe('transparency: what the client receives is what the server sent', () => {
  it('status, headers and body bytes, for every kind of exchange', async () => {
    const sent: { status: number; headers: [string, string][]; body: Buffer }[] = [];
    px.server.transform = async (ex) => {
      const body = Buffer.from(await ex.response.clone().arrayBuffer());
      sent.push({ status: ex.response.status, headers: [...ex.response.headers], body });
      return ex.response;
    };
    await px.fresh();
    const statement = await fetch(px.proxy.endpoint);
    const received = [
      { status: statement.status, headers: [...statement.headers], body: Buffer.from(await statement.arrayBuffer()) },
    ];
    const [command, args] = fixture('none');
    // A client's own exchanges, then a refusal: all forwarded as they were answered.
    await runClient(command, args, 'async');
    const refused = await fetch(px.proxy.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    received.push({
      status: refused.status,
      headers: [...refused.headers],
      body: Buffer.from(await refused.arrayBuffer()),
    });
    expect(sent.length).toBeGreaterThan(3);
    const hop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);
    const strip = (h: [string, string][]) => h.filter(([n]) => !hop.has(n));
    for (const [mine, theirs] of [
      [received[0]!, sent[0]!],
      [received[1]!, sent.at(-1)!],
    ] as const) {
      expect(mine.status).toBe(theirs.status);
      expect(strip(mine.headers)).toEqual(strip(theirs.headers));
      expect(mine.body.equals(theirs.body)).toBe(true);
    }
  });

  it('refuses to forward anywhere but its upstream, and serves the next exchange', async () => {
    px.server.transform = undefined;
    const { session } = await px.fresh();
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve) => {
      const r = request(
        { host: '127.0.0.1', port: px.proxy.port, path: 'http://example.invalid/steal', method: 'GET' },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      r.end();
    });
    expect(status).toBe(400);
    const next = await fetch(px.proxy.endpoint);
    expect(next.status).toBe(200);
    await next.arrayBuffer();
    await new Promise((r) => setTimeout(r, 50));
    const report = await reportOf(session);
    expect(ids(report, 'client')).toEqual(['client.same_host']);
    expect(ids(report, 'server')).toEqual([]);
  });
});

describe('a client that sends its request body gzip-coded', () => {
  /** The kit's own request to the proxied server, its body gzip-coded (or bytes that claim to be). */
  const postCoded = async (body: Uint8Array<ArrayBuffer>) => {
    const { session } = await px.fresh();
    const res = await fetch(px.proxy.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body,
    });
    await res.arrayBuffer();
    return reportOf(session);
  };
  beforeAll(() => void (px.server.transform = undefined));

  it('is judged as the message it decodes to: no client finding', async () => {
    const { message } = await kitRequest('sync');
    const report = await postCoded(gzipSync(JSON.stringify(message)));
    expect(ids(report, 'client')).toEqual([]);
  });
  it('a body that does not decode: client.message_valid, with the reason', async () => {
    const { message } = await kitRequest('sync');
    const report = await postCoded(new TextEncoder().encode(JSON.stringify(message)));
    expect(ids(report, 'client')).toEqual(['client.message_valid']);
    expect(report.findings.find((f) => f.check === 'client.message_valid')!.message).toMatch(
      /^Content-Encoding: gzip, but the request body does not decode/,
    );
  });
  it('a decompression bomb: cut at the 4 MB the kit reads of one message, client.within_budget', async () => {
    const report = await postCoded(gzipSync(Buffer.alloc(5 * 1024 * 1024, 0x20)));
    expect(ids(report, 'client')).toEqual(['client.within_budget']);
    expect(report.findings.find((f) => f.check === 'client.within_budget')!.message).toMatch(
      /^the gzip request body decodes to more than the 4194304 bytes of one message the kit reads/,
    );
  });
});

describe('a server that answers a conditional read 304 Not Modified', () => {
  it('is no redirect when the client asked with If-None-Match; a 304 to a plain read still is one', async () => {
    px.server.transform = (ex) =>
      ex.method === 'GET' ? new Response(null, { status: 304, headers: { etag: '"v1"' } }) : ex.response;
    const readWith = async (headers: Record<string, string>) => {
      const { session } = await px.fresh();
      const res = await fetch(px.proxy.endpoint, { headers });
      expect(res.status).toBe(304);
      return reportOf(session);
    };
    const conditional = await readWith({ 'if-none-match': '"v1"' });
    expect(conditional.findings).toEqual([]);
    const plain = await readWith({});
    expect(ids(plain, 'server')).toEqual(['transport.no_redirect']);
  }, 60_000);
});

/**
 * A server that keeps its connection open after answering a POST: the proxy watches a moment after
 * each answer for bytes after it, so the client's poll, sent as soon as the acceptance arrived,
 * ends first. It must still be judged after the acceptance it polls.
 */
describe('a server that lingers after its answer', () => {
  it('the poll sent on the acceptance is judged after it: no finding', async () => {
    px.server.transform = async (ex) => {
      if (ex.method !== 'POST') return ex.response;
      const body = Buffer.from(await ex.response.arrayBuffer());
      return {
        raw: (socket) => {
          socket.on('error', () => undefined);
          // Open after the proxy's end of the connection too, as a server whose socket allows half-open.
          socket.removeAllListeners('end');
          socket.allowHalfOpen = true;
          const headers = [...ex.response.headers].map(([n, v]) => `${n}: ${v}\r\n`).join('');
          socket.write(
            `HTTP/1.1 ${ex.response.status} X\r\n${headers.replace(/content-length: \d+\r\n/i, '')}content-length: ${body.length}\r\n\r\n`,
          );
          socket.write(body);
          setTimeout(() => socket.destroy(), 1_000);
        },
      };
    };
    const { session, judged } = await px.fresh();
    // The first poll goes out as soon as the acceptance is read, the next a second later.
    const { statement, message } = await kitRequest('async');
    const accepted = await fetch(px.proxy.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
    });
    expect(accepted.status).toBe(202);
    const ref = ((await accepted.json()) as Json).delivery.task_ref as string;
    const pollBase = (statement.body.endpoints as Json[]).find((e) => e.binding === 'https-async-callback')!.url;
    const poll = async () =>
      ((await (await fetch(`${pollBase}${encodeURIComponent(ref)}`)).json()) as Json).body.state as string;
    for (let state = await poll(); state !== 'completed'; state = await poll())
      await new Promise((resolve) => setTimeout(resolve, 1_050));
    const report = await reportOf(session);
    expect(report.findings).toEqual([]);
    // The acceptance comes before its polls in the recording, whatever order they ended in.
    const roles = judged.map((x) => x.role).filter((r) => r === 'message' || r === 'poll');
    expect(roles[0]).toBe('message');
    expect(roles).toContain('poll');
  }, 60_000);
});

describe('clients that misbehave on the wire: reported against the client, and the next exchange is served', () => {
  /** Writes raw bytes to the proxy, then does what `then` says with the socket. */
  const raw = (bytes: string, then: (socket: Socket) => void) =>
    new Promise<string>((resolve) => {
      const socket = connect(px.proxy.port, '127.0.0.1', () => {
        socket.write(bytes);
        then(socket);
      });
      let got = '';
      socket.on('data', (d) => (got += d));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(got));
    });
  const nextIsServed = async () => {
    const next = await fetch(px.proxy.endpoint);
    expect(next.status).toBe(200);
    await next.arrayBuffer();
  };
  const CASES: readonly [string, string, (s: Socket) => void, string | undefined][] = [
    [
      'asks for a tunnel (CONNECT)',
      'CONNECT example.invalid:443 HTTP/1.1\r\nhost: example.invalid:443\r\n\r\n',
      () => undefined,
      'client.same_host',
    ],
    [
      'resets in the middle of its request body',
      'POST /v1/reference-server HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"a":',
      (s) => setTimeout(() => s.destroy(), 100),
      'client.completes',
    ],
    [
      'sends garbage instead of HTTP',
      'NOT HTTP AT ALL\r\n\r\n',
      (s) => setTimeout(() => s.destroy(), 200),
      'client.binding_form',
    ],
    [
      'sends a request head past 16 KB',
      `GET /v1/reference-server HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`,
      (s) => setTimeout(() => s.destroy(), 200),
      'client.within_budget',
    ],
  ];
  for (const [what, bytes, then, check] of CASES) {
    it(what, async () => {
      px.server.transform = undefined;
      const { session, judged } = await px.fresh();
      await raw(bytes, then);
      await new Promise((r) => setTimeout(r, 100));
      await nextIsServed();
      await new Promise((r) => setTimeout(r, 50));
      const report = await reportOf(session);
      expect(ids(report, 'client')).toEqual(check ? [check] : []);
      expect(ids(report, 'server')).toEqual([]);
      expect(judged.at(-1)!.findings).toEqual([]);
    });
  }
  it('a CONNECT is answered, not left hanging: 405 with a problem document, and the connection closed', async () => {
    const answer = await raw(
      'CONNECT example.invalid:443 HTTP/1.1\r\nhost: example.invalid:443\r\n\r\n',
      () => undefined,
    );
    const [head, body] = answer.split('\r\n\r\n') as [string, string];
    expect(head).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(head).toMatch(/\r\ncontent-type: application\/problem\+json/i);
    expect(head).toMatch(/\r\nallow: /i);
    expect(JSON.parse(body)).toMatchObject({ status: 405, code: 'request.method_not_allowed' });
    expect(JSON.parse(body).detail).toMatch(/uai proxy opens no tunnel/);
  });
  it('garbage is answered 400 with a problem document, and the connection closed', async () => {
    const answer = await raw('NOT HTTP AT ALL\r\n\r\n', () => undefined);
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toContain('"code":"request.invalid"');
  });

  it('sends its request head slower than the bound: cut near the bound, held to the client', async () => {
    const slow = await startProxiedServer(800);
    try {
      const { session } = await slow.fresh();
      const answer = await new Promise<string>((resolve) => {
        let got = '';
        const socket = connect(slow.proxy.port, '127.0.0.1', () => {
          socket.write('GET /v1/reference-server HTTP/1.1\r\nhost: x\r\n');
          const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : socket.write('x-a: 1\r\n')), 300);
          socket.on('data', (d) => (got += d));
          socket.on('close', () => {
            clearInterval(timer);
            resolve(got);
          });
        });
        socket.on('error', () => undefined);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      await new Promise((r) => setTimeout(r, 50));
      const report = session.report({ site: slow.server.site, runId: '0bad0000000000000000000000000004', now: NOW });
      expect(ids(report, 'client')).toEqual(['client.within_budget']);
      expect(report.findings[0]!.message).toBe('the request head was not sent in full within 800 ms');
    } finally {
      await slow.stop();
    }
  });

  it('sends its request body slower than the bound: cut at the bound, held to the client', async () => {
    const slow = await startProxiedServer(800);
    try {
      const { session } = await slow.fresh();
      await new Promise<void>((resolve) => {
        const socket = connect(slow.proxy.port, '127.0.0.1', () => {
          socket.write(
            'POST /v1/reference-server HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{',
          );
          const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : socket.write(' ')), 300);
          socket.on('close', () => {
            clearInterval(timer);
            resolve();
          });
        });
        socket.on('error', () => undefined);
      });
      const next = await fetch(slow.proxy.endpoint);
      expect(next.status).toBe(200);
      await next.arrayBuffer();
      await new Promise((r) => setTimeout(r, 50));
      const report =
        slow && session.report({ site: slow.server.site, runId: '0bad0000000000000000000000000003', now: NOW });
      expect(ids(report, 'client')).toEqual(['client.within_budget']);
      expect(ids(report, 'server')).toEqual([]);
    } finally {
      await slow.stop();
    }
  });
});

describe('a client that asks for 100 Continue (Expect: 100-continue, as curl does for bodies past 1 MB)', () => {
  /** The kit's own sync request to the proxied server, as a client that sends its body only once told to continue. */
  const post = async (expect: boolean) => {
    const { message } = await kitRequest('sync');
    const body = JSON.stringify(message);
    return new Promise<{ status: number; continued: boolean }>((resolve, reject) => {
      let continued = false;
      const r = request(px.proxy.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          ...(expect ? { expect: '100-continue' } : {}),
        },
      });
      r.once('continue', () => {
        continued = true;
        r.end(body);
      });
      r.once('response', (res) => {
        res.resume();
        res.once('end', () => resolve({ status: res.statusCode ?? 0, continued }));
      });
      r.once('error', reject);
      if (expect) r.flushHeaders();
      else r.end(body);
    });
  };
  /** The reference server's answer to a POST, after an interim 100 Continue nobody asked it for. */
  const unaskedContinue = async (ex: { method: string; response: Response }) => {
    if (ex.method !== 'POST') return ex.response;
    const body = Buffer.from(await ex.response.arrayBuffer());
    return {
      raw: (socket: Socket) => {
        socket.on('error', () => undefined);
        socket.write('HTTP/1.1 100 Continue\r\n\r\n');
        socket.write(
          `HTTP/1.1 ${ex.response.status} OK\r\ncontent-type: ${ex.response.headers.get('content-type')}\r\n` +
            `content-length: ${body.length}\r\nconnection: close\r\n\r\n`,
        );
        socket.end(body);
      },
    };
  };

  it('the upstream answers 100 Continue when asked, and only then (node:http, as most servers)', async () => {
    px.server.transform = undefined;
    const interim = async (expect: boolean) =>
      new Promise<number[]>((resolve, reject) => {
        const seen: number[] = [];
        const r = request(px.server.endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': '2',
            ...(expect ? { expect: '100-continue' } : {}),
          },
        });
        r.on('information', (i) => seen.push(i.statusCode));
        r.once('continue', () => r.end('{}'));
        r.once('response', (res) => res.resume().once('end', () => resolve(seen)));
        r.once('error', reject);
        if (expect) r.flushHeaders();
        else r.end('{}');
      });
    expect(await interim(true)).toEqual([100]);
    expect(await interim(false)).toEqual([]);
  });

  for (const [what, expect100, upstream, findings] of [
    ['the proxy answers it; the upstream is not asked and answers none: no finding', true, undefined, []],
    [
      'an upstream that sends 100 Continue unasked is reported (transport.no_interim, a should: HTTP allows it)',
      false,
      unaskedContinue,
      ['transport.no_interim'],
    ],
    [
      'and so when only the client asked (of the proxy, not of the upstream)',
      true,
      unaskedContinue,
      ['transport.no_interim'],
    ],
  ] as const) {
    it(what, async () => {
      px.server.transform = upstream;
      const { session } = await px.fresh();
      const sent = await post(expect100);
      expect(sent).toEqual({ status: 200, continued: expect100 });
      await new Promise((r) => setTimeout(r, 50));
      const report = await reportOf(session);
      expect(ids(report, 'server')).toEqual(findings);
      expect(ids(report, 'client')).toEqual([]);
      // Reported, and the run passes: a client must read past an interim answer (RFC 9110 section 15.2).
      expect(report.findings.every((f) => f.severity === 'should')).toBe(true);
      expect(report.exit_code).toBe(0);
    });
  }
});
