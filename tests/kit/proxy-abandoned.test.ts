import { createServer, request, type Server } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  liveLine,
  ProxySession,
  startProxy,
  type RecordedExchange,
  type RunningProxy,
} from '../../src/kit/proxy/index.ts';
import { siteFor } from '../../src/standard/urls.ts';

/**
 * A client that stops waiting, or stops reading, is within its rights (its own time bound, a
 * server too slow for it): neither side is blamed for the exchange, which is said to be not
 * judged, never passed in silence. And a request body that keeps coming once its answer is whole
 * is read to the exchange's bound at most.
 */
const site = siteFor('http://127.0.0.1:4610');
let upstream: Server | undefined;
let proxy: RunningProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  upstream?.closeAllConnections();
  await new Promise((done) => (upstream ? upstream.close(done) : done(undefined)));
  proxy = upstream = undefined;
});

async function behind(handler: Parameters<typeof createServer>[1], timeoutMs = 3000) {
  upstream = createServer(handler);
  await new Promise<void>((done) => upstream!.listen(0, '127.0.0.1', done));
  const exchanges: RecordedExchange[] = [];
  proxy = await startProxy({
    port: 0,
    upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/uai`,
    site,
    timeoutMs,
    onExchange: (x) => exchanges.push(x),
  });
  const recorded = async () => {
    for (let i = 0; i < 100 && exchanges.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    // A moment more: a second record of the same request would come now.
    await new Promise((r) => setTimeout(r, 400));
    expect(exchanges).toHaveLength(1);
    const session = new ProxySession(site);
    return { x: exchanges[0]!, judged: session.add(exchanges[0]!) };
  };
  return { port: proxy.port, recorded, count: () => exchanges.length };
}

describe('a client that leaves', () => {
  it('before the answer begins: no fault of the server, and the exchange is said not judged', async () => {
    // The answer begins only once the client has gone, whatever the machine's pace (a fixed delay
    // raced the client's own timer on a loaded machine).
    let left: () => void;
    const clientLeft = new Promise<void>((done) => (left = done));
    const { port, recorded } = await behind((_req, res) => {
      void clientLeft.then(() =>
        setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'), 100),
      );
    });
    const req = request({ port, host: '127.0.0.1', path: '/uai', signal: AbortSignal.timeout(200) });
    req.on('close', () => left());
    req.on('error', () => undefined).end();
    const { x, judged } = await recorded();
    expect(x.faults).toEqual([]);
    expect(x.unjudged).toMatch(/the client closed the connection before the answer was whole/);
    expect(judged.findings).toEqual([]);
    expect(liveLine(judged)).toMatch(/-> no answer {2}not judged: the client closed/);
  });

  it('in the middle of the answer: its part is not judged as a message, and the server is not blamed', async () => {
    const { port, recorded } = await behind((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '40' });
      res.write('{"uai_version":"1.0",');
      setTimeout(() => res.end('"x":"abcdefghijklm"}'), 1500);
    });
    const req = request({ port, host: '127.0.0.1', path: '/uai', method: 'POST' });
    req.on('response', (res) => {
      res.once('data', () => setTimeout(() => req.destroy(), 100));
      res.on('error', () => undefined);
    });
    req.on('error', () => undefined).end('{}');
    const { x, judged } = await recorded();
    expect(x.response?.body.truncated).toBe(true);
    expect(x.unjudged).toMatch(/the client closed/);
    expect(judged.findings).toEqual([]);
    expect(liveLine(judged)).toMatch(/-> 200 {2}not judged/);
  });
});

describe('a request body that keeps coming after its answer', () => {
  it('is read to the exchange bound at most: then its connection is closed', async () => {
    const { port, recorded } = await behind((_req, res) => {
      res.writeHead(413, { 'content-type': 'application/problem+json', connection: 'close' }).end('{}');
    }, 1000);
    const closed = new Promise<number>((done) => {
      const started = Date.now();
      const req = request({ port, host: '127.0.0.1', path: '/uai', method: 'POST' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = setInterval(() => req.write(chunk), 5);
      req.on('response', (res) => res.resume());
      req.on('error', () => undefined);
      req.on('close', () => {
        clearInterval(pump);
        done(Date.now() - started);
      });
      // Not closed by the proxy: the test's own bound ends it, and the check below fails.
      setTimeout(() => req.destroy(), 15_000);
    });
    await recorded();
    expect(await closed).toBeLessThan(10_000);
  }, 30_000);
});

/**
 * A server that answers a request before its body has come (a 413) and closes the connection at
 * once: the body's next bytes draw a reset, which erases its answer before anyone reads it. The
 * fault is the server's, and says why, so that it can be told from a server that never answered.
 */
describe('a server that answers early', () => {
  const early = (close: 'at once' | 'in stages') =>
    createNetServer((socket) => {
      socket.on('error', () => undefined);
      let head = '';
      socket.on('data', (chunk: Buffer) => {
        if (head.includes('\r\n\r\n')) return;
        head += chunk.toString('latin1');
        if (!head.includes('\r\n\r\n')) return;
        socket.write(
          'HTTP/1.1 413 Content Too Large\r\nContent-Type: application/problem+json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
        );
        if (close === 'at once') socket.destroy();
        else socket.end();
      });
    });

  async function sendLarge(close: 'at once' | 'in stages') {
    const server = early(close);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const exchanges: RecordedExchange[] = [];
    proxy = await startProxy({
      port: 0,
      upstream: `http://127.0.0.1:${(server.address() as AddressInfo).port}/uai`,
      site,
      timeoutMs: 3000,
      onExchange: (x) => exchanges.push(x),
    });
    const port = proxy.port;
    const status = await new Promise<number | string>((done) => {
      const req = request({ port, host: '127.0.0.1', path: '/uai', method: 'POST' });
      req.on('response', (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      });
      req.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'error'));
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 64) if (((sent += 1), !req.write(chunk))) return void req.once('drain', pump);
        req.end();
      };
      pump();
    });
    for (let i = 0; i < 100 && exchanges.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    server.close();
    expect(exchanges).toHaveLength(1);
    return { status, x: exchanges[0]! };
  }

  it('and closes at once: its transport.answered fault names the reset and the staged close', async () => {
    const { x } = await sendLarge('at once');
    // The reset may come after the answer was read (then the answer is forwarded and judged).
    if (x.response === undefined)
      expect(x.faults).toEqual([
        expect.objectContaining({
          side: 'server',
          check: 'transport.answered',
          detail: expect.stringMatching(/reset while the request was still being sent.*RFC 9112 section 9\.6/),
        }),
      ]);
    else expect(x.response.status).toBe(413);
  });

  it('and closes in stages: the answer reaches the client, no fault', async () => {
    const { status, x } = await sendLarge('in stages');
    expect(status).toBe(413);
    expect([x.response?.status, x.faults]).toEqual([413, []]);
  });
});

