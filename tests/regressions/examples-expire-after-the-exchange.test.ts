import { describe, expect, it } from 'vitest';
import { publishedExamples } from '../../src/engine/index.ts';
import { post, site } from '../support/in-process.ts';

/**
 * Fixed in "Examples expire in 2030 so they can be sent to the mock exchange as published": the
 * examples expired an hour after they were issued, so the published request sent as it is got a
 * response dated before its expiry instead of a plain accepted task.
 */
describe('regression: published examples can be sent as they are', () => {
  it('no hand-written example expires before 2030', () => {
    // The conformance example is the validator's own record, which expires a week after its check;
    // the capability statement is not sent in an exchange and has no delivery block.
    const expiries = publishedExamples(site)
      .filter((e) => e.profile !== 'uai.conformance.result.v1')
      .flatMap(({ profile, message }) => {
        const expires = (message.delivery as { expires_at?: string } | undefined)?.expires_at;
        return expires === undefined ? [] : [{ profile, expires }];
      });
    // The four messages of an exchange carry an expiry: were they to lose it, this test would check nothing.
    expect(expiries.map((e) => e.profile).sort()).toEqual([
      'uai.error.v1',
      'uai.intent.request.v1',
      'uai.intent.response.v1',
      'uai.task.status.v1',
    ]);
    const early = expiries.filter((e) => Date.parse(e.expires) < Date.parse('2030-01-01T00:00:00Z'));
    expect(early).toEqual([]);
  });

  it('the request example gets a 202 accepted task with no expiry note', async () => {
    const message = publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message;
    const result = await (await post('mock-exchange', { message })).json();
    expect(result.http_status).toBe(202);
    expect(result.summary).not.toMatch(/already expired/);
  });
});
