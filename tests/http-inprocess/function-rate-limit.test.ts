import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITED_PATH } from '../../src/http/api-fallback.ts';
import { RATE_LIMIT, RATE_WINDOW_SECONDS } from '../../src/http/rate-limit.ts';

/**
 * One rate limit (CONTRACT section 8): Netlify enforces each function's `config.rateLimit`, the
 * local server src/http/rate-limit.ts. The numbers are written in each function's config, which
 * Netlify reads statically, so this test ties every function's config to the one constant.
 */
const FUNCTIONS = resolve(import.meta.dirname, '../../netlify/functions');
const names = readdirSync(FUNCTIONS).filter((f) => f.endsWith('.mts'));

describe("the functions' rate limit is the local server's", () => {
  it('reads every function', () => expect(names.length).toBeGreaterThanOrEqual(4));

  it.each(names)('%s', async (name) => {
    const { config } = (await import(join(FUNCTIONS, name))) as { config: { rateLimit?: Record<string, unknown> } };
    expect(config.rateLimit).toMatchObject({
      windowLimit: RATE_LIMIT,
      windowSize: RATE_WINDOW_SECONDS,
      action: 'rewrite',
      to: RATE_LIMITED_PATH,
    });
  });
});
