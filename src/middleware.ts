import { defineMiddleware } from 'astro:middleware';
import { localizeLinks } from './i18n/links.ts';
import { configuredSite } from './service/config.ts';
import { splitLocale } from './service/locales.ts';

/**
 * A translated page links into its own language: page sources write English paths (`/api/`) and
 * this step points those links at the page's locale (`/es/api/`) as each page is rendered. Only
 * HTML pages under a locale prefix are touched; records and API answers pass through unchanged.
 */
/** Records carry absolute URLs at the build's origin: those to pages are page links too. */
const origin = configuredSite().origin;

export const onRequest = defineMiddleware(async (context, next) => {
  // Pages are all prerendered: the one on-demand route (/v1 problems) never needs this step.
  if (!context.isPrerendered) return next();
  const response = await next();
  const { locale } = splitLocale(context.url.pathname);
  if (locale === 'en' || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = localizeLinks(await response.text(), locale, origin);
  return new Response(html, { status: response.status, headers: response.headers });
});
