import fc from 'fast-check';

/**
 * Request paths built to turn a redirect into an open one (issue: `/en-us//evil.example` was
 * answered `Location: //evil.example`): doubled and back slashes, their percent-encodings in any
 * case and encoded twice, dot segments, CR/LF and tabs, under every old and new locale prefix.
 */
export const HOSTILE_PATHS: readonly string[] = [
  '/en-us//evil.example',
  '/en-us/\\evil.example',
  '/en-us/.//evil.example',
  '/en-us/%2F%2Fevil.example',
  '/en-us/%2f%2fevil.example',
  '/en-us/%5C%5Cevil.example',
  '/en-us/%5cevil.example',
  '/en-us/%2f%5cevil.example',
  '/en-us/%252F%252Fevil.example',
  '/en-us/%255C%255Cevil.example',
  '/en-us/..//evil.example',
  '/en-us/./%2E%2E//evil.example',
  '/en-us/%0D%0ALocation:%20http://evil.example',
  '/en-us/%0d%0a%0d%0a<html>',
  '/en-us/%09/evil.example',
  '/en-us/\t/evil.example',
  '/en-us///evil.example/',
  '/en-us//evil.example/api/',
  '/en-us/api//evil.example',
  '/en-us//\\evil.example',
  '/en-us/http://evil.example',
  '/en-us/https:evil.example',
  '/en-us/@evil.example',
  '/en-us',
  '/en-us/',
  '/es-es//evil.example',
  '/es-us/\\evil.example',
  '/fr-fr/%2F%2Fevil.example',
  '/es-es/./%5C/evil.example',
  '//evil.example',
  '//evil.example/',
  '///evil.example',
  '/\\evil.example',
  '/%2F%2Fevil.example',
  '/%5Cevil.example',
  '//evil.example/%2E%2E',
  '/es//evil.example',
  '/fr/\\evil.example',
  '/zh-cn/%2F%2Fevil.example',
  '/api//evil.example',
  '/v1//evil.example',
];

const PREFIXES = ['', '/en-us', '/es-es', '/es-us', '/fr-fr', '/es', '/fr', '/zh-cn', '/api', '/v1'];
const PIECES = [
  '/',
  '//',
  '\\',
  '/\\',
  '\\\\',
  '%2F',
  '%2f',
  '%5C',
  '%5c',
  '%252F',
  '%255c',
  '%25252f',
  '.',
  '..',
  '/./',
  '/../',
  '%2E',
  '%2e%2E',
  '%0D%0A',
  '%0d%0a',
  '%0A',
  '%09',
  '\t',
  '@',
  ':',
  'http:',
  'evil.example',
  'evil.example:443',
  'api/',
  'es/',
  'en-us',
];
const SUFFIXES = ['', '/', '?next=//evil.example', '?x=%0D%0A'];

/** Random compositions of the hostile pieces after a prefix, as request targets (origin form). */
export const hostilePath: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...PREFIXES),
    fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 5 }),
    fc.constantFrom(...SUFFIXES),
  )
  .map(([prefix, pieces, suffix]) => {
    const path = `${prefix}${pieces.join('')}${suffix}`;
    return path.startsWith('/') ? path : `/${path}`;
  });

/**
 * What is wrong with a Location header, or undefined when there is none or it is safe: it must
 * resolve against the origin to the same origin, and start with one `/` not followed by `/` or
 * `\` (which browsers read as the start of another host).
 */
export function locationProblem(origin: string, location: string | undefined): string | undefined {
  if (location === undefined) return undefined;
  if (!/^\/(?![/\\])/.test(location)) return `Location ${JSON.stringify(location)} is not a path on this origin`;
  const resolved = new URL(location, origin);
  if (resolved.origin !== new URL(origin).origin) return `Location ${JSON.stringify(location)} leaves ${origin}`;
  return undefined;
}
