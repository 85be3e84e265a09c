import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkEntryCommand } from '../../src/cli/check-entry.ts';
import { testClientCommand } from '../../src/kit/client/command.ts';
import { testCommand } from '../../src/kit/command.ts';
import { proxyCommand } from '../../src/kit/proxy/command.ts';
import { siteFor } from '../../src/standard/urls.ts';
import { runCommand } from '../support/command-in-process.ts';

/**
 * A file an output option names that cannot be written is a command-line mistake, said before the
 * run (exit 2, one line naming the option, the path and why), never a stack trace after it. The
 * endpoints below cannot be reached: without the check each command would run, or fail for that
 * reason instead, so the message is what tells the check happened.
 */
const scratch = mkdtempSync(join(tmpdir(), 'uai-output-paths-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const site = siteFor('https://uai.example.org');
const ENTRY = join(import.meta.dirname, '../data/implementations/acme-agent');

const run = (command: typeof testCommand, argv: string[]) => runCommand(command, argv, site);

const COMMANDS: { name: string; option: string; command: typeof testCommand; argv: (path: string) => string[] }[] = [
  {
    name: 'uai test',
    option: '--result',
    command: testCommand,
    argv: (p) => ['http://127.0.0.1:1/v1/reference-server', '--result', p],
  },
  {
    name: 'uai test-client',
    option: '--result',
    command: testClientCommand,
    argv: (p) => ['--command', 'true', '--name', 'X', '--purl', 'pkg:npm/x@1.0.0', '--result', p],
  },
  {
    name: 'uai proxy',
    option: '--report',
    command: proxyCommand,
    argv: (p) => ['--listen', '0', '--upstream', 'http://127.0.0.1:1/v1', '--exchanges', '1', '--report', p],
  },
  {
    name: 'uai proxy',
    option: '--record',
    command: proxyCommand,
    argv: (p) => ['--listen', '0', '--upstream', 'http://127.0.0.1:1/v1', '--exchanges', '1', '--record', p],
  },
  {
    name: 'uai check-entry',
    option: '--badge',
    command: checkEntryCommand,
    argv: (p) => [ENTRY, '--local', '--badge', p],
  },
];

const UNWRITABLE: [string, string][] = [
  [join(scratch, 'no-such-folder', 'out.json'), 'no such directory'],
  [scratch, 'is a directory'],
  // A trailing separator names a folder, there or not: resolve() alone would take it for a file.
  [join(scratch, 'no-such-folder') + sep, 'names a folder; give a file name'],
  [scratch + sep, 'names a folder; give a file name'],
];

describe('an output file that cannot be written', () => {
  for (const { name, option, command, argv } of COMMANDS)
    for (const [path, reason] of UNWRITABLE)
      it(`${name} ${option} (${reason}): exit 2 before the run, the option, path and reason named`, async () => {
        const r = await run(command, argv(path));
        expect([r.code, r.stdout]).toEqual([2, '']);
        expect(r.stderr.split('\n')[0]).toBe(`${name}: ${option} ${path}: cannot write: ${reason}`);
      });

  it('an empty name: exit 2 before the run, the option named', async () => {
    for (const { name, option, command, argv } of COMMANDS) {
      const r = await run(command, argv(''));
      expect([r.code, r.stdout, r.stderr.split('\n')[0]], `${name} ${option}`).toEqual([
        2,
        '',
        `${name}: ${option} needs a file name`,
      ]);
    }
  });

  it('uai proxy on a port already taken keeps an earlier --record whole (exit 2)', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    const record = join(scratch, 'earlier.jsonl');
    writeFileSync(record, '{"an": "earlier session"}\n');
    try {
      const r = await run(proxyCommand, [
        ...['--listen', String(port), '--upstream', 'http://127.0.0.1:1/v1', '--record', record],
      ]);
      expect([r.code, r.stdout]).toEqual([2, '']);
      expect(r.stderr.split('\n')[0]).toMatch(new RegExp(`^uai proxy: cannot listen on port ${port}: `));
      expect(readFileSync(record, 'utf8')).toBe('{"an": "earlier session"}\n');
    } finally {
      taken.close();
    }
  });

  it('a writable one is written: check-entry draws its badge there', async () => {
    const badge = join(scratch, 'badge.svg');
    const r = await run(checkEntryCommand, [ENTRY, '--local', '--badge', badge]);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(existsSync(badge) && readFileSync(badge, 'utf8')).toMatch(/^<svg/);
  });
});
