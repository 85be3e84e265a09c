import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distFile, SECURITY, securityHeadersOf, startServer, type RunningServer } from './server.ts';

/**
 * The report of implementations' static files as the host serves them (`npm start`, and the Netlify
 * emulation under UAI_HTTP_TARGET=netlify): badges as image/svg+xml, the shields.io endpoint and
 * the sealed results as JSON, byte for byte as built. The reference server's entry is in every
 * build (the fixture entries only in the test build).
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
}, 30_000);
afterAll(() => server?.stop());

const ENTRY = 'reference-server';

describe('the report of implementations', () => {
  it('serves the badge as image/svg+xml with the security headers', async () => {
    const response = await fetch(`${server.base}/implementations/${ENTRY}/badge.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(securityHeadersOf(response)).toEqual(SECURITY);
    expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* role="img"/);
  });

  it('serves the shields.io endpoint JSON and the sealed result byte for byte', async () => {
    const endpoint = await fetch(`${server.base}/implementations/${ENTRY}/badge.json`);
    expect(endpoint.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await endpoint.json()).toEqual({
      schemaVersion: 1,
      label: 'UAI-1',
      message: 'L4 | pass',
      color: 'brightgreen',
    });
    const result = await fetch(`${server.direct}/implementations/${ENTRY}/result.json`);
    expect(result.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Buffer.from(await result.arrayBuffer())).toEqual(distFile(`/implementations/${ENTRY}/result.json`));
  });

  it('serves the pages as HTML', async () => {
    for (const path of ['/implementations/', `/implementations/${ENTRY}/`, '/get-listed/']) {
      const response = await fetch(`${server.base}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });
});
