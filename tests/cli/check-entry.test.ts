import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('a folder without the entry files is an entry the report would refuse: exit 1, the reason printed', async () => {
    const empty = join(scratch, 'empty-entry');
    mkdirSync(empty);
    const r = await run(empty);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/result\.json: missing \(an entry needs result\.json and meta\.json\)/);
  });
});
