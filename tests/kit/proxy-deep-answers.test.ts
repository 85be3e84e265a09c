import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/engine/index.ts';
import type { ProxyReport } from '../../src/kit/proxy/index.ts';
import { kindOf } from './broken-server-table.ts';
import { startProxiedServer, type ProxiedServer } from './proxy-support.ts';

/**
 * uai proxy quotes a poll answer that is no task status in its task.pollable finding: a profile
 * nested 5,000 deep overflowed JSON.stringify there and the proxy wrote no report, and a
 * 200,000-character one was copied whole into every report.
 */
const NOW = new Date('2026-11-20T10:00:00Z');
const RUN_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
let px: ProxiedServer;
beforeAll(async () => void (px = await startProxiedServer()));
afterAll(async () => px.stop());

const poll = (profile: string) => async (ex: Parameters<NonNullable<ProxiedServer['server']['transform']>>[0]) =>
  kindOf(ex) === 'poll'
    ? new Response(`{"profile":${profile}}`, { status: 200, headers: { 'content-type': 'application/json' } })
    : ex.response;

describe('a poll answered with a hostile profile, through the proxy', () => {
  for (const [what, profile] of [
    ['nested 5,000 deep', `${'['.repeat(5000)}${']'.repeat(5000)}`],
    ['200,000 characters long', JSON.stringify('p'.repeat(200_000))],
  ] as const) {
    it(`${what}: the server fails task.pollable with the profile quoted short, and both results validate clean`, async () => {
      px.server.transform = poll(profile);
      const { session } = await px.fresh();
      await px.runKit();
      const report: ProxyReport = session.report({ site: px.server.site, runId: RUN_ID, now: NOW });
      const pollable = report.findings.filter((f) => f.side === 'server' && f.check === 'task.pollable');
      expect(pollable.length).toBeGreaterThan(0);
      for (const f of pollable) expect(f.message.length).toBeLessThan(600);
      for (const side of [report.server, report.client]) {
        const v = validateMessage(side.result_message, { mode: 'keyed-json', site: px.server.site, now: NOW });
        expect([v.error_count, v.warning_count]).toEqual([0, 0]);
      }
    });
  }
});
