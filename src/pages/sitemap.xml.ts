import type { APIRoute } from 'astro';
import { site } from '../build/records.ts';

/**
 * /sitemap.xml, the address crawlers try first: a sitemap index of the sitemap that
 * @astrojs/sitemap writes at build (sitemap-0.xml, every page; the integration's own index is
 * sitemap-index.xml). One chunk holds up to 50,000 URLs, far more than the site has.
 */
export const GET: APIRoute = () =>
  new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${site.origin}/sitemap-0.xml</loc></sitemap></sitemapindex>\n`,
    { headers: { 'Content-Type': 'application/xml; charset=utf-8' } },
  );
