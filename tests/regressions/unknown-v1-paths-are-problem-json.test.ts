import { describe, expect, it } from 'vitest';
import { apiFallback, RECORD_ALLOW } from '../../src/http/api-fallback.ts';
import { site } from '../support/in-process.ts';

/**
 * Fixed in "Unknown /v1 paths: one fallback (405 for records, 404 problem JSON)": an unknown API
 * path got the HTML 404 page, and a POST to a record path got 404 instead of 405 with Allow.
 */
describe('regression: unknown /v1 paths', () => {
  it('an unknown path is 404 route.not_found as problem JSON, not HTML', async () => {
    const response = apiFallback(site, 'GET', '/v1/no-such-record');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect((await response.json()).code).toBe('route.not_found');
  });

  it('another method on a record path is 405 with Allow', async () => {
    const response = apiFallback(site, 'POST', '/v1/examples/uai.intent.request.v1');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(RECORD_ALLOW);
  });
});
