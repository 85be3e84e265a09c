import { ADOPTION_KIT_DOWNLOAD_FILE, recordFile, ROUTE_NOT_FOUND_FILE } from '../records/files.ts';
import { configuredSite } from '../service/config.ts';
import { DATA_PAGE_TWIN, implementationOfPage, LOCALIZED_PAGES, PAGES, SITE_PAGES } from '../service/pages.ts';
import { LOCALES, localePath, splitLocale, type LocaleCode } from '../service/locales.ts';
import { PROFILE_IDS } from '../standard/profiles.ts';
import { ADOPTION_KIT_FILENAME, ROUTES, type Route } from '../service/routes.ts';
import { ENVELOPE_SCHEMA_ID } from '../standard/schemas.ts';
import { localeRedirects, NOT_FOUND_PAGES } from './locale-redirects.ts';
import { CORS_HEADERS, JSON_TYPE, NO_STORE, PROBLEM_TYPE, RECORD_CACHE, SECURITY_HEADERS } from './headers.ts';

/**
 * How static files are served: header rules and rewrites, as one table. It is written out as
 * Netlify's `_headers` and `_redirects` at build, and the local server applies the same table,
 * so both hosts send the same bytes with the same headers.
 */
export interface HeaderRule {
  /** Netlify path pattern: an exact path, or a prefix ending in `/*`. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface Rewrite {
  /** An exact path, or a prefix ending in `/*`. */
  readonly from: string;
  /** A query parameter that must be present with this value (Netlify query matching). */
  readonly query?: { readonly name: string; readonly value: string };
  readonly to: string;
  /**
   * 404: a not-found fallback, applied only where no file and no forced rewrite matched (GET and
   * HEAD of an unknown /v1 path). The local server answers those paths itself with the same
   * code (src/http/api-fallback.ts).
   */
  readonly status?: 404;
  /**
   * With status 404: applied even where a file matched. The fallback's own file is no route, so
   * asked for by its path it is answered as the unknown path it is (404), never served as a 200
   * whose problem says 404 (RFC 9457 section 3.1.2). The local server does not serve the file.
   */
  readonly force?: true;
}

/** One published GET record: where it is asked for, the file that holds it, the page that shows it. */
export interface PublishedRecord {
  /** Public path, e.g. /v1/catalog (no query). */
  readonly path: string;
  readonly query?: Rewrite['query'];
  /** File under dist/, e.g. /v1/catalog.json. */
  readonly file: string;
  /** The human page that shows it (its `html_url`). */
  readonly page: string;
}

/** The {profile} values each parametrised record route publishes. */
const ROUTE_IDS: Record<string, readonly string[]> = {
  schema: [ENVELOPE_SCHEMA_ID, ...PROFILE_IDS],
  'registry-entry': PROFILE_IDS,
  example: PROFILE_IDS,
};

const pagePaths = new Set(PAGES.map((p) => p.path));

function expand(route: Route): PublishedRecord[] {
  const [path, query] = route.path.split('?');
  if (query) {
    const [name, value] = query.split('=');
    return [
      {
        path: `/v1${path}`,
        query: { name: name!, value: value! },
        file: `/v1${ADOPTION_KIT_DOWNLOAD_FILE}`,
        page: route.page,
      },
    ];
  }
  const ids = path!.includes('{profile}') ? (ROUTE_IDS[route.id] ?? []) : [undefined];
  return ids.map((id) => {
    const sub = id === undefined ? path! : path!.replace('{profile}', id);
    // The envelope schema has no page of its own; the profiles page lists it (its html_url).
    const page = id === undefined ? route.page : route.page.replace('{profile}', id);
    return {
      path: `/v1${sub}`,
      file: `/v1${recordFile(sub)}`,
      page: pagePaths.has(page) ? page : route.page.split('{profile}')[0]!,
    };
  });
}

/** Every GET record of the catalog's routes, {profile} expanded to the published ids. */
export const PUBLISHED_RECORDS: readonly PublishedRecord[] = ROUTES.filter((r) => r.kind === 'record').flatMap(expand);

