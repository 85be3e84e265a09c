import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/engine/index.ts';
import { startKitServer, type KitServer } from './harness.ts';
import { oneByteChunks } from './hostile-servers.ts';

/**
 * `uai proxy` as a user runs it, in a child process, under a flood: hundreds of reads at once,
 * request bodies past what it keeps, answers of 100 MB. It forwards them all, keeps its peak
 * memory (its own resource usage, read at exit) under 250 MB, reports what went past the bounds
 * against the side that sent it, and answers the next well-formed exchange.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PROBE = fileURLToPath(new URL('./rss-probe.mjs', import.meta.url));
const MAX_RSS_KB = 250 * 1024;
const MB = 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'uai-proxy-flood-'));
let server: KitServer;
beforeAll(async () => {
  server = await startKitServer();
  // A POST whose body says "big" is answered with 100 MB of JSON whitespace, streamed.
  server.transform = (ex) => {
    if (ex.method !== 'POST' || ex.requestText !== 'big') return ex.response;
    let sent = 0;
    const chunk = new Uint8Array(MB).fill(0x20);
    return new Response(
      new ReadableStream({
        pull(controller) {
          if (sent >= 100) controller.close();
          else {
            sent += 1;
            controller.enqueue(chunk);
          }
        },
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  };
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `count` calls, `width` at a time. */
async function pool(count: number, width: number, call: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await call(next++);
    }),
  );
}

const drain = async (r: Response) => {
  const reader = r.body!.getReader();
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return bytes;
    bytes += value.length;
  }
};

/** `uai proxy` in a child process that stops after `exchanges`, with its report, stderr and peak memory at the end. */
async function proxyChild(name: string, exchanges: number) {
  const rss = join(dir, `${name}.rss`);
  const recording = join(dir, `${name}.jsonl`);
  const child = spawn(
    process.execPath,
    [
      '--import',
      PROBE,
      join(ROOT, 'bin/uai.mjs'),
      'proxy',
      '--listen',
      '0',
      '--upstream',
      server.endpoint,
      '--exchanges',
      String(exchanges),
      '--format',
      'json',
      '--quiet',
      '--record',
      recording,
      // The flood tests memory and forwarding, not the exchange bound (proxy-abandoned and
      // proxy-broken-servers do): at the default 10 s a loaded machine, with this one process as
      // client and upstream, takes some 6 MB requests and 100 MB answers past it (11 s and 10-23 s
      // measured on 2 busy cores), and the proxy then closes them, as docs/proxy.md says it does.
      '--timeout',
      '120000',
    ],
    { cwd: ROOT, env: { ...process.env, UAI_ORIGIN: server.site.origin, UAI_RSS_FILE: rss } },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => void (stdout += d));
  const port = await new Promise<number>((resolve) =>
    child.stderr.on('data', (d: Buffer) => {
      stderr += d;
      const m = /uai proxy: http:\/\/127\.0\.0\.1:(\d+)\//.exec(stderr);
      if (m) resolve(Number(m[1]));
    }),
  );
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    endpoint: `http://127.0.0.1:${port}${new URL(server.endpoint).pathname}`,
    recording,
    /** Ends a proxy that a failing test leaves short of its exchanges. */
    stop: () => void child.kill(),
    /** The exit code, the report and stderr, and the peak RSS in kilobytes, once the proxy has stopped. */
    async ended() {
      const code = await closed;
      return { code, stdout, stderr, maxRssKb: Number(readFileSync(rss, 'utf8')) };
    },
  };
}

