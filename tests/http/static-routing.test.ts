import { describe, expect, it } from 'vitest';
import { isRecordPath } from '../../src/http/api-fallback.ts';
import { netlifyHeadersFile, netlifyRedirectsFile, rewrite, staticHeadersFor } from '../../src/http/static-routing.ts';

/** The one routing table, as Netlify reads it and as the local server applies it. */
describe('static routing table', () => {
  it('writes the five security headers for every path and the record headers for /v1', () => {
    const headers = netlifyHeadersFile();
    expect(headers).toMatch(/^\/\*\n {2}X-Content-Type-Options: nosniff\n/);
    expect(headers).toContain("  Content-Security-Policy: frame-ancestors 'self'\n");
    expect(headers).toMatch(/\/v1\/\*\n {2}Access-Control-Allow-Origin: \*\n {2}Content-Type: application\/json; charset=utf-8\n {2}Cache-Control: public, max-age=300\n/);
    expect(staticHeadersFor('/v1/downloads/uai-1-adoption-kit.json')['Content-Disposition']).toBe('attachment; filename="uai-1-adoption-kit.json"');
    expect(staticHeadersFor('/catalog/')['Content-Type']).toBeUndefined();
  });

  it('rewrites list records and the download twin, and leaves the not-found fallback to Netlify', () => {
    expect(rewrite('/v1/schemas', new URLSearchParams())).toBe('/v1/schemas/index.json');
    expect(rewrite('/v1/registry/', new URLSearchParams())).toBe('/v1/registry/index.json');
    expect(rewrite('/v1/adoption-kit', new URLSearchParams('download=1'))).toBe('/v1/downloads/uai-1-adoption-kit.json');
    expect(rewrite('/v1/adoption-kit', new URLSearchParams('download=0'))).toBe('/v1/adoption-kit');
    expect(rewrite('/v1/nothing-here', new URLSearchParams())).toBe('/v1/nothing-here');
    const redirects = netlifyRedirectsFile().trim().split('\n');
    expect(redirects).toContain('/v1/adoption-kit  download=1  /v1/downloads/uai-1-adoption-kit.json  200!');
    expect(redirects.at(-1)).toBe('/v1/*  /v1/errors/route-not-found.json  404');
  });

  it('knows which /v1 paths are records, with {profile} expanded to real ids only', () => {
    expect(isRecordPath('/v1/catalog')).toBe(true);
    expect(isRecordPath('/v1/schemas/uai.envelope.v1')).toBe(true);
    expect(isRecordPath('/v1/registry/uai.intent.request.v1')).toBe(true);
    expect(isRecordPath('/v1/registry/uai.envelope.v1')).toBe(false);
    expect(isRecordPath('/v1/examples/uai.nothing.v1')).toBe(false);
    expect(isRecordPath('/v1/validate')).toBe(false);
  });
});
