import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedExamples, seal } from '../../src/engine/index.ts';
import type { ProxyReport } from '../../src/kit/proxy/index.ts';
import { problem } from './broken-server-table.ts';
import { startProxiedServer, type ProxiedServer } from './proxy-support.ts';

/**
 * `uai proxy` holds a refusal to the rule `uai test` holds its hostile requests to (the status
 * CONTRACT names), but on real traffic a server may rightly refuse first for a reason CONTRACT
 * section 8 gives before the body is read: its size (413), the client's rate (429), a content
 * coding it does not take (415). Those are no finding; the same bodies refused with a wrong status
 * are. A valid request whose subject is no registered profile is answered 404 with a uai.error.v1
 * message; any valid request gets a message back, unless it is to be sent again later (429, 503).
 */
const NOW = new Date('2026-11-20T10:00:00Z');
let px: ProxiedServer;
beforeAll(async () => {
  px = await startProxiedServer();
});
afterAll(() => px.stop());

async function serverFindings(send: () => Promise<Response>): Promise<string[]> {
  const { session } = await px.fresh();
  await (await send()).arrayBuffer();
  await px.proxy.judged();
  const report: ProxyReport = session.report({ site: px.server.site, runId: '0'.repeat(32), now: NOW });
  return report.findings.filter((f) => f.side === 'server').map((f) => `${f.check}: ${f.message}`);
}

/** The published request posted through the proxy, then its task polled once, the poll answered by `answer`. */
const pollWith = (answer: () => Response) => {
  px.server.transform = (ex) => (ex.method === 'GET' && ex.path.includes('/tasks/') ? answer() : ex.response);
  const request = publishedExamples(px.server.site).find((e) => e.profile === 'uai.intent.request.v1')!.message;
  return serverFindings(async () => {
    const accepted = await fetch(px.proxy.endpoint, {
      method: 'POST',
      body: JSON.stringify(request),
      headers: { 'content-type': 'application/json' },
    });
    const ref = ((await accepted.json()) as { delivery: { task_ref: string } }).delivery.task_ref;
    return fetch(`${px.proxy.endpoint}/tasks/${encodeURIComponent(ref)}`);
  });
};

const post = (body: BodyInit, headers: Record<string, string>) => () =>
  fetch(px.proxy.endpoint, { method: 'POST', body, headers });

describe('uai proxy: refusals given before the body is read', () => {
  it.each([
    ['413 request.too_large to a large text/plain body', 413, 'request.too_large'],
    ['429 request.rate_limited to a body that is not JSON', 429, 'request.rate_limited'],
  ])('%s: no finding', async (_name, status, code) => {
    px.server.transform = () => problem(status, code);
    const findings = await serverFindings(
      status === 413
        ? post('x'.repeat(300_000), { 'content-type': 'text/plain' })
        : post('{"a": ', { 'content-type': 'application/json' }),
    );
    expect(findings.filter((f) => f.startsWith('hostile.'))).toEqual([]);
  });

  it('415 to a valid request sent gzip-coded: no finding, though the proxy cannot read its bytes as JSON', async () => {
    px.server.transform = undefined;
    const request = publishedExamples(px.server.site).find((e) => e.profile === 'uai.intent.request.v1')!.message;
    const findings = await serverFindings(
      post(gzipSync(JSON.stringify(request)), { 'content-type': 'application/json', 'content-encoding': 'gzip' }),
    );
    expect(findings.filter((f) => f.startsWith('hostile.'))).toEqual([]);
  });

  it('the same malformed body refused 422 is a finding: it is refused with 400', async () => {
    px.server.transform = () => problem(422, 'request.invalid');
    const findings = await serverFindings(post('{"a": ', { 'content-type': 'application/json' }));
    expect(findings).toContainEqual(
      expect.stringMatching(/^hostile\.malformed_json: HTTP 422, where this request is refused with 400/),
    );
  });
});

