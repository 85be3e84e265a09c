import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { testCommand } from '../../src/kit/command.ts';
import { kitHttp, type Answer } from '../../src/kit/server/http.ts';
import { answerEnd, TAIL_MS } from '../../src/kit/server/framing.ts';
import { liveLine, ProxySession, startProxy, type JudgedExchange } from '../../src/kit/proxy/index.ts';
import { siteFor } from '../../src/standard/urls.ts';

/**
 * The wire under the kit and the proxy, byte by byte: raw servers that frame an answer and then
 * send more (bytes after its Content-Length, a second response glued on, a body after the head of
 * an answer to HEAD), or that answer the statement's GET with bytes that are not HTTP at all. Each
 * fails `transport.answered` with what came as evidence; the same answers without the extra bytes,
 * on connections closed or kept open, fail nothing.
 */
const NOW = new Date('2026-11-20T10:00:00Z');
const servers: { server: Server; open: Set<Socket> }[] = [];
afterEach(async () => {
  for (const { server, open } of servers.splice(0)) {
    // Connections left open (a server that ignores the client's close) end with the test.
    for (const s of open) s.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  }
});

/**
 * A raw server on a free port: `answer` writes on the socket once a request's first bytes came.
 * `halfOpen` keeps the connection open when the client stops sending (as a server that ignores
 * `Connection: close` does); otherwise it closes then, as most servers do.
 */
async function rawServer(answer: (socket: Socket, request: string) => void, halfOpen = false): Promise<string> {
  const open = new Set<Socket>();
  const server = createServer({ allowHalfOpen: halfOpen }, (socket) => {
    open.add(socket.once('close', () => open.delete(socket)));
    socket.on('error', () => undefined);
    socket.once('data', (d: Buffer) => answer(socket, d.toString('latin1')));
  });
  servers.push({ server, open });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const get = (origin: string): Promise<Answer> =>
  kitHttp([origin], { timeoutMs: 2000, totalMs: 5000, maxRequests: 5 }).send('GET', `${origin}/uai`);
const framingFaults = (a: Answer) => a.faults.filter((f) => f.check === 'transport.answered').map((f) => f.detail);

const OK10 = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 10\r\n';
const SECOND = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}';
const AFTER = SECOND.length;

