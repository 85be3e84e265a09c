import { defineConfig } from '@playwright/test';

/**
 * Browser tests of the human site (issue 5) against the real local server (scripts/start.ts)
 * serving the built dist/. The build must use the same origin as the server: `npm test` builds
 * with the default origin http://localhost:4321, so the server here listens on 4321 with that origin.
 * Run `npm run build` first when running `npx playwright test` on its own.
 */
const PORT = 4321;
const ORIGIN = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: 'tests/site',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 4,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  retries: 0,
  outputDir: 'test-results/artifacts',
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: ORIGIN,
    acceptDownloads: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node_modules/.bin/node scripts/start.ts --no-build',
    url: `${ORIGIN}/v1/catalog`,
    env: { PORT: String(PORT), UAI_ORIGIN: ORIGIN, UAI_RATE_LIMIT: '0' },
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
