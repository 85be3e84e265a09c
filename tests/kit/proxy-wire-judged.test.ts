import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkExchangeCommand } from '../../src/cli/check-exchange.ts';
import { siteFor } from '../../src/standard/urls.ts';

/**
 * What the proxy judges of an answer's bytes: message.encoding reads them as JSON text, so it is
 * judged only on an answer sent as JSON. An answer sent as text/plain fails message.media_type
 * and leaves message.encoding unjudged (skip), never passed.
 */
const NOW = new Date('2026-11-20T10:00:00Z');
const dir = mkdtempSync(join(tmpdir(), 'uai-proxy-wire-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const body = (text: string) => ({ bytes: Buffer.byteLength(text), truncated: false, text });
const line = (contentType: string) =>
  JSON.stringify({
    kind: 'uai.proxy.exchange.v1',
    index: 1,
    upstream: 'https://server.example/v1/uai',
    started_at: '2026-11-20T10:00:00.000Z',
    answered_at: '2026-11-20T10:00:00.010Z',
    ended_at: '2026-11-20T10:00:00.020Z',
    request: { method: 'GET', target: '/v1/uai', headers: [['host', 'server.example']], body: body('') },
    response: { status: 200, headers: [['content-type', contentType]], body: body('{"a":1}') },
    faults: [],
  });

async function serverChecks(contentType: string) {
  const file = join(dir, `${contentType.replace(/\W/g, '-')}.jsonl`);
  writeFileSync(file, `${line(contentType)}\n`);
  let stdout = '';
  let stderr = '';
  await checkExchangeCommand(['--recording', file, '--format', 'json'], {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    now: () => NOW,
    site: siteFor('https://uai.example.org'),
  });
  expect(stderr).toBe('');
  const report = JSON.parse(stdout) as { server: { checks: { id: string; status: string }[] } };
  return (id: string) => report.server.checks.find((c) => c.id === id)?.status;
}

describe('message.encoding in the proxy', () => {
  it('is judged on an answer sent as JSON', async () => {
    const status = await serverChecks('application/json');
    expect(status('message.media_type')).toBe('pass');
    expect(status('message.encoding')).toBe('pass');
  });
  it('is left unjudged by an answer sent as text/plain, whose media type fails', async () => {
    const status = await serverChecks('text/plain');
    expect(status('message.media_type')).toBe('fail');
    expect(status('message.encoding')).toBe('skip');
  });
});
