import { ADOPTION_KIT_DOWNLOAD_FILE, LIST_RECORDS_WITH_CHILDREN, recordFile, ROUTE_NOT_FOUND_FILE } from '../records/files.ts';
import { ADOPTION_KIT_FILENAME } from '../service/routes.ts';
import { CORS_HEADERS, JSON_TYPE, RECORD_CACHE, SECURITY_HEADERS } from './headers.ts';

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
   * 404: a not-found fallback, used on Netlify only where no file matches. The local server
   * answers those paths itself with the same code (src/http/api-fallback.ts).
   */
  readonly status?: 404;
}

export const HEADER_RULES: readonly HeaderRule[] = [
  { path: '/*', headers: SECURITY_HEADERS },
  { path: '/v1/*', headers: { ...CORS_HEADERS, 'Content-Type': JSON_TYPE, 'Cache-Control': RECORD_CACHE } },
  { path: `/v1${ADOPTION_KIT_DOWNLOAD_FILE}`, headers: { 'Content-Disposition': `attachment; filename="${ADOPTION_KIT_FILENAME}"` } },
];

export const REWRITES: readonly Rewrite[] = [
  ...LIST_RECORDS_WITH_CHILDREN.map((p) => ({ from: `/v1${p}`, to: `/v1${recordFile(p)}` })),
  { from: '/v1/adoption-kit', query: { name: 'download', value: '1' }, to: `/v1${ADOPTION_KIT_DOWNLOAD_FILE}` },
  { from: '/v1/*', to: `/v1${ROUTE_NOT_FOUND_FILE}`, status: 404 },
];

const matches = (pattern: string, pathname: string): boolean =>
  pattern.endsWith('/*') ? pathname.startsWith(pattern.slice(0, -1)) : pattern === pathname;

/** Headers the table gives a static response, later rules overriding earlier ones (as on Netlify). */
export function staticHeadersFor(pathname: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of HEADER_RULES) if (matches(rule.path, pathname)) Object.assign(out, rule.headers);
  return out;
}

/** The file path a request is served from after the rewrite rules, or the path itself. */
export function rewrite(pathname: string, query: URLSearchParams): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const rule of REWRITES) {
    if (rule.status === 404 || rule.from !== trimmed) continue;
    if (rule.query && query.get(rule.query.name) !== rule.query.value) continue;
    return rule.to;
  }
  return pathname;
}

export function netlifyHeadersFile(): string {
  return HEADER_RULES.map((r) => [r.path, ...Object.entries(r.headers).map(([k, v]) => `  ${k}: ${v}`)].join('\n')).join('\n') + '\n';
}

export function netlifyRedirectsFile(): string {
  // `200!` forces a rewrite even where a path could also match a folder; a 404 fallback is not
  // forced, so it applies only where no file matches.
  const status = (r: Rewrite) => (r.status === 404 ? '404' : '200!');
  return REWRITES.map((r) => `${r.from}${r.query ? `  ${r.query.name}=${r.query.value}` : ''}  ${r.to}  ${status(r)}`).join('\n') + '\n';
}