describe('uai test: bytes after a framed answer fail transport.answered', () => {
  const cases: [string, (s: Socket) => void, boolean, RegExp][] = [
    [
      'Content-Length 10, then 30 bytes, Connection: close',
      (s) => s.end(`${OK10}connection: close\r\n\r\n"abcdefgh"${'x'.repeat(20)}`),
      false,
      /: 20 bytes after the 10 bytes Content-Length framed, starting "x{20}"$/,
    ],
    [
      'Content-Length 10, then 30 bytes, the connection kept open',
      (s) => s.write(`${OK10}\r\n"abcdefgh"${'x'.repeat(20)}`),
      true,
      /: 20 bytes after the 10 bytes Content-Length framed/,
    ],
    [
      'a second response glued to the first',
      (s) => s.write(`${OK10}\r\n"abcdefgh"${SECOND}`),
      true,
      new RegExp(`: ${AFTER} bytes after the 10 bytes Content-Length framed, starting "HTTP/1\\.1 200 OK\\\\r\\\\n`),
    ],
    [
      'a second response written after the first, before the client closed',
      (s) => {
        s.write(`${OK10}\r\n"abcdefgh"`);
        s.write(SECOND);
      },
      false,
      new RegExp(`: ${AFTER} bytes after the 10 bytes Content-Length framed`),
    ],
    [
      'a second response after a chunked body',
      (s) => s.end(`HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\na\r\n"abcdefgh"\r\n0\r\n\r\n${SECOND}`),
      false,
      new RegExp(`: ${AFTER} bytes after the last chunk`),
    ],
    [
      'bytes 20 ms after the answer, the connection kept open',
      (s) => {
        s.write(`${OK10}\r\n"abcdefgh"`);
        setTimeout(() => s.write('late'), 20);
      },
      true,
      /: 4 bytes after the 10 bytes Content-Length framed, starting "late"$/,
    ],
    [
      'an empty line after the body',
      (s) => s.end(`${OK10}\r\n"abcdefgh"\r\n`),
      false,
      /: 2 bytes after the 10 bytes Content-Length framed, starting "\\r\\n"$/,
    ],
  ];
  it.each(cases)('%s', async (_what, answer, halfOpen, evidence) => {
    const origin = await rawServer(answer, halfOpen);
    const started = Date.now();
    const a = await get(origin);
    expect(Date.now() - started).toBeLessThan(1000);
    // The answer itself is read as framed; what follows it is the fault.
    expect([a.status, a.complete, a.text]).toEqual([200, true, '"abcdefgh"']);
    expect(framingFaults(a)).toEqual([expect.stringMatching(evidence)]);
  });

  it('an HTTP 204 with Content-Length: a fault of its head, not bytes missing', async () => {
    const origin = await rawServer((s) =>
      s.end('HTTP/1.1 204 No Content\r\ncontent-length: 10\r\nconnection: close\r\n\r\n'),
    );
    expect(framingFaults(await get(origin))).toEqual([
      expect.stringMatching(
        /: an HTTP 204 answer with Content-Length 10; a 204 has no body, and its head must not carry Content-Length \(RFC 9110 section 8\.6\)$/,
      ),
    ]);
  });

  it('the whole run: a sync answer with bytes after it fails transport.answered, and only that', async () => {
    const { startKitServer } = await import('./harness.ts');
    const kit = await startKitServer();
    try {
      kit.transform = async (ex) => {
        if (ex.method !== 'POST' || ex.response.status >= 400 || !/"mode":"sync"/.test(ex.requestText))
          return ex.response;
        const text = Buffer.from(await ex.response.text());
        return {
          raw: (s: Socket) =>
            s.end(
              Buffer.concat([
                Buffer.from(
                  `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${text.length}\r\n\r\n`,
                ),
                text,
                Buffer.from(SECOND),
              ]),
            ),
        };
      };
      const { testImplementation, DEFAULT_LIMITS } = await import('../../src/kit/index.ts');
      const report = await testImplementation({
        endpoint: kit.endpoint,
        site: kit.site,
        limits: DEFAULT_LIMITS,
        now: NOW,
        runId: '4bf92f3577b34da6a3ce929d0e0e4736',
      });
      expect(report.checks.filter((c) => c.status !== 'pass').map((c) => c.id)).toEqual(['transport.answered']);
      // The sync request and its follow-up (a sync request too).
      expect(report.checks.find((c) => c.id === 'transport.answered')!.evidence).toEqual(
        ['sync', 'follow-up'].map((scenario) =>
          expect.stringMatching(
            new RegExp(`^${scenario}: POST .*: ${AFTER} bytes after the \\d+ bytes Content-Length framed`),
          ),
        ),
      );
      expect(report.exit_code).toBe(1);
    } finally {
      await kit.stop();
    }
  });
});

/** An answer as a server may rightly frame it, and the bytes of it on the wire. */
interface Framed {
  readonly body: Uint8Array;
  readonly wire: Buffer;
  readonly framing: number | 'chunked';
}
const framedAnswer = fc
  .record({
    body: fc.uint8Array({ maxLength: 300 }),
    chunked: fc.boolean(),
    chunkSizes: fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 6 }),
    interim: fc.boolean(),
    emptyLines: fc.nat({ max: 2 }),
    close: fc.boolean(),
    extension: fc.boolean(),
    trailer: fc.boolean(),
  })
  .map(({ body, chunked, chunkSizes, interim, emptyLines, close, extension, trailer }): Framed => {
    const parts: Buffer[] = [
      Buffer.from(interim ? 'HTTP/1.1 103 Early Hints\r\nlink: </a>; rel=preload\r\n\r\n' : ''),
      // Empty lines before a head, which the parser skips.
      Buffer.from('\r\n'.repeat(emptyLines)),
    ];
    const head = `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n${close ? 'connection: close\r\n' : ''}`;
    if (!chunked) {
      parts.push(Buffer.from(`${head}content-length: ${body.length}\r\n\r\n`), Buffer.from(body));
      return { body, wire: Buffer.concat(parts), framing: body.length };
    }
    parts.push(Buffer.from(`${head}transfer-encoding: chunked\r\n\r\n`));
    for (let at = 0, i = 0; at < body.length; i += 1) {
      const piece = body.subarray(at, at + chunkSizes[i % chunkSizes.length]!);
      at += piece.length;
      parts.push(Buffer.from(`${piece.length.toString(16)}${extension ? ';x="y"' : ''}\r\n`), Buffer.from(piece));
      parts.push(Buffer.from('\r\n'));
    }
    parts.push(Buffer.from(`0\r\n${trailer ? 'x-trailer: 1\r\n' : ''}\r\n`));
    return { body, wire: Buffer.concat(parts), framing: 'chunked' };
  });
