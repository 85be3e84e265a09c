// @ts-check
import { defineConfig } from 'astro/config';
import netlify from '@astrojs/netlify';
import sitemap from '@astrojs/sitemap';

// One setting names the public origin (CONTRACT section 1); every absolute URL derives from it.
// On Netlify without UAI_ORIGIN, the site's main address `URL` (as in src/service/config.ts).
const origin = process.env.UAI_ORIGIN || process.env.URL || 'http://localhost:4321';

export default defineConfig({
  site: origin,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  adapter: netlify({
    // The edge-function emulation downloads Deno on first use; this service has no edge functions.
    devFeatures: { edgeFunctions: false },
  }),
  devToolbar: { enabled: false },
  // English at today's addresses, each translation under its prefix (src/service/locales.ts,
  // docs/i18n.md). The translated pages come from one route, src/pages/[locale]/[...page].astro.
  i18n: {
    locales: ['en', 'es', 'fr', 'zh-cn'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false },
  },
  // sitemap-index.xml and sitemap-0.xml list every page on the configured origin (robots.txt names
  // them): the page map's, the site's own and the data pages (one per implementation), each with its
  // alternates in the other languages.
  integrations: [
    sitemap({
      i18n: { defaultLocale: 'en', locales: { en: 'en', es: 'es', fr: 'fr', 'zh-cn': 'zh-CN' } },
    }),
  ],
  // The one on-demand route (src/pages/v1/[...unknown].ts) answers API problems, not forms; Astro's
  // cross-site form check would turn a DELETE or a text/plain POST into a 403 page instead.
  security: { checkOrigin: false },
});