/** Each page's JSON twin: the record it shows (pages of POST actions have none). */
export const PAGE_TWINS: readonly { readonly page: string; readonly record: string }[] = PAGES.flatMap((page) => {
  const route = ROUTES.find((r) => r.id === page.record && r.kind === 'record');
  if (!route) return [];
  const profile = page.path.match(/^\/profiles\/([^/]+)\/$/)?.[1];
  return [{ page: page.path, record: `/v1${route.path.replace('{profile}', profile ?? '')}` }];
});

// RFC 8288 web links, path-absolute so the table does not depend on the origin.
const linkTo = (target: string, type: string) => `<${target}>; rel="alternate"; type="${type}"`;
const linkToLocale = (target: string, hreflang: string) => `<${target}>; rel="alternate"; hreflang="${hreflang}"`;

/**
 * The Link header of a page in a locale: its JSON twin (the same English record in every locale)
 * and the page in each language, English also as x-default (as the page's own <link> elements).
 * hreflang alternates are absolute URLs on the configured origin: crawlers take no relative ones.
 */
export function pageLinks(page: string, locale: LocaleCode, origin: string): string {
  const twin =
    PAGE_TWINS.find((t) => t.page === page)?.record ??
    SITE_PAGES.find((p) => p.path === page)?.twin ??
    (implementationOfPage(page) ? DATA_PAGE_TWIN : undefined);
  const links = twin ? [linkTo(twin, 'application/json')] : [];
  for (const l of LOCALES)
    if (l.code !== locale) links.push(linkToLocale(`${origin}${localePath(l.code, page)}`, l.lang));
  links.push(linkToLocale(`${origin}${page}`, 'x-default'));
  return links.join(', ');
}

/** The origin the pages were built for (UAI_ORIGIN, else Netlify's URL): the build and the servers agree on it. */
const PAGE_ORIGIN = configuredSite(process.env).origin;

/** A page is asked for at its folder path; hosts that resolve it to index.html match that name. */
const pageRulePaths = (page: string) => [page, `${page}index.html`];

/** The Link header rules of one page (English path) in every language. */
const pageRules = (page: string): HeaderRule[] =>
  LOCALES.flatMap((l) =>
    pageRulePaths(localePath(l.code, page)).map((path) => ({
      path,
      headers: { Link: pageLinks(page, l.code, PAGE_ORIGIN) },
    })),
  );

export const HEADER_RULES: readonly HeaderRule[] = [
  { path: '/*', headers: SECURITY_HEADERS },
  { path: '/v1/*', headers: CORS_HEADERS },
  // Record headers sit on the file a record is served from, so that no two rules set one
  // header for one response (Netlify joins the values of overlapping rules).
  ...PUBLISHED_RECORDS.filter((r) => !r.query).map((r) => ({
    path: r.file,
    headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': RECORD_CACHE, Link: linkTo(r.page, 'text/html') },
  })),
  ...PUBLISHED_RECORDS.filter((r) => r.query).map((r) => ({
    path: r.file,
    headers: {
      'Content-Type': JSON_TYPE,
      'Cache-Control': RECORD_CACHE,
      Link: linkTo(r.page, 'text/html'),
      'Content-Disposition': `attachment; filename="${ADOPTION_KIT_FILENAME}"`,
    },
  })),
  { path: `/v1${ROUTE_NOT_FOUND_FILE}`, headers: { 'Content-Type': PROBLEM_TYPE, 'Cache-Control': NO_STORE } },
  ...LOCALIZED_PAGES.flatMap(pageRules),
];

/**
 * Forced rewrites from each record's public path to its file (the query-matched one first), then
 * the not-found fallback of every other /v1 path.
 */
export const REWRITES: readonly Rewrite[] = [
  ...PUBLISHED_RECORDS.filter((r) => r.query).map((r) => ({ from: r.path, query: r.query, to: r.file })),
  ...PUBLISHED_RECORDS.filter((r) => !r.query && r.path !== r.file).map((r) => ({ from: r.path, to: r.file })),
  { from: `/v1${ROUTE_NOT_FOUND_FILE}`, to: `/v1${ROUTE_NOT_FOUND_FILE}`, status: 404, force: true },
  { from: '/v1/*', to: `/v1${ROUTE_NOT_FOUND_FILE}`, status: 404 },
];

// One trailing slash, as Netlify drops it: `/v1/catalog//` is another path (an empty segment, RFC 3986
// section 3.3), an unknown one on both hosts.
const trim = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);

