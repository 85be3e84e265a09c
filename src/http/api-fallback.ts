import { PROFILE_IDS } from '../standard/profiles.ts';
import { ROUTES } from '../service/routes.ts';
import { ENVELOPE_SCHEMA_ID } from '../standard/schemas.ts';
import type { Site } from '../standard/site.ts';
import { problemResponse } from './problem.ts';

/**
 * What the REST surface answers when no static record and no action matched (CONTRACT section 8):
 * a record path asked with another method than GET/HEAD is 405 with `Allow`; any other /v1 path
 * is 404 route.not_found as problem JSON, never an HTML page. (On Netlify, where no function
 * answers unknown paths, a 404 rewrite of the static table serves the same problem document.)
 */
export const RECORD_ALLOW = 'GET, HEAD';

const ids: Record<string, readonly string[]> = {
  schema: [ENVELOPE_SCHEMA_ID, ...PROFILE_IDS],
  'registry-entry': PROFILE_IDS,
  example: PROFILE_IDS,
};

/** Whether a /v1 path names a published record (the {profile} of a route expanded to real ids). */
export function isRecordPath(pathname: string): boolean {
  const path = pathname.length > 4 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTES.some((route) => {
    if (route.method !== 'GET') return false;
    const template = `/v1${route.path.split('?')[0]}`;
    if (!template.includes('{profile}')) return template === path;
    const [prefix] = template.split('{profile}');
    return path.startsWith(prefix!) && (ids[route.id] ?? []).includes(path.slice(prefix!.length));
  });
}

export function apiFallback(site: Site, method: string, pathname: string): Response {
  if (isRecordPath(pathname)) {
    return problemResponse(site, 'request.method_not_allowed', `${pathname} is a published record; it takes GET and HEAD, not ${method}.`, { headers: { Allow: RECORD_ALLOW } });
  }
  return problemResponse(site, 'route.not_found', `No route of the REST surface has the path ${pathname}; GET ${site.base}/catalog lists every route.`);
}
