import { expect, it } from 'vitest';
import { createRateLimiter, MAX_WINDOWS, RATE_LIMIT } from '../../src/http/rate-limit.ts';

/**
 * The local server's limiter (CONTRACT section 8: 120 POSTs a minute per client address per route),
 * on a clock the test moves. Its memory is bounded: past MAX_WINDOWS, the oldest windows go first.
 */
const clock = () => {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
};

it('allows RATE_LIMIT POSTs a window per client and route, then says when to retry', () => {
  const c = clock();
  const check = createRateLimiter({ now: c.now });
  for (let i = 0; i < RATE_LIMIT; i++) expect(check('a', '/v1/validate')).toEqual({ allowed: true });
  c.advance(20_000);
  expect(check('a', '/v1/validate')).toEqual({ allowed: false, retryAfterSeconds: 40 });
  expect(check('b', '/v1/validate')).toEqual({ allowed: true });
  expect(check('a', '/v1/mock-exchange')).toEqual({ allowed: true });
  c.advance(40_000);
  expect(check('a', '/v1/validate')).toEqual({ allowed: true });
});

it('a stream of new clients cannot grow it past MAX_WINDOWS: the oldest window is dropped first', () => {
  const c = clock();
  const check = createRateLimiter({ now: c.now });
  for (let i = 0; i <= RATE_LIMIT; i++) check('first', '/v1/validate');
  expect(check('first', '/v1/validate').allowed).toBe(false);
  // Within the same minute, as many other clients as the limiter keeps windows for.
  for (let i = 0; i < MAX_WINDOWS; i++) check(`client-${i}`, '/v1/validate');
  // The first client's window, the oldest, was dropped to keep the bound: it starts a new one.
  expect(check('first', '/v1/validate')).toEqual({ allowed: true });
  // While the most recent client's window is still kept.
  for (let i = 1; i < RATE_LIMIT; i++) check(`client-${MAX_WINDOWS - 1}`, '/v1/validate');
  expect(check(`client-${MAX_WINDOWS - 1}`, '/v1/validate').allowed).toBe(false);
});
