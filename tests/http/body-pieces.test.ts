import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedExamples } from '../../src/engine/index.ts';
import { MAX_BODY_PIECES } from '../../src/http/body-bytes.ts';
import { siteFor } from '../../src/standard/urls.ts';
// The local server's own parser is under test, so it is started directly, whatever UAI_HTTP_TARGET says.
import { startLocalServer, type LocalServer } from '../support/local-server.ts';

/**
 * A body in many small pieces (docs/contract.md, "Limits"): every HTTP chunk costs the server's
 * parser the same few microseconds whatever its size, so 256 KiB in 1-byte chunks took 0.9 s of
 * CPU and 160 MB. The server reads at most MAX_BODY_PIECES pieces of a body; the next one gets
 * 400 request.invalid at once, before the body ends.
 */
let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
}, 60_000);
afterAll(() => server?.stop());

const request = publishedExamples(siteFor()).find((e) => e.profile === 'uai.intent.request.v1')!.message;

/** A valid validate body of exactly `bytes` bytes: the wrapper, then spaces (JSON whitespace). */
function paddedBody(bytes: number): string {
  const body = JSON.stringify({ message: request });
  return body + ' '.repeat(bytes - body.length);
}

/**
 * Posts `body` in 1-byte chunks; with `end` false the body is never ended, so an answer can only
 * come from the server giving up on it. Resolves with what came back before the connection closed
 * or 15 s passed.
 */
function postInBytes(body: string, end: boolean): Promise<string> {
  const { port } = new URL(server.origin);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    let response = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(response);
    };
    const timer = setTimeout(done, 15_000);
    socket.on('error', () => undefined);
    socket.on('data', (d) => {
      response += d.toString('latin1');
      // The whole answer: its head, and as many body bytes as Content-Length says.
      const head = response.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(response);
      if (head >= 0 && length && response.length >= head + 4 + Number(length[1])) done();
    });
    socket.on('close', done);
    socket.write(
      'POST /v1/validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    socket.write([...body].map((c) => `1\r\n${c}\r\n`).join('') + (end ? '0\r\n\r\n' : ''));
  });
}

describe('a request body in many pieces, on the local server', () => {
  it(`reads a body of ${MAX_BODY_PIECES} 1-byte chunks, and judges it`, async () => {
    const response = await postInBytes(paddedBody(MAX_BODY_PIECES), true);
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
    expect(response).toContain('"valid":true');
  }, 30_000);

  it('refuses the next piece with 400 request.invalid, without waiting for the body to end', async () => {
    const response = await postInBytes(paddedBody(MAX_BODY_PIECES + 1), false);
    expect(response).toMatch(/^HTTP\/1\.1 400 /);
    expect(response).toContain('"code":"request.invalid"');
    expect(response).toContain('pieces');
  }, 30_000);
});