/** What a server may glue after an answer: any bytes, or a whole second response. */
const extra = fc.oneof(
  fc.uint8Array({ minLength: 1, maxLength: 80 }),
  fc.constant(new Uint8Array(Buffer.from(SECOND))),
);
/** Cut points: the same bytes in the pieces a network may deliver them in. */
const cuts = fc.array(fc.nat(), { maxLength: 8 });
const pieces = (bytes: Buffer, at: readonly number[]) => {
  const points = [...new Set(at.map((n) => n % (bytes.length + 1)))].sort((a, b) => a - b);
  return [0, ...points].map((p, i) => bytes.subarray(p, [...points, bytes.length][i]));
};

describe('the count of bytes after an answer (property)', () => {
  it('the end of any correctly framed answer is found where it is, whatever follows it', () => {
    fc.assert(
      fc.property(framedAnswer, fc.option(extra, { nil: undefined }), (a, after) => {
        expect(answerEnd(Buffer.concat([a.wire, after ?? new Uint8Array()]), a.framing)).toBe(a.wire.length);
      }),
      { numRuns: 2000 },
    );
  });

  it('an answer whose end the bytes kept do not hold is not counted', () => {
    fc.assert(
      fc.property(framedAnswer, fc.nat(), (a, cut) => {
        const short = a.wire.subarray(0, cut % a.wire.length);
        const end = answerEnd(short, a.framing);
        // A length-framed end is known from the head alone; every other needs its bytes.
        if (end !== undefined) expect([a.wire.length, true]).toEqual([end, typeof a.framing === 'number']);
      }),
      { numRuns: 2000 },
    );
  });

  it('over the wire: kitHttp reads the answer and fails exactly the answers with bytes after them', async () => {
    let current: { wire: Buffer; at: readonly number[] } = { wire: Buffer.alloc(0), at: [] };
    const closing = await rawServer((s) => {
      for (const piece of pieces(current.wire, current.at)) s.write(piece);
    });
    const open = await rawServer((s) => {
      for (const piece of pieces(current.wire, current.at)) s.write(piece);
    }, true);
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(
        framedAnswer,
        fc.option(extra, { nil: undefined }),
        cuts,
        fc.integer({ min: 0, max: 3 }),
        async (a, after, at, which) => {
          current = { wire: Buffer.concat([a.wire, after ?? new Uint8Array()]), at };
          // One connection in four stays open after the answer: the kit then reads on for TAIL_MS.
          const answer = await get(which === 0 ? open : closing);
          expect(answer.complete).toBe(true);
          expect(Buffer.from(answer.bytes).equals(Buffer.from(a.body))).toBe(true);
          const faults = framingFaults(answer);
          if (after === undefined) expect(faults).toEqual([]);
          else expect(faults).toEqual([expect.stringMatching(new RegExp(`: ${after.length} bytes after `))]);
        },
      ),
      { numRuns: 40 },
    );
    // Closed connections end the watch at once; one left open costs TAIL_MS.
    expect(Date.now() - started).toBeLessThan(40 * 5 + 15 * TAIL_MS + 1500);
  });
});

