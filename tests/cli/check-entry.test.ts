import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MAX_ENTRY_FILE_BYTES, readEntryFolders } from '../../src/build/entry-folders.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { checkEntryCommand } from '../../src/cli/check-entry.ts';
import { runCommand } from '../support/command-in-process.ts';

/**
 * `uai check-entry`'s exit status (its --help): 0 the entry would be listed, 1 it would be refused
 * (the reason printed), 2 usage error. A folder that is not there is a mistake in the command.
 */
const scratch = mkdtempSync(join(tmpdir(), 'uai-check-entry-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const run = (...argv: string[]) => runCommand(checkEntryCommand, argv);

describe('uai check-entry: what it was given', () => {
  it.each([
    ['no such folder', () => join(scratch, 'no-such-entry')],
    [
      'not a folder',
      () => {
        writeFileSync(join(scratch, 'result.json'), '{}');
        return join(scratch, 'result.json');
      },
    ],
  ])('%s: exit 2, the path named', async (reason, make) => {
    const path = make();
    expect(await run(path)).toEqual({
      code: 2,
      stdout: '',
      stderr: `uai check-entry: ${path}: ${reason}; name the entry's folder (it holds result.json and meta.json)\n`,
    });
  });

  // A name the file system refuses (ENAMETOOLONG), like a folder it may not read (EACCES), is no verdict on an entry.
  it('a path that cannot be read: exit 2, the reason in a few words, no stack trace', async () => {
    const long = join(scratch, 'a'.repeat(5000));
    expect(await run(long)).toEqual({
      code: 2,
      stdout: '',
      stderr: `uai check-entry: ${long}: cannot read: name too long\n`,
    });
  });

  it('a folder without the entry files is an entry the report would refuse: exit 1, the reason printed', async () => {
    const empty = join(scratch, 'empty-entry');
    mkdirSync(empty);
    const r = await run(empty);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/result\.json: missing \(an entry needs result\.json and meta\.json\)/);
  });
});

/**
 * An entry arrives by pull request, and the build of every later deploy reads it: a file of it that
 * is a link (to /dev/zero, say), a pipe, a folder or past the bound is an entry the report refuses,
 * with the reason, at once, never a read that hangs, fills memory or ends in a stack trace.
 */
describe('uai check-entry: entry files chosen by whoever opened the pull request', () => {
  const entry = (name: string, make: (result: string) => void) => {
    const folder = join(scratch, name);
    mkdirSync(folder);
    cpSync('tests/data/implementations/acme-agent/meta.json', join(folder, 'meta.json'));
    make(join(folder, 'result.json'));
    return folder;
  };
  it.each([
    [
      'a link to /dev/zero',
      (p: string) => symlinkSync('/dev/zero', p),
      /result\.json: a link, not a file of the folder/,
    ],
    [
      'a link to a valid result',
      (p: string) => symlinkSync(resolve('tests/data/implementations/acme-agent/result.json'), p),
      /result\.json: a link, not a file of the folder/,
    ],
    ['a pipe', (p: string) => execFileSync('mkfifo', [p]), /result\.json: not a regular file/],
    ['a folder', (p: string) => mkdirSync(p), /result\.json: not a regular file/],
    [
      'past the bound',
      (p: string) => {
        writeFileSync(p, '');
        truncateSync(p, MAX_ENTRY_FILE_BYTES + 1);
      },
      /result\.json: larger than 4194304 bytes/,
    ],
  ])('%s: exit 1 within a second, the reason printed', async (name, make, reason) => {
    const started = performance.now();
    const r = await run(entry(name.replace(/[^a-z]+/g, '-'), make));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(reason);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('the same entry with result.json as a file of its own is listed (the cases above differ only in it)', async () => {
    const folder = entry('a-plain-file', (p) => cpSync('tests/data/implementations/acme-agent/result.json', p));
    const r = await run(folder, '--local');
    expect(r.code, r.stderr).toBe(0);
  });

  it('--badge - writes the SVG alone to standard output, the summary to standard error', async () => {
    const folder = entry('a-badge', (p) => cpSync('tests/data/implementations/acme-agent/result.json', p));
    const r = await run(folder, '--local', '--badge', '-');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^<svg [^]*<\/svg>\n?$/);
    expect(r.stderr).toMatch(/^\S*a-badge: .*\nchecks: /);
  });
});

it('an entry folder that is itself a link is refused with the reason, by uai check-entry and by the build alike', async () => {
  const root = join(scratch, 'linked-entries');
  mkdirSync(root);
  cpSync('tests/data/implementations/acme-agent', join(root, 'acme-agent'), { recursive: true });
  symlinkSync(join(root, 'acme-agent'), join(root, 'linked'));
  const r = await run(join(root, 'linked'), '--local');
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/linked: a link; an entry is a folder of its own/);
  // The build reads every folder of implementations/: the link is refused, not passed over.
  expect(() => readEntryFolders(root, root)).toThrow(/^linked: a link; an entry is a folder of its own$/);
  // The same folder, not linked, is listed (the case differs only in the link).
  expect((await run(join(root, 'acme-agent'), '--local')).code).toBe(0);
});
