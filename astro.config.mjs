// @ts-check
import { defineConfig } from 'astro/config';
import netlify from '@astrojs/netlify';
import sitemap from '@astrojs/sitemap';

// One setting names the public origin (CONTRACT section 1); every absolute URL derives from it.
const origin = process.env.UAI_ORIGIN || 'http://localhost:4321';

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
  // sitemap-index.xml and sitemap-0.xml list every page on the configured origin (robots.txt names them).
  integrations: [sitemap()],
});
