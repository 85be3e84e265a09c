import { DEFAULT_LOCALE, LOCALES, localePath } from '../service/locales.ts';
import { LOCALIZED_PAGES } from '../service/pages.ts';

/**
 * The original site's locale prefixes (`/en-us/`, `/es-es/`, `/es-us/`, `/fr-fr/`) redirect to
 * this site's (docs/i18n.md), and an unknown address under a language's prefix gets that
 * language's 404 page. Both hosts read these tables: Netlify as `_redirects` lines, the local
 * server in its router.
 *
 * Every redirect is an exact rule from one page's old address to its new one, never a splat: a
 * splat copies the request's own path into `Location`, so `/en-us//evil.example` was sent to
 * `//evil.example`, another site. Netlify runs no code for a `_redirects` rule, so the rule itself
 * must be safe; with exact rules every `Location` is a page of this table whatever the request
 * holds, and an old address that is no page falls through to the 404 page of its language
 * (docs/deploy.md, "Redirects").
 */
export interface Redirect {
  /** An exact path (matched with or without its trailing slash, as Netlify matches). */
  readonly from: string;
  readonly to: string;
}

/**
 * Whether a redirect target stays on the site's own origin: a path that starts with one `/` not
 * followed by `/` or `\` (either would make it scheme-relative to a browser), with no control
 * characters, that resolves to the origin it is read against (RFC 3986 section 4.2).
 */
export function isSameOriginPath(location: string): boolean {
  if (!/^\/(?![/\\])/.test(location) || /[\u0000-\u001f\u007f]/.test(location)) return false;
  const origin = 'http://origin.invalid';
  return new URL(location, origin).origin === origin;
}

function checked(redirect: Redirect): Redirect {
  if (!isSameOriginPath(redirect.to)) throw new Error(`Redirect target ${redirect.to} leaves the origin`);
  return redirect;
}

/**
 * One rule per page and original prefix: the page map's pages and the site's own, plus the data
 * pages the build made (one per implementation; only the build knows them).
 */
export function localeRedirects(dataPages: readonly string[] = []): readonly Redirect[] {
  const pages = [...LOCALIZED_PAGES, ...dataPages];
  return LOCALES.flatMap((l) =>
    l.original.flatMap((prefix) =>
      pages.map((page) => checked({ from: `/${prefix}${page}`, to: localePath(l.code, page) })),
    ),
  );
}

/** Exact paths are matched with and without one trailing slash, as Netlify matches a rule. */
const withoutSlash = (path: string): string => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

/** The local server's lookup of the same rules: the target of a path, or undefined. */
export function redirector(redirects: readonly Redirect[]): (pathname: string) => string | undefined {
  const targets = new Map(redirects.map((r) => [withoutSlash(r.from), r.to]));
  return (pathname) => targets.get(withoutSlash(pathname));
}

/** A language's 404 page, for every path under one of its prefixes (a `/…/*` pattern). */
export interface NotFoundPage {
  readonly from: string;
  readonly page: string;
}

/** The English 404 page: every host's default for an unknown address. */
export const DEFAULT_NOT_FOUND_PAGE = '/404.html';

/**
 * Each translation's 404 page (`/es/404.html`) under its own prefix and under the original
 * site's prefixes of the same language; English's under its original prefix. Any other unknown
 * address, `/de/` included, gets the English page.
 */
export const NOT_FOUND_PAGES: readonly NotFoundPage[] = LOCALES.flatMap((l) =>
  [...(l.code === DEFAULT_LOCALE ? [] : [l.code]), ...l.original].map((prefix) => ({
    from: `/${prefix}/*`,
    page: localePath(l.code, DEFAULT_NOT_FOUND_PAGE),
  })),
);

/** The 404 page of an unknown path: its language's, or the English one. */
export function notFoundPageFor(pathname: string): string {
  return NOT_FOUND_PAGES.find((r) => pathname.startsWith(r.from.slice(0, -1)))?.page ?? DEFAULT_NOT_FOUND_PAGE;
}
