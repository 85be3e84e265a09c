import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewrite } from '../../src/http/static-routing.ts';
import { PROFILE_IDS } from '../../src/standard/profiles.ts';
import { ROUTES } from '../../src/service/routes.ts';
import { distFile, SECURITY, securityHeadersOf, startServer, type RunningServer } from './server.ts';

/** Every GET route of the catalog, served by `npm start` from dist/ (CONTRACT sections 1 and 8). */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
}, 30_000);
afterAll(() => server?.stop());

const getPaths = ROUTES.filter((r) => r.method === 'GET').flatMap((r) =>
  r.path.includes('{profile}') ? PROFILE_IDS.map((p) => r.path.replace('{profile}', p)) : [r.path],
);

describe('GET records', () => {
  it.each(getPaths)('GET /v1%s', async (path) => {
    const response = await fetch(`${server.base}/v1${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(securityHeadersOf(response)).toEqual(SECURITY);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('server')).toBeNull();
    const url = new URL(`http://x/v1${path}`);
    JSON.parse(await response.text());
    // The exact bytes are the service's own (an intermediary may re-serialize the JSON).
    const bytes = Buffer.from(await (await fetch(`${server.direct}/v1${path}`)).arrayBuffer());
    expect(bytes.equals(distFile(rewrite(url.pathname, url.searchParams)))).toBe(true);
  });

  it('serves the adoption kit download as an attachment', async () => {
    const response = await fetch(`${server.base}/v1/adoption-kit?download=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="uai-1-adoption-kit.json"');
    const plain = await fetch(`${server.base}/v1/adoption-kit`);
    expect(plain.headers.get('content-disposition')).toBeNull();
  });

  it('answers If-None-Match with 304 and HEAD without a body', async () => {
    // Empty bodies are asked of the service itself: Prism 5 fails on a JSON response without a body.
    const first = await fetch(`${server.direct}/v1/catalog`);
    const etag = first.headers.get('etag')!;
    const again = await fetch(`${server.direct}/v1/catalog`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(securityHeadersOf(again)).toEqual(SECURITY);
    const head = await fetch(`${server.direct}/v1/catalog`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(distFile('/v1/catalog').byteLength));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('serves the home page as HTML with the five headers', async () => {
    const response = await fetch(`${server.base}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(securityHeadersOf(response)).toEqual(SECURITY);
  });
});

describe('not found and wrong methods', () => {
  it.each(['GET', 'POST', 'DELETE'])('%s on an unknown /v1 path is problem JSON 404', async (method) => {
    const response = await fetch(`${server.base}/v1/no-such-route`, { method, ...(method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}) });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(securityHeadersOf(response)).toEqual(SECURITY);
    const body = await response.json();
    expect(body).toMatchObject({ status: 404, code: 'route.not_found', title: expect.any(String), detail: expect.any(String) });
    expect(body.type).toMatch(/\/error-registry\/#route\.not_found$/);
  });

  it('an unknown page outside /v1 is the HTML 404 page', async () => {
    const response = await fetch(`${server.base}/no-such-page/`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(securityHeadersOf(response)).toEqual(SECURITY);
    expect(await response.text()).toMatch(/<html/i);
  });

  it('POST to a GET record is 405 with Allow: GET, HEAD', async () => {
    const response = await fetch(`${server.base}/v1/catalog`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect((await response.json()).code).toBe('request.method_not_allowed');
  });

  it.each(['/v1/validate', '/v1/mock-exchange'])('GET on %s is 405 with Allow: POST, OPTIONS', async (path) => {
    const response = await fetch(`${server.base}${path}`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    expect(securityHeadersOf(response)).toEqual(SECURITY);
    expect((await response.json()).code).toBe('request.method_not_allowed');
  });
});
