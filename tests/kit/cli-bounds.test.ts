import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/engine/index.ts';
import { failsRun, type KitReport } from '../../src/kit/index.ts';
import { HOSTILE_SERVERS, inOneByteChunks, STREAMS_400_MB } from './hostile-servers.ts';
import { startKitServer, type KitServer, type Transform } from './harness.ts';

/**
 * `uai test` as a user runs it: the CLI in a child process against the three servers
 * (one that never answers, one that echoes the request, one whose answer is 400 MB) and one that
 * sends interim responses without end (which once took the kit past 2 GB within its timeout). Each must
 * exit 1 with a must-check failed and a sealed result that says fail, the child's peak memory
 * (its own resource usage, read at exit) under 200 MB, no stack trace.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PROBE = fileURLToPath(new URL('./rss-probe.mjs', import.meta.url));
const MAX_RSS_KB = 200 * 1024;
let server: KitServer;
const dir = mkdtempSync(join(tmpdir(), 'uai-kit-cli-'));
beforeAll(async () => void (server = await startKitServer()));
afterAll(async () => server.stop());

interface ChildRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly maxRssKb: number;
  readonly ms: number;
}

function uaiTest(name: string, ...args: string[]): Promise<ChildRun> {
  const rss = join(dir, `${name}.rss`);
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', PROBE, join(ROOT, 'bin/uai.mjs'), 'test', ...args], {
    cwd: ROOT,
    env: { ...process.env, UAI_ORIGIN: server.site.origin, UAI_RSS_FILE: rss },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => void (stdout += d));
  child.stderr.on('data', (d: Buffer) => void (stderr += d));
  return new Promise((resolve) =>
    child.on('close', (code) =>
      resolve({ code, stdout, stderr, maxRssKb: Number(readFileSync(rss, 'utf8')), ms: Date.now() - started }),
    ),
  );
}

const byName = (behaviour: string): Transform => HOSTILE_SERVERS.find((h) => h.behaviour === behaviour)!.transform;

describe('uai test in a child process against hostile servers', () => {
  const cases: [string, string, Transform][] = [
    ['never answers', 'transport.answered', byName('never answers')],
    ['echoes the request', 'exchange.response_profile', byName('echoes the request')],
    ['a 400 MB answer', 'transport.size_limit', STREAMS_400_MB],
    ['a flood of interim responses', 'transport.answered', byName('floods interim responses')],
    ['600 KB in 1-byte chunks', 'message.valid', inOneByteChunks(600_000)],
    ['JSON nested 4 MB deep', 'message.valid', byName('answers with JSON nested 4 MB deep')],
    ['4 MB of empty objects in every answer', 'message.valid', byName('answers everything with 4 MB of empty objects')],
    [
      '256 KiB of empty objects in every answer',
      'message.valid',
      byName('answers everything with 256 KiB of empty objects'),
    ],
  ];
  it.each(cases)('%s: exit 1, %s failed, result fail, peak RSS under 200 MB', async (name, check, transform) => {
    server.transform = transform;
    const result = join(dir, `${name}.json`);
    const run = await uaiTest(
      name.replaceAll(' ', '-'),
      server.endpoint,
      '--format',
      'json',
      '--result',
      result,
      '--timeout',
      name === 'never answers' ? '1000' : '10000',
      '--max-time',
      '20000',
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as KitReport;
    const failed = report.checks.find((c) => c.id === check)!;
    expect(failed).toMatchObject({ status: 'fail', severity: 'must' });
    expect(report.checks.some(failsRun)).toBe(true);
    const message = JSON.parse(readFileSync(result, 'utf8'));
    expect((message.body as { status: string }).status).toBe('fail');
    const checked = validateMessage(message, {
      mode: 'keyed-json',
      site: server.site,
      now: new Date(message.provenance.issued_at),
    });
    expect([checked.error_count, checked.warning_count]).toEqual([0, 0]);
    if (process.env.UAI_KIT_RSS) console.log(`${name}: peak RSS ${Math.round(run.maxRssKb / 1024)} MB, ${run.ms} ms`);
    expect(run.maxRssKb).toBeGreaterThan(0);
    expect(run.maxRssKb).toBeLessThan(MAX_RSS_KB);
    expect(run.ms).toBeLessThan(20_000 + 5_000);
  });

  it('the reference server: exit 0 and a sealed result that says pass', async () => {
    server.transform = undefined;
    const result = join(dir, 'reference.json');
    const run = await uaiTest('reference', server.endpoint, '--result', result);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/0 failed \(0 must\), 0 not exercised, 0 skipped/);
    expect(JSON.parse(readFileSync(result, 'utf8')).body.status).toBe('pass');
  });
});
