import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITED_PATH } from '../../src/http/api-fallback.ts';
import { RATE_LIMIT, RATE_WINDOW_SECONDS } from '../../src/http/rate-limit.ts';

/**
 * One rate limit (CONTRACT section 8: POSTs): Netlify enforces each function's `config.rateLimit`
 * on every request the function takes, the local server src/http/rate-limit.ts on POSTs. So a
 * function that takes POST carries the limit, with the numbers of the one constant (Netlify reads
 * them statically, so they are written in each config), and a function that does not take POST
 * carries none: the reference server's reads (task polls) are a function of their own.
 */
const FUNCTIONS = resolve(import.meta.dirname, '../../netlify/functions');
const names = readdirSync(FUNCTIONS).filter((f) => f.endsWith('.mts'));
/** The methods Netlify's function config knows; no `method` means all of them. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

interface Config {
  readonly path: string | string[];
  readonly method?: string | string[];
  readonly rateLimit?: Record<string, unknown>;
}
const configs = Object.fromEntries(
  await Promise.all(
    names.map(async (name) => [name, ((await import(join(FUNCTIONS, name))) as { config: Config }).config] as const),
  ),
);
const methodsOf = (c: Config) => (c.method === undefined ? METHODS : [c.method].flat());

describe("the functions' rate limit is the local server's", () => {
  it('reads every function', () => expect(names.length).toBeGreaterThanOrEqual(5));

  it.each(names)('%s', (name) => {
    const config = configs[name]!;
    if (!methodsOf(config).includes('POST')) return expect(config.rateLimit).toBeUndefined();
    expect(config.rateLimit).toMatchObject({
      windowLimit: RATE_LIMIT,
      windowSize: RATE_WINDOW_SECONDS,
      action: 'rewrite',
      to: RATE_LIMITED_PATH,
    });
  });

  it('each path and method goes to one function at most, and every method of a function path to one', () => {
    const owners = new Map<string, string[]>();
    for (const [name, config] of Object.entries(configs))
      for (const path of [config.path].flat())
        for (const method of methodsOf(config))
          owners.set(`${method} ${path}`, [...(owners.get(`${method} ${path}`) ?? []), name]);
    const paths = new Set(Object.values(configs).flatMap((c) => [c.path].flat()));
    for (const path of paths)
      for (const method of METHODS)
        expect([method, path, owners.get(`${method} ${path}`)?.length]).toEqual([method, path, 1]);
  });
});
