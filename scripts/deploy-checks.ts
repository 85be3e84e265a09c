/**
 * The checks of `npm run check:deploy -- <origin>`: every route of the REST surface, every page,
 * the not-found and wrong-method answers and their headers (CONTRACT sections 1, 8, 9, 10), as a
 * client sees them over HTTP. Each check returns the list of what is wrong (empty: it passes).
 */
import {
  CORS_HEADERS,
  JSON_TYPE,
  NO_STORE,
  PREFLIGHT_HEADERS,
  PROBLEM_TYPE,
  RECORD_CACHE,
  RECORD_PREFLIGHT_HEADERS,
  SECURITY_HEADERS,
} from '../src/http/headers.ts';
import { pageLinks, PUBLISHED_RECORDS } from '../src/http/static-routing.ts';
import { LOCALES, localePath } from '../src/service/locales.ts';
import { PAGES } from '../src/service/pages.ts';
import type { Check } from './deploy-check.ts';
import { httpDetailChecks } from './deploy-checks-http.ts';

/** A header's exact value, a pattern it must match, null for absent, or a test of the raw value. */
type Expected = Readonly<Record<string, string | RegExp | null | ((value: string | null) => boolean)>>;

function headerProblems(response: Response, expected: Expected): string[] {
  const wrong: string[] = [];
  for (const [name, want] of Object.entries(expected)) {
    const got = response.headers.get(name);
    const ok =
      typeof want === 'function' ? want(got) : want instanceof RegExp ? got !== null && want.test(got) : got === want;
    const expected = want === null ? 'none' : typeof want === 'function' ? 'no version in it' : String(want);
    if (!ok) wrong.push(`${name}: ${got === null ? 'missing' : JSON.stringify(got)}, expected ${expected}`);
  }
  return wrong;
}

// CONTRACT section 8: no X-Powered-By, and no Server header that discloses a version.
const EVERY_RESPONSE: Expected = {
  ...SECURITY_HEADERS,
  'X-Powered-By': null,
  Server: (v) => v === null || !/[0-9/]/.test(v),
};
const RECORD: Expected = {
  ...EVERY_RESPONSE,
  ...CORS_HEADERS,
  'Content-Type': JSON_TYPE,
  'Cache-Control': RECORD_CACHE,
  ETag: /./,
};
const PROBLEM: Expected = { ...EVERY_RESPONSE, ...CORS_HEADERS, 'Content-Type': PROBLEM_TYPE };
const ACTION: Expected = { ...EVERY_RESPONSE, ...CORS_HEADERS, 'Cache-Control': NO_STORE };

