import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRecordLine, replayRecording, type RecordedExchange } from '../../src/kit/proxy/index.ts';
import { startProxiedServer, type ProxiedServer } from './proxy-support.ts';

/**
 * A Content-Type sent twice is no one media type (RFC 9110 sections 5.3 and 8.3), as `uai test` and
 * the service read it: the proxy reads the recorded field lines the same way, whichever of the two
 * comes first. One kit run through the proxy is recorded; its lines, with a second Content-Type
 * added to one answer or one request, are judged offline.
 */
const NOW = new Date('2026-11-20T10:00:00Z');
const RUN_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const scratch = mkdtempSync(join(tmpdir(), 'uai-proxy-fields-'));
let px: ProxiedServer;
let exchanges: RecordedExchange[];
beforeAll(async () => {
  px = await startProxiedServer();
  const { lines } = await px.fresh();
  await px.runKit();
  exchanges = lines.map((l) => (parseRecordLine(l) as { ok: true; exchange: RecordedExchange }).exchange);
});
afterAll(async () => {
  await px.stop();
  rmSync(scratch, { recursive: true, force: true });
});

type Pairs = readonly (readonly [string, string])[];
/** The pairs with a second Content-Type, before or after the first. */
const twice = (headers: Pairs, other: string, first: boolean): Pairs => {
  const at = headers.findIndex(([n]) => n === 'content-type');
  const extra = ['content-type', other] as const;
  return [...headers.slice(0, at + (first ? 0 : 1)), extra, ...headers.slice(at + (first ? 0 : 1))];
};

async function findings(change: (x: RecordedExchange, i: number) => RecordedExchange) {
  const file = join(scratch, `${Math.random().toString(36).slice(2)}.jsonl`);
  writeFileSync(file, exchanges.map((x, i) => `${JSON.stringify(change(x, i))}\n`).join(''));
  const replayed = await replayRecording(file, { site: px.server.site, runId: RUN_ID, now: NOW });
  if (!replayed.ok) throw new Error(replayed.error);
  return replayed.report.findings;
}

/** The first exchange that is a POST of a message answered 200 with JSON. */
const firstPost = () => exchanges.findIndex((x) => x.request.method === 'POST' && x.response?.status === 200);

describe('uai proxy: a header field sent twice', () => {
  it('the unchanged recording has no media type finding', async () => {
    const found = await findings((x) => x);
    expect(found.filter((f) => f.check === 'message.media_type')).toEqual([]);
    expect(JSON.stringify(found.filter((f) => f.side === 'client'))).not.toMatch(/application\/json.*text\/plain/);
  }, 60_000);

  for (const first of [false, true])
    it(`an answer with a second Content-Type ${first ? 'before' : 'after'} application/json: message.media_type, the server's`, async () => {
      const target = firstPost();
      const found = await findings((x, i) =>
        i === target
          ? { ...x, response: { ...x.response!, headers: twice(x.response!.headers, 'text/html', first) } }
          : x,
      );
      const media = found.filter((f) => f.check === 'message.media_type');
      expect(media.map((f) => f.side)).toEqual(['server']);
      expect(media[0]!.message).toMatch(/application\/json.*, text\/html|text\/html, application\/json/);
    }, 60_000);

  it("a request with a second Content-Type: the client's request is no JSON", async () => {
    const target = firstPost();
    const found = await findings((x, i) =>
      i === target ? { ...x, request: { ...x.request, headers: twice(x.request.headers, 'text/plain', false) } } : x,
    );
    const client = found.filter((f) => f.side === 'client');
    expect(JSON.stringify(client)).toMatch(/application\/json.*, text\/plain/);
  }, 60_000);
});
