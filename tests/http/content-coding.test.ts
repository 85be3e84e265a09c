import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateCoding } from '../../src/http/node/content-coding.ts';
import { requestWhole, startServer, type RunningServer, type WholeAnswer } from './server.ts';

/**
 * The local server compresses pages, styles and scripts as the CDN does (src/http/node/content-coding.ts)
 * and never the records. Every compressible file of the build is fetched in both codings and
 * decoded here: the decoded bytes must be the built file's, so a compressor or a cache mix-up
 * cannot hide behind a client that decodes for us (node:http, not fetch, which would).
 */
const DIST = resolve(import.meta.dirname, '../../dist');

const urlPathOf = (file: string) => `/${relative(DIST, file).split(sep).join('/')}`;
const servedAt = (path: string) => (path.endsWith('/index.html') ? path.slice(0, -'index.html'.length) : path);

const all = readdirSync(DIST, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile())
  .map((e) => join(e.parentPath, e.name))
  .map((file) => ({ path: urlPathOf(file), bytes: readFileSync(file) }));
const compressible = all.filter(
  (f) => /\.(html|css|js|svg)$/.test(f.path) && f.bytes.byteLength >= 1024 && f.path !== '/404.html',
);
// The not-found document is no record: fetched by its own path it is that 404 (records.test.ts).
const records = all.filter(
  (f) => f.path.startsWith('/v1/') && f.path.endsWith('.json') && f.path !== '/v1/errors/route-not-found.json',
);

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const get = (path: string, headers: Record<string, string>, method = 'GET'): Promise<WholeAnswer> =>
  requestWhole(`${server.direct}${path}`, { method, headers });

const decode: Record<string, (b: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };

describe('compressed pages, styles and scripts', () => {
  it('finds enough of the build to mean something', () => {
    expect(compressible.length).toBeGreaterThan(100);
    expect(compressible.some((f) => f.path.endsWith('.js'))).toBe(true);
    expect(compressible.some((f) => f.path.endsWith('.css'))).toBe(true);
    expect(records.length).toBeGreaterThan(20);
  });

  it.each(['br', 'gzip'])('every compressible file in %s decodes to the built bytes', async (coding) => {
    for (const file of compressible) {
      const plain = await get(servedAt(file.path), {});
      const coded = await get(servedAt(file.path), { 'accept-encoding': coding });
      expect(coded.status, file.path).toBe(200);
      expect(coded.headers['content-encoding'], file.path).toBe(coding);
      expect(coded.headers['vary'], file.path).toBe('Accept-Encoding');
      expect(Number(coded.headers['content-length']), file.path).toBe(coded.body.byteLength);
      expect(coded.body.byteLength, file.path).toBeLessThan(file.bytes.byteLength);
      expect(decode[coding]!(coded.body).equals(file.bytes), file.path).toBe(true);
      // Identity is still the built bytes, and each representation has its own strong tag.
      expect(plain.headers['content-encoding'], file.path).toBeUndefined();
      expect(plain.headers['vary'], file.path).toBe('Accept-Encoding');
      expect(plain.body.equals(file.bytes), file.path).toBe(true);
      expect(coded.headers['etag'], file.path).toBe(`${String(plain.headers['etag']).slice(0, -1)}-${coding}"`);
    }
  });

  it('never compresses a record, whatever the request accepts', async () => {
    for (const record of records) {
      const answer = await get(record.path, { 'accept-encoding': 'br, gzip, *' });
      expect(answer.status, record.path).toBe(200);
      expect(answer.headers['content-encoding'], record.path).toBeUndefined();
      expect(answer.headers['vary'], record.path).toBeUndefined();
      expect(answer.body.equals(record.bytes), record.path).toBe(true);
    }
  });

  it('answers If-None-Match per representation and HEAD with the coded length', async () => {
    const page = '/field-registry/';
    const coded = await get(page, { 'accept-encoding': 'br' });
    const etag = String(coded.headers['etag']);
    expect((await get(page, { 'accept-encoding': 'br', 'if-none-match': etag })).status).toBe(304);
    // The identity tag does not validate the brotli body, nor the reverse.
    const plainTag = String((await get(page, {})).headers['etag']);
    expect((await get(page, { 'accept-encoding': 'br', 'if-none-match': plainTag })).status).toBe(200);
    expect((await get(page, { 'if-none-match': etag })).status).toBe(200);
    const head = await get(page, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-length']).toBe(String(coded.body.byteLength));
    expect(head.body.byteLength).toBe(0);
  });

  it('follows the request’s weights end to end', async () => {
    const codingFor = async (accept: string) =>
      (await get('/field-registry/', { 'accept-encoding': accept })).headers['content-encoding'];
    expect(await codingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(await codingFor('br;q=0, gzip')).toBe('gzip');
    expect(await codingFor('gzip;q=0')).toBeUndefined();
    expect(await codingFor('identity')).toBeUndefined();
  });
});

describe('negotiateCoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, br', 'br'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    [' gzip ; q=1 ', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.5', 'br'],
    ['br;q=abc, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['gzip;q=0', undefined],
    ['identity', undefined],
    ['deflate, zstd', undefined],
    [',,;q=1,', undefined],
  ] as const)('%j -> %s', (header, wanted) => {
    expect(negotiateCoding(header)).toBe(wanted);
  });

  it('answers any header with a coding it offered a positive weight to, or identity', () => {
    const parts = ['br', 'gzip', 'x-gzip', 'deflate', '*', 'identity', ';q=0', ';q=1', ';q=0.3', ';q=', ',', ' ', ';'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % parts.length;
    for (let i = 0; i < 5000; i++) {
      const header = Array.from({ length: 1 + (i % 12) }, () => parts[next()]).join('');
      const coding = negotiateCoding(header);
      expect([undefined, 'br', 'gzip'], header).toContain(coding);
      if (coding) expect(header.toLowerCase(), header).toMatch(coding === 'br' ? /br|\*/ : /gzip|\*/);
    }
  });
});
