import * as zlib from 'node:zlib';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { capabilityStatement } from '../../src/engine/index.ts';
import { RecordingJudge } from '../../src/kit/proxy/judge.ts';
import { recordBody, type RecordedExchange } from '../../src/kit/proxy/recording.ts';
import { links, siteFor } from '../../src/standard/urls.ts';

/**
 * Content codings through the proxy: it forwards the client's Accept-Encoding, so a server may
 * rightly answer gzip, and the judge reads the body as the client would, its codings undone. A
 * coding the client did not accept, one that cannot be undone, a body that does not decode and a
 * body that decodes past the 4 MB the kit reads are the server's findings, and decoding one costs
 * no more than those 4 MB.
 */
const site = siteFor('http://127.0.0.1:4610');
const upstream = links(site).referenceServer;
const statement = Buffer.from(JSON.stringify(capabilityStatement(site)));

const read = (accept: string | undefined, coding: string | undefined, body: Uint8Array): RecordedExchange => ({
  kind: 'uai.proxy.exchange.v1',
  index: 1,
  upstream,
  started_at: '2026-11-25T10:00:00.000Z',
  answered_at: '2026-11-25T10:00:00.010Z',
  ended_at: '2026-11-25T10:00:00.020Z',
  request: {
    method: 'GET',
    target: new URL(upstream).pathname,
    headers: accept === undefined ? [] : [['accept-encoding', accept]],
    body: recordBody(new Uint8Array(), 0),
  },
  response: {
    status: 200,
    headers: [
      ['content-type', 'application/json'],
      ...(coding ? [['content-encoding', coding] as [string, string]] : []),
    ],
    body: recordBody(body, body.length),
  },
  faults: [],
});
const judged = (x: RecordedExchange) => new RecordingJudge(site).judge(x);
const findings = (x: RecordedExchange) => judged(x).findings.map((f) => `${f.side} ${f.check}: ${f.message}`);

const CODERS: Record<string, (b: Uint8Array) => Uint8Array> = {
  gzip: (b) => gzipSync(b),
  'x-gzip': (b) => gzipSync(b),
  deflate: (b) => deflateSync(b),
  br: (b) => brotliCompressSync(b),
};
// zstd where this Node has it (curl --compressed offers it): a server may rightly answer in it.
const zstd = (zlib as { zstdCompressSync?: (b: Uint8Array) => Uint8Array }).zstdCompressSync;
if (zstd) CODERS.zstd = (b) => zstd(b);

describe('an answer in a content coding, through the proxy', () => {
  it('as it is: the statement is judged clean', () => {
    expect(findings(read(undefined, undefined, statement))).toEqual([]);
    expect(judged(read(undefined, undefined, statement)).judged).toContain('capability.valid');
  });

  for (const [coding, code] of Object.entries(CODERS))
    for (const accept of [undefined, 'gzip, deflate, br, zstd', `${coding};q=0.5`, '*'])
      it(`${coding}, the client accepting ${accept ?? 'anything (no Accept-Encoding)'}: judged as it decodes, clean`, () => {
        const x = read(accept, coding, code(statement));
        expect(findings(x)).toEqual([]);
        expect(judged(x).judged).toEqual(expect.arrayContaining(['capability.valid', 'message.encoding']));
      });

  it('two codings, undone from the last', () => {
    expect(findings(read('gzip, br', 'gzip, br', brotliCompressSync(gzipSync(statement))))).toEqual([]);
  });

  it('a coding the client did not accept: the server is told, the body judged as it came', () => {
    for (const accept of ['identity', 'br', 'gzip;q=0'])
      expect(findings(read(accept, 'gzip', gzipSync(statement)))).toContainEqual(
        `server message.encoding: Content-Encoding: gzip, which the request did not accept (Accept-Encoding: ${accept}; RFC 9110 section 12.5.3)`,
      );
  });

  it('a coding that cannot be undone, or a body that does not decode', () => {
    expect(findings(read('*', 'x-unknown', statement))).toEqual([
      'server message.encoding: Content-Encoding: x-unknown: not a coding uai proxy can undo, so the body is not judged',
    ]);
    expect(findings(read('gzip', 'gzip', statement))).toEqual([
      expect.stringMatching(/^server message\.encoding: Content-Encoding: gzip, but the body does not decode \(/),
    ]);
  });

  it('a decompression bomb: cut at the 4 MB the kit reads, quickly, and said to be too large', () => {
    // 1 GiB of zeros, about 1 MB gzipped: the proxy keeps the whole compressed body.
    const bomb = gzipSync(Buffer.alloc(1024 * 1024 * 1024), { level: 9 });
    expect(bomb.length).toBeLessThan(4 * 1024 * 1024);
    const started = performance.now();
    const before = process.memoryUsage().arrayBuffers;
    expect(findings(read('gzip', 'gzip', bomb))).toEqual([
      'server transport.size_limit: the gzip body decodes to more than the 4194304 bytes of one answer the kit reads',
    ]);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 * 1024);
  });
});
