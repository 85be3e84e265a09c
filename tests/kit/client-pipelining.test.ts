import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { startScenarioServer } from '../../src/kit/client/server.ts';

/**
 * HTTP/1.1 lets a client send its next request before the answer to the last (RFC 9112 section
 * 9.3.2): the scenario server answers each, in order. A pipelined response has no socket until the
 * one before it is done, so the server asks the connection, not the response, whether the client
 * is still there before it writes.
 */
it('answers every request of a pipeline, in order, and records each as answered', async () => {
  const server = await startScenarioServer('sync');
  try {
    const url = new URL(server.endpoint);
    const get = `GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nAccept: application/json\r\n\r\n`;
    const text = await new Promise<string>((done, fail) => {
      let received = '';
      const socket = connect(Number(url.port), url.hostname, () => socket.write(get + get + get));
      socket.on('data', (d) => {
        received += d.toString('latin1');
        // A body ends without a line break: the next status line follows it at once.
        if ((received.match(/HTTP\/1\.1 200 /g) ?? []).length === 3) socket.end();
      });
      socket.on('close', () => done(received));
      socket.on('error', fail);
      setTimeout(() => socket.destroy(), 5000);
    });
    expect(text.match(/HTTP\/1\.1 \d+ /g)).toEqual(['HTTP/1.1 200 ', 'HTTP/1.1 200 ', 'HTTP/1.1 200 ']);
    expect(server.records.map((r) => [r.method, r.answer?.status, typeof r.answer?.sentAt])).toEqual([
      ['GET', 200, 'number'],
      ['GET', 200, 'number'],
      ['GET', 200, 'number'],
    ]);
  } finally {
    await server.close();
  }
});
