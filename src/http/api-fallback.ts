import type { Site } from '../standard/urls.ts';
import { RECORD_PREFLIGHT_HEADERS } from './headers.ts';
import { ACTION_HEADERS, problemResponse } from './problem.ts';
import { RATE_LIMIT, RATE_WINDOW_SECONDS } from './rate-limit.ts';
import { isRecordPath } from './static-routing.ts';

export { isRecordPath } from './static-routing.ts';

/**
 * What the REST surface answers when no static record and no action matched (CONTRACT section 8):
 * a record path answers OPTIONS as a CORS preflight (204) and any method but GET and HEAD with 405
 * and `Allow`; any other /v1 path is 404 route.not_found as problem JSON, never an HTML page. The
 * local server calls it for every such request; on Netlify the site's on-demand endpoint
 * (src/pages/v1/[...unknown].ts) calls it, for the methods of API_FALLBACK_ROUTE.
 */
export const RECORD_ALLOW = 'GET, HEAD, OPTIONS';

/** The methods of a page (outside /v1: no CORS, so no preflight). */
export const PAGE_ALLOW = 'GET, HEAD';

/**
 * Where Netlify's rate limiter sends a POST over the limit (`rateLimit.action: 'rewrite'`):
 * the fallback answers it with the 429 problem of CONTRACT section 8 and `Retry-After`.
 */
export const RATE_LIMITED_PATH = '/v1/errors/rate-limited';

export function apiFallback(site: Site, method: string, pathname: string): Response {
  // Netlify's limiter rewrites the limited request as it came, and the limited functions take POSTs
  // only (docs/deploy.md): any other method here is a request for an unknown path.
  if (pathname === RATE_LIMITED_PATH && method === 'POST') {
    return problemResponse(
      site,
      'request.rate_limited',
      `More than ${RATE_LIMIT} POST requests in a minute to this route; retry after ${RATE_WINDOW_SECONDS} seconds.`,
      { headers: { 'Retry-After': String(RATE_WINDOW_SECONDS) } },
    );
  }
  if (isRecordPath(pathname)) {
    if (method === 'OPTIONS')
      return new Response(null, {
        status: 204,
        headers: { ...ACTION_HEADERS, ...RECORD_PREFLIGHT_HEADERS, Allow: RECORD_ALLOW },
      });
    return problemResponse(
      site,
      'request.method_not_allowed',
      `${pathname} is a published record; it takes GET and HEAD (and OPTIONS for CORS preflight), not ${method}.`,
      { headers: { Allow: RECORD_ALLOW } },
    );
  }
  return problemResponse(
    site,
    'route.not_found',
    `No route of the REST surface has the path ${pathname}; GET ${site.base}/catalog lists every route.`,
  );
}

/**
 * The route of the site's on-demand endpoint on Netlify (scripts/build.ts writes it into the
 * adapter's function config): every method but GET and HEAD on /v1, except the two actions,
 * whose own functions take precedence anyway. GET and HEAD never reach a function: records are
 * static files behind forced rewrites and any other /v1 path gets the static 404 problem
 * document; Netlify evaluates functions before `_redirects`, so a GET route here would shadow both.
 */
export const API_FALLBACK_ROUTE = {
  path: '/v1/*',
  excludedPath: [
    '/v1/validate',
    '/v1/mock-exchange',
    '/v1/check-exchange',
    '/v1/reference-server',
    '/v1/reference-server/tasks/*',
  ],
  method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
};
