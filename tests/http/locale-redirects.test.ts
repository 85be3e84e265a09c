import { describe, expect, it } from 'vitest';
import {
  isSameOriginPath,
  localeRedirects,
  NOT_FOUND_PAGES,
  notFoundPageFor,
  redirector,
} from '../../src/http/locale-redirects.ts';
import { netlifyRedirectsFile } from '../../src/http/static-routing.ts';
import { LOCALIZED_PAGES } from '../../src/service/pages.ts';

/** The locale tables as both hosts read them (the HTTP behaviour is in redirects.test.ts). */
describe('locale redirects and 404 pages', () => {
  const redirectFor = redirector(localeRedirects(['/implementations/acme-agent/']));

  it("redirects each page's old address to its new one, with or without the trailing slash", () => {
    expect(redirectFor('/es-es/field-registry/')).toBe('/es/field-registry/');
    expect(redirectFor('/es-es/field-registry')).toBe('/es/field-registry/');
    expect(redirectFor('/es-us/')).toBe('/es/');
    expect(redirectFor('/es-us')).toBe('/es/');
    expect(redirectFor('/fr-fr/profiles/uai.error.v1/')).toBe('/fr/profiles/uai.error.v1/');
    expect(redirectFor('/en-us/api/')).toBe('/api/');
    expect(redirectFor('/en-us')).toBe('/');
    expect(redirectFor('/en-us/implementations/acme-agent/')).toBe('/implementations/acme-agent/');
    // zh-cn is this site's own prefix, as it was the original's: nothing to redirect.
    expect(redirectFor('/zh-cn/api/')).toBeUndefined();
    expect(redirectFor('/es/api/')).toBeUndefined();
    expect(redirectFor('/es-esx/')).toBeUndefined();
    // An old address that is no page is not redirected at all (its language's 404 page answers).
    expect(redirectFor('/en-us//evil.example')).toBeUndefined();
    expect(redirectFor('/en-us//api/')).toBeUndefined();
    expect(redirectFor('/en-us/api//')).toBeUndefined();
    expect(localeRedirects().length).toBe(LOCALIZED_PAGES.length * 4);
  });

  it('writes exact rules into _redirects, never a splat, before the rewrites; 404 pages last', () => {
    const lines = netlifyRedirectsFile(['/implementations/acme-agent/']).trim().split('\n');
    const moved = lines.filter((l) => l.endsWith('301!'));
    expect(moved).toContain('/es-es/field-registry/  /es/field-registry/  301!');
    expect(moved).toContain('/en-us/  /  301!');
    expect(moved).toContain('/fr-fr/implementations/acme-agent/  /fr/implementations/acme-agent/  301!');
    for (const line of moved) expect(line).not.toMatch(/\*|:splat/);
    expect(lines.findIndex((l) => l.endsWith('200!'))).toBeGreaterThan(lines.findLastIndex((l) => l.endsWith('301!')));
    expect(lines.slice(-NOT_FOUND_PAGES.length)).toEqual([
      '/en-us/*  /404.html  404',
      '/es/*  /es/404.html  404',
      '/es-es/*  /es/404.html  404',
      '/es-us/*  /es/404.html  404',
      '/fr/*  /fr/404.html  404',
      '/fr-fr/*  /fr/404.html  404',
      '/zh-cn/*  /zh-cn/404.html  404',
    ]);
  });

  it("gives an unknown address its language's 404 page, English elsewhere", () => {
    expect(notFoundPageFor('/es/nope/')).toBe('/es/404.html');
    expect(notFoundPageFor('/es-us/nope')).toBe('/es/404.html');
    expect(notFoundPageFor('/fr/x')).toBe('/fr/404.html');
    expect(notFoundPageFor('/zh-cn/a/b/')).toBe('/zh-cn/404.html');
    expect(notFoundPageFor('/de/')).toBe('/404.html');
    expect(notFoundPageFor('/esx/')).toBe('/404.html');
    expect(notFoundPageFor('/nope/')).toBe('/404.html');
  });

  it('knows a same-origin path from one a browser would take to another host', () => {
    for (const ok of ['/', '/api/', '/es/field-registry/?x=//evil.example', '/a/b//c'])
      expect(isSameOriginPath(ok), ok).toBe(true);
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'http://evil.example/',
      'evil.example',
      '',
      '/\t/evil.example',
      '/\r\nLocation: //evil.example',
    ])
      expect(isSameOriginPath(bad), bad).toBe(false);
    for (const r of localeRedirects()) expect(isSameOriginPath(r.to), r.to).toBe(true);
  });
});
