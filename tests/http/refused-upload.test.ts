import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The local server's own sockets are under test, so it is started directly, whatever UAI_HTTP_TARGET says.
import { startLocalServer, type LocalServer } from '../support/local-server.ts';

/**
 * A client still sending when its upload is refused (413) must be able to finish writing and
 * read the answer: the server reads and drops the rest (up to 4 MiB past the cap) before it
 * closes the connection, instead of cutting it under the client (EPIPE or a reset).
 */
let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
}, 60_000);
afterAll(() => server?.stop());

const KIB = new Uint8Array(1024).fill(0x78);
const chunk = (bytes: Uint8Array) =>
  Buffer.concat([Buffer.from(`${bytes.byteLength.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);

/** Sends `before` KiB (chunked, no Content-Length), waits for the response head, sends `after` KiB more, then ends the body. */
async function uploadPastTheAnswer(
  before: number,
  after: number,
): Promise<{ response: string; writeError?: Error; closed: boolean }> {
  const { port } = new URL(server.origin);
  const socket: Socket = connect(Number(port), '127.0.0.1');
  let response = '';
  let writeError: Error | undefined;
  socket.on('error', (error) => (writeError = error));
  const closed = new Promise<void>((done) => socket.once('close', () => done()));
  const answered = new Promise<void>((done) =>
    socket.on('data', (d) => ((response += d), response.includes('\r\n\r\n') && done())),
  );
  socket.write(
    'POST /v1/validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
  );
  socket.write(chunk(Buffer.from('{"pad":"')));
  for (let i = 0; i < before; i++) socket.write(chunk(KIB));
  await answered;
  for (let i = 0; i < after; i++) socket.write(chunk(KIB));
  await new Promise<void>((done) =>
    socket.write(Buffer.concat([chunk(Buffer.from('"}')), Buffer.from('0\r\n\r\n')]), () => done()),
  );
  await Promise.race([closed, new Promise((r) => setTimeout(r, 15_000))]);
  return { response, writeError, closed: socket.destroyed };
}

describe('a refused upload (413) while the client is still sending', () => {
  it('lets the client finish its upload and read the whole 413, then closes', async () => {
    const { response, writeError, closed } = await uploadPastTheAnswer(300, 1024);
    expect(writeError).toBeUndefined();
    expect(response).toMatch(/^HTTP\/1\.1 413 /);
    expect(response.toLowerCase()).toContain('connection: close');
    expect(response).toContain('"code":"request.too_large"');
    expect(closed).toBe(true);
  }, 30_000);

  it('cuts an upload that goes on past 4 MiB beyond the cap, after sending the 413', async () => {
    const { response, writeError, closed } = await uploadPastTheAnswer(300, 6 * 1024);
    expect(response).toMatch(/^HTTP\/1\.1 413 /);
    expect(closed).toBe(true);
    expect(writeError).toBeDefined();
  }, 30_000);
});
