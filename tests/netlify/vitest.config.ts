import { defineConfig } from 'vitest/config';

/**
 * `npm run test:netlify`: the project's own HTTP tests (every route, every CONTRACT section 8
 * error, the headers of every response) against Netlify's offline emulation of the deploy,
 * started once for the run, plus the Netlify-only checks of tests/netlify/.
 */
export default defineConfig({
  test: {
    include: [
      'tests/http/records.test.ts',
      'tests/http/actions.test.ts',
      'tests/http/exchange-routes.test.ts',
      'tests/http/implementations.test.ts',
      'tests/http/redirects.test.ts',
      'tests/http/not-found-pages.test.ts',
      'tests/http/head.test.ts',
      'tests/http/request-target.test.ts',
      'tests/netlify/**/*.test.ts',
    ],
    env: { UAI_HTTP_TARGET: 'netlify' },
    globalSetup: ['tests/netlify/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One emulation serves every file; running them one at a time keeps its function workers few.
    fileParallelism: false,
  },
});
