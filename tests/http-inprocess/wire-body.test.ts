import fc from 'fast-check';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_HEADERS } from '../../src/http/problem.ts';
import { sendReply, wireBody } from '../../src/http/node/native-adapter.ts';
import { rawRequest } from '../http/raw-request.ts';

/**
 * The node adapter writes an ASCII body as its string in latin1 and any other as UTF-8 bytes
 * (wireBody): both must put on the wire exactly the UTF-8 bytes of the text, with their count as
 * Content-Length, whatever the text holds (lone surrogates included, which UTF-8 writes as U+FFFD).
 */
const onWire = (text: string): Buffer => {
  const body = wireBody(text);
  return typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
};

const texts = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 200 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), maxLength: 200 }),
);

describe('wireBody', () => {
  it('gives the UTF-8 bytes of any text', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(onWire(text).equals(Buffer.from(text, 'utf8'))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps an ASCII text a string and encodes any other', () => {
    expect(typeof wireBody('{"a":"b"}')).toBe('string');
    for (const text of ['{"a":"é"}', '{"a":"\u0080"}', '{"a":"😀"}', '{"a":"\ud800"}'])
      expect(Buffer.isBuffer(wireBody(text))).toBe(true);
  });
});

const bodies: Record<string, string> = {
  '/ascii': JSON.stringify({ kind: 'x', text: 'a'.repeat(20_000) }),
  '/utf8': JSON.stringify({ kind: 'x', text: 'Zoë ✓ 😀 \ud800'.repeat(2_000) }),
  '/empty': '',
};
const server = createServer((req, res) => {
  req.resume();
  void sendReply(res, { status: 200, headers: JSON_HEADERS, body: bodies[req.url!]! }, req.method === 'HEAD');
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('sendReply on the wire', () => {
  for (const [path, text] of Object.entries(bodies)) {
    it(`writes ${path.slice(1)} as its UTF-8 bytes with their count`, async () => {
      const expected = Buffer.from(text, 'utf8');
      const answer = await rawRequest(base, 'GET', path);
      expect(answer.headers['content-length']).toBe(String(expected.byteLength));
      expect(answer.body.equals(expected)).toBe(true);
      const head = await rawRequest(base, 'HEAD', path);
      expect(head.headers['content-length']).toBe(String(expected.byteLength));
      expect(head.body.byteLength).toBe(0);
    });
  }
});