/**
 * Whether a path names a published GET record (CONTRACT section 8: other methods get 405): its
 * public path, or the file that holds it, which both hosts serve to a GET as well.
 */
export const isRecordPath = (pathname: string): boolean => {
  const path = trim(pathname);
  // The file exactly: `/v1/catalog.json/` is no file either host serves, so it is an unknown path
  // (404), not a record refusing the GET it would not serve (405 "not GET"). A record whose path is
  // its file (`/v1/openapi.json`) has no rewrite rule to drop the slash: it is a file there too.
  return PUBLISHED_RECORDS.some((r) => (r.path !== r.file && r.path === path) || r.file === pathname);
};

const matches = (pattern: string, pathname: string): boolean =>
  pattern.endsWith('/*') ? pathname.startsWith(pattern.slice(0, -1)) : pattern === pathname;

/**
 * The table read once for lookups: its prefix rules (all listed before the exact ones, so applying
 * them first keeps the table's order) and the merged headers of each exact path.
 */
const PREFIX_RULES = HEADER_RULES.filter((r) => r.path.endsWith('/*'));
const EXACT_HEADERS = new Map<string, Record<string, string>>();
for (const [i, rule] of HEADER_RULES.entries()) {
  if (rule.path.endsWith('/*')) {
    if (i >= PREFIX_RULES.length) throw new Error(`Header rule ${rule.path} must come before the exact paths`);
  } else EXACT_HEADERS.set(rule.path, { ...EXACT_HEADERS.get(rule.path), ...rule.headers });
}

/** Headers the table gives a static response, later rules overriding earlier ones (as on Netlify). */
export function staticHeadersFor(pathname: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of PREFIX_RULES) if (matches(rule.path, pathname)) Object.assign(out, rule.headers);
  Object.assign(out, EXACT_HEADERS.get(pathname));
  // A data page (one per implementation) has the Link header of every page; the table cannot list
  // them before the data is read, so it is made here (the server serves only built pages).
  const { locale, path } = splitLocale(pathname.replace(/index\.html$/, ''));
  if (implementationOfPage(path)) out.Link = pageLinks(path, locale, PAGE_ORIGIN);
  return out;
}

/** The file path a request is served from after the rewrite rules, or the path itself. */
export function rewrite(pathname: string, query: URLSearchParams): string {
  const trimmed = trim(pathname);
  for (const rule of REWRITES) {
    if (rule.status === 404 || rule.from !== trimmed) continue;
    if (rule.query && query.get(rule.query.name) !== rule.query.value) continue;
    return rule.to;
  }
  return pathname;
}

/**
 * Netlify's `_headers`: the table, plus the rules of the data pages the build made (English
 * paths, `/implementations/<id>/`), which only the build knows.
 */
export function netlifyHeadersFile(dataPages: readonly string[] = []): string {
  for (const page of dataPages) if (!implementationOfPage(page)) throw new Error(`Not a data page: ${page}`);
  return (
    [...HEADER_RULES, ...dataPages.flatMap(pageRules)]
      .map((r) => [r.path, ...Object.entries(r.headers).map(([k, v]) => `  ${k}: ${v}`)].join('\n'))
      .join('\n') + '\n'
  );
}

/**
 * Netlify's `_redirects`, first match wins: the locale redirects (exact rules, locale-redirects.ts),
 * the records' rewrites, then the not-found fallbacks. `200!` forces a record's rewrite (nothing
 * else may answer its path); a `404` rule is not forced, so it applies only where no file matched:
 * the /v1 problem document, and each language's 404 page under its prefixes (`404!` keeps the
 * problem document's own path a 404). `dataPages` are the data pages the build made, which have
 * old addresses too.
 */
export function netlifyRedirectsFile(dataPages: readonly string[] = []): string {
  const status = (r: Rewrite) => (r.status === 404 ? (r.force ? '404!' : '404') : '200!');
  return [
    ...localeRedirects(dataPages).map((r) => `${r.from}  ${r.to}  301!`),
    ...REWRITES.map((r) => `${r.from}${r.query ? `  ${r.query.name}=${r.query.value}` : ''}  ${r.to}  ${status(r)}`),
    ...NOT_FOUND_PAGES.map((r) => `${r.from}  ${r.page}  404`),
  ]
    .map((line) => `${line}\n`)
    .join('');
}
