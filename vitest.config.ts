import { defineConfig } from 'vitest/config';

/** Unit and integration tests (engine, records, HTTP, CLI). Browser tests run under Playwright. */
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // tests/netlify/ runs under its own config (npm run test:netlify), against the Netlify emulation.
    exclude: ['tests/pages/**', 'tests/netlify/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
