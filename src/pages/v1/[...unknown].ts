import type { APIRoute } from 'astro';
import { configuredSite } from '../../config.ts';
import { apiFallback } from '../../http/api-fallback.ts';

/**
 * The REST surface's fallback on Netlify, rendered on demand by the adapter's function: a /v1
 * request that no static file and no action can answer (a method other than GET and HEAD) gets
 * the problem documents of CONTRACT section 8 (405 with `Allow` on a record path, 404
 * elsewhere, 429 at the rate limiter's rewrite target) from the module the local server uses.
 * scripts/build.ts narrows the function's route to exactly those requests (API_FALLBACK_ROUTE).
 */
export const prerender = false;

const site = configuredSite(process.env);

export const ALL: APIRoute = ({ request }) => apiFallback(site, request.method, new URL(request.url).pathname);
