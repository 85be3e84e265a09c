import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/engine/index.ts';
import { DEFAULT_LIMITS, testImplementation } from '../../src/kit/index.ts';
import { siteFor } from '../../src/standard/urls.ts';
import { freePort } from '../support/local-server.ts';
import { KIT_NOW, KIT_RUN_ID, runKitOn, startKitServer, type KitServer } from './harness.ts';

/**
 * A run stopped at every point of the reference server's run (a request budget of 1, 2, ... up to
 * a whole run): the sealed result always validates clean (its status agrees with its issues), and
 * a stopped run never passes: what it did not send is not exercised. A budget that ran out among
 * the keyless copies of the hostile requests once left their checks passed on the keyed form
 * alone, and sealed a result saying fail with no issue, which `uai validate` refused.
 */
let server: KitServer;
beforeAll(async () => void (server = await startKitServer()));
afterAll(async () => server.stop());

describe('a run stopped by its request budget, at every request of a whole run', () => {
  it('seals a result that validates clean, and passes nothing it did not send', async () => {
    const whole = await runKitOn(server);
    expect(whole.aborted).toBeUndefined();
    const requests = whole.requests_sent;
    expect(requests).toBeGreaterThan(15);
    for (let budget = 1; budget <= requests; budget++) {
      const report = await runKitOn(server, { ...DEFAULT_LIMITS, maxRequests: budget });
      const v = validateMessage(report.result_message, { mode: 'keyed-json', site: server.site, now: KIT_NOW });
      expect(
        [...v.errors, ...v.warnings].map((i) => i.code),
        `budget ${budget}`,
      ).toEqual([]);
      if (budget < requests) {
        expect(report.aborted, `budget ${budget}`).toBeDefined();
        expect((report.result_message.body as { status: string }).status, `budget ${budget}`).toBe('fail');
        expect(
          report.checks.some((c) => c.status === 'not_exercised'),
          `budget ${budget}`,
        ).toBe(true);
        // A keyless copy the run never sent is said to be so, not shown by its keyed twin's answer.
        for (const c of report.checks)
          if (c.id.startsWith('hostile.') && c.status === 'not_exercised' && c.evidence[0]?.startsWith('keyless: '))
            expect(c.evidence[0], `budget ${budget}, ${c.id}`).toMatch(
              /^keyless: \S+: (no answer, the run stopped here|not sent, the run stopped early) /,
            );
      } else expect(report.aborted, `budget ${budget}`).toBeUndefined();
    }
  }, 120_000);
});

describe('an endpoint where nothing listens', () => {
  it('passes no check: an answer never seen is no answer within the size limit, no redirect, no interim', async () => {
    const site = siteFor(`http://127.0.0.1:${await freePort()}`);
    const report = await testImplementation({
      endpoint: `${site.base}/reference-server`,
      site,
      limits: DEFAULT_LIMITS,
      now: KIT_NOW,
      runId: KIT_RUN_ID,
    });
    expect(report.checks.filter((c) => c.status === 'pass').map((c) => c.id)).toEqual([]);
    for (const id of ['transport.size_limit', 'transport.no_redirect', 'transport.no_interim'])
      expect(report.checks.find((c) => c.id === id)).toMatchObject({
        status: 'not_exercised',
        evidence: [expect.stringMatching(/^no answer came to judge: /)],
      });
    expect(report.exit_code).not.toBe(0);
  });
});
