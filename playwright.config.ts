import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { chromiumPath } from './scripts/browser-tests.ts';
import { builtOrigin } from './tests/records/dist.ts';

/**
 * Browser tests of the human site against the real local server (scripts/start.ts) serving the
 * built dist/. Pages hold absolute links built from the build's origin, so the server listens on
 * that origin's port: `npm test` builds for a port it found free. Never a server this run did not
 * start: if something else holds the port, Playwright stops with an error instead of testing it.
 * On its own: `UAI_ORIGIN=http://localhost:<free port> npm run build && npx playwright test`.
 */
const ORIGIN = builtOrigin();
const PORT = Number(new URL(ORIGIN).port || 80);

export default defineConfig({
  testDir: 'tests/pages',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // One browser per core at most: axe on the largest pages (field registry, API reference) needs
  // tens of seconds of CPU, and more workers than cores only make every test slower.
  workers: Math.max(1, Math.min(4, availableParallelism())),
  timeout: 90_000,
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
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node_modules/.bin/node scripts/start.ts --no-build',
    url: `${ORIGIN}/v1/catalog`,
    env: { PORT: String(PORT), UAI_ORIGIN: ORIGIN, UAI_RATE_LIMIT: '0' },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
