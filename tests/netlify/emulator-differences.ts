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

/**
 * What `uai test` of the reference server sees differently under the emulation: one answer. The
 * reference server answers a request for an unregistered subject with uai.error.v1 and HTTP 404
 * (exchange.subject_unknown, whose status the error registry fixes). The emulation takes a
 * function's 404 for "no such function", retries the path with `.html`-style alternatives and
 * answers the site's route.not_found document instead (netlify/cli issue 1442). Production
 * serves a function's response as the function returns it, 404 included, so the reference server
 * keeps its 404 (the status is the contract's, not the emulator's to choose) and the kit's run
 * under the emulation (tests/http/exchange-routes.test.ts) expects exactly the checks that one
 * replaced answer breaks, no others.
 */
export const EMULATOR_KIT_DIFFERENCE = {
  scenario: 'unknown-subject',
  emulator: "the site's route.not_found document (HTTP 404) instead of the function's uai.error.v1",
  production: "The function's own 404 uai.error.v1 (exchange.subject_unknown), as the function returns it.",
  docs: 'https://github.com/netlify/cli/issues/1442 "Netlify dev tries to resolve to a page when returning 404 from a function".',
  /** The answer is no message, so message.valid and exchange.response_profile fail on it ... */
  fails: ['exchange.response_profile', 'message.valid'],
  /** ... and the run's one chance to see a typed error answer is gone. */
  notExercised: ['exchange.error_code_published', 'exchange.error_retryable', 'exchange.error_status'],
} as const;

/**
 * Request-level differences that the HTTP tests of redirects, HEAD and request targets meet under
 * the emulation, each with what production does and what settles it (docs/deploy.md lists them).
 */
export const EMULATOR_REQUEST_DIFFERENCES = {
  headEtag: {
    emulator: 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"',
    production:
      'Not documented. RFC 9110 section 9.3.2 asks for the header fields of the GET; the local server sends them, ETag included.',
    docs: "The emulator's static server hashes the empty body it sends to a HEAD (the ETag of zero bytes). Every other header of a file, Content-Length included, is the GET's.",
  },
  redirectLength: {
    emulator: 'No Content-Length on a redirect: the GET body "Redirecting to …" goes out chunked, the HEAD has none.',
    production: 'The CDN sends its redirect answer; its length is not documented.',
    docs: 'https://docs.netlify.com/manage/routing/redirects/overview/ documents the status and Location of a redirect rule, not its body.',
  },
  absoluteFormFunction: {
    emulator:
      "An absolute-form request (`GET http://host/v1/reference-server`) to a function's path misses the function (netlify-cli matches function routes against the raw request target) and gets the static `route.not_found` document. Records, pages, redirects and 404 pages are matched on the parsed path and answer as the origin form.",
    production:
      "Netlify's edge terminates HTTP and routes by the request's path (RFC 9112 section 3.2.2); not documented.",
    docs: 'netlify-cli src/utils/proxy.js: the functions match is made on `req.url` as received.',
  },
  unparsablePath: {
    emulator:
      'A request path that URL parsing rejects once read against the host (`/\\http:evil.example:443x`, a backslash then an invalid port), or whose parsed path it rejects when read again (`/fr-fr/..//\\x` is parsed to `///x`, a URL with an empty host), or that holds a malformed percent escape (`/v1/%ZZ`: URIError: URI malformed, decodeURIComponent in rules-proxy.js), terminates netlify-cli (TypeError: Invalid URL in rules-proxy.js and proxy.js), so the tests never send one to the shared emulation.',
    production: 'Not the emulator: the CDN answers such a path like any other unknown address.',
    docs: 'netlify-cli src/utils/rules-proxy.js and proxy.js: `new URL(req.url, …)` is not guarded.',
  },
} as const;

/** Whether a request path would terminate netlify-cli (EMULATOR_REQUEST_DIFFERENCES.unparsablePath). */
export function crashesTheEmulator(path: string): boolean {
  try {
    // netlify-cli parses the request's URL, then parses the path it got again, and its rewrite
    // rules decode that path (decodeURIComponent: a malformed escape such as %ZZ throws).
    const once = new URL(path, 'http://localhost');
    new URL(`${once.pathname}${once.search}`, 'http://localhost');
    decodeURIComponent(once.pathname);
    return false;
  } catch {
    return true;
  }
}
