import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs, type ValidateCommand } from '../../src/cli/args.ts';
import { workerCount, type ThreadsOption } from '../../src/cli/judge.ts';
import { AHEAD, aheadFor, CHUNK, unusedThreads, type ThreadsUse } from '../../src/cli/judge-threads.ts';
import { main, type Io } from '../../src/cli/main.ts';
import { conformanceFixtures, ISSUE_LIST_LIMIT, seal, type JsonObject } from '../../src/engine/index.ts';
import { siteFor } from '../../src/standard/urls.ts';

/**
 * `uai validate --jobs n` (judge-threads.ts): other threads judge files too, and the report is the
 * one thread's report, byte for byte, in every format: the same order, the same positions, the
 * same exit status. The runs are in process with a pinned clock, so every byte can be compared.
 */
const ORIGIN = 'https://uai.example.org';
const NOW = new Date('2026-11-20T10:00:00Z');
const site = siteFor(ORIGIN);
const FORMATS = ['text', 'json', 'sarif', 'junit', 'github'] as const;
// The command's own entry: started as a worker, it judges (src/cli/judge-worker.ts).
const WORKER = new URL('../../bin/uai.mjs', import.meta.url);
const fixturesDir = join(import.meta.dirname, 'fixtures');
const LARGE = 200 * 1024;
let stage: string;

async function run(argv: readonly string[], threads?: ThreadsOption, drained?: () => Promise<void>) {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    stdin: async () => '',
    env: { UAI_ORIGIN: ORIGIN },
    now: () => NOW,
    cwd: () => stage,
    ...(drained ? { drained } : {}),
  };
  const code = await main(['validate', ...argv], io, threads ? { now: NOW, ...threads } : undefined);
  return { code, stdout, stderr };
}

beforeAll(() => {
  stage = mkdtempSync(join(tmpdir(), 'uai-threads-'));
  const { valid, invalid } = conformanceFixtures(site);
  // Every fixture of the pack in each mode's folder, repeated to several chunks' worth, with
  // files that cannot be read among them and one whose issues are more than a result lists.
  const keyed = [...valid, ...invalid].filter((f) => f.mode === 'keyed-json');
  const keyless = [...valid, ...invalid].filter((f) => f.mode === 'keyless-json');
  mkdirSync(join(stage, 'keyed'));
  mkdirSync(join(stage, 'keyless'));
  for (let i = 0; i < 5 * CHUNK; i++) {
    const name = `${String(i).padStart(4, '0')}.json`;
    const f = keyed[i % keyed.length]!;
    writeFileSync(join(stage, 'keyed', name), f.text ?? JSON.stringify(f.message, null, i % 3));
    const k = keyless[i % keyless.length]!;
    writeFileSync(join(stage, 'keyless', name), k.text ?? JSON.stringify(k.message, null, 1));
  }
  writeFileSync(join(stage, 'keyed', '0007.json'), '{"uai_version": ');
  writeFileSync(join(stage, 'keyed', '0100.json'), new Uint8Array([0x7b, 0xff, 0x7d]));
  const message = valid.find((f) => f.mode === 'keyed-json')!.message as JsonObject;
  const body = { ...(message.body as JsonObject) };
  for (let i = 0; i <= ISSUE_LIST_LIMIT; i++) body[`unknown_${i}`] = i;
  writeFileSync(join(stage, 'keyed', '0050.json'), JSON.stringify(seal({ ...message, body }), null, 2));
  // Many chunks more than AHEAD, for the bound on what is held.
  mkdirSync(join(stage, 'many'));
  for (let i = 0; i < (AHEAD + 6) * CHUNK; i++) {
    const f = keyed[i % keyed.length]!;
    writeFileSync(join(stage, 'many', `${String(i).padStart(4, '0')}.json`), f.text ?? JSON.stringify(f.message));
  }
  // Files of 200 KB (a message and trailing spaces), two chunks and more, for the bytes in flight.
  mkdirSync(join(stage, 'large'));
  const sealed = JSON.stringify(valid.find((f) => f.mode === 'keyed-json')!.message);
  for (let i = 0; i < 3 * CHUNK; i++)
    writeFileSync(join(stage, 'large', `${String(i).padStart(4, '0')}.json`), sealed.padEnd(LARGE, ' '));
  // A request wrapper: positions under /message.
  writeFileSync(join(stage, 'keyed', '0051.json'), JSON.stringify({ message: keyed[40 % keyed.length]!.message }));
  process.chdir(stage);
});
afterAll(() => {
  process.chdir(join(import.meta.dirname, '../..'));
  if (stage) rmSync(stage, { recursive: true, force: true });
});

