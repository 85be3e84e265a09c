import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Unit and integration tests (engine, records, HTTP, CLI). Browser tests run under Playwright. */
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // tests/netlify/ runs under its own config (npm run test:netlify), against the Netlify emulation.
    exclude: ['tests/pages/**', 'tests/netlify/**', 'node_modules/**'],
    // One file per core, not vitest's default of one fewer: most files wait on child processes and
    // sockets, so on CI's 2 cores the default ran one file at a time (about 585 s against 367 s).
    // One more than cores broke wall-clock bounds of the kit's tests (docs/running.md).
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
