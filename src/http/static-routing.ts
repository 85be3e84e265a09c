import { ADOPTION_KIT_DOWNLOAD_FILE, LIST_RECORDS_WITH_CHILDREN, recordFile } from '../records/files.ts';
import { ADOPTION_KIT_FILENAME } from '../standard/routes.ts';
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
  readonly from: string;
  /** A query parameter that must be present with this value (Netlify query matching). */
  readonly query?: { readonly name: string; readonly value: string };
  readonly to: string;
}

export const HEADER_RULES: readonly HeaderRule[] = [
  { path: '/*', headers: SECURITY_HEADERS },
  { path: '/v1/*', headers: { ...CORS_HEADERS, 'Content-Type': JSON_TYPE, 'Cache-Control': RECORD_CACHE } },
  { path: `/v1${ADOPTION_KIT_DOWNLOAD_FILE}`, headers: { 'Content-Disposition': `attachment; filename="${ADOPTION_KIT_FILENAME}"` } },
];

export const REWRITES: readonly Rewrite[] = [
  ...LIST_RECORDS_WITH_CHILDREN.map((p) => ({ from: `/v1${p}`, to: `/v1${recordFile(p)}` })),
  { from: '/v1/adoption-kit', query: { name: 'download', value: '1' }, to: `/v1${ADOPTION_KIT_DOWNLOAD_FILE}` },
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
    if (rule.from !== trimmed) continue;
    if (rule.query && query.get(rule.query.name) !== rule.query.value) continue;
    return rule.to;
  }
  return pathname;
}

export function netlifyHeadersFile(): string {
  return HEADER_RULES.map((r) => [r.path, ...Object.entries(r.headers).map(([k, v]) => `  ${k}: ${v}`)].join('\n')).join('\n') + '\n';
}

export function netlifyRedirectsFile(): string {
  // `200!` forces the rewrite even where a path could also match a folder.
  return REWRITES.map((r) => `${r.from}${r.query ? `  ${r.query.name}=${r.query.value}` : ''}  ${r.to}  200!`).join('\n') + '\n';
}
