import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../src/http/headers.ts';
import { errorCode } from '../../src/standard/codes.ts';
import { links, siteFor } from '../../src/standard/urls.ts';
// The local server's own parser is under test, so it is started directly, whatever UAI_HTTP_TARGET says:
// on Netlify the platform's proxy answers such requests before the service sees them.
import { ORIGIN, startLocalServer, type LocalServer } from '../support/local-server.ts';
import { parseAnswer, rawBytes, type RawAnswer } from './raw-request.ts';

/**
 * Requests Node's HTTP parser refuses before the service sees them (an oversized head, broken
 * framing, bytes no request may hold) are answered with the problems of CONTRACT section 8, as
 * every other answer: problem+json with a registered code, the five security headers and CORS.
 */
const head = (...lines: string[]): Buffer => Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
const post = (...lines: string[]): Buffer =>
  head('POST /v1/validate HTTP/1.1', 'Host: localhost', 'Content-Type: application/json', ...lines);

interface Case {
  readonly name: string;
  readonly bytes: Buffer;
  readonly status: number;
  readonly code: string;
}

const CASES: readonly Case[] = [
  {
    name: 'a URL of 16 KB',
    bytes: head(`GET /v1/${'a'.repeat(16_384)} HTTP/1.1`, 'Host: localhost'),
    status: 431,
    code: 'request.headers_too_large',
  },
  {
    name: 'a header field of 16 KB',
    bytes: head('GET /v1/catalog HTTP/1.1', 'Host: localhost', `X-Filler: ${'a'.repeat(16_384)}`),
    status: 431,
    code: 'request.headers_too_large',
  },
  {
    name: 'a Content-Length over 64 bits',
    bytes: post('Content-Length: 99999999999999999999'),
    status: 413,
    code: 'request.too_large',
  },
  { name: 'a negative Content-Length', bytes: post('Content-Length: -1'), status: 400, code: 'request.invalid' },
  {
    name: 'a Content-Length in exponent form',
    bytes: post('Content-Length: 1e3'),
    status: 400,
    code: 'request.invalid',
  },
  {
    name: 'two Content-Length values',
    bytes: post('Content-Length: 2', 'Content-Length: 3'),
    status: 400,
    code: 'request.invalid',
  },
  {
    name: 'Content-Length and Transfer-Encoding',
    bytes: post('Content-Length: 3', 'Transfer-Encoding: chunked'),
    status: 400,
    code: 'request.invalid',
  },
  {
    name: 'Transfer-Encoding and Content-Length',
    bytes: post('Transfer-Encoding: chunked', 'Content-Length: 3'),
    status: 400,
    code: 'request.invalid',
  },
  {
    name: 'a Transfer-Encoding without chunked last',
    bytes: post('Transfer-Encoding: gzip'),
    status: 400,
    code: 'request.invalid',
  },
  {
    // node:http would undo the chunks alone and hand on the rest as if it were the JSON text.
    name: 'a transfer coding before chunked, on a body that is in fact plain JSON',
    bytes: Buffer.concat([post('Transfer-Encoding: gzip, chunked'), Buffer.from('e\r\n{"message":{}}\r\n0\r\n\r\n')]),
    status: 400,
    code: 'request.invalid',
  },
  {
    name: 'chunked named twice',
    bytes: Buffer.concat([
      post('Transfer-Encoding: chunked', 'Transfer-Encoding: chunked'),
      Buffer.from('e\r\n{"message":{}}\r\n0\r\n\r\n'),
    ]),
    status: 400,
    code: 'request.invalid',
  },
  {
    name: 'a chunk size that is not hexadecimal',
    bytes: Buffer.concat([post('Transfer-Encoding: chunked'), Buffer.from('zz\r\n{}\r\n0\r\n\r\n')]),
    status: 400,
    code: 'request.invalid',
  },
  {
    name: 'chunk extensions over 16 KB',
    bytes: Buffer.concat([
      post('Transfer-Encoding: chunked'),
      Buffer.from(`2;x=${'a'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`),
    ]),
    status: 413,
    code: 'request.too_large',
  },
  {
    name: 'raw UTF-8 in the path',
    bytes: Buffer.concat([Buffer.from('GET /v1/\u00e9', 'utf8'), head(' HTTP/1.1', 'Host: localhost')]),
    status: 400,
    code: 'request.invalid',
  },
  {
    name: 'a header name with a space',
    bytes: head('GET /v1/catalog HTTP/1.1', 'Host: localhost', 'Bad Name: 1'),
    status: 400,
    code: 'request.invalid',
  },
  {
    name: 'a method with an at sign',
    bytes: head('GET@ /v1/catalog HTTP/1.1', 'Host: localhost'),
    status: 400,
    code: 'request.invalid',
  },
  {
    name: 'HTTP/9.9',
    bytes: head('GET /v1/catalog HTTP/9.9', 'Host: localhost'),
    status: 400,
    code: 'request.invalid',
  },
  {
    name: 'a CR alone in a header value',
    bytes: head('GET /v1/catalog HTTP/1.1', 'Host: localhost', 'X-A: a\rb'),
    status: 400,
    code: 'request.invalid',
  },
  // Not the parser's, but Node's own bare answer too (requireHostHeader).
  { name: 'HTTP/1.1 without Host', bytes: head('GET /v1/catalog HTTP/1.1'), status: 400, code: 'request.invalid' },
  // Node takes these; RFC 9112 does not (sections 3.2 and 2.3).
  {
    name: 'two Host lines',
    bytes: head('GET /v1/catalog HTTP/1.1', 'Host: a', 'Host: b'),
    status: 400,
    code: 'request.invalid',
  },
  {
    name: 'version HTTP/2.0',
    bytes: head('GET /v1/catalog HTTP/2.0', 'Host: a'),
    status: 400,
    code: 'request.invalid',
  },
  { name: 'no version (HTTP/0.9 form)', bytes: head('GET /v1/catalog'), status: 400, code: 'request.invalid' },
  // HTTP/1.0 has no chunked coding (RFC 9112 section 6.1): a front end would frame the body otherwise.
  {
    name: 'HTTP/1.0 with Transfer-Encoding chunked, kept alive',
    bytes: Buffer.concat([
      head(
        'POST /v1/validate HTTP/1.0',
        'Content-Type: application/json',
        'Transfer-Encoding: chunked',
        'Connection: keep-alive',
      ),
      Buffer.from('e\r\n{"message":{}}\r\n0\r\n\r\n', 'latin1'),
    ]),
    status: 400,
    code: 'request.invalid',
  },
];

