import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as actionReads from '../../netlify/functions/action-reads.mts';
import * as checkExchange from '../../netlify/functions/check-exchange.mts';
import * as mockExchange from '../../netlify/functions/mock-exchange.mts';
import * as referenceServerReads from '../../netlify/functions/reference-server-reads.mts';
import * as referenceServer from '../../netlify/functions/reference-server.mts';
import * as validate from '../../netlify/functions/validate.mts';
import { checkExchangeAction, mockExchangeAction, validateAction, validateMessage } from '../../src/engine/index.ts';
import { actionCore } from '../../src/http/action-handler.ts';
import type { CoreHandler } from '../../src/http/core.ts';
import { SECURITY_HEADERS } from '../../src/http/headers.ts';
import { createApp, type FunctionModule } from '../../src/http/node/app.ts';
import { MAX_BODY_BYTES } from '../../src/http/request-body.ts';
import { referenceServerCore } from '../../src/http/reference-server-handler.ts';
import { webAdapter } from '../../src/http/web-adapter.ts';
import { errorCode } from '../../src/standard/codes.ts';
import { NOW, ORIGIN, requestExample, site } from '../support/in-process.ts';
import { rawRequest } from '../http/raw-request.ts';

/**
 * The two adapters of the HTTP core, compared on generated requests: each is written as bytes on a
 * socket to the local server (createApp, with the Netlify function modules' own routing config)
 * and handed as the Web Request a platform builds from the same bytes (every field line appended,
 * the body as the framing delimits it) to the function's Web handler, as Netlify calls it. Both
 * answers must have the same status, header lines and body bytes (Date, Connection and Keep-Alive
 * are the platform's), and each must be what CONTRACT section 8 allows: never a 500, every error a
 * problem with a registered code whose status is the answer's.
 * tests/http-inprocess/adapters.test.ts holds the hand-picked cases; this adds what a table misses.
 */
const now = () => NOW;
const actionCores: Record<string, CoreHandler> = {
  [validate.config.path]: actionCore({ site, action: validateAction, now }),
  [mockExchange.config.path]: actionCore({ site, action: mockExchangeAction, now }),
  [checkExchange.config.path]: actionCore({ site, action: checkExchangeAction, now }),
};
const referenceCore = referenceServerCore({ site, now });

/** The deployed modules with a pinned clock: same paths and methods, the same core for both adapters. */
const modules: FunctionModule[] = (
  [
    [validate, actionCores[validate.config.path]!],
    [mockExchange, actionCores[mockExchange.config.path]!],
    [checkExchange, actionCores[checkExchange.config.path]!],
    // The other methods of the three: answered without the clock or an action.
    [actionReads, actionReads.core],
    [referenceServer, referenceCore],
    [referenceServerReads, referenceCore],
  ] as const
).map(([m, core]) => ({ default: webAdapter(core), core, config: m.config }));

/** The Web handler Netlify would call for a path and method, by the modules' config. */
function webHandlerFor(path: string, method: string): ((r: Request) => Promise<Response>) | undefined {
  const list = (v: string | readonly string[]) => (typeof v === 'string' ? [v] : v);
  return modules.find(
    (m) =>
      (m.config.method === undefined || list(m.config.method).includes(method)) &&
      list(m.config.path).some((p) => (p.endsWith('/*') ? path.startsWith(p.slice(0, -1)) : p === path)),
  )?.default;
}

// ---------------------------------------------------------------------------------------------
// Requests

interface Generated {
  readonly method: string;
  readonly path: string;
  /** Field lines in order; a name may repeat. */
  readonly headers: readonly (readonly [string, string])[];
  /** The body as the client sends it, in the pieces it writes. */
  readonly chunks: readonly Buffer[];
  /** How the body is delimited. */
  readonly framing: 'length' | 'chunked' | 'short-length' | 'none';
}

