import { existsSync } from 'node:fs';

/**
 * Whether `npm test` runs the browser tests (Playwright, tests/pages) on this machine. They need
 * Chromium: CHROMIUM_PATH, else Debian's package at /usr/bin/chromium (playwright.config.ts reads
 * the same path from here). Outside CI a missing browser skips them with the reason, as missing
 * python3 and go skip their starters; under CI=true they run anyway and fail, so a CI machine
 * without a browser cannot pass.
 */
export const chromiumPath = (env: Readonly<Record<string, string | undefined>> = process.env): string =>
  env.CHROMIUM_PATH || '/usr/bin/chromium';

export type BrowserTests = { readonly run: true } | { readonly run: false; readonly reason: string };

export function browserTests(
  env: Readonly<Record<string, string | undefined>> = process.env,
  exists: (path: string) => boolean = existsSync,
): BrowserTests {
  const path = chromiumPath(env);
  if (exists(path) || env.CI) return { run: true };
  return {
    run: false,
    reason: `no Chromium at ${path} (Debian: apt-get install chromium; or set CHROMIUM_PATH); under CI=true they fail`,
  };
}