describe('uai test: bytes that are not HTTP on the statement GET are an answer that fails', () => {
  const uaiTest = async (origin: string) => {
    let stdout = '';
    let stderr = '';
    const code = await testCommand([`${origin}/uai`, '--timeout', '1000'], {
      stdout: (t) => void (stdout += t),
      stderr: (t) => void (stderr += t),
      now: () => NOW,
      site: siteFor(origin),
    });
    return { code, stdout, stderr };
  };
  it.each([
    [
      'random bytes',
      (s: Socket) => s.end(Buffer.concat([Buffer.from([0]), randomBytes(63)])),
      /is not HTTP\/1\.1 \(HPE_/,
    ],
    ['"hello" and an empty line, then close', (s: Socket) => s.end('hello\r\n\r\n'), /is not HTTP\/1\.1 \(HPE_/],
    [
      'a status line, then close',
      (s: Socket) => s.end('HTTP/1.1 200 OK\r\n'),
      /the connection ended after 17 bytes, before the head of an HTTP\/1\.1 answer was complete/,
    ],
  ])(
    '%s: exit 1, transport.answered and capability.reachable fail with the evidence',
    async (_what, answer, evidence) => {
      const origin = await rawServer(answer);
      const { code, stdout, stderr } = await uaiTest(origin);
      expect(stderr).toBe('');
      expect(code).toBe(1);
      const evidenceOf = (id: string) =>
        new RegExp(`FAIL {2}${id.replace('.', '\\.')} .*\\n {8}(.*)`).exec(stdout)?.[1];
      expect(evidenceOf('transport.answered')).toMatch(/^capability: GET http:\/\/127\.0\.0\.1:\d+\/uai: /);
      expect(evidenceOf('transport.answered')).toMatch(evidence);
      expect(evidenceOf('capability.reachable')).toMatch(evidence);
      expect(stdout).toMatch(/stopped early \(the run fails\)/);
    },
  );

  it.each([
    ['closes without a byte', (s: Socket) => s.end()],
    ['resets without a byte', (s: Socket) => s.resetAndDestroy()],
  ])('a server that %s was not reached: exit 2', async (_what, answer) => {
    const origin = await rawServer(answer);
    const { code, stdout, stderr } = await uaiTest(origin);
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toMatch(/could not be reached: GET .* cannot reach http:\/\/127\.0\.0\.1:\d+ \(/);
  });
});

describe('uai proxy: a body after the head of an answer to HEAD fails transport.answered', () => {
  const BODY = '{"profile":"uai.capability.statement.v1","padding":"......"}';
  const headOf = (close: boolean) =>
    `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${BODY.length}\r\n${close ? 'connection: close\r\n' : ''}\r\n`;
  /** A client's HEAD (then its GET) through a proxy in front of a raw server; what each exchange was judged. */
  async function throughProxy(
    head: (s: Socket) => void,
    halfOpen: boolean,
    get: (s: Socket) => void = (s) => s.end(`${headOf(true)}${BODY}`),
  ) {
    const origin = await rawServer((s, req) => (req.startsWith('HEAD ') ? head : get)(s), halfOpen);
    const site = siteFor(origin);
    const session = new ProxySession(site);
    const judged: JudgedExchange[] = [];
    const proxy = await startProxy({
      port: 0,
      upstream: `${origin}/uai`,
      site,
      timeoutMs: 2000,
      onExchange: (x) => judged.push(session.add(x)),
    });
    try {
      const ask = (method: string) =>
        new Promise<{ status: number; length: string | undefined; body: string }>((resolve, reject) => {
          const r = request(`${proxy.endpoint}`, { method, agent: false }, (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, length: res.headers['content-length'], body }));
          });
          r.on('error', reject);
          r.end();
        });
      const started = Date.now();
      const answers = [await ask('HEAD'), await ask('GET')];
      while (judged.length < 2 && Date.now() - started < 1500) await new Promise((r) => setTimeout(r, 10));
      expect(Date.now() - started).toBeLessThan(1500);
      // Judged in the order they ended: a HEAD's ends once the upstream closed or the watch is over.
      const [head, next] = ['HEAD', 'GET'].map((m) => judged.find((x) => x.method === m)!);
      return {
        answers,
        head: head!,
        next: next!,
        report: session.report({ site, runId: '4bf92f3577b34da6a3ce929d0e0e4736', now: NOW }),
      };
    } finally {
      await proxy.close();
    }
  }

  it.each([
    ['in the same write, the connection kept open', (s: Socket) => s.write(`${headOf(false)}${BODY}`), true],
    ['in the same write, Connection: close', (s: Socket) => s.end(`${headOf(true)}${BODY}`), false],
    [
      'in a second write',
      (s: Socket) => {
        s.write(headOf(false));
        s.write(BODY);
      },
      false,
    ],
  ])('%s', async (_what, head, halfOpen) => {
    const { answers, head: judged, next, report } = await throughProxy(head, halfOpen);
    // The client gets the head as the upstream sent it (node:http sends no body to a HEAD).
    expect(answers[0]).toEqual({ status: 200, length: String(BODY.length), body: '' });
    expect(judged.findings).toEqual([
      expect.objectContaining({
        side: 'server',
        check: 'transport.answered',
        message: `${BODY.length} bytes after the head of an answer to HEAD, which has no body, starting ${JSON.stringify(BODY.slice(0, 32))}`,
      }),
    ]);
    expect(liveLine(judged)).toMatch(/^#\d HEAD \/uai -> 200 {2}1 finding\n {2}server transport\.answered \(must, /);
    expect(report.exit_code).toBe(1);
    // The next exchange is served and judged on its own.
    expect(answers[1]).toMatchObject({ status: 200, body: BODY });
    expect(next.findings.filter((f) => f.check.startsWith('transport.'))).toEqual([]);
  });

  it.each([
    ['the connection kept open', (s: Socket) => s.write(headOf(false)), true],
    ['the connection closed', (s: Socket) => s.end(headOf(true)), false],
  ])('a HEAD answered with its head alone, %s: no finding', async (_what, head, halfOpen) => {
    const { answers, head: judged } = await throughProxy(head, halfOpen);
    expect(answers[0]).toEqual({ status: 200, length: String(BODY.length), body: '' });
    expect(judged.findings).toEqual([]);
  });

  it('a GET whose answer has bytes after its Content-Length in the same packet: the client has the answer, the finding says so', async () => {
    const { answers, next } = await throughProxy(
      (s) => s.end(headOf(true)),
      true,
      (s) => s.write(`${headOf(false)}${BODY}garbage`),
    );
    expect(answers[1]).toEqual({ status: 200, length: String(BODY.length), body: BODY });
    expect(next.findings.filter((f) => f.check.startsWith('transport.'))).toEqual([
      expect.objectContaining({
        side: 'server',
        check: 'transport.answered',
        message: `7 bytes after the ${BODY.length} bytes Content-Length framed, starting "garbage"`,
      }),
    ]);
  });

  // node:http drops a well-formed second response on a pooled connection without a word: the
  // proxy must see it all the same, on a connection kept open or closed after it.
  it.each([
    ['kept open', (s: Socket) => s.write(`${headOf(false)}${BODY}${SECOND}`), true],
    ['closed after it', (s: Socket) => s.end(`${headOf(true)}${BODY}${SECOND}`), false],
  ])(
    'a GET answered twice in one write, the connection %s: the client has the first, the finding says so',
    async (_what, get, halfOpen) => {
      const { answers, next } = await throughProxy((s) => s.end(headOf(true)), halfOpen, get);
      expect(answers[1]).toEqual({ status: 200, length: String(BODY.length), body: BODY });
      expect(next.findings.filter((f) => f.check.startsWith('transport.'))).toEqual([
        expect.objectContaining({
          side: 'server',
          check: 'transport.answered',
          message: `${AFTER} bytes after the ${BODY.length} bytes Content-Length framed, starting ${JSON.stringify(SECOND.slice(0, 32))}`,
        }),
      ]);
    },
  );
});

describe('uai proxy: stopping it', () => {
  it('judges every exchange already answered before close() resolves, the upstream still watched', async () => {
    // The upstream keeps its connection open after the answer, so the watch runs its full bound.
    const origin = await rawServer((s) => s.write(`${OK10}\r\n"abcdefgh"`), true);
    const site = siteFor(origin);
    const judged: unknown[] = [];
    const proxy = await startProxy({
      port: 0,
      upstream: `${origin}/uai`,
      site,
      timeoutMs: 2000,
      onExchange: (x) => judged.push(x),
    });
    const answer = await fetch(proxy.endpoint);
    expect(await answer.text()).toBe('"abcdefgh"');
    expect(judged).toEqual([]);
    const started = Date.now();
    await proxy.close();
    expect(judged).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(TAIL_MS + 500);
  });
});