const PATHS = [
  '/v1/validate',
  '/v1/mock-exchange',
  '/v1/check-exchange',
  '/v1/reference-server',
  '/v1/reference-server/tasks/nope',
  '/v1/reference-server/tasks/%E0%A4%A',
];
// Methods a Web Request can carry (the Fetch standard refuses CONNECT, TRACE and TRACK) and
// node:http's parser knows; lower case is refused by that parser (docs/slow-clients.md).
const methods = fc.oneof(
  { weight: 6, arbitrary: fc.constant('POST') },
  { weight: 3, arbitrary: fc.constantFrom('GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE', 'PROPFIND', 'QUERY') },
);

const JSON_TYPES = [
  'application/json',
  'Application/JSON',
  'application/json; charset=utf-8',
  'application/json;charset=UTF-8',
  'application/json; charset="utf8"',
  'application/json ; charset=utf-8 ; q=1',
  'application/vnd.uai+json',
  'application/problem+JSON; charset=utf-8',
];
const OTHER_TYPES = [
  '',
  'text/plain',
  'text/json',
  'application/json-seq',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  'application/json; charset=\u00fctf-8',
];
const contentTypes = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...JSON_TYPES).map((t) => [t]) },
  { weight: 2, arbitrary: fc.constantFrom(...OTHER_TYPES).map((t) => [t]) },
  { weight: 1, arbitrary: fc.constant([] as string[]) },
  // Two Content-Type field lines: a singleton field sent twice.
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...JSON_TYPES, ...OTHER_TYPES), fc.constantFrom(...JSON_TYPES)) },
);
const contentEncodings = fc.oneof(
  { weight: 6, arbitrary: fc.constant([] as string[]) },
  { weight: 1, arbitrary: fc.constantFrom('identity', 'gzip', 'GZIP', 'br', 'identity, gzip', '').map((e) => [e]) },
  { weight: 1, arbitrary: fc.constant(['identity', 'gzip']) },
);

const message = requestExample();
const wrapped = JSON.stringify({ message });
const bare = JSON.stringify(message);
const pair = JSON.stringify({ request: message });

/** Body texts near what each route takes, and the shapes its limits are about. */
const bodyTexts = fc.oneof(
  fc.constantFrom(wrapped, bare, pair, JSON.stringify({ message, format: 'sarif' }), '{}', '[]', 'null'),
  fc.constantFrom('', ' ', '\r\n\t ', '{', '{"message": {"a": 1,}}', '{"message":1e400}', '{"a":1,"a":2}'),
  fc.constantFrom(
    `{"message":{"uai_version":"1.0","x":123456789012345678901234567890,"y":-0,"z":1e-400}}`,
    `{"message":${wrapped},"message":${bare}}`,
  ),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify({ message: v })),
  // Nesting around the limit: the wrapper may nest one level more than MAX_DEPTH (64).
  fc.integer({ min: 62, max: 68 }).map((n) => `{"message":${'['.repeat(n)}${']'.repeat(n)}}`),
  fc.integer({ min: 62, max: 68 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
);

/** A body of exactly `size` bytes: the message padded with spaces (or cut, when it is longer). */
const sized = (text: string, size: number): Buffer => {
  const bytes = Buffer.from(text);
  return bytes.byteLength >= size
    ? bytes.subarray(0, size)
    : Buffer.concat([bytes, Buffer.alloc(size - bytes.byteLength, 0x20)]);
};

const bodies: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 8, arbitrary: bodyTexts.map((t) => Buffer.from(t)) },
  // A byte order mark, invalid UTF-8, a lone surrogate written as UTF-8 (CESU), UTF-16.
  { weight: 1, arbitrary: bodyTexts.map((t) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(t)])) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(bodyTexts, fc.constantFrom([0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xc0, 0xaf]))
      .map(([t, bad]) => Buffer.concat([Buffer.from(t.slice(0, 10)), Buffer.from(bad), Buffer.from(t.slice(10))])),
  },
  { weight: 1, arbitrary: bodyTexts.map((t) => Buffer.from(t, 'utf16le')) },
  { weight: 1, arbitrary: bodyTexts.map((t) => gzipSync(t)) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)) },
  // At the size cap: a byte under, at, and over it.
  {
    weight: 1,
    arbitrary: fc.integer({ min: -2, max: 3 }).map((d) => sized(wrapped, MAX_BODY_BYTES + d)),
  },
);

