import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientTimeoutsFrom } from '../../src/http/node/client-timeouts.ts';
import { KEEP_ALIVE_MS } from '../../src/http/node/keep-alive.ts';
// The local server's own sockets are under test, so it is started directly, whatever UAI_HTTP_TARGET says.
import { startLocalServer, type LocalServer } from '../support/local-server.ts';

/**
 * Slow clients are cut (issue: a body sent one byte every few seconds held a socket for 300 s):
 * the real server started with short timeouts, a raw socket that dribbles its request.
 */
const HEADERS_MS = 600;
const REQUEST_MS = 1200;
/** Node checks the deadlines every HEADERS_MS / 4 here; the rest is room for a loaded machine. */
const SLACK_MS = 1500;

interface Dribble {
  readonly answer: string;
  readonly closedAfterMs: number;
  readonly bytesSent: number;
}

/** Sends `head` at once, then `body` one byte every `everyMs`, until the server closes the socket. */
function dribble(port: number, head: string, body: string, everyMs: number): Promise<Dribble> {
  return new Promise((done, fail) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => fail(new Error(`not cut after 10 s; got ${JSON.stringify(answer)}`)), 10_000);
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent < body.length && socket.writable) socket.write(body[sent++]!);
      }, everyMs);
    });
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('error', () => {}); // a reset after the answer is a cut too
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      done({ answer, closedAfterMs: Date.now() - started, bytesSent: sent });
    });
  });
}

const FLOOD_BYTES = 256 * 1024 * 1024;

/** Sends `head`, then chunks of 64 KiB as fast as the socket takes them, up to FLOOD_BYTES, until the server cuts it. */
function flood(port: number, head: string): Promise<{ answer: string; sentAll: boolean; bytesSent: number }> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1');
    const chunk = Buffer.from(`10000\r\n${'a'.repeat(0x10000)}\r\n`);
    let answer = '';
    let sent = 0;
    let over = false;
    const giveUp = setTimeout(() => fail(new Error(`not cut after 20 s, ${sent} bytes sent`)), 20_000);
    const finish = () => {
      if (over) return;
      over = true;
      clearTimeout(giveUp);
      socket.destroy();
      done({ answer, sentAll: sent >= FLOOD_BYTES, bytesSent: sent });
    };
    const pump = () => {
      while (!over && sent < FLOOD_BYTES && socket.writable) {
        sent += chunk.byteLength;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
      if (sent >= FLOOD_BYTES) finish();
    };
    socket.on('connect', () => {
      socket.write(head);
      pump();
    });
    socket.on('data', (data) => (answer += data.toString('latin1')));
    socket.on('error', finish);
    socket.on('close', finish);
  });
}

