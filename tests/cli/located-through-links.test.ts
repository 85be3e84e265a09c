import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { locateFile, SRCROOT } from '../../src/cli/paths.ts';

/**
 * A file under the base is named relative to it however either is spelled: a CI runner whose
 * workspace sits behind a link gave `--sarif-base "$PWD"` the linked name while the working
 * directory, and so every file, had the real one, and every location came out absolute, which
 * code scanning cannot place.
 */
const scratch = mkdtempSync(join(tmpdir(), 'uai-located-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it('relative under a base named through a link, or a file named through one; absolute outside', () => {
  const real = join(scratch, 'real');
  const link = join(scratch, 'link');
  mkdirSync(join(real, 'a'), { recursive: true });
  writeFileSync(join(real, 'a/1.json'), '{}');
  writeFileSync(join(scratch, 'outside.json'), '{}');
  symlinkSync(real, link, 'dir');
  const inside = { path: 'a/1.json', uri: 'a/1.json', uriBaseId: SRCROOT };
  expect(locateFile(join(real, 'a/1.json'), link)).toEqual(inside);
  expect(locateFile(join(link, 'a/1.json'), real)).toEqual(inside);
  expect(locateFile(join(link, 'a/1.json'), link)).toEqual(inside);
  expect(locateFile(join(scratch, 'outside.json'), link)).toMatchObject({ path: join(scratch, 'outside.json') });
  expect(locateFile(join(scratch, 'outside.json'), link).uriBaseId).toBeUndefined();
});