/** The body in up to four pieces, cut anywhere (a multibyte character or the cap's last byte included). */
const pieces = (body: Buffer): fc.Arbitrary<Buffer[]> =>
  fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, body.byteLength - 1) }), { maxLength: 3 }).map((cuts) => {
    const at = [0, ...cuts.filter((c) => c < body.byteLength).sort((a, b) => a - b), body.byteLength];
    return at.slice(1).map((end, i) => body.subarray(at[i], end));
  });

const requests: fc.Arbitrary<Generated> = fc
  .record({
    method: methods,
    path: fc.constantFrom(...PATHS),
    types: contentTypes,
    encodings: contentEncodings,
    body: bodies,
    framing: fc.constantFrom('length', 'length', 'chunked', 'short-length', 'none'),
    declaredOver: fc.boolean(),
  })
  .chain(({ method, path, types, encodings, body, framing, declaredOver }) =>
    pieces(body).map((chunks): Generated => {
      const headers: [string, string][] = [];
      for (const t of types) headers.push(['Content-Type', t]);
      for (const e of encodings) headers.push(['Content-Encoding', e]);
      // A body with no framing, or on a method a Web Request gives no body, is not sent.
      const bodiless = framing === 'none' || method === 'GET' || method === 'HEAD';
      if (bodiless && declaredOver && method !== 'GET' && method !== 'HEAD') {
        // A declared length over the cap, refused before a byte of it is read.
        headers.push(['Content-Length', String(MAX_BODY_BYTES + 1)]);
        return { method, path, headers, chunks: [], framing: 'none' };
      }
      return {
        method,
        path,
        headers,
        chunks: bodiless ? [] : chunks,
        framing: bodiless ? 'none' : (framing as Generated['framing']),
      };
    }),
  );

// ---------------------------------------------------------------------------------------------
// The node:http side: bytes on a socket

const sentBody = (r: Generated): Buffer => Buffer.concat(r.chunks);
/** What the framing delivers as the body: a Content-Length one byte short keeps the last byte out. */
const deliveredBody = (r: Generated): Buffer => {
  const body = sentBody(r);
  return r.framing === 'short-length' ? body.subarray(0, Math.max(0, body.byteLength - 1)) : body;
};

function wireBytes(r: Generated): Buffer {
  const lines = [`${r.method} ${r.path} HTTP/1.1`, 'Host: 127.0.0.1', ...r.headers.map(([n, v]) => `${n}: ${v}`)];
  const body = sentBody(r);
  if (r.framing === 'length') lines.push(`Content-Length: ${body.byteLength}`);
  if (r.framing === 'short-length') lines.push(`Content-Length: ${deliveredBody(r).byteLength}`);
  if (r.framing === 'chunked') lines.push('Transfer-Encoding: chunked');
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  if (r.framing !== 'chunked') return Buffer.concat([head, body]);
  const parts = r.chunks.flatMap((c) =>
    c.byteLength === 0 ? [] : [Buffer.from(`${c.byteLength.toString(16)}\r\n`), c, Buffer.from('\r\n')],
  );
  return Buffer.concat([head, ...parts, Buffer.from('0\r\n\r\n')]);
}

interface Answer {
  readonly status: number;
  /** `name: value`, names lower-case, in the order sent. */
  readonly headers: readonly string[];
  /** The body's bytes as latin1 text, one character a byte, so a difference prints readably. */
  readonly body: string;
}

/** Header lines the platform writes, not the function: left out of the comparison. */
const PLATFORM = new Set(['date', 'connection', 'keep-alive']);

