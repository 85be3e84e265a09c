import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkExchangeCommand } from '../../src/cli/check-exchange.ts';
import { checkExchangeAction, exchangeFixtures } from '../../src/engine/index.ts';
import { siteFor } from '../../src/standard/urls.ts';

/** `uai check-exchange`: the same verdicts as the action behind POST /v1/check-exchange, on every pack fixture. */
const site = siteFor('https://uai.example.org');
const NOW = new Date('2026-11-20T10:00:00Z');
const dir = mkdtempSync(join(tmpdir(), 'uai-check-exchange-'));

async function uai(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await checkExchangeCommand(argv, {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    now: () => NOW,
    site,
  });
  return { code, stdout, stderr };
}

const file = (name: string, value: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value, null, 2));
  return path;
};

describe('uai check-exchange', () => {
  const { valid, invalid } = exchangeFixtures(site);
  it('the request echoed back as its own answer: exit 1, exchange.response_profile failed with a finding', async () => {
    const request = file('echo-req.json', valid[0]!.request);
    const { code, stdout } = await uai(request, request, '--format', 'json', '--http-status', '200');
    expect(code).toBe(1);
    const result = JSON.parse(stdout);
    expect(result.conforms).toBe(false);
    const failed = result.exchange.verdicts.filter((v: { status: string }) => v.status === 'fail');
    expect(failed).toMatchObject([
      { id: 'exchange.response_profile', findings: [{ path: '/profile', actual: 'uai.intent.request.v1' }] },
    ]);
  });
  for (const f of [...valid, ...invalid]) {
    it(`${f.id}: --format json is the route's answer, exit ${f.fails.length ? 1 : 0}`, async () => {
      const args = [
        file(`${f.id}-req.json`, f.request),
        file(`${f.id}-res.json`, f.response),
        '--format',
        'json',
        '--http-status',
        String(f.http_status),
      ];
      if (f.previous) args.push('--previous', file(`${f.id}-prev.json`, f.previous));
      const { code, stdout } = await uai(...args);
      const body = {
        request: f.request,
        response: f.response,
        http_status: f.http_status,
        ...(f.previous ? { previous: f.previous } : {}),
      };
      const outcome = checkExchangeAction(body, { site, now: () => NOW });
      expect(outcome.ok).toBe(true);
      expect(stdout).toBe(`${JSON.stringify((outcome as { body: unknown }).body)}\n`);
      const failing = JSON.parse(stdout)
        .exchange.verdicts.filter((v: { status: string }) => v.status === 'fail')
        .map((v: { id: string }) => v.id);
      expect(failing).toEqual(f.fails);
      expect(code).toBe(JSON.parse(stdout).conforms ? 0 : 1);
    });
  }
  it('text: names each failing rule and its finding', async () => {
    const f = invalid.find((x) => x.fails[0] === 'exchange.sequence')!;
    const { code, stdout } = await uai(file('s-req.json', f.request), file('s-res.json', f.response));
    expect(code).toBe(1);
    expect(stdout).toContain('FAIL exchange.sequence (must, spec 4.2 rule 5)');
    expect(stdout).toContain('/conversation/sequence: conversation.sequence must be 2');
  });
  it.each([
    [['only-one.json'], /give the request file and the response file/],
    [['/nonexistent/a.json', '/nonexistent/b.json'], /\/nonexistent\/a\.json: cannot read: no such file/],
    [['/tmp', '/nonexistent/b.json'], /\/tmp: cannot read: is a directory/],
    [['--format', 'xml', 'a', 'b'], /--format takes text or json/],
  ])('usage %j exits 2', async (args, message) => {
    const { code, stderr } = await uai(...args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });
  it('reads past a UTF-8 byte order mark in either file, as uai validate does: the same answer', async () => {
    const f = valid[0]!;
    const withMark = (name: string, value: unknown) => {
      const path = join(dir, name);
      writeFileSync(path, `\uFEFF${JSON.stringify(value, null, 2)}`);
      return path;
    };
    const status = ['--format', 'json', '--http-status', String(f.http_status)];
    const plain = await uai(file('plain-req.json', f.request), file('plain-res.json', f.response), ...status);
    const marked = await uai(withMark('bom-req.json', f.request), withMark('bom-res.json', f.response), ...status);
    expect(plain.code).toBe(0);
    expect([marked.code, marked.stderr]).toEqual([0, '']);
    expect(JSON.parse(marked.stdout)).toEqual(JSON.parse(plain.stdout));
  });
  it('--http-status takes a status code written as one, 100 to 599: anything else exits 2', async () => {
    const f = valid[0]!;
    const pair = [file('hs-req.json', f.request), file('hs-res.json', f.response)];
    for (const status of ['0x1F4', '2e2', '200.0', ' 200', '99', '600', '']) {
      const r = await uai(...pair, '--http-status', status);
      expect([r.code, r.stdout], status).toEqual([2, '']);
      expect(r.stderr).toMatch(/--http-status takes a status code such as 200/);
    }
    expect((await uai(...pair, '--http-status', String(f.http_status))).code).toBe(0);
  });
  it('a file nested deeper than the route takes exits 2, as the route refuses it (request.too_deep); 64 levels are judged', async () => {
    const f = valid[0]!;
    const request = file('deep-req.json', f.request);
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const answer = (depth: number) => {
      const path = join(dir, `deep-${depth}.json`);
      const response = f.response as { body: Record<string, unknown> };
      const text = JSON.stringify({ ...response, body: { ...response.body, status: 'X' } });
      writeFileSync(path, text.replace('"X"', nested(depth)));
      return path;
    };
    // The body's status two levels down: 62 more levels of arrays make the message 64 deep.
    const judged = await uai(request, answer(62), '--format', 'json');
    expect([judged.code, judged.stderr]).toEqual([1, '']);
    for (const depth of [63, 5000]) {
      const refused = await uai(request, answer(depth), '--format', 'json');
      expect([refused.code, refused.stdout]).toEqual([2, '']);
      expect(refused.stderr).toMatch(
        /nests deeper than 64 levels; POST \/v1\/check-exchange refuses such a body \(request\.too_deep\)/,
      );
    }
  });
  it('a file that is not JSON exits 2', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"oops"');
    const { code, stderr } = await uai(bad, bad);
    expect(code).toBe(2);
    expect(stderr).toMatch(/bad\.json is not JSON/);
  });
  it('a file that is not UTF-8 exits 2, not checked with U+FFFD in place of its bytes', async () => {
    const { request, response } = valid[0]!;
    const latin1 = join(dir, 'latin1.json');
    // Valid JSON either way: only the bytes of one string value are not UTF-8.
    writeFileSync(latin1, Buffer.from(JSON.stringify({ ...request, note: 'caf\xe9' }), 'latin1'));
    const { code, stderr } = await uai(latin1, file('ok-resp.json', response), '--http-status', '200');
    expect(code).toBe(2);
    expect(stderr).toMatch(/latin1\.json is not UTF-8/);
  });
});
