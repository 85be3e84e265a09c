import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_FALLBACK_ROUTE, apiFallback, isRecordPath, RATE_LIMITED_PATH } from '../../src/http/api-fallback.ts';
import { siteFor } from '../../src/standard/urls.ts';
import { configuredSite } from '../../src/service/config.ts';
import {
  netlifyHeadersFile,
  netlifyRedirectsFile,
  PAGE_TWINS,
  PUBLISHED_RECORDS,
  rewrite,
  staticHeadersFor,
} from '../../src/http/static-routing.ts';
import { PAGES } from '../../src/service/pages.ts';
import { ROUTES } from '../../src/service/routes.ts';

/** The one routing table, as Netlify reads it and as the local server applies it. */
describe('static routing table', () => {
  it('writes the five security headers for every path and the record headers on each record file', () => {
    const headers = netlifyHeadersFile();
    expect(headers).toMatch(/^\/\*\n {2}X-Content-Type-Options: nosniff\n/);
    expect(headers).toContain("  Content-Security-Policy: frame-ancestors 'self'\n");
    expect(headers).toMatch(/\n\/v1\/\*\n {2}Access-Control-Allow-Origin: \*\n/);
    expect(headers).toContain(
      '\n/v1/catalog.json\n  Content-Type: application/json; charset=utf-8\n  Cache-Control: public, max-age=300\n',
    );
    expect(staticHeadersFor('/v1/downloads/uai-1-adoption-kit.json')['Content-Disposition']).toBe(
      'attachment; filename="uai-1-adoption-kit.json"',
    );
    expect(staticHeadersFor('/v1/errors/route-not-found.json')['Content-Type']).toBe(
      'application/problem+json; charset=utf-8',
    );
    expect(staticHeadersFor('/catalog/')['Content-Type']).toBeUndefined();
  });

  it('takes one trailing slash on a record path, as Netlify does, and no more (an empty segment is another path)', () => {
    const none = new URLSearchParams();
    expect([isRecordPath('/v1/catalog'), isRecordPath('/v1/catalog/'), isRecordPath('/v1/catalog//')]).toEqual([
      true,
      true,
      false,
    ]);
    expect([rewrite('/v1/catalog/', none), rewrite('/v1/catalog//', none)]).toEqual([
      '/v1/catalog.json',
      '/v1/catalog//',
    ]);
  });

  it('never sets one header twice for one path (Netlify would join the values)', () => {
    const files = [
      ...PUBLISHED_RECORDS.map((r) => r.file),
      '/v1/errors/route-not-found.json',
      ...PAGES.flatMap((p) => [p.path, `${p.path}index.html`]),
    ];
    const blocks = netlifyHeadersFile()
      .split(/\n(?=\/)/)
      .map((b) => b.trim().split('\n'));
    for (const file of files) {
      const names = blocks
        .filter(([pattern]) => pattern === file || (pattern!.endsWith('/*') && file.startsWith(pattern!.slice(0, -1))))
        .flatMap(([, ...lines]) => lines.map((l) => l.trim().split(':')[0]));
      expect({ file, names }).toEqual({ file, names: [...new Set(names)] });
    }
  });

  it('rewrites each record path to its .json file, and leaves the not-found fallback to Netlify', () => {
    expect(rewrite('/v1/catalog', new URLSearchParams())).toBe('/v1/catalog.json');
    expect(rewrite('/v1/schemas', new URLSearchParams())).toBe('/v1/schemas.json');
    expect(rewrite('/v1/registry/', new URLSearchParams())).toBe('/v1/registry.json');
    expect(rewrite('/v1/schemas/uai.envelope.v1', new URLSearchParams())).toBe('/v1/schemas/uai.envelope.v1.json');
    expect(rewrite('/v1/adoption-kit', new URLSearchParams('download=1'))).toBe(
      '/v1/downloads/uai-1-adoption-kit.json',
    );
    expect(rewrite('/v1/adoption-kit', new URLSearchParams('download=0'))).toBe('/v1/adoption-kit.json');
    expect(rewrite('/v1/nothing-here', new URLSearchParams())).toBe('/v1/nothing-here');
    const redirects = netlifyRedirectsFile()
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('/v1'));
    expect(redirects[0]).toBe('/v1/adoption-kit  download=1  /v1/downloads/uai-1-adoption-kit.json  200!');
    expect(redirects).toContain('/v1/catalog  /v1/catalog.json  200!');
    expect(redirects).not.toContain('/v1/openapi.json  /v1/openapi.json  200!');
    expect(redirects.slice(-2)).toEqual([
      '/v1/errors/route-not-found.json  /v1/errors/route-not-found.json  404!',
      '/v1/*  /v1/errors/route-not-found.json  404',
    ]);
  });

  it('lists every GET route of the catalog, with {profile} expanded (7 schemas, 6 registry entries, 6 examples)', () => {
    const gets = ROUTES.filter((r) => r.kind === 'record');
    expect(PUBLISHED_RECORDS.length).toBe(gets.length - 3 + 7 + 6 + 6);
    for (const r of PUBLISHED_RECORDS) expect(readFileSync(`dist${r.file}`).length, r.file).toBeGreaterThan(0);
  });

  it('links each record to its page and each page to its JSON twin (RFC 8288 alternate)', () => {
    expect(staticHeadersFor('/v1/catalog.json').Link).toBe('</catalog/>; rel="alternate"; type="text/html"');
    expect(staticHeadersFor('/v1/examples/uai.task.status.v1.json').Link).toBe(
      '</profiles/uai.task.status.v1/>; rel="alternate"; type="text/html"',
    );
    expect(staticHeadersFor('/v1/schemas/uai.envelope.v1.json').Link).toBe(
      '</profiles/>; rel="alternate"; type="text/html"',
    );
    // hreflang alternates are absolute, on the configured origin (the test's: UAI_ORIGIN or the default).
    const origin = configuredSite(process.env).origin;
    const alternates = (page: string, but: string) =>
      [
        ['en', page],
        ['es', `/es${page}`],
        ['fr', `/fr${page}`],
        ['zh-CN', `/zh-cn${page}`],
      ]
        .filter(([lang]) => lang !== but)
        .map(([lang, path]) => `<${origin}${path}>; rel="alternate"; hreflang="${lang}"`)
        .concat(`<${origin}${page}>; rel="alternate"; hreflang="x-default"`);
    expect(staticHeadersFor('/profiles/uai.error.v1/').Link).toBe(
      [
        '</v1/schemas/uai.error.v1>; rel="alternate"; type="application/json"',
        ...alternates('/profiles/uai.error.v1/', 'en'),
      ].join(', '),
    );
    expect(staticHeadersFor('/fr/api/index.html').Link).toBe(
      ['</v1/openapi.json>; rel="alternate"; type="application/json"', ...alternates('/api/', 'fr')].join(', '),
    );
    // A POST action has no twin to link; the page still names its languages.
    expect(staticHeadersFor('/playground/validate/').Link).toBe(alternates('/playground/validate/', 'en').join(', '));
    // A data page (one per implementation) is a page like any other: its twin is the report's record.
    const report = '</v1/implementations>; rel="alternate"; type="application/json"';
    expect(staticHeadersFor('/es/implementations/acme-agent/').Link).toBe(
      [report, ...alternates('/implementations/acme-agent/', 'es')].join(', '),
    );
    expect(staticHeadersFor('/implementations/acme-agent/index.html').Link).toBe(
      [report, ...alternates('/implementations/acme-agent/', 'en')].join(', '),
    );
    expect(staticHeadersFor('/implementations/acme-agent/badge.svg').Link).toBeUndefined();
    // Netlify's table lists the data pages the build made, in every language, with the same header.
    const file = netlifyHeadersFile(['/implementations/acme-agent/']);
    expect(file).toContain(
      `/zh-cn/implementations/acme-agent/\n  Link: ${[report, ...alternates('/implementations/acme-agent/', 'zh-CN')].join(', ')}\n`,
    );
    expect(netlifyHeadersFile()).not.toContain('/implementations/acme-agent/');
    expect(() => netlifyHeadersFile(['/api/'])).toThrow(/Not a data page/);
    // Every link target exists: a page of the map, or a published record.
    const pages = new Set(PAGES.map((p) => p.path));
    for (const r of PUBLISHED_RECORDS) expect(pages.has(r.page), r.page).toBe(true);
    for (const t of PAGE_TWINS) expect(isRecordPath(t.record), t.record).toBe(true);
  });

  it('knows which /v1 paths are records, with {profile} expanded to real ids only', () => {
    expect(isRecordPath('/v1/catalog')).toBe(true);
    expect(isRecordPath('/v1/schemas/uai.envelope.v1')).toBe(true);
    expect(isRecordPath('/v1/registry/uai.intent.request.v1')).toBe(true);
    expect(isRecordPath('/v1/registry/uai.envelope.v1')).toBe(false);
    expect(isRecordPath('/v1/examples/uai.nothing.v1')).toBe(false);
    expect(isRecordPath('/v1/validate')).toBe(false);
  });

  it('the fallback answers a preflight on records and nowhere else', async () => {
    const site = siteFor('https://uai.example');
    const record = apiFallback(site, 'OPTIONS', '/v1/registry/uai.intent.request.v1');
    expect(record.status).toBe(204);
    expect(await record.text()).toBe('');
    expect(Object.fromEntries(record.headers)).toMatchObject({
      allow: 'GET, HEAD, OPTIONS',
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, HEAD, OPTIONS',
      'access-control-allow-headers': '*',
      'access-control-max-age': '86400',
    });
    const unknown = apiFallback(site, 'OPTIONS', '/v1/no-such-record');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('the fallback answers 405 with Allow on records, 429 at the limiter target, 404 elsewhere', async () => {
    const site = siteFor('https://uai.example');
    const answer = async (method: string, path: string) => {
      const r = apiFallback(site, method, path);
      return [
        r.status,
        r.headers.get('allow'),
        r.headers.get('retry-after'),
        ((await r.json()) as { code: string }).code,
      ];
    };
    expect(await answer('POST', '/v1/catalog')).toEqual([
      405,
      'GET, HEAD, OPTIONS',
      null,
      'request.method_not_allowed',
    ]);
    expect(await answer('DELETE', '/v1/schemas/uai.envelope.v1/')).toEqual([
      405,
      'GET, HEAD, OPTIONS',
      null,
      'request.method_not_allowed',
    ]);
    expect(await answer('POST', RATE_LIMITED_PATH)).toEqual([429, null, '60', 'request.rate_limited']);
    // Only POSTs are limited, so only a POST is rewritten there: any other method is an unknown path's.
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH'])
      expect(await answer(method, RATE_LIMITED_PATH)).toEqual([404, null, null, 'route.not_found']);
    expect(await answer('POST', '/v1/nope')).toEqual([404, null, null, 'route.not_found']);
  });

  it("the built adapter function takes only the fallback's methods under /v1", () => {
    const config = readFileSync('.netlify/v1/functions/ssr/ssr.mjs', 'utf8');
    expect(config).toContain(`path: ${JSON.stringify(API_FALLBACK_ROUTE.path)},`);
    expect(config).toContain(`method: ${JSON.stringify(API_FALLBACK_ROUTE.method)},`);
    expect(config).not.toMatch(/path: '\/\*'|preferStatic/);
    expect(API_FALLBACK_ROUTE.method).not.toContain('GET');
  });
});