/** The first answer on a connection, read as soon as it is whole; a hang fails after 5 s. */
function nodeAnswer(port: number, r: Generated): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no whole answer in 5 s; got ${JSON.stringify(data.toString('latin1').slice(0, 300))}`));
    }, 5000);
    const finish = (answer: Answer | Error) => {
      clearTimeout(timer);
      socket.destroy();
      if (answer instanceof Error) reject(answer);
      else resolve(answer);
    };
    const tryParse = (ended: boolean) => {
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return ended && finish(new Error(`the connection closed without an answer`));
      const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine!)?.[1]);
      const headers: string[] = [];
      let length = 0;
      for (const line of lines) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).toLowerCase();
        const value = line.slice(colon + 1).trim();
        if (name === 'content-length') length = Number(value);
        if (name === 'transfer-encoding') return finish(new Error('a chunked answer'));
        if (!PLATFORM.has(name)) headers.push(`${name}: ${value}`);
      }
      if (r.method === 'HEAD' || status === 204) length = 0;
      if (data.byteLength - end - 4 < length) return ended && finish(new Error('the answer was cut short'));
      finish({ status, headers, body: data.subarray(end + 4, end + 4 + length).toString('latin1') });
    };
    socket.on('connect', () => socket.write(wireBytes(r)));
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      tryParse(false);
    });
    socket.on('end', () => tryParse(true));
    socket.on('error', (error) => finish(error));
  });
}

// ---------------------------------------------------------------------------------------------
// The Web side: the Request a platform builds from the same bytes

async function webAnswer(r: Generated): Promise<Answer | undefined> {
  const handler = webHandlerFor(r.path, r.method);
  if (!handler) return undefined;
  const headers = new Headers();
  for (const [name, value] of r.headers) headers.append(name, value);
  const body = deliveredBody(r);
  if (r.framing === 'length' || r.framing === 'short-length') headers.set('content-length', String(body.byteLength));
  const hasBody = r.method !== 'GET' && r.method !== 'HEAD';
  const chunks = r.framing === 'short-length' ? [body] : r.chunks;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) if (c.byteLength > 0) controller.enqueue(new Uint8Array(c));
      controller.close();
    },
  });
  const response = await handler(
    new Request(`${ORIGIN}${r.path}`, {
      method: r.method,
      headers,
      ...(hasBody ? { body: stream, duplex: 'half' } : {}),
    } as RequestInit),
  );
  const lines: string[] = [];
  response.headers.forEach((value, name) => lines.push(`${name}: ${value}`));
  // The platform sends a HEAD answer's headers without its body.
  const bytes = Buffer.from(await response.arrayBuffer()).toString('latin1');
  return { status: response.status, headers: lines, body: r.method === 'HEAD' ? '' : bytes };
}

// ---------------------------------------------------------------------------------------------
// What every answer must be

const headerOf = (a: Answer, name: string) => a.headers.find((h) => h.startsWith(`${name}: `))?.slice(name.length + 2);

function expectAllowed(a: Answer, r: Generated): void {
  expect(a.status).toBeGreaterThanOrEqual(200);
  expect(a.status).toBeLessThan(500);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headerOf(a, name.toLowerCase())).toBe(value);
  expect(headerOf(a, 'access-control-allow-origin')).toBe('*');
  expect(headerOf(a, 'cache-control')).toBe('no-store');
  if (a.status === 204) return;
  if (r.method === 'HEAD') return;
  expect(Number(headerOf(a, 'content-length'))).toBe(a.body.length);
  const type = headerOf(a, 'content-type');
  const body = JSON.parse(Buffer.from(a.body, 'latin1').toString('utf8')) as Record<string, unknown>;
  if (type === 'application/problem+json; charset=utf-8') {
    const code = String(body.code);
    expect(errorCode(code), code).toBeDefined();
    expect(errorCode(code)!.status).toBe(a.status);
    expect(body.status).toBe(a.status);
    return;
  }
  expect(type).toMatch(/^application\/(?:[a-z.]+\+)?json; charset=utf-8$/);
  // Every message the reference server answers with validates clean, keyless ones as keyless.
  if (r.path === '/v1/reference-server' && r.method === 'POST') {
    const mode = Array.isArray(body) ? 'keyless-json' : 'keyed-json';
    const check = validateMessage(body, { mode, site, now: NOW });
    expect([check.error_count, check.warning_count], JSON.stringify([...check.errors, ...check.warnings])).toEqual([
      0, 0,
    ]);
  }
}

// ---------------------------------------------------------------------------------------------

let server: Server;
let port: number;

beforeAll(async () => {
  server = createApp({
    site,
    files: new Map(),
    rateLimit: false,
    functions: modules,
    timeouts: { headersMs: 4000, requestMs: 8000 },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

const show = (r: Generated) =>
  `${r.method} ${r.path} ${JSON.stringify(r.headers)} ${r.framing} ${sentBody(r).byteLength} bytes ` +
  JSON.stringify(sentBody(r).toString('latin1').slice(0, 80));

describe('the Web and node:http adapters answer generated requests alike', () => {
  it('same status, header lines and body bytes, and every answer one CONTRACT section 8 allows (300)', async () => {
    await fc.assert(
      fc.asyncProperty(requests, async (r) => {
        const [node, web] = await Promise.all([nodeAnswer(port, r), webAnswer(r)]);
        // A method no function's config lists reaches no function on Netlify (docs/routes.md).
        if (web) expect(node, show(r)).toEqual(web);
        expectAllowed(node, r);
      }),
      { numRuns: 4000 },
    );
  });
});

describe('methods a Web Request cannot carry are answered on the local server too', () => {
  // The Fetch standard refuses CONNECT, TRACE and TRACK, so no platform hands them to a function;
  // node:http passes TRACE and TRACK to the router and CONNECT to its 'connect' event.
  const cases: [string, string, number, string][] = [
    ...['/v1/validate', '/v1/mock-exchange', '/v1/check-exchange'].flatMap(
      (path): [string, string, number, string][] => [
        ['CONNECT', path, 405, 'request.method_not_allowed'],
        ['TRACE', path, 405, 'request.method_not_allowed'],
      ],
    ),
    ['CONNECT', 'localhost:443', 400, 'request.invalid'],
  ];
  it.each(cases)('%s %s: %d %s', async (method, path, status, code) => {
    const r: Generated = { method, path, headers: [], chunks: [], framing: 'none' };
    const answer = await nodeAnswer(port, r);
    expect([answer.status, JSON.parse(answer.body).code]).toEqual([status, code]);
    expectAllowed(answer, r);
  });
});

describe('a handler that throws on the local server', () => {
  // The router's last resort (createApp's serve): no route may leave a request unanswered.
  it('is answered with the 500 problem without its internals, and a HEAD with the headers alone', async () => {
    const broken: FunctionModule = {
      default: async () => new Response(null),
      core: async () => {
        throw new Error('an internal path /srv/secret.ts:1');
      },
      config: { path: '/v1/broken' },
    };
    const app = createApp({ site, files: new Map(), rateLimit: false, functions: [broken] });
    await new Promise<void>((done) => app.listen(0, '127.0.0.1', done));
    try {
      const base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
      const get = await rawRequest(base, 'GET', '/v1/broken');
      expect([get.status, JSON.parse(get.body.toString()).code]).toEqual([500, 'server.internal']);
      expect(get.body.toString()).not.toContain('/srv/');
      // Read to the end of the connection: bytes after the head would be taken for the next answer.
      const head = await rawRequest(base, 'HEAD', '/v1/broken');
      expect([head.status, head.headers['content-length']]).toEqual([500, get.headers['content-length']]);
      expect(head.raw.subarray(head.raw.indexOf('\r\n\r\n') + 4).byteLength).toBe(0);
    } finally {
      app.closeAllConnections();
      await new Promise((done) => app.close(done));
    }
  });
});

describe('a client that asks for 100 Continue (Expect: 100-continue)', () => {
  /** Writes the head, and the body once 100 Continue arrives; all bytes received until the server closes. */
  function exchange(base: number, head: string, body: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(base, '127.0.0.1');
      let got = '';
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`the connection stayed open; got ${JSON.stringify(got.slice(0, 200))}`));
      }, 3000);
      socket.on('connect', () => socket.write(head));
      socket.on('data', (chunk: Buffer) => {
        got += chunk.toString('latin1');
        if (got === 'HTTP/1.1 100 Continue\r\n\r\n') socket.write(body);
      });
      socket.on('error', reject);
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(got);
      });
    });
  }
  const statusLines = (text: string) => text.split('\r\n').filter((l) => l.startsWith('HTTP/1.1 '));
  const headOf = (path: string, type: string, length: number) =>
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\n\r\n`;

  // The deployed modules all carry a core (native adapter); a module with only its Web handler is
  // served through the Request bridge, which must hold the 100 back as well.
  const bridged: FunctionModule = {
    default: webAdapter(actionCores['/v1/validate']!),
    config: { path: '/v1/bridged' },
  };
  let app: Server;
  let appPort: number;
  beforeAll(async () => {
    app = createApp({ site, files: new Map(), rateLimit: false, functions: [...modules, bridged] });
    await new Promise<void>((done) => app.listen(0, '127.0.0.1', done));
    appPort = (app.address() as AddressInfo).port;
  });
  afterAll(async () => {
    app.closeAllConnections();
    await new Promise((done) => app.close(done));
  });

  it.each(['/v1/validate', '/v1/reference-server', '/v1/bridged'])(
    '%s: 100 Continue when the body is read; a request refused on its head gets its answer alone, and the connection closes',
    async (path) => {
      const body = path === '/v1/reference-server' ? bare : wrapped;
      const read = await exchange(
        appPort,
        headOf(path, 'application/json', Buffer.byteLength(body)).replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'),
        body,
      );
      expect(statusLines(read)).toEqual(['HTTP/1.1 100 Continue', expect.stringMatching(/^HTTP\/1\.1 20[02] /)]);
      const tooLarge = await exchange(appPort, headOf(path, 'application/json', MAX_BODY_BYTES + 1), '');
      expect(statusLines(tooLarge)).toEqual(['HTTP/1.1 413 Payload Too Large']);
      const notJson = await exchange(appPort, headOf(path, 'text/plain', 2), '');
      expect(statusLines(notJson)).toEqual(['HTTP/1.1 415 Unsupported Media Type']);
    },
  );
});