describe('slow clients on the local server', () => {
  let server: LocalServer;
  let port: number;
  beforeAll(async () => {
    server = await startLocalServer({
      env: { UAI_HEADERS_TIMEOUT_MS: String(HEADERS_MS), UAI_REQUEST_TIMEOUT_MS: String(REQUEST_MS) },
    });
    port = Number(new URL(server.origin).port);
  });
  afterAll(() => server?.stop());

  it('a body sent one byte at a time is cut within the request timeout, with a 408 problem', async () => {
    const body = JSON.stringify({ message: { profile: 'uai.intent.request.v1' } });
    const head = `POST /v1/validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const r = await dribble(port, head, body, 100);
    expect(r.bytesSent).toBeLessThan(body.length); // it was still sending
    expect(r.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_MS - 50);
    expect(r.closedAfterMs).toBeLessThan(REQUEST_MS + SLACK_MS);
    const [headText, payload] = r.answer.split('\r\n\r\n');
    expect(headText).toMatch(/^HTTP\/1\.1 408 /);
    expect(headText).toMatch(/\r\ncontent-type: application\/problem\+json; charset=utf-8\r\n/i);
    expect(headText).toMatch(/\r\nconnection: close(\r\n|$)/i);
    expect(headText).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    const problem = JSON.parse(payload!);
    expect(problem).toMatchObject({ status: 408, code: 'request.timeout', title: 'Request timeout' });
    expect(problem.type).toMatch(/request\.timeout$/);
  });

  it('headers sent one byte at a time are cut within the headers timeout', async () => {
    const headers = 'GET /v1/catalog HTTP/1.1\r\nHost: localhost\r\nX-Slow: ' + 'a'.repeat(200);
    const r = await dribble(port, '', headers, 50);
    expect(r.bytesSent).toBeLessThan(headers.length);
    expect(r.closedAfterMs).toBeLessThan(HEADERS_MS + SLACK_MS);
    expect(r.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(r.answer).toContain('"code":"request.timeout"');
  });

  it('a slow request on a kept-alive socket gets the 408 after the earlier answer', async () => {
    const quick = 'GET /v1/catalog HTTP/1.1\r\nHost: localhost\r\n\r\n';
    const body = '{"message": {}}';
    const slowHead = `POST /v1/validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const r = await dribble(port, quick + slowHead, body, 100);
    const statuses = [...r.answer.matchAll(/^HTTP\/1\.1 (\d{3}) /gm)].map((m) => m[1]);
    expect(statuses).toEqual(['200', '408']);
    expect(r.answer).toContain('"code":"request.timeout"');
  });

  // One answer per request (RFC 9112): a refusal sent before the body came, or an answer that
  // needed none, is the request's answer; a client that then stalls or breaks the framing of
  // that body gets the connection closed, never a 408 or 400 after it.
  it.each([
    ['POST', '/v1/validate', 'text/plain', '415'],
    ['PUT', '/v1/validate', 'application/json', '405'],
    ['POST', '/', 'application/json', '405'],
    ['POST', '/v1/catalog', 'application/json', '405'],
    ['GET', '/v1/catalog', 'application/json', '200'],
  ])('%s %s with a body that stalls: its answer (%s, %s) and nothing after it', async (method, path, type, status) => {
    const head = `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${type}\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const r = await dribble(port, head, '1\r\na\r\n'.repeat(40), 100);
    expect([...r.answer.matchAll(/^HTTP\/1\.1 (\d{3}) /gm)].map((m) => m[1])).toEqual([status]);
    expect(r.closedAfterMs).toBeLessThan(REQUEST_MS + SLACK_MS);
  });

  it('a body whose chunk framing breaks after the answer: the answer alone, then the connection closed', async () => {
    const head = `POST /v1/validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n`;
    const r = await dribble(port, head, 'zz\r\n', 300);
    expect([...r.answer.matchAll(/^HTTP\/1\.1 (\d{3}) /gm)].map((m) => m[1])).toEqual(['415']);
  });

  // The 404 page and the locale redirects read no body: what a client sends them is dropped up to
  // the bound of every refused upload (4 MiB past the answer), then the connection is cut.
  it.each(['/no-such-page/', '/en-us/'])('an upload to %s is cut, not read to its end', async (path) => {
    const r = await flood(port, `POST ${path} HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n`);
    expect(r.answer).toMatch(/^HTTP\/1\.1 (404|301) /);
    expect(r.sentAll).toBe(false);
    expect(r.bytesSent).toBeLessThan(FLOOD_BYTES);
  });

  it("a kept-alive connection outlasts a client's pause past Node's 5 s, and the client is told how long", async () => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    const request = 'GET /v1/catalog HTTP/1.1\r\nHost: localhost\r\n\r\n';
    const answers = () => [...answer.matchAll(/^HTTP\/1\.1 (\d{3}) /gm)].map((m) => m[1]);
    const until = async (count: number) => {
      for (let waited = 0; answers().length < count && waited < 10_000; waited += 50)
        await new Promise((r) => setTimeout(r, 50));
    };
    socket.write(request);
    await until(1);
    expect(answer).toMatch(new RegExp(`\r\nkeep-alive: timeout=${KEEP_ALIVE_MS / 1000}\r\n`, 'i'));
    await new Promise((r) => setTimeout(r, 6000));
    expect(socket.destroyed || socket.readableEnded).toBe(false);
    socket.write(request);
    await until(2);
    socket.destroy();
    expect(answers()).toEqual(['200', '200']);
  }, 30_000);

  it('a prompt client is still answered', async () => {
    const response = await fetch(`${server.origin}/v1/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: {} }),
    });
    expect(response.status).toBe(200);
  });
});

describe('timeout settings', () => {
  it('default to 10 s for headers and 30 s for the whole request', () => {
    expect(clientTimeoutsFrom({})).toEqual({ headersMs: 10_000, requestMs: 30_000 });
  });
  it('read the environment, keeping headers within the request timeout', () => {
    expect(clientTimeoutsFrom({ UAI_HEADERS_TIMEOUT_MS: '5000', UAI_REQUEST_TIMEOUT_MS: '2000' })).toEqual({
      headersMs: 2000,
      requestMs: 2000,
    });
    expect(() => clientTimeoutsFrom({ UAI_REQUEST_TIMEOUT_MS: '0' })).toThrow(/UAI_REQUEST_TIMEOUT_MS/);
    expect(() => clientTimeoutsFrom({ UAI_HEADERS_TIMEOUT_MS: '1e3' })).toThrow(/UAI_HEADERS_TIMEOUT_MS/);
  });
});
