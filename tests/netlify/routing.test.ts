import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { RATE_LIMITED_PATH } from '../../src/http/api-fallback.ts';
import { PUBLISHED_RECORDS } from '../../src/http/static-routing.ts';
import { PAGES } from '../../src/service/pages.ts';
import { localeOf, localePath, TRANSLATED } from '../../src/service/locales.ts';
import { postJson, SECURITY, securityHeadersOf } from '../http/server.ts';

/** What only the Netlify emulation can show: who answers each request, how fast, and with which origin. */
const base = inject('netlifyBase');

/** A response the emulation got from a function carries its invocation metadata. */
const fromFunction = (response: Response) => response.headers.has('x-nf-invocation-metadata');

describe('Netlify routing under the emulation', () => {
  it('no function answers a GET record, a page, an unknown page or an unknown /v1 GET', async () => {
    const paths = [
      ...PUBLISHED_RECORDS.map((r) => (r.query ? `${r.path}?${r.query.name}=${r.query.value}` : r.path)),
      ...PAGES.map((p) => p.path),
      '/no-such-page/',
      '/v1/no-such-route',
    ];
    for (const path of paths) {
      const response = await fetch(`${base}${path}`);
      await response.arrayBuffer();
      expect({ path, fromFunction: fromFunction(response) }).toEqual({ path, fromFunction: false });
    }
    // The same check sees a function where one answers.
    expect(fromFunction(await postJson(base, '/v1/no-such-route', {}))).toBe(true);
  });

  it("serves every page in every language from the CDN, and redirects the original site's prefixes", async () => {
    for (const code of TRANSLATED) {
      // The last is a data page (the reference server's entry in the report, in every build).
      for (const path of [
        '/',
        '/field-registry/',
        '/profiles/uai.error.v1/',
        '/translation-status/',
        '/implementations/reference-server/',
      ]) {
        const response = await fetch(`${base}${localePath(code, path)}`);
        const html = await response.text();
        expect({ path: localePath(code, path), status: response.status, fromFunction: fromFunction(response) }).toEqual(
          {
            path: localePath(code, path),
            status: 200,
            fromFunction: false,
          },
        );
        expect(html).toContain(`<html lang="${localeOf(code).lang}">`);
        // The emulation reads _headers when it starts, so the origin in it may be the previous build's.
        expect(response.headers.get('link')).toMatch(
          new RegExp(`<https?://[^/>]+${path}>; rel="alternate"; hreflang="x-default"`),
        );
      }
    }
    for (const [from, to] of [
      ['/es-es/field-registry/', '/es/field-registry/'],
      ['/fr-fr/', '/fr/'],
      ['/en-us/api/', '/api/'],
    ]) {
      const response = await fetch(`${base}${from}`, { redirect: 'manual' });
      await response.arrayBuffer();
      expect({ from, status: response.status }).toEqual({ from, status: 301 });
      expect(new URL(response.headers.get('location')!, base).pathname).toBe(to);
    }
  });

  it('an unknown /v1 GET is answered in under 50 ms (median of 15, after one warm-up)', async () => {
    const times: number[] = [];
    await (await fetch(`${base}/v1/no-such-route`)).arrayBuffer();
    for (let i = 0; i < 15; i++) {
      const started = performance.now();
      const response = await fetch(`${base}/v1/no-such-route-${i}`);
      expect((await response.json()).code).toBe('route.not_found');
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = times[7]!;
    console.log(
      `unknown /v1 GET under the emulation: median ${median.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`,
    );
    expect(median).toBeLessThan(50);
  });

  it("the rate limiter's rewrite target answers the 429 problem with Retry-After", async () => {
    const response = await postJson(base, RATE_LIMITED_PATH, { message: {} });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('60');
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(securityHeadersOf(response)).toEqual(SECURITY);
    expect((await response.json()).code).toBe('request.rate_limited');
  });

  it('the build and the functions both take UAI_ORIGIN', async () => {
    const catalog = await (await fetch(`${base}/v1/catalog`)).json();
    expect(catalog.base_url).toBe(`${base}/v1`);
    const result = await (await postJson(base, '/v1/validate', { message: { uai_version: '2.0' } })).json();
    expect(result.errors[0].help_url.startsWith(`${base}/error-registry/#`)).toBe(true);
  });

  it('the deploy packages the functions and the narrowed adapter function; no GET a file answers', () => {
    const manifest = JSON.parse(readFileSync('.netlify/functions/manifest.json', 'utf8')) as {
      functions: { name: string; routes: { pattern: string; methods?: string[] }[]; trafficRules?: unknown }[];
    };
    const routes = Object.fromEntries(manifest.functions.map((f) => [f.name, f.routes]));
    const limited = manifest.functions.filter((f) => f.trafficRules !== undefined).map((f) => f.name);
    expect(Object.keys(routes).sort()).toEqual([
      'action-reads',
      'check-exchange',
      'mock-exchange',
      'reference-server',
      'reference-server-reads',
      'ssr',
      'validate',
    ]);
    expect(limited.sort()).toEqual(['check-exchange', 'mock-exchange', 'reference-server', 'validate']);
    // The reference server answers GETs itself (its capability statement and task polls): no file has
    // those paths. Its POSTs are one function, under the rate limit; every other method another, not
    // limited (Netlify's limiter counts every request a function takes; the contract limits POSTs).
    const paths = ['/v1/reference-server', '/v1/reference-server/tasks/*'];
    expect(routes['reference-server']!.map((r) => [r.pattern, r.methods])).toEqual(paths.map((p) => [p, ['POST']]));
    expect(routes['reference-server-reads']!.map((r) => [r.pattern, r.methods])).toEqual(
      paths.map((p) => [p, ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE']]),
    );
    expect(routes.ssr).toEqual([
      expect.objectContaining({ pattern: '/v1/*', methods: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] }),
    ]);
    // The three POST routes likewise: their POSTs under the limit, every other method (the CORS
    // preflight first) one function outside it.
    const actions = ['/v1/validate', '/v1/mock-exchange', '/v1/check-exchange'];
    for (const [name, path] of [
      ['validate', actions[0]],
      ['mock-exchange', actions[1]],
      ['check-exchange', actions[2]],
    ] as const)
      expect(routes[name]!.map((r) => [r.pattern, r.methods])).toEqual([[path, ['POST']]]);
    expect(routes['action-reads']!.map((r) => [r.pattern, r.methods])).toEqual(
      actions.map((p) => [p, ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE']]),
    );
  });
});
