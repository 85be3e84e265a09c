import type { APIRoute } from 'astro';
import { site } from '../build/records.ts';

/** robots.txt: everything may be crawled; the sitemap is named on the configured origin (UAI_ORIGIN). */
export const GET: APIRoute = () =>
  new Response(`User-agent: *\nAllow: /\n\nSitemap: ${site.origin}/sitemap.xml\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
