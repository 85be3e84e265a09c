/**
 * The Netlify adapter writes its function with the route `/*` (preferStatic), which would claim
 * every path without a file of its own: the records' forced rewrites (Netlify evaluates functions
 * before `_redirects`), the /v1 not-found rewrite and the pages' 404. This narrows the route, in
 * the config the adapter inlines for Netlify to read statically, to the REST fallback
 * (API_FALLBACK_ROUTE: the methods other than GET and HEAD under /v1).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { API_FALLBACK_ROUTE } from '../src/http/api-fallback.ts';

export const SSR_FUNCTION = '.netlify/v1/functions/ssr/ssr.mjs';
const ADAPTER_ROUTE = /path: '\/\*',\s*preferStatic: true,/;

export function narrowSsrRoute(file = SSR_FUNCTION): void {
  const source = readFileSync(file, 'utf8');
  if (!ADAPTER_ROUTE.test(source))
    throw new Error(
      `${file}: the adapter's route (path '/*', preferStatic) was not found; check the @astrojs/netlify version.`,
    );
  const route = Object.entries(API_FALLBACK_ROUTE)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)},`)
    .join(' ');
  writeFileSync(file, source.replace(ADAPTER_ROUTE, route));
}