describe('uai validate on worker threads', () => {
  for (const format of FORMATS)
    for (const [folder, mode] of [
      ['keyed', 'keyed-json'],
      ['keyless', 'keyless-json'],
    ] as const)
      it(`--format ${format}, ${mode}: the workers' report is the one thread's, byte for byte`, async () => {
        const argv = [folder, '--mode', mode, '--format', format];
        const one = await run([...argv, '--jobs', '1']);
        expect(one.stdout.length).toBeGreaterThan(1000);
        for (const jobs of ['2', '3']) {
          // Every file through a worker and back.
          const use: ThreadsUse = unusedThreads();
          expect(await run([...argv, '--jobs', jobs], { worker: WORKER, use })).toEqual(one);
          expect(use).toMatchObject({ chunksByWorkers: 5, stopped: undefined });
        }
      });

  it('holds no more than AHEAD judged chunks while the reader of the report lags', async () => {
    const use = unusedThreads();
    const slow = () => new Promise<void>((resolve) => setTimeout(resolve, 2));
    const one = await run(['many', '--jobs', '1']);
    expect(await run(['many', '--jobs', '3'], { worker: WORKER, use }, slow)).toEqual(one);
    expect(use.chunksByWorkers).toBe(AHEAD + 6);
    // With a lagging reader the workers run ahead to their limit, and no further.
    expect(use.mostHeld).toBeGreaterThan(1);
    expect(use.mostHeld).toBeLessThanOrEqual(AHEAD);
  });

  it('judges no more bytes of files at once than the budget: large files take turns', async () => {
    const one = await run(['large', '--jobs', '1']);
    const budget = 2 * LARGE + LARGE / 2;
    const use = unusedThreads();
    expect(await run(['large', '--jobs', '4'], { worker: WORKER, use, budget })).toEqual(one);
    expect(use.chunksByWorkers).toBe(3);
    // Two files fit, a third does not.
    expect(use.mostInFlight).toBeGreaterThanOrEqual(LARGE);
    expect(use.mostInFlight).toBeLessThanOrEqual(budget);
    expect(use.mostInFlight % LARGE).toBe(0);
  });

  it('a file larger than the whole budget is judged when nothing else is, and the run ends', async () => {
    const one = await run(['large', '--jobs', '1']);
    const use = unusedThreads();
    expect(await run(['large', '--jobs', '3'], { worker: WORKER, use, budget: 1024 })).toEqual(one);
    expect(use.mostInFlight).toBe(LARGE);
  });

  /** The one-thread run, and the same run with `worker`: the same report, and a note on standard error. */
  async function fallsBack(argv: readonly string[], worker: string, note: RegExp) {
    const one = await run([...argv, '--jobs', '1']);
    const use = unusedThreads();
    const url = pathToFileURL(join(fixturesDir, worker));
    const two = await run([...argv, '--jobs', '2'], { worker: url, use });
    expect({ ...two, stderr: '' }).toEqual({ ...one, stderr: '' });
    expect(two.stderr).toBe(
      `${one.stderr}uai: ${use.stopped}; the files the workers had not sent were checked on the main thread\n`,
    );
    expect(use.stopped).toMatch(note);
    return use;
  }

  it('a worker that cannot start: this thread judges every file, and says so', async () => {
    const use = await fallsBack(
      ['keyed', '--format', 'sarif'],
      'worker-fails-at-start.mjs',
      /failed: this worker cannot start/,
    );
    expect(use.chunksByWorkers).toBe(0);
  });

  it('a worker that stops with a chunk claimed and unsent: this thread judges that chunk', async () => {
    await fallsBack(['keyed', '--format', 'junit'], 'worker-stops-after-claiming.mjs', /stopped with status 3/);
  });

  it('a worker that ends without an error but unsent chunks: this thread judges them', async () => {
    await fallsBack(
      ['keyless', '--mode', 'keyless-json'],
      'worker-quits-after-claiming.mjs',
      /ended without sending every file/,
    );
  });

  it('one worker ends with a chunk unsent while another runs ahead: no wait for it, this thread judges it', async () => {
    // More chunks than the window, so the running worker reaches the lost chunk's limit.
    const use = await fallsBack(
      ['many', '--format', 'json'],
      'worker-one-quits-after-claiming.mjs',
      /ended without sending every file it took/,
    );
    expect(use.chunksByWorkers).toBeLessThan(AHEAD + 6);
  });
});

describe('how many workers', () => {
  const command = (argv: string[]): ValidateCommand => {
    const parsed = parseArgs(['validate', ...argv]);
    if (!parsed.ok || parsed.command.kind !== 'validate') throw new Error('not a validate command');
    return parsed.command;
  };
  const files = (n: number) => Array.from({ length: n }, (_, i) => ({ file: `m${i}.json`, expanded: true as const }));
  const threads = { worker: WORKER };

  it('none by default, without a worker module, for standard input, or with --jobs 1', () => {
    expect(workerCount(command(['d']), files(100_000), threads)).toBe(0);
    expect(workerCount(command(['d', '--jobs', '4']), files(5000), undefined)).toBe(0);
    expect(workerCount(command(['d', '-', '--jobs', '4']), [...files(5000), { file: '-' }], threads)).toBe(0);
    expect(workerCount(command(['d', '--jobs', '1']), files(5000), threads)).toBe(0);
  });

  it('--jobs n: up to n workers, a chunk of files each at least', () => {
    expect(workerCount(command(['d', '--jobs', '8']), files(100_000), threads)).toBe(8);
    expect(workerCount(command(['d', '--jobs', '8']), files(3 * CHUNK), threads)).toBe(3);
    expect(workerCount(command(['d', '--jobs', '8']), files(3 * CHUNK + 1), threads)).toBe(4);
    expect(workerCount(command(['d', '--jobs', '8']), files(CHUNK + 1), threads)).toBe(2);
  });

  it('none for one chunk of files, which a worker would judge while this thread waited', () => {
    expect(workerCount(command(['d', '--jobs', '2']), files(1), threads)).toBe(0);
    expect(workerCount(command(['d', '--jobs', '8']), files(CHUNK), threads)).toBe(0);
  });

  it('a window of AHEAD chunks, or two per worker past four workers, so no worker idles for it', () => {
    expect(aheadFor(2)).toBe(AHEAD);
    expect(aheadFor(4)).toBe(AHEAD);
    expect(aheadFor(12)).toBe(24);
  });

  it('--jobs takes a whole number from 1 to 64', () => {
    for (const bad of ['0', '65', '1.5', '-1', 'two', '', '01'])
      expect(parseArgs(['validate', 'd', '--jobs', bad]).ok, bad).toBe(false);
    expect(command(['d', '--jobs=64']).jobs).toBe(64);
    expect(command(['d']).jobs).toBeUndefined();
  });
});
