import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal } from '../../src/engine/index.ts';
import type { ProxyReport } from '../../src/kit/proxy/index.ts';
import { requestExample } from '../support/in-process.ts';
import { startProxiedServer, type ProxiedServer } from '../kit/proxy-support.ts';

/**
 * Fixed in "the proxy judges what the upstream reads" (src/kit/proxy/judge.ts, src/engine/same-url.ts,
 * src/engine/exchange/conversation.ts), with the reference server behind a live uai proxy:
 * - the same request sent twice was answered twice under the same id, as CONTRACT section 6 has
 *   the reference server answer identical requests, and the proxy blamed the server
 *   (conversation.answer_ids) and the client twice over (conversation.follow_up on the resend);
 * - a message posted to `/v1/./reference-server` reached the endpoint (the upstream removes dot
 *   segments, RFC 3986 section 5.2.4) yet was judged as no exchange at all: both sides passed;
 * - a POST anywhere else was passed by without a word.
 */
let px: ProxiedServer;
beforeAll(async () => void (px = await startProxiedServer()));
afterAll(async () => px.stop());

const NOW = new Date('2026-11-20T10:00:00Z');
/** A POST with its request-target sent as written (fetch would remove the dot segments first). */
const post = (path: string, body: string) =>
  new Promise<{ status: number; json: () => Promise<unknown> }>((resolve, reject) => {
    const { hostname, port } = new URL(px.site.origin);
    const req = request(
      { host: hostname, port, path, method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, json: async () => JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
const reportOf = async (session: {
  report: (o: { site: typeof px.site; runId: string; now: Date }) => ProxyReport;
}) => {
  await px.proxy.judged();
  return session.report({ site: px.server.site, runId: '0bad0000000000000000000000000003', now: NOW });
};
const findings = (r: ProxyReport) => r.findings.map((f) => [f.side, f.check, f.exchange]);
const endpointPath = () => new URL(px.proxy.endpoint).pathname;

describe('regression: the proxy judges what the upstream reads', () => {
  it('the same request twice, answered twice under one id: the client resent it (once), the server did right', async () => {
    px.server.transform = undefined;
    const { session } = await px.fresh();
    // A sync request: its answer's ids come from the request alone. An accepted task's hold the
    // second it was accepted (its task_ref), so two posts either side of a second differ.
    const sync = requestExample() as { delivery: Record<string, unknown> };
    const body = JSON.stringify(seal({ ...sync, delivery: { ...sync.delivery, mode: 'sync' } }));
    const ids: unknown[] = [];
    for (let i = 0; i < 2; i++)
      ids.push(((await (await post(endpointPath(), body)).json()) as { message_id: unknown }).message_id);
    expect(ids[1]).toBe(ids[0]);
    expect(findings(await reportOf(session))).toEqual([['client', 'conversation.fresh_ids', 2]]);
  });

  it('a message posted at a path with dot segments is judged as the endpoint reads it', async () => {
    px.server.transform = undefined;
    const { session, judged } = await px.fresh();
    const [, first, ...rest] = endpointPath().split('/');
    const dotted = `/${first}/./x/../${rest.join('/')}`;
    const broken = JSON.stringify({ ...requestExample(), uai_version: '9.9' });
    const res = await post(dotted, broken);
    expect(res.status).toBe(400);
    const report = await reportOf(session);
    expect(judged.map((x) => x.role)).toEqual(['message']);
    expect(report.findings.some((f) => f.side === 'client' && f.check === 'client.message_valid')).toBe(true);
    expect(report.client.result_message).toMatchObject({ body: { status: 'fail' } });
  });

  it('a POST elsewhere than the endpoint is listed as not judged', async () => {
    px.server.transform = undefined;
    const { session } = await px.fresh();
    await post('/v1/somewhere-else', JSON.stringify(requestExample()));
    const report = await reportOf(session);
    expect(report.unjudged).toEqual([
      {
        exchange: 1,
        reason: `a POST to /v1/somewhere-else, not to the endpoint ${endpointPath()}: neither side is judged on it`,
      },
    ]);
  });
});
