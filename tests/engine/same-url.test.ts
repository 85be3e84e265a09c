import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameUrl, targetPath } from '../../src/engine/index.ts';

/**
 * URLs and request-target paths as RFC 3986 section 6.2.2 compares them, against WHATWG's URL
 * parser (an independent implementation of dot-segment removal, section 5.2.4) on paths it reads
 * as the RFC does: segments of letters, dots, escaped dots and escaped letters, no backslash.
 */
const segment = fc
  .array(fc.constantFrom('a', 'b', '.', '%2e', '%2E', '%61', '%7e', '~'), { maxLength: 4 })
  .map((parts) => parts.join(''));
const path = fc.array(segment, { minLength: 1, maxLength: 8 }).map((segments) => `/${segments.join('/')}`);
/** WHATWG's path with the escapes of unreserved characters read as those characters, which href keeps. */
const whatwg = (p: string) =>
  new URL(`http://h${p}`).pathname.replace(/%(?:61|7[eE]|2[eE])/g, (e) =>
    String.fromCharCode(parseInt(e.slice(1), 16)),
  );

describe('targetPath (RFC 3986 sections 5.2.4 and 6.2.2)', () => {
  it('removes dot segments, escaped or not, as WHATWG URL does', () => {
    fc.assert(
      fc.property(path, (p) => {
        expect(targetPath(p)).toBe(whatwg(p));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads the examples of section 5.4.2 (abnormal: more ".." than segments) as the RFC does', () => {
    expect(targetPath('/a/b/c/./../../g')).toBe('/a/g');
    expect(targetPath('/../g')).toBe('/g');
    expect(targetPath('/a/..')).toBe('/');
    expect(targetPath('/a/.')).toBe('/a/');
    expect(targetPath('/v1/%2e/reference-server?x=/..')).toBe('/v1/reference-server');
  });

  it('keeps what the RFC keeps: a backslash, an escaped slash, an empty segment', () => {
    expect(targetPath('/v1\\catalog')).toBe('/v1\\catalog');
    expect(targetPath('/v1%2fcatalog')).toBe('/v1%2Fcatalog');
    expect(targetPath('/v1//catalog')).toBe('/v1//catalog');
  });
});

describe('sameUrl', () => {
  it('one URL however its escapes of unreserved characters are spelled', () => {
    expect(sameUrl('https://a.example/agents/%75ai', 'https://A.example:443/agents/uai')).toBe(true);
    expect(sameUrl('https://a.example/agents/%2f', 'https://a.example/agents/%2F')).toBe(true);
    expect(sameUrl('https://a.example/agents/%2F', 'https://a.example/agents/')).toBe(false);
  });
});
