import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { publishedExamples } from '../../src/engine/index.ts';
import { siteFor } from '../../src/standard/urls.ts';
import { NODE, ORIGIN, REPO } from './local-server.ts';

/**
 * Where a command runs from, and what it reads as standard input. A shell left in a folder that
 * was removed since gives the process no working directory, and every path resolved against one
 * throws: a command that needs it is a usage error (exit 2, one line), never a stack trace or exit
 * 1, which says a message or a check failed; one that does not runs as usual. A folder as
 * standard input is named as one.
 */
const scratch = mkdtempSync(join(tmpdir(), 'uai-removed-cwd-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const file = join(scratch, 'request.json');
writeFileSync(
  file,
  JSON.stringify(publishedExamples(siteFor(ORIGIN)).find((e) => e.profile === 'uai.intent.request.v1')!.message),
);

/** Runs `uai ...args` from a folder removed before the command starts. */
function fromRemovedFolder(args: string[]) {
  const gone = join(scratch, `gone-${args.join('-').replace(/[^a-z]+/g, '-')}`);
  const quoted = [NODE, resolve(REPO, 'bin/uai.mjs'), ...args].map((a) => `'${a}'`).join(' ');
  return spawnSync('sh', ['-c', `mkdir "$1" && cd "$1" && rmdir "$1" && exec ${quoted}`, 'sh', gone], {
    env: { ...process.env, UAI_ORIGIN: ORIGIN },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

it.each([
  ['validate', file, '--format', 'sarif'],
  ['validate', file, '--format', 'github'],
  ['test', 'http://127.0.0.1:9/uai', '--result', 'result.json'],
])('uai %s from a removed folder: exit 2, the reason in one line', (...args) => {
  const r = fromRemovedFolder(args);
  expect(r.status, r.stderr).toBe(2);
  expect(r.stderr).toBe(
    'uai: the working directory no longer exists (the folder was removed); cd into a folder and run again\n',
  );
  expect(r.stdout).toBe('');
});

it('a relative input from a removed folder is a file that cannot be read: exit 2, named', () => {
  const r = fromRemovedFolder(['validate', 'request.json']);
  expect(r.status).toBe(2);
  expect(r.stderr).toBe('uai: request.json: cannot read: no such file\n');
});

it.each([
  ['validate', file],
  ['validate', file, '--format', 'json'],
  ['example', 'uai.error.v1'],
])('uai %s needs no working directory: it runs from a removed folder as from any other', (...args) => {
  const r = fromRemovedFolder(args);
  expect(r.status, r.stderr).toBe(0);
  expect(r.stderr).toBe('');
});

it('the same file from a folder that exists is valid (the cases above differ only in the folder)', () => {
  const r = spawnSync(NODE, [resolve(REPO, 'bin/uai.mjs'), 'validate', file], {
    cwd: scratch,
    env: { ...process.env, UAI_ORIGIN: ORIGIN },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
});

it('asked for help, it answers from a removed folder too', () => {
  const r = fromRemovedFolder(['--help']);
  expect(r.status).toBe(0);
  expect(r.stdout).toMatch(/^uai: /);
});

it('a folder as standard input is refused as a folder, not read as empty JSON', () => {
  const folder = openSync(scratch, 'r');
  try {
    const r = spawnSync(NODE, [resolve(REPO, 'bin/uai.mjs'), 'validate', '-'], {
      cwd: scratch,
      env: { ...process.env, UAI_ORIGIN: ORIGIN },
      encoding: 'utf8',
      stdio: [folder, 'pipe', 'pipe'],
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('uai: -: cannot read: is a directory\n');
  } finally {
    closeSync(folder);
  }
});
