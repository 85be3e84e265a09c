import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { MAX_SETTINGS_BYTES, readSettingsFile, UsageError } from '../../src/kit/usage.ts';

/**
 * A baseline or a manifest is a small file the command line names, or a pipe: a folder, or more
 * than the bound (a device that never ends among them), is a usage error that says which, at once,
 * and nothing is held unbounded (/dev/zero once held 680 MB before a message that gave no reason).
 */
const scratch = mkdtempSync(join(tmpdir(), 'uai-settings-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const at = (name: string) => join(scratch, name);

it.each([
  ['no such file', () => at('missing.json'), /cannot read: no such file/],
  ['a folder', () => (mkdirSync(at('folder')), at('folder')), /cannot read: is a folder/],
  ['a device that never ends', () => '/dev/zero', /larger than 1048576 bytes/],
  [
    'a file past the bound',
    () => (writeFileSync(at('big.json'), ''), truncateSync(at('big.json'), MAX_SETTINGS_BYTES + 1), at('big.json')),
    /larger than 1048576 bytes/,
  ],
])('%s: a usage error that names the file and the reason, at once', (_name, make, reason) => {
  const path = make();
  const started = performance.now();
  let thrown: unknown;
  try {
    readSettingsFile('the baseline', path);
  } catch (error) {
    thrown = error;
  }
  expect(performance.now() - started).toBeLessThan(500);
  expect(thrown).toBeInstanceOf(UsageError);
  expect((thrown as Error).message).toMatch(new RegExp(`^the baseline ${path.replaceAll('/', '\\/')}: `));
  expect((thrown as Error).message).toMatch(reason);
});

it('a pipe (as <(cmd) or /dev/stdin give one) is read to its end', async () => {
  execFileSync('mkfifo', [at('pipe')]);
  // A writer in another process, as a shell's process substitution is.
  const writer = spawn('sh', ['-c', `printf '%s' '{"expected_failures": []}' > '${at('pipe')}'`]);
  expect(readSettingsFile('the baseline', at('pipe'))).toBe('{"expected_failures": []}');
  await new Promise((done) => writer.on('close', done));
});

it('a file whose size is not known before it is read (/proc) is read whole', () => {
  expect(readSettingsFile('the baseline', '/proc/self/status')).toMatch(/^Name:/);
});

it('a small regular file is read whole, as text', () => {
  writeFileSync(at('baseline.json'), '{"expected_failures": ["caf\u00e9"]}');
  expect(readSettingsFile('the baseline', at('baseline.json'))).toBe('{"expected_failures": ["caf\u00e9"]}');
});
