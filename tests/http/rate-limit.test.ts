import { afterAll, beforeAll, expect, it } from 'vitest';
import { publishedExamples } from '../../src/engine/index.ts';
import { siteFor } from '../../src/standard/urls.ts';
import { ORIGIN } from '../records/dist.ts';
import {
  expectExposedAcrossOrigins,
  postJson,
  SECURITY,
  securityHeadersOf,
  startServer,
  type RunningServer,
} from './server.ts';

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
  expect(expectExposedAcrossOrigins(limited)).toContain('retry-after');
  expect(securityHeadersOf(limited)).toEqual(SECURITY);
  expect(limited.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  expect((await limited.json()).code).toBe('request.rate_limited');
  expect((await postJson(server.base, '/v1/mock-exchange', { message: {} })).status).toBe(200);
  expect((await fetch(`${server.base}/v1/catalog`)).status).toBe(200);
});

it('only POSTs count: a client polling its task and reading the capability statement is never limited (HEAD: head.test.ts)', async () => {
  const request = publishedExamples(siteFor(ORIGIN)).find((e) => e.profile === 'uai.intent.request.v1')!.message;
  const first = await postJson(server.base, '/v1/reference-server', request);
  expect(first.status).toBe(202);
  const task = `${server.base}/v1/reference-server/tasks/${encodeURIComponent((await first.json()).delivery.task_ref)}`;
  // The function's paths share one budget, whatever path a POST names (a path made new on every
  // request is no new route): POSTs to task paths, each answered 405, count with the rest.
  for (let i = 1; i < 120; i++) {
    const path = i % 2 ? `/v1/reference-server/tasks/made-up-${i}` : '/v1/reference-server';
    expect((await postJson(server.base, path, request)).status).toBe(i % 2 ? 405 : 202);
  }
  const limited = await postJson(server.base, '/v1/reference-server', request);
  expect(limited.status).toBe(429);
  expect((await limited.json()).detail).toMatch(/to \/v1\/reference-server; retry after/);
  const reads = [];
  for (let i = 0; i < 130; i++) {
    reads.push((await fetch(task)).status);
    reads.push((await fetch(`${server.base}/v1/reference-server`)).status);
  }
  expect(new Set(reads)).toEqual(new Set([200]));
  const preflight = await fetch(`${server.base}/v1/reference-server`, { method: 'OPTIONS' });
  expect(preflight.status).toBe(204);
  expect((await fetch(task, { method: 'DELETE' })).status).toBe(405);
});
