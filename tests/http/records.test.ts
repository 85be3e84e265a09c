import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_TWINS, PUBLISHED_RECORDS, rewrite } from '../../src/http/static-routing.ts';
import { PROFILE_IDS } from '../../src/standard/profiles.ts';
import { ROUTES } from '../../src/service/routes.ts';
import {
  distFile,
  expectedServer,
  expectExposedAcrossOrigins,
  expectHeader,
  HTTP_TARGET,
  SECURITY,
  requestWhole,
  securityHeadersOf,
  startServer,
  type RunningServer,
} from './server.ts';

/** Every GET route of the catalog, served by `npm start` from dist/ (CONTRACT sections 1 and 8). */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
}, 30_000);
afterAll(() => server?.stop());

const getPaths = ROUTES.filter((r) => r.kind === 'record').flatMap((r) =>
  r.path.includes('{profile}') ? PROFILE_IDS.map((p) => r.path.replace('{profile}', p)) : [r.path],
);

/** GET with node:http, the whole body read: status, headers and the body as text. */
const getWhole = async (url: string) => {
  const answer = await requestWhole(url);
  return { ...answer, body: answer.body.toString('utf8') };
};

describe('GET records', () => {
  it.each(getPaths)('GET /v1%s', async (path) => {
    const response = await fetch(`${server.base}/v1${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(securityHeadersOf(response)).toEqual(SECURITY);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expectHeader(response, 'cache-control', 'record', 'public, max-age=300');
    expectHeader(response, 'etag', 'record', /^"[A-Za-z0-9_-]+"$/);
    expect(expectExposedAcrossOrigins(response)).toEqual(expect.arrayContaining(['etag', 'link']));
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('server')).toBe(expectedServer());
    const url = new URL(`http://x/v1${path}`);
    JSON.parse(await response.text());
    // The exact bytes are the service's own (an intermediary may re-serialize the JSON).
    const bytes = Buffer.from(await (await fetch(`${server.direct}/v1${path}`)).arrayBuffer());
    expect(bytes.equals(distFile(rewrite(url.pathname, url.searchParams)))).toBe(true);
  });

  it('serves the adoption kit download as an attachment', async () => {
    // node:http, not fetch: under the Netlify emulation this large body on a closing connection
    // trips undici's parser (an uncaught `assert(!this.paused)`) even when the body is read.
    const download = await getWhole(`${server.base}/v1/adoption-kit?download=1`);
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="uai-1-adoption-kit.json"');
    const plain = await getWhole(`${server.base}/v1/adoption-kit`);
    expect(plain.headers['content-disposition']).toBeUndefined();
    expect(download.body).toBe(plain.body);
  });

  it('answers If-None-Match with 304 and HEAD without a body', async () => {
    // Empty bodies are asked of the service itself: Prism 5 fails on a JSON response without a body.
    const first = await fetch(`${server.direct}/v1/catalog`);
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    const again = await fetch(`${server.direct}/v1/catalog`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(securityHeadersOf(again)).toEqual(SECURITY);
    const head = await fetch(`${server.direct}/v1/catalog`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(
      String(distFile(rewrite('/v1/catalog', new URLSearchParams())).byteLength),
    );
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('serves the home page as HTML with the five headers', async () => {
    const response = await fetch(`${server.base}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(securityHeadersOf(response)).toEqual(SECURITY);
    await response.arrayBuffer();
  });
});

describe('not found and wrong methods', () => {
  it.each(['POST', 'DELETE'])(
    '%s on a page is refused without CORS headers: CORS is for /v1 (CONTRACT section 8)',
    async (method) => {
      const response = await fetch(`${server.base}/catalog/`, { method });
      await response.arrayBuffer();
      expect(response.status).toBe(405);
      expect([
        response.headers.get('access-control-allow-origin'),
        response.headers.get('access-control-expose-headers'),
      ]).toEqual([null, null]);
    },
  );
  it.each(['GET', 'POST', 'DELETE'])('%s on an unknown /v1 path is problem JSON 404', async (method) => {
    const response = await fetch(`${server.base}/v1/no-such-route`, {
      method,
      ...(method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
    });
    expect(response.status).toBe(404);
    // GET and HEAD get the CDN's static problem document; other methods reach the fallback function.
    expectHeader(
      response,
      'content-type',
      method === 'GET' ? 'not-found file' : 'function',
      'application/problem+json; charset=utf-8',
    );
    expect(securityHeadersOf(response)).toEqual(SECURITY);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const body = await response.json();
    expect(body).toMatchObject({
      status: 404,
      code: 'route.not_found',
      title: expect.any(String),
      detail: expect.any(String),
    });
    expect(body.type).toMatch(/\/error-registry\/#route\.not_found$/);
  });

  // The file the CDN's not-found rule answers with is no route either: asked for by its path it is
  // that 404, never a 200 whose problem says 404 (RFC 9457 section 3.1.2).
  // Prism answers a HEAD of a path its document does not name with a 500 of its own, so through it
  // only the GET is asked.
  it.each(HTTP_TARGET === 'prism-proxy' ? ['GET'] : ['GET', 'HEAD'])(
    '%s of the not-found document itself is that 404',
    async (method) => {
      const response = await fetch(`${server.base}/v1/errors/route-not-found.json`, { method });
      expect(response.status).toBe(404);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      if (method === 'GET') expect(await response.json()).toMatchObject({ status: 404, code: 'route.not_found' });
      else expect(await response.text()).toBe('');
    },
  );

  it('an unknown page outside /v1 is the HTML 404 page', async () => {
    const response = await fetch(`${server.base}/no-such-page/`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(securityHeadersOf(response)).toEqual(SECURITY);
    expect(await response.text()).toMatch(/<html/i);
  });

  it.each([
    ['POST', '/v1/catalog'],
    ['DELETE', '/v1/schemas'],
    ['PUT', '/v1/examples/uai.error.v1'],
  ])('%s to the GET record %s is 405 with Allow: GET, HEAD, OPTIONS', async (method, path) => {
    const response = await fetch(`${server.base}${path}`, {
      method,
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(securityHeadersOf(response)).toEqual(SECURITY);
    expect((await response.json()).code).toBe('request.method_not_allowed');
  });

  /** A path that is only read answers a preflight as a record: 204, nothing in it, any request header allowed. */
  async function expectReadPreflight(path: string, requestHeader: string): Promise<void> {
    const response = await fetch(`${server.base}${path}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': requestHeader,
      },
    });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(securityHeadersOf(response)).toEqual(SECURITY);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe('*');
    expect(response.headers.get('access-control-max-age')).toBe('86400');
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  }

  // A script on another origin that sends If-None-Match itself (it can read the ETag) is
  // preflighted first: without a 204 here its conditional GET never leaves the browser.
  it.each(getPaths)('OPTIONS /v1%s is a CORS preflight that allows a conditional GET', (path) =>
    expectReadPreflight(`/v1${path}`, 'if-none-match'),
  );

  // The file that holds a record answers a GET on both hosts: its other methods are a record's too.
  it('the file of a record (/v1/catalog.json) answers OPTIONS as a preflight and POST with 405', async () => {
    // The OpenAPI document names the record's path, not its file: Prism, which holds every answer
    // to the document, knows no route there to answer 204, so under it only the refusal is asked.
    if (HTTP_TARGET !== 'prism-proxy') {
      const preflight = await fetch(`${server.base}/v1/catalog.json`, {
        method: 'OPTIONS',
        headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    }
    const post = await fetch(`${server.base}/v1/catalog.json`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect((await post.json()).code).toBe('request.method_not_allowed');
  });

  // A trailing slash after the file names no file either host serves: an unknown path, never a
  // record refusing a GET with "not GET". The OpenAPI document's path is its file.
  it.each(
    ['/v1/catalog.json/', '/v1/openapi.json/'].flatMap((path) => ['GET', 'HEAD'].map((method) => [method, path])),
  )('%s %s is no 405', async (method, path) => {
    const response = await fetch(`${server.base}${path}`, { method });
    expect(response.status).not.toBe(405);
    if (HTTP_TARGET === 'local') {
      expect(response.status).toBe(404);
      if (method === 'GET') expect((await response.json()).code).toBe('route.not_found');
    }
  });

  // Tracing libraries add a traceparent to every call: a poll from another origin is then preflighted.
  it('OPTIONS of a reference-server task path is a CORS preflight that allows a traced poll', () =>
    expectReadPreflight('/v1/reference-server/tasks/task-any', 'traceparent'));

  it.each(['/v1/validate', '/v1/mock-exchange'])('GET on %s is 405 with Allow: POST, OPTIONS', async (path) => {
    const response = await fetch(`${server.base}${path}`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    expect(securityHeadersOf(response)).toEqual(SECURITY);
    expect((await response.json()).code).toBe('request.method_not_allowed');
  });
});

describe('methods no route lists, on the function routes', () => {
  // No function's config lists these methods; the route still answers with its own Allow. On
  // Netlify a function is routed by the seven methods its config can name, and every function of
  // these routes lists its own (POSTs apart from the rest, so that only POSTs are rate limited:
  // docs/deploy.md), so there the rest never reach our code: the platform answers them (the
  // emulation: 404, a plain-text body). Asserted as such, so a change either way is seen.
  const netlifyUnrouted = HTTP_TARGET === 'netlify';
  const allowOf: Record<string, string> = {
    '/v1/validate': 'POST, OPTIONS',
    '/v1/check-exchange': 'POST, OPTIONS',
    '/v1/reference-server': 'GET, HEAD, POST, OPTIONS',
    '/v1/reference-server/tasks/no-such-task': 'GET, HEAD, OPTIONS',
  };
  it.each(['PROPFIND', 'QUERY', 'MKCOL'].flatMap((m) => Object.keys(allowOf).map((p) => [m, p])))(
    "%s %s is 405 with the route's Allow",
    async (method, path) => {
      const response = await fetch(`${server.base}${path}`, { method });
      if (netlifyUnrouted) {
        expect(response.status).toBe(404);
        expect(await response.text()).toBe('Method Not Allowed');
        return;
      }
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe(allowOf[path]);
      expect(securityHeadersOf(response)).toEqual(SECURITY);
      expect((await response.json()).code).toBe('request.method_not_allowed');
    },
  );
});

describe('Link headers between records and pages (RFC 8288)', () => {
  it.each(PUBLISHED_RECORDS.map((r) => [r.query ? `${r.path}?${r.query.name}=${r.query.value}` : r.path, r.page]))(
    'GET %s links its page %s',
    async (path, page) => {
      const response = await fetch(`${server.base}${path}`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      expect(response.headers.get('link')).toBe(`<${page}>; rel="alternate"; type="text/html"`);
    },
  );

  it.each(PAGE_TWINS.map((t) => [t.page, t.record]))('GET %s links its JSON twin %s', async (page, record) => {
    const response = await fetch(`${server.base}${page}`);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // The twin first, then the page in each other language (src/http/static-routing.ts).
    expect(response.headers.get('link')).toMatch(
      new RegExp(
        `^<${record}>; rel="alternate"; type="application/json", <https?://[^/>]+/es${page}>; rel="alternate"; hreflang="es", `,
      ),
    );
    const twin = await fetch(`${server.base}${record}`);
    await twin.arrayBuffer();
    expect(twin.status).toBe(200);
  });
});