async function call(origin: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${origin}${path}`, { redirect: 'manual', ...init });
  const text = await response.text();
  return { response, text };
}

function expectStatus(response: Response, status: number): string[] {
  return response.status === status ? [] : [`status ${response.status}, expected ${status}`];
}

function jsonOf(text: string): { value?: any; wrong: string[] } {
  try {
    return { value: JSON.parse(text), wrong: [] };
  } catch {
    return { wrong: ['body is not JSON'] };
  }
}

const problemCheck = (
  name: string,
  path: string,
  init: RequestInit,
  status: number,
  code: string,
  extra: Expected = {},
): Check => ({
  name,
  run: async (origin) => {
    const { response, text } = await call(origin, path, init);
    const { value, wrong } = jsonOf(text);
    return [
      ...expectStatus(response, status),
      ...headerProblems(response, { ...PROBLEM, ...extra }),
      ...wrong,
      ...(value && value.code !== code ? [`code ${value.code}, expected ${code}`] : []),
    ];
  },
});

const post = (body: string, type = 'application/json'): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': type },
  body,
});

export function deployChecks(recordsOrigin?: string): Check[] {
  const records: Check[] = PUBLISHED_RECORDS.map((r) => {
    const path = r.query ? `${r.path}?${r.query.name}=${r.query.value}` : r.path;
    const extra: Expected = r.query ? { 'Content-Disposition': /^attachment; filename="[^"]+"$/ } : {};
    return {
      name: `GET ${path}`,
      run: async (origin) => {
        const { response, text } = await call(origin, path);
        const { value, wrong } = jsonOf(text);
        const link = `<${r.page}>; rel="alternate"; type="text/html"`;
        const wanted = `${recordsOrigin ?? origin}/v1`;
        const base =
          r.path === '/v1/catalog' && value && value.base_url !== wanted
            ? [
                `base_url ${value.base_url}, expected ${wanted}: the records were built for another origin (UAI_ORIGIN, else URL)`,
              ]
            : [];
        return [
          ...expectStatus(response, 200),
          ...headerProblems(response, { ...RECORD, Link: link, ...extra }),
          ...wrong,
          ...base,
        ];
      },
    };
  });
  // Every page in every language, with its JSON twin and its alternates in the Link header.
  const pages: Check[] = LOCALES.flatMap((l) =>
    PAGES.map((p) => ({
      name: `GET ${localePath(l.code, p.path)}`,
      run: async (origin: string) => {
        const { response } = await call(origin, localePath(l.code, p.path));
        return [
          ...expectStatus(response, 200),
          ...headerProblems(response, {
            ...EVERY_RESPONSE,
            'Content-Type': /^text\/html/,
            Link: pageLinks(p.path, l.code, recordsOrigin ?? origin),
          }),
        ];
      },
    })),
  );
  const errors: Check[] = [
    {
      name: 'GET /no-such-page/ (the HTML 404 page)',
      run: async (origin) => {
        const { response, text } = await call(origin, '/no-such-page/');
        return [
          ...expectStatus(response, 404),
          ...headerProblems(response, { ...EVERY_RESPONSE, 'Content-Type': /^text\/html/ }),
          ...(/<html/i.test(text) ? [] : ['body is not an HTML page']),
        ];
      },
    },
    problemCheck('GET /v1/no-such-route', '/v1/no-such-route', {}, 404, 'route.not_found'),
    problemCheck('POST /v1/no-such-route', '/v1/no-such-route', post('{}'), 404, 'route.not_found'),
    problemCheck('DELETE /v1/no-such-route', '/v1/no-such-route', { method: 'DELETE' }, 404, 'route.not_found'),
    problemCheck('POST /v1/catalog (a record)', '/v1/catalog', post('{}'), 405, 'request.method_not_allowed', {
      Allow: 'GET, HEAD, OPTIONS',
    }),
    {
      name: 'OPTIONS /v1/catalog (CORS preflight of a record)',
      run: async (origin) => {
        const { response } = await call(origin, '/v1/catalog', {
          method: 'OPTIONS',
          headers: { 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'if-none-match' },
        });
        return [
          ...expectStatus(response, 204),
          ...headerProblems(response, { ...ACTION, ...RECORD_PREFLIGHT_HEADERS, Allow: 'GET, HEAD, OPTIONS' }),
        ];
      },
    },
    problemCheck('GET /v1/validate (an action)', '/v1/validate', {}, 405, 'request.method_not_allowed', {
      Allow: 'POST, OPTIONS',
    }),
    problemCheck(
      'POST /v1/validate, malformed JSON',
      '/v1/validate',
      post('{"message": '),
      400,
      'request.malformed_json',
      { 'Cache-Control': NO_STORE },
    ),
    problemCheck(
      'POST /v1/validate, text/plain',
      '/v1/validate',
      post('{}', 'text/plain'),
      415,
      'request.unsupported_media_type',
    ),
    problemCheck('POST /v1/mock-exchange, no message', '/v1/mock-exchange', post('{}'), 400, 'request.invalid'),
  ];
  const actions: Check[] = ['/v1/validate', '/v1/mock-exchange'].flatMap((path) => [
    {
      name: `OPTIONS ${path} (CORS preflight)`,
      run: async (origin: string) => {
        const { response } = await call(origin, path, { method: 'OPTIONS' });
        return [...expectStatus(response, 204), ...headerProblems(response, { ...ACTION, ...PREFLIGHT_HEADERS })];
      },
    },
    {
      name: `POST ${path} with the published request example`,
      run: async (origin: string) => {
        const example = (await (await fetch(`${origin}/v1/examples/uai.intent.request.v1`)).json()) as {
          message: unknown;
        };
        const { response, text } = await call(origin, path, post(JSON.stringify({ message: example.message })));
        const { value, wrong } = jsonOf(text);
        const verdict = path.endsWith('validate')
          ? value?.valid === true
            ? []
            : ['the example is not valid']
          : value?.http_status === 202
            ? []
            : [`http_status ${value?.http_status}, expected 202`];
        return [
          ...expectStatus(response, 200),
          ...headerProblems(response, { ...ACTION, 'Content-Type': JSON_TYPE }),
          ...wrong,
          ...(value ? verdict : []),
        ];
      },
    },
  ]);
  return [...records, ...pages, ...errors, ...actions, ...httpDetailChecks()];
}