describe('a UTF-8 byte order mark before the body', () => {
  // RFC 8259 section 8.1: a parser may ignore it; the service does, on every POST route alike.
  it('is ignored: the answer is the one to the same body without it (200)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(actionCores), '/v1/reference-server'),
        bodyTexts,
        async (path, text) => {
          const answer = async (bytes: Buffer) => {
            const r: Generated = {
              method: 'POST',
              path,
              headers: [['Content-Type', 'application/json']],
              chunks: [bytes],
              framing: 'length',
            };
            return (await webAnswer(r))!;
          };
          const plain = Buffer.from(text);
          expect(await answer(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), plain]))).toEqual(await answer(plain));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('counts toward the size limit as any byte of the body does: the limit is on the bytes sent', async () => {
    for (const path of [...Object.keys(actionCores), '/v1/reference-server'])
      for (const d of [-4, -3, -2, 0]) {
        const answer = async (bytes: Buffer) =>
          (await webAnswer({
            method: 'POST',
            path,
            headers: [['Content-Type', 'application/json']],
            chunks: [bytes],
            framing: 'length',
          }))!;
        // A body of the limit plus d bytes, then the same body after the mark.
        const plain = sized(wrapped, MAX_BODY_BYTES + d);
        const marked = await answer(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), plain]));
        expect(marked.status === 413, `${path} ${d}`).toBe(d + 3 > 0);
        if (d + 3 <= 0) expect(marked, `${path} ${d}`).toEqual(await answer(plain));
      }
  });
});