const site = siteFor(ORIGIN);

/** Everything CONTRACT section 8 asks of a problem answer, and that the connection ends after it. */
function expectProblem(answer: RawAnswer, status: number, code: string): void {
  expect({ status: answer.status, code: answer.headers['content-type'] }).toEqual({
    status,
    code: 'application/problem+json; charset=utf-8',
  });
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers[name.toLowerCase()]).toBe(value);
  expect(answer.headers['access-control-allow-origin']).toBe('*');
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers.connection).toBe('close');
  expect(answer.headers['x-powered-by']).toBeUndefined();
  expect(Number(answer.headers['content-length'])).toBe(answer.body.byteLength);
  const problem = JSON.parse(answer.body.toString('utf8'));
  expect(problem).toEqual({
    type: links(site).codeHelp(code),
    title: errorCode(code)!.title,
    status,
    detail: expect.any(String),
    code,
  });
  expect(errorCode(code)!.status).toBe(status);
}

describe('requests the local server cannot parse', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer();
  });
  afterAll(() => server?.stop());

  it.each(CASES)('$name: $status $code', async ({ bytes, status, code }) => {
    expectProblem(await rawBytes(server.origin, bytes), status, code);
  });

  it('an Expect other than 100-continue is served as if it were not there', async () => {
    const answer = await rawBytes(
      server.origin,
      head('GET /v1/catalog HTTP/1.1', 'Host: localhost', 'Expect: a-pony'),
      { halfClose: true },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('say what the parser found, in words a client can act on', async () => {
    const detail = async (bytes: Buffer) =>
      JSON.parse((await rawBytes(server.origin, bytes)).body.toString('utf8')).detail as string;
    expect(await detail(CASES[0]!.bytes)).toMatch(/over 16,384 bytes/);
    expect(await detail(post('Content-Length: 99999999999999999999'))).toMatch(/over 262,144 bytes/);
    expect(await detail(post('Content-Length: -1'))).toBe(
      'The request is not valid HTTP/1.1 (RFC 9112): Invalid character in Content-Length.',
    );
  });

  it('a malformed request pipelined after a good one is answered after it, which is not cut short', async () => {
    const bytes = Buffer.concat([
      head('GET /v1/catalog HTTP/1.1', 'Host: localhost'),
      head('GET /v1/catalog HTTP/1.1', 'Host: localhost', 'Bad Name: 1'),
    ]);
    const answer = await rawBytes(server.origin, bytes);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({ record: 'catalog' });
    const text = answer.raw.toString('latin1');
    expect([...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1])).toEqual(['200', '400']);
    expectProblem(parseAnswer(answer.raw.subarray(text.lastIndexOf('HTTP/1.1 400 '))), 400, 'request.invalid');
  });

  it('a request pipelined after one asking for an Upgrade is answered, or its connection closed at once', async () => {
    for (const upgrade of [['Connection: Upgrade', 'Upgrade: websocket'], ['Upgrade: h2c']]) {
      const bytes = Buffer.concat([
        head('GET /v1/catalog HTTP/1.1', 'Host: localhost', ...upgrade),
        head('GET /v1/discovery HTTP/1.1', 'Host: localhost'),
      ]);
      // Not half-closed: a server that holds the second request unanswered keeps the connection open.
      const answer = await rawBytes(server.origin, bytes, { timeoutMs: 3000 });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({ record: 'catalog' });
      const answers = [...answer.raw.toString('latin1').matchAll(/HTTP\/1\.1 (\d{3}) /g)].length;
      if (answers === 1) expect(answer.headers.connection).toBe('close');
      else expect(answer.raw.toString('latin1')).toContain('"record": "discovery"');
    }
  });

  it('any byte put into a well-formed request head leaves an answer with the headers of every response (300)', async () => {
    const request =
      'POST /v1/validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}';
    const end = request.indexOf('\r\n\r\n') + 2;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: end }),
        fc.uint8Array({ minLength: 1, maxLength: 3 }),
        async (at, inserted) => {
          const bytes = Buffer.concat([Buffer.from(request.slice(0, at)), inserted, Buffer.from(request.slice(at))]);
          // Half-closed, so that a head the bytes made keep-alive or longer still ends.
          const answer = await rawBytes(server.origin, bytes, { timeoutMs: 5000, halfClose: true });
          for (const [name, value] of Object.entries(SECURITY_HEADERS))
            expect(answer.headers[name.toLowerCase()]).toBe(value);
          if (answer.status >= 400 && !answer.headers['content-type']?.startsWith('text/html')) {
            expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8');
            // CORS is for /v1 (CONTRACT section 8): a byte that moved the target to a page (a `#`
            // after the first slash) gets that page's refusal, without it.
            const target = bytes.toString('latin1').split('\r\n', 1)[0]!.split(' ')[1] ?? '';
            const api = URL.canParse(target, 'http://x') && /^\/v1(?:\/|$)/.test(new URL(target, 'http://x').pathname);
            if (api) expect(answer.headers['access-control-allow-origin']).toBe('*');
            const problem = JSON.parse(answer.body.toString('utf8'));
            expect(errorCode(problem.code)?.status).toBe(answer.status);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
