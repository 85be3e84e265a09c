import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { publishedExamples, seal } from '../../src/engine/index.ts';
import { siteFor } from '../../src/standard/urls.ts';
import { NODE, ORIGIN, REPO } from './local-server.ts';

/**
 * `uai validate dir | head -1`: the reader closes the pipe while the report is being written.
 * The writer must stop quietly with the SIGPIPE status (141), not print a stack trace.
 */
it('a reader that closes standard output early ends the run quietly with status 141', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'uai-closed-pipe-'));
  const request = publishedExamples(siteFor(ORIGIN)).find((e) => e.profile === 'uai.intent.request.v1')!.message;
  mkdirSync(join(dir, 'm'));
  // Enough lines that the report outlasts the pipe's buffer once the reader has gone.
  for (let i = 0; i < 1500; i++)
    writeFileSync(join(dir, 'm', `${i}.json`), JSON.stringify(seal({ ...request, message_id: `msg-pipe-${i}` })));
  const child = spawn(NODE, [resolve(REPO, 'bin/uai.mjs'), 'validate', join(dir, 'm')], {
    cwd: REPO,
    env: { ...process.env, UAI_ORIGIN: ORIGIN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  let first = '';
  // Read the first line, then close the read end, as `head -1` does.
  await new Promise<void>((done) => {
    child.stdout.on('data', (chunk: Buffer) => {
      first += chunk.toString('utf8');
      if (first.includes('\n')) {
        child.stdout.destroy();
        done();
      }
    });
  });
  const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
  expect(first).toMatch(/: valid, level L4/);
  expect(stderr).toBe('');
  expect(code).toBe(141);
}, 60_000);

/**
 * Standard output that fails otherwise (a full disk: /dev/full answers every write ENOSPC): the
 * report is lost, so the run ends with 2 and says why on standard error, never with 0 or 1 (a
 * verdict nobody got) nor a stack trace; for every command that writes a report.
 */
it.skipIf(!existsSync('/dev/full'))(
  'standard output that cannot be written ends the run with 2 and one line saying so',
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'uai-full-'));
    const request = publishedExamples(siteFor(ORIGIN)).find((e) => e.profile === 'uai.intent.request.v1')!.message;
    const file = join(dir, 'request.json');
    writeFileSync(file, JSON.stringify(request));
    for (const args of [
      ['validate', file],
      ['check-exchange', file, file],
    ]) {
      const out = openSync('/dev/full', 'w');
      const child = spawn(NODE, [resolve(REPO, 'bin/uai.mjs'), ...args], {
        cwd: REPO,
        env: { ...process.env, UAI_ORIGIN: ORIGIN },
        stdio: ['ignore', out, 'pipe'],
      });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
      closeSync(out);
      expect(stderr, args[0]).toBe('uai: cannot write to standard output (ENOSPC); the report is lost\n');
      expect(code, args[0]).toBe(2);
    }
  },
  60_000,
);