describe('a request body node:http cannot read (a bad chunk size)', () => {
  it("is one exchange, the client's binding_form, not a second one nor a request left unfinished", async () => {
    const { port, recorded, count } = await behind((req, res) => {
      req.resume();
      req.on('error', () => undefined);
      res.on('error', () => undefined);
    }, 1000);
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      'POST /uai HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    await new Promise((r) => setTimeout(r, 100));
    socket.write('zz\r\n{}\r\n0\r\n\r\n');
    const { x, judged } = await recorded();
    expect([x.request.method, x.request.target]).toEqual(['POST', '/uai']);
    expect(x.faults.map((f) => `${f.side} ${f.check}`)).toEqual(['client client.binding_form']);
    expect(judged.findings.map((f) => f.check)).toContain('client.binding_form');
    // Past the exchange's bound: still the one record.
    await new Promise((r) => setTimeout(r, 1200));
    expect(count()).toBe(1);
  });
});

describe('the live line', () => {
  it('says an exchange was not judged as a message beside the findings its head still gave', () => {
    const line = liveLine({
      index: 1,
      method: 'GET',
      target: '/uai',
      status: 200,
      role: 'other',
      findings: [
        {
          side: 'server',
          check: 'transport.size_limit',
          severity: 'must',
          section: 'CONTRACT section 8',
          path: '',
          message: 'Content-Length 5000000 is over',
        },
      ],
      judged: [],
      unjudged: 'the client closed the connection before the answer was whole',
    });
    expect(line.split('\n')[0]).toBe(
      '#1 GET /uai -> 200  1 finding; not judged as a message: the client closed the connection before the answer was whole',
    );
  });
});
