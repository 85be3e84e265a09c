import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isUri, isUriReference, URI_REFERENCE_PATTERN } from '../../src/standard/formats/uri.ts';

/**
 * RFC 3986 section 4.1 `URI-reference`: the checker POST /v1/validate holds `artifact_uri` to (the
 * file SARIF results name), against the JSON-Schema-Test-Suite's uri-reference cases
 * (tests/data/json-schema-test-suite, see its SOURCE.md), against its own pattern as the OpenAPI
 * document publishes it (compiled with the `u` flag, as Ajv and Prism compile a schema pattern),
 * and against references built from the RFC's grammar.
 */
const suite = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../data/json-schema-test-suite/uri-reference.json'), 'utf8')) as {
    tests: { description: string; data: unknown; valid: boolean }[];
  }[]
)
  .flatMap((g) => g.tests)
  .filter((t): t is { description: string; data: string; valid: boolean } => typeof t.data === 'string');

const published = new RegExp(URI_REFERENCE_PATTERN, 'u');

// Characters of RFC 3986 section 2: unreserved and sub-delims, plus what each part adds.
const UNRESERVED = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~';
const SUB_DELIMS = "!$&'()*+,;=";
const pctEncoded = fc
  .tuple(fc.constantFrom(...'0123456789abcdefABCDEF'), fc.constantFrom(...'0123456789abcdefABCDEF'))
  .map(([a, b]) => `%${a}${b}`);
const pchar = fc.oneof(fc.constantFrom(...`${UNRESERVED}${SUB_DELIMS}:@`), pctEncoded);
const segment = fc.array(pchar, { maxLength: 8 }).map((c) => c.join(''));
const segmentNzNc = fc
  .array(fc.oneof(fc.constantFrom(...`${UNRESERVED}${SUB_DELIMS}@`), pctEncoded), { minLength: 1, maxLength: 8 })
  .map((c) => c.join(''));
const query = fc.array(fc.oneof(pchar, fc.constantFrom('/', '?')), { maxLength: 8 }).map((c) => c.join(''));
/** relative-ref = path-noscheme [ "?" query ] [ "#" fragment ] (the form of a repository file's path). */
const relativeRef = fc
  .tuple(
    segmentNzNc,
    fc.array(segment, { maxLength: 4 }),
    fc.option(query, { nil: undefined }),
    fc.option(query, { nil: undefined }),
  )
  .map(
    ([first, rest, q, f]) =>
      [first, ...rest].join('/') + (q === undefined ? '' : `?${q}`) + (f === undefined ? '' : `#${f}`),
  );
/** A character no part of a reference holds unencoded (RFC 3986 section 2: space, `"<>\^`{|}`, controls, non-ASCII). */
const outsider = fc.constantFrom(' ', '"', '<', '>', '\\', '^', '`', '{', '|', '}', '\u0000', '\u007f', 'é', '\ud800');

describe('uri-reference (RFC 3986 section 4.1)', () => {
  it('has valid and invalid suite cases to hold it to', () => {
    expect(suite.filter((t) => t.valid).length).toBeGreaterThan(3);
    expect(suite.filter((t) => !t.valid).length).toBeGreaterThan(3);
  });

  it.each(suite.map((t) => [t.description, t] as const))('suite: %s', (_d, t) => {
    expect(isUriReference(t.data)).toBe(t.valid);
    expect(published.test(t.data)).toBe(t.valid);
  });

  it('takes every reference built from the grammar, and none with a character the grammar has no place for', () => {
    fc.assert(
      fc.property(relativeRef, fc.nat(), outsider, (ref, at, bad) => {
        expect(isUriReference(ref)).toBe(true);
        const broken = ref.slice(0, at % (ref.length + 1)) + bad + ref.slice(at % (ref.length + 1));
        expect(isUriReference(broken)).toBe(false);
        expect(published.test(broken)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('a first segment with a colon is a scheme: a URI, or nothing', () => {
    expect(isUriReference('a:b/c.json')).toBe(isUri('a:b/c.json'));
    expect(isUriReference('1a:b.json')).toBe(false);
    expect(isUriReference('./1a:b.json')).toBe(true);
  });

  it('agrees with the published pattern and holds every absolute URI', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string()), (s) => {
        expect(published.test(s)).toBe(isUriReference(s));
        if (isUri(s)) expect(isUriReference(s)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('stays linear on long hostile input', () => {
    const started = performance.now();
    for (const s of [
      `${'a/'.repeat(100_000)} `,
      `//${'a:'.repeat(100_000)}`,
      `${'%aa'.repeat(80_000)}%`,
      `?${'/?'.repeat(100_000)}#[`,
      `${'@'.repeat(200_000)}:`,
    ])
      expect(isUriReference(s)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
