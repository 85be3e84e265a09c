import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/engine/index.ts';
import { DEFAULT_LIMITS, testImplementation } from '../../src/kit/index.ts';
import { worstShapes } from '../../bench/worst-shape-bodies.ts';
import { startKitServer, type Exchange, type KitServer } from './harness.ts';

/**
 * The kit judging the worst answers a server can give (docs/contract.md, "Limits"): every answer
 * to a valid request replaced by one of the validate route's worst messages, about 256 KiB each.
 * The run ends with a verdict and named failures, its report stays small (issue lists are cut),
 * and its sealed result validates clean.
 */
const NOW = new Date('2026-11-20T10:00:00Z');
let server: KitServer;
beforeAll(async () => void (server = await startKitServer()));
afterAll(async () => server.stop());

const answers = worstShapes().filter(
  (s) =>
    s.route === 'validate' &&
    ['uai.intent.response.v1', 'uai.error.v1'].includes(s.profile) &&
    /wide-empty:\/body|unknown|duplicates/.test(s.name),
);
const isValidRequest = (ex: Exchange) => ex.method === 'POST' && ex.response.status < 400;

describe('the kit on answers of the worst shapes', () => {
  it.each(answers.map((s) => [s.name, s.messageText] as const))('%s', async (_name, answer) => {
    server.transform = (ex) =>
      isValidRequest(ex)
        ? new Response(answer, { status: 200, headers: { 'content-type': 'application/json' } })
        : ex.response;
    const report = await testImplementation({
      endpoint: server.endpoint,
      site: server.site,
      limits: DEFAULT_LIMITS,
      now: NOW,
      runId: '4bf92f3577b34da6a3ce929d0e0e4736',
    });
    expect(report.exit_code).toBe(1);
    const failed = report.checks.filter((c) => c.status === 'fail');
    expect(failed.length).toBeGreaterThan(0);
    for (const c of failed) expect(c.evidence.length).toBeGreaterThan(0);
    // A report about a dozen answers of 256 KiB stays far below them: the lists inside are cut.
    expect(Buffer.byteLength(JSON.stringify(report))).toBeLessThan(2_000_000);
    const sealed = validateMessage(report.result_message, { mode: 'keyed-json', site: server.site, now: NOW });
    expect([sealed.error_count, sealed.warning_count]).toEqual([0, 0]);
  });
});
