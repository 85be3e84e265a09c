import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { messageToKeyless, publishedExamples, validateAction } from '../../src/engine/index.ts';
import { actionHandler } from '../../src/http/action-handler.ts';
import { siteFor } from '../../src/standard/urls.ts';

/**
 * The validate route's HTTP shell over the bytes as sent (Web Request -> Response, no server):
 * hosted SARIF regions measured in the posted message text, duplicate member names (I-JSON,
 * RFC 7493 section 2.3), and bodies the service cannot read as UTF-8 JSON text: an undecoded
 * Content-Encoding or a charset other than UTF-8 get 415 (RFC 9110 section 15.5.16, RFC 8259
 * section 8.1).
 */
const site = siteFor('https://uai.example.org');
const handle = actionHandler({ site, action: validateAction, now: () => new Date('2026-11-02T10:00:00Z') });
const examples = publishedExamples(site);
const request = examples.find((e) => e.profile === 'uai.intent.request.v1')!.message as Record<string, any>;
const response = examples.find((e) => e.profile === 'uai.intent.response.v1')!.message as Record<string, any>;

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  handle(
    new Request('https://uai.example.org/v1/validate', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
    }),
  );

/** The text of a 1-based line/column range (UTF-16 columns, endColumn exclusive). */
function sliceByLines(
  text: string,
  r: { startLine: number; startColumn: number; endLine: number; endColumn: number },
): string {
  const lines = text.split('\n');
  const offset = (line: number, column: number) =>
    lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;
  return text.slice(offset(r.startLine, r.startColumn), offset(r.endLine, r.endColumn));
}