describe('uai proxy under a flood', () => {
  it('forwards everything, stays under 250 MB, reports each side, and answers the next exchange', async () => {
    const reads = 600;
    const bigRequests = 40;
    const bigAnswers = 4;
    const total = reads + bigRequests + bigAnswers + 1;
    const started = Date.now();
    const proxy = await proxyChild('flood', total);
    const { endpoint, recording } = proxy;
    // A failing step must not leave the proxy running past the test (it would hold its port and memory).
    try {
      let forwarded = 0;
      await Promise.all([
        pool(reads, 50, async () => {
          const r = await fetch(endpoint);
          expect(r.status).toBe(200);
          forwarded += await drain(r);
        }),
        pool(bigRequests, 20, async () => {
          const r = await fetch(endpoint, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: new Uint8Array(6 * MB).fill(0x20),
          });
          await drain(r);
        }),
        pool(bigAnswers, bigAnswers, async () => {
          const r = await fetch(endpoint, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: 'big',
          });
          expect(await drain(r)).toBe(100 * MB);
        }),
      ]);
      // The next well-formed exchange is answered as if nothing had happened.
      const next = await fetch(endpoint);
      expect(next.status).toBe(200);
      const statement = await next.json();
      expect(validateMessage(statement, { mode: 'keyed-json', site: server.site, now: new Date() }).error_count).toBe(
        0,
      );

      const { code, stdout, stderr, maxRssKb } = await proxy.ended();
      expect(code).toBe(1);
      const ms = Date.now() - started;
      process.stderr.write(
        `uai proxy flood: ${total} exchanges, peak RSS ${Math.round(maxRssKb / 1024)} MB, ${ms} ms\n`,
      );
      expect(maxRssKb, `peak RSS ${Math.round(maxRssKb / 1024)} MB in ${ms} ms`).toBeLessThan(MAX_RSS_KB);
      expect(stderr).not.toMatch(/\n\s+at /);
      expect(forwarded).toBeGreaterThan(0);
      const report = JSON.parse(stdout);
      expect(report.exchanges).toBe(total);
      const sides = (check: string) => [
        ...new Set(
          report.findings.filter((f: { check: string }) => f.check === check).map((f: { side: string }) => f.side),
        ),
      ];
      // Bodies past what the proxy judges: the client's request bodies, the server's answers.
      expect(sides('client.within_budget')).toEqual(['client']);
      expect(sides('transport.size_limit')).toEqual(['server']);
      expect(readFileSync(recording, 'utf8').trim().split('\n')).toHaveLength(total);
    } finally {
      proxy.stop();
    }
  }, 180_000);

  it('forwards bodies sent in 1-byte chunks, both ways, whole and within 250 MB', async () => {
    // A Buffer per chunk kept, and a write per chunk forwarded, took the proxy past 900 MB on 4 MB.
    const answerBytes = 1_500_000;
    const flood = server.transform;
    server.transform = (ex) =>
      ex.method === 'POST' && ex.requestText.trim() === '' ? oneByteChunks(answerBytes) : ex.response;
    const proxy = await proxyChild('one-byte-chunks', 3);
    try {
      for (let i = 0; i < 2; i++) {
        const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: ' ' };
        expect(await drain(await fetch(proxy.endpoint, post))).toBe(answerBytes);
      }
      // 500,000 bytes of JSON whitespace from the client, each in its own chunk: the upstream's
      // answer (one byte chunked, as above) comes back through the proxy.
      const { port, pathname } = new URL(proxy.endpoint);
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1');
        let got = '';
        socket.on('data', (d) => void (got += d.toString('latin1')));
        socket.on('close', () => resolve(got));
        socket.on('error', () => undefined);
        socket.write(
          `POST ${pathname} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
        );
        socket.write(`${'1\r\n \r\n'.repeat(500_000)}0\r\n\r\n`);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      const { code, stderr, maxRssKb } = await proxy.ended();
      process.stderr.write(`uai proxy 1-byte chunks: peak RSS ${Math.round(maxRssKb / 1024)} MB\n`);
      expect(code).toBe(1);
      expect(stderr).not.toMatch(/\n\s+at /);
      expect(maxRssKb, `peak RSS ${Math.round(maxRssKb / 1024)} MB`).toBeLessThan(MAX_RSS_KB);
    } finally {
      proxy.stop();
      server.transform = flood;
    }
  }, 90_000);

  it('judges the JSON that costs most to parse, both ways, within 250 MB, and says why it is not parsed', async () => {
    const bombs = 4;
    const flood = server.transform;
    // The first reads of the statement are answered with 4 MB of empty objects.
    let reads = 0;
    server.transform = (ex) =>
      ex.method === 'GET' && (reads += 1) <= bombs
        ? new Response(`[${'{},'.repeat(1_300_000)}{}]`, { headers: { 'content-type': 'application/json' } })
        : ex.response;
    const proxy = await proxyChild('bombs', 2 * bombs + 1);
    try {
      const nested = '['.repeat(4_000_000);
      for (let i = 0; i < bombs; i++) {
        const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: nested };
        expect((await fetch(proxy.endpoint, post)).status).toBe(413);
        expect(await drain(await fetch(proxy.endpoint))).toBe(3_900_004);
      }
      expect((await fetch(proxy.endpoint)).status).toBe(200);
      const { code, stdout, stderr, maxRssKb } = await proxy.ended();
      process.stderr.write(`uai proxy parse bombs: peak RSS ${Math.round(maxRssKb / 1024)} MB\n`);
      expect(code).toBe(1);
      expect(stderr).not.toMatch(/\n\s+at /);
      expect(maxRssKb, `peak RSS ${Math.round(maxRssKb / 1024)} MB`).toBeLessThan(MAX_RSS_KB);
      const findings = JSON.parse(stdout).findings as { side: string; check: string; message: string }[];
      const said = (side: string, check: string) =>
        findings.filter((f) => f.side === side && f.check === check).map((f) => f.message);
      const over = (n: number) => `${n} bytes, over the 262,144 bytes of one message the kit parses`;
      expect(said('client', 'client.message_valid')).toEqual(
        Array(bombs).fill(`the request body is ${over(4_000_000)} (the most POST /v1/validate takes)`),
      );
      expect(said('server', 'capability.valid')).toEqual(
        Array(bombs).fill(`the capability statement is ${over(3_900_004)} (the most POST /v1/validate takes)`),
      );
    } finally {
      proxy.stop();
      server.transform = flood;
    }
  }, 60_000);
});