describe('uai proxy: the codes CONTRACT section 8 keeps for one cause', () => {
  /** The published request with a checksum of zeros: a request the server must refuse. */
  const badChecksum = () => {
    const request = structuredClone(
      publishedExamples(px.server.site).find((e) => e.profile === 'uai.intent.request.v1')!.message,
    ) as Record<string, any>;
    request.integrity.checksum = `sha256:${'0'.repeat(64)}`;
    return JSON.stringify(request);
  };
  const refusedAs = (code: string) =>
    (px.server.transform = (ex) => (ex.method === 'POST' ? problem(400, code) : ex.response));

  it('a bad checksum refused as nested too deep or as malformed JSON: hostile.checksum_mismatch', async () => {
    for (const code of ['request.too_deep', 'request.malformed_json']) {
      refusedAs(code);
      expect(await serverFindings(post(badChecksum(), { 'content-type': 'application/json' }))).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^hostile\\.checksum_mismatch: code ${code.replace('.', '\\.')}, which CONTRACT section 8 keeps for`,
          ),
        ),
      );
    }
  });

  // Python's json and Go's encoding/json refuse a byte order mark; some parsers a repeated name.
  it.each([
    ['after a byte order mark', (text: string) => `\uFEFF${text}`],
    ['with a member name repeated', (text: string) => text.replace('{', '{"profile":"uai.intent.request.v1",')],
  ])('the same request %s refused as malformed JSON: no finding', async (_name, spoil) => {
    refusedAs('request.malformed_json');
    const findings = await serverFindings(post(spoil(badChecksum()), { 'content-type': 'application/json' }));
    expect(findings.filter((f) => f.startsWith('hostile.'))).toEqual([]);
  });
});

describe('uai proxy: a valid request about no registered profile', () => {
  const unknown = () => {
    const request = structuredClone(
      publishedExamples(px.server.site).find((e) => e.profile === 'uai.intent.request.v1')!.message,
    ) as Record<string, any>;
    request.body.subject = 'uai.unregistered.subject.v1';
    return post(JSON.stringify(seal(request)), { 'content-type': 'application/json' });
  };

  it('answered 404 by the reference server: no status finding', async () => {
    px.server.transform = undefined;
    expect((await serverFindings(unknown())).filter((f) => f.startsWith('exchange.http_status'))).toEqual([]);
  });

  it('answered with a 400 problem document: exchange.http_status', async () => {
    px.server.transform = (ex) => (ex.method === 'POST' ? problem(400, 'request.invalid') : ex.response);
    expect(await serverFindings(unknown())).toContainEqual(
      expect.stringMatching(
        /^exchange\.http_status: HTTP 400 to a request whose body\.subject is no registered profile/,
      ),
    );
  });
});

describe('uai proxy: a valid request answered with a problem document', () => {
  const valid = () =>
    post(
      JSON.stringify(publishedExamples(px.server.site).find((e) => e.profile === 'uai.intent.request.v1')!.message),
      { 'content-type': 'application/json' },
    );
  const about = (findings: string[]) =>
    findings.filter((f) => /^(message\.valid|exchange\.response_profile):/.test(f)).map((f) => f.split(':')[0]);

  it.each([
    ['503, to be sent again later', 503, 'server.internal'],
    ['429 with no request.rate_limited code', 429, 'request.invalid'],
  ])('%s: no finding about the answer', async (_name, status, code) => {
    px.server.transform = (ex) => (ex.method === 'POST' ? problem(status, code) : ex.response);
    expect(about(await serverFindings(valid()))).toEqual([]);
  });

  it('503 in plain text with Retry-After, to be sent again later: no finding about the answer', async () => {
    px.server.transform = (ex) =>
      ex.method === 'POST'
        ? new Response('busy', { status: 503, headers: { 'content-type': 'text/plain', 'retry-after': '5' } })
        : ex.response;
    expect(about(await serverFindings(valid()))).toEqual([]);
  });

  it.each([
    ['404 route.not_found', 404, 'route.not_found'],
    ['500 server.internal', 500, 'server.internal'],
  ])('%s: message.valid and exchange.response_profile, as under uai test', async (_name, status, code) => {
    px.server.transform = (ex) => (ex.method === 'POST' ? problem(status, code) : ex.response);
    expect(about(await serverFindings(valid())).sort()).toEqual(['exchange.response_profile', 'message.valid']);
  });
});

describe('uai proxy: a poll', () => {
  const pollable = (findings: string[]) => findings.filter((f) => f.startsWith('task.pollable'));

  it('answered 202: task.pollable, saying a poll is answered 200', async () => {
    const findings = await pollWith(
      () =>
        new Response('{"profile":"uai.task.status.v1"}', {
          status: 202,
          headers: { 'content-type': 'application/json' },
        }),
    );
    expect(pollable(findings)).toEqual([
      expect.stringMatching(/answered HTTP 202: a poll reads the task's status and is answered 200/),
    ]);
  });

  it('answered with a keyless array: task.pollable, naming the keyed binding of polls', async () => {
    const findings = await pollWith(
      () =>
        new Response('["1.0","uai.task.status.v1"]', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    expect(pollable(findings)).toEqual([
      expect.stringMatching(
        /a keyless array: tasks are polled in the https-async-callback binding, whose shape is keyed/,
      ),
    ]);
  });

  it('answered 429 request.rate_limited with Retry-After: no task.pollable finding (polled again later)', async () => {
    const findings = await pollWith(() => {
      const r = problem(429, 'request.rate_limited');
      r.headers.set('retry-after', '1');
      return r;
    });
    expect(pollable(findings)).toEqual([]);
  });
});

describe('uai proxy: odd values a server sends', () => {
  it('a poll answered with a profile whose String() throws: a task.pollable finding, no crash', async () => {
    const findings = await pollWith(
      () =>
        new Response('{"profile": {"toString": 0}}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    expect(findings).toContainEqual(
      expect.stringMatching(
        /^task\.pollable: a poll of a task the server accepted, not a uai\.task\.status\.v1 message: \{"toString":0\}$/,
      ),
    );
  });
});
