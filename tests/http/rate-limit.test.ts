import { afterAll, beforeAll, expect, it } from 'vitest';
import { postJson, SECURITY, securityHeadersOf, startServer, type RunningServer } from './server.ts';

/** CONTRACT section 8: 120 POSTs per minute per client address per route, then 429 with Retry-After. */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ UAI_RATE_LIMIT: '1' });
}, 30_000);
afterAll(() => server?.stop());

it('the 121st POST in a minute is 429 with Retry-After; other routes keep their own budget', async () => {
  for (let i = 0; i < 120; i++) expect((await postJson(server.base, '/v1/validate', { message: {} })).status).toBe(200);
  const limited = await postJson(server.base, '/v1/validate', { message: {} });
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(securityHeadersOf(limited)).toEqual(SECURITY);
  expect(limited.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  expect((await limited.json()).code).toBe('request.rate_limited');
  expect((await postJson(server.base, '/v1/mock-exchange', { message: {} })).status).toBe(200);
  expect((await fetch(`${server.base}/v1/catalog`)).status).toBe(200);
});
