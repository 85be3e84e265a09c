import type { APIRoute } from 'astro';
import { configuredSite } from '../../service/config.ts';
import { apiFallback } from '../../http/api-fallback.ts';
import { JSON_TYPE } from '../../http/headers.ts';
import { isRecordPath, staticHeadersFor } from '../../http/static-routing.ts';

/**
 * The REST surface's fallback on Netlify, rendered on demand by the adapter's function: a /v1
 * request that no static file and no action can answer (a method other than GET and HEAD) gets
 * the problem documents of CONTRACT section 8 (405 with `Allow` on a record path, 404
 * elsewhere, 429 at the rate limiter's rewrite target) from the module the local server uses.
 * scripts/build.ts narrows the function's route to exactly those requests (API_FALLBACK_ROUTE).
 */
export const prerender = false;

const site = configuredSite(process.env);

/**
 * `npm run dev` has no `_redirects`, so a record's extensionless path lands here too: the dev
 * server answers it from the record set, as the rewrite would. The branch is dropped from the
 * build (import.meta.env.DEV is false there), so the function never carries the records.
 */
async function devRecord(request: Request, pathname: string): Promise<Response | undefined> {
  if (!import.meta.env.DEV || (request.method !== 'GET' && request.method !== 'HEAD') || !isRecordPath(pathname))
    return undefined;
  const { records } = await import('../../build/records.ts');
  const { rewrite } = await import('../../http/static-routing.ts');
  const { serializeRecord } = await import('../../records/index.ts');
  const file = rewrite(pathname, new URL(request.url).searchParams);
  const path = file.slice('/v1'.length).replace(/\.json$/, '');
  const key = [path, `${path}.json`].find((k) => Object.hasOwn(records, k)) as keyof typeof records | undefined;
  if (key === undefined) return undefined;
  const value = records[key];
  return new Response(request.method === 'HEAD' ? null : serializeRecord(value), {
    headers: { ...staticHeadersFor(pathname), ...staticHeadersFor(file), 'Content-Type': JSON_TYPE },
  });
}

export const ALL: APIRoute = async ({ request }) => {
  const pathname = new URL(request.url).pathname;
  return (await devRecord(request, pathname)) ?? apiFallback(site, request.method, pathname);
};
