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
    // A guard against a test that never ends, not a bound on one that works: a test's own bounds are
    // its assertions. Most of the slowest tests are CPU-bound (properties of 1,000 runs, tsc over the
    // packed declarations) and take 10-20 s on CI's 2 cores; 30 s failed them whenever another
    // process took a core for a while.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
