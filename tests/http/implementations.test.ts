import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY, securityHeadersOf, startServer, type RunningServer } from './server.ts';

/**
 * The report of implementations' static files as the host serves them (`npm start`, and the Netlify
 * emulation under UAI_HTTP_TARGET=netlify): badges as image/svg+xml, the shields.io endpoint and
 * the sealed results as JSON, byte for byte as in the entry's folder.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
}, 30_000);
afterAll(() => server?.stop());

const ENTRY = 'acme-agent';

describe('the report of implementations', () => {
  it('serves each badge as image/svg+xml with the security headers', async () => {
    for (const slug of ['reference-server', ENTRY]) {
      const response = await fetch(`${server.base}/implementations/${slug}/badge.svg`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(securityHeadersOf(response)).toEqual(SECURITY);
      expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* role="img"/);
    }
  });

  it('serves the shields.io endpoint JSON and the sealed result byte for byte', async () => {
    const endpoint = await fetch(`${server.base}/implementations/${ENTRY}/badge.json`);
    expect(endpoint.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await endpoint.json()).toEqual({ schemaVersion: 1, label: 'UAI-1', message: 'L3 | pass', color: 'green' });
    const result = await fetch(`${server.direct}/implementations/${ENTRY}/result.json`);
    expect(result.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Buffer.from(await result.arrayBuffer())).toEqual(
      readFileSync(`tests/data/implementations/${ENTRY}/result.json`),
    );
  });

  it('serves the pages as HTML', async () => {
    for (const path of ['/implementations/', `/implementations/${ENTRY}/`, '/get-listed/']) {
      const response = await fetch(`${server.base}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });
});
