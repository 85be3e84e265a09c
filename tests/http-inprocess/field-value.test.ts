import fc from 'fast-check';
import { createServer, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerValue } from '../../src/http/headers.ts';
import { fieldValue } from '../../src/http/node/native-adapter.ts';

/**
 * The node adapter reads a header from the raw field lines (fieldValue): for any request, every name
 * reads as Node's own headersDistinct joins it, repeated lines and any letter case included.
 */
let seen: (req: IncomingMessage) => void = () => undefined;
const server = createServer((req, res) => {
  seen(req);
  res.end();
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function send(lines: readonly (readonly [string, string])[]): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    seen = resolve;
    const head = lines.map(([n, v]) => `${n}: ${v}\r\n`).join('');
    const socket = connect(port, '127.0.0.1', () =>
      socket.end(`GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${head}\r\n`),
    );
    socket.on('error', reject).resume();
  });
}

const NAMES = ['content-type', 'content-length', 'content-encoding', 'accept', 'x-a', 'x-ab'];
const name = fc
  .tuple(fc.constantFrom(...NAMES.filter((n) => n !== 'content-length')), fc.array(fc.boolean(), { maxLength: 20 }))
  .map(([n, upper]) => [...n].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));
const value = fc.stringMatching(/^[a-z0-9/;=+. -]{0,12}[a-z0-9]$/);

describe('fieldValue', () => {
  it('reads every name as headersDistinct joined, for random field lines', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(name, value), { maxLength: 8 }), async (lines) => {
        const req = await send(lines);
        for (const n of [...NAMES, 'host', 'connection', 'absent'])
          expect(fieldValue(req.rawHeaders, n), n).toBe(headerValue(req.headersDistinct[n]));
      }),
      { numRuns: 150 },
    );
  });
});