describe('POST /v1/validate format sarif: a physicalLocation on every result', () => {
  it('regions are measured in the message as posted: a file embedded verbatim keeps its own lines and columns', async () => {
    const file = `${JSON.stringify({ ...request, message_id: 42, delivery: { ...request.delivery, priority: 'urgent' } }, null, 2)}\n`;
    const res = await post(`{"format": "sarif",\n"artifact_uri": "messages/order.json",\n\n  "message": ${file}}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/sarif+json; charset=utf-8');
    const results = (await res.json()).runs[0].results;
    expect(results.map((r: any) => r.ruleId).sort()).toEqual([
      'integrity.checksum_mismatch',
      'schema.type',
      'schema.value_not_allowed',
    ]);
    const slices = Object.fromEntries(
      results.map((r: any) => {
        expect(r.locations[0].physicalLocation.artifactLocation).toEqual({ uri: 'messages/order.json' });
        return [r.ruleId, sliceByLines(file, r.locations[0].physicalLocation.region)];
      }),
    );
    expect(slices['schema.type']).toBe('"message_id": 42');
    expect(slices['schema.value_not_allowed']).toBe('"priority": "urgent"');
    expect(slices['integrity.checksum_mismatch']).toMatch(/^"checksum": "sha256:[0-9a-f]{64}"$/);
  });

  it('names message.json when artifact_uri is absent, and measures a keyless message at its array positions', async () => {
    const keyless = messageToKeyless({ ...request, message_id: 42 });
    const text = JSON.stringify(keyless, null, 1);
    const res = await post(`{"format":"sarif","normalization_mode":"keyless-json","message":${text}}`);
    const results = (await res.json()).runs[0].results;
    const typed = results.find((r: any) => r.ruleId === 'schema.type');
    expect(typed.locations[0].physicalLocation.artifactLocation).toEqual({ uri: 'message.json' });
    expect(typed.properties.jsonPointer).toBe('/message_id');
    // The keyless element is the bare value at the message_id position.
    expect(sliceByLines(text, typed.locations[0].physicalLocation.region)).toBe('42');
  });

  it('rejects an artifact_uri that is not a URI reference (RFC 3986 section 4.1)', async () => {
    // Characters the RFC has no place for unencoded, a bad escape, a second fragment, a lone surrogate.
    for (const uri of ['', 'has space.json', 42, 'a{b}|c.json', '%zz.json', 'a#b#c.json', 'x\ud800.json', 'é.json']) {
      const res = await post(JSON.stringify({ message: request, format: 'sarif', artifact_uri: uri }));
      expect(res.status, String(uri)).toBe(400);
      expect((await res.json()).code).toBe('request.invalid');
    }
  });

  it('names any URI reference as given: relative, percent-encoded, absolute', async () => {
    for (const uri of [
      '../messages/order%20one.json',
      'messages/%C3%A9.json?rev=2#L1',
      'file:///srv/messages/a.json',
    ]) {
      const res = await post(
        JSON.stringify({ message: { ...request, message_id: 42 }, format: 'sarif', artifact_uri: uri }),
      );
      expect(res.status, uri).toBe(200);
      const results = (await res.json()).runs[0].results;
      expect(results.length).toBeGreaterThan(0);
      for (const r of results) expect(r.locations[0].physicalLocation.artifactLocation).toEqual({ uri });
    }
  });
});

describe('duplicate member names (message.duplicate_member)', () => {
  const codes = async (body: string) => {
    const res = await post(body);
    expect(res.status).toBe(200);
    const result = await res.json();
    return [...result.errors, ...result.warnings].map((i: any) => [i.code, i.path]);
  };

  it('reports each repeated name with its pointer, at every depth, even when the values agree', async () => {
    const text = JSON.stringify(request)
      .replace('"profile":', `"profile":"uai.intent.request.v1","profile":`)
      .replace('"delivery":{', `"delivery":{"mode":"sync","mode":"sync",`);
    expect(await codes(`{"message": ${text}}`)).toEqual([
      ['message.duplicate_member', '/delivery/mode'],
      ['message.duplicate_member', '/profile'],
    ]);
  });

  it("maps a keyless message's duplicate back to its keyed pointer", async () => {
    const base = structuredClone(response);
    base.body.result.schema = { title: 'x' };
    const keyless = JSON.stringify(messageToKeyless(base)).replace('{"title":"x"}', '{"title":"x","title":"x"}');
    const found = await codes(`{"normalization_mode": "keyless-json", "message": ${keyless}}`);
    expect(found.filter(([c]) => c === 'message.duplicate_member')).toEqual([
      ['message.duplicate_member', '/body/result/schema/title'],
    ]);
  });

  it('a repeated member of the request wrapper itself is request.invalid', async () => {
    const res = await post(`{"message": ${JSON.stringify(request)}, "format": "summary", "format": "sarif"}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'request.invalid', detail: expect.stringContaining('"format"') });
  });
});

describe('bytes the service does not read: 415 request.unsupported_media_type', () => {
  const body = JSON.stringify({ message: request, format: 'summary' });

  it('a gzip body (Content-Encoding the service does not decode)', async () => {
    const res = await post(gzipSync(body), { 'content-encoding': 'gzip' });
    expect(res.status).toBe(415);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await res.json()).toMatchObject({
      code: 'request.unsupported_media_type',
      status: 415,
      detail: expect.stringContaining('gzip'),
    });
  });

  it('a UTF-16 body declared as such', async () => {
    const utf16 = Buffer.from(`\uFEFF${body}`, 'utf16le');
    const res = await post(utf16, { 'content-type': 'application/json; charset=utf-16' });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({
      code: 'request.unsupported_media_type',
      detail: expect.stringContaining('utf-16'),
    });
  });

  it('UTF-8 stays accepted, however it is spelled, and identity is no encoding', async () => {
    const variants: Record<string, string>[] = [
      { 'content-type': 'application/json; charset=UTF-8' },
      { 'content-type': 'application/json;charset="utf-8"' },
      { 'content-encoding': 'identity' },
    ];
    for (const headers of variants) {
      const res = await post(body, headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect((await res.json()).valid).toBe(true);
    }
  });
});
