/**
 * Where netlify-cli's offline emulation (`netlify serve`) is known to differ from Netlify in
 * production, each with the documentation that settles what production does. The HTTP tests
 * run against the emulation expect these values instead of the contract's, and assert
 * everything else exactly as on `npm start`.
 */
export type Served = 'record' | 'not-found file' | 'function';

export interface EmulatorDifference {
  readonly header: string;
  readonly served: Served;
  /** What the emulation sends. */
  readonly emulator: string | RegExp | null;
  /** What production sends, and the documentation line that says so. */
  readonly production: string;
  readonly docs: string;
}

const HEADERS_DOC = 'https://docs.netlify.com/manage/routing/headers/';

export const EMULATOR_DIFFERENCES: readonly EmulatorDifference[] = [
  {
    header: 'cache-control',
    served: 'record',
    emulator: 'public, max-age=0',
    production:
      "`public, max-age=300` from `_headers`: the emulator's static server sets its own Cache-Control after the rules.",
    docs: `${HEADERS_DOC} "You can set most HTTP response fields using custom headers".`,
  },
  {
    header: 'cache-control',
    served: 'not-found file',
    emulator: 'public, max-age=0',
    production: '`no-store` from `_headers`.',
    docs: `${HEADERS_DOC} "You can set most HTTP response fields using custom headers".`,
  },
  {
    header: 'content-type',
    served: 'not-found file',
    emulator: 'application/json; charset=utf-8',
    production:
      '`application/problem+json; charset=utf-8` from `_headers` on /v1/errors/route-not-found.json; the emulator types a file by its extension only.',
    docs: `${HEADERS_DOC} "You can set most HTTP response fields using custom headers".`,
  },
  {
    header: 'etag',
    served: 'record',
    emulator: /^W\/"[^"]+"$/,
    production:
      "An ETag made by the CDN; the emulator's static server makes weak ones. Both are validators, which is all CONTRACT section 8 asks, so only the form differs.",
    docs: "No documentation line fixes the form of the CDN's ETag; the test asserts a validator is present and answers If-None-Match with 304.",
  },
  {
    header: 'x-powered-by',
    served: 'function',
    emulator: 'Express',
    production:
      'None: the emulator proxies functions through Express, which adds it; functions on Netlify answer with exactly the headers they return.',
    docs: `${HEADERS_DOC} "If you are ... dealing with a URL handled by a function ..., custom headers won't be applied to that content. In those cases, ... the function should return any required headers instead."`,
  },
];

/**
 * Behaviours without a header of their own, for the record: the emulation applies `_headers` to
 * function responses too (production does not: "custom headers won't be applied" to URLs a
 * function handles, same page), which changes nothing here because the functions send the same
 * five headers and CORS themselves; it answers `Server: Netlify` like production; it retries a
 * function's 404 with `/index.html`-style alternative paths (its emulation of file shadowing), so
 * a POST to an unknown /v1 path costs five function calls and names the last alternative tried;
 * and its function registry does not enforce `config.rateLimit` (the 429 is tested by asking the
 * limiter's rewrite target directly).
 */
export function emulatorValue(header: string, served: Served): EmulatorDifference | undefined {
  return EMULATOR_DIFFERENCES.find((d) => d.header === header.toLowerCase() && d.served === served);
}
