import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * A folder a pattern could reach that cannot be read is an unreadable input (exit 2), as a folder
 * below a directory input is, never a silent gap: node:fs glob passes over one without a word, so
 * a failing file in it went unchecked and the run passed. Tests run as root, which reads any
 * folder, so readdir is made to refuse the folders named `locked` here.
 */
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  const readdir = (async (path: string, options?: unknown) => {
    if (String(path).split('/').at(-1) === 'locked')
      throw Object.assign(new Error(`EACCES: permission denied, scandir '${String(path)}'`), { code: 'EACCES' });
    return (fs.readdir as (p: string, o?: unknown) => Promise<unknown>)(path, options);
  }) as typeof fs.readdir;
  return { ...fs, readdir, default: { ...fs, readdir } };
});
const { resolveTargets } = await import('../../src/cli/files.ts');

const scratch = mkdtempSync(join(tmpdir(), 'uai-glob-locked-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
for (const dir of ['e/ok', 'e/locked', 'e/other/locked']) mkdirSync(join(scratch, dir), { recursive: true });
writeFileSync(join(scratch, 'e/ok/a.json'), '{}');
writeFileSync(join(scratch, 'e/locked/b.json'), '{}');

const listed = async (input: string) =>
  (await resolveTargets([input])).map((t) => ('error' in t ? `! ${t.file}: ${t.error}` : t.file));

describe('a folder a glob cannot read', () => {
  it('is named as unreadable beside the files found, under ** and under *', async () => {
    const locked = `! ${join(scratch, 'e/locked')}: cannot read this directory (EACCES)`;
    expect(await listed(join(scratch, 'e/**/*.json'))).toEqual([
      locked,
      join(scratch, 'e/ok/a.json'),
      `! ${join(scratch, 'e/other/locked')}: cannot read this directory (EACCES)`,
    ]);
    expect(await listed(join(scratch, 'e/*/*.json'))).toEqual([locked, join(scratch, 'e/ok/a.json')]);
  });

  it('is not named when no match could lie in it', async () => {
    expect(await listed(join(scratch, 'e/ok/*.json'))).toEqual([join(scratch, 'e/ok/a.json')]);
    expect(await listed(join(scratch, 'e/o*/*.json'))).toEqual([join(scratch, 'e/ok/a.json')]);
  });

  it('is the same for a directory input', async () => {
    expect(await listed(join(scratch, 'e'))).toEqual([
      `! ${join(scratch, 'e/locked')}: cannot read this directory (EACCES)`,
      join(scratch, 'e/ok/a.json'),
      `! ${join(scratch, 'e/other/locked')}: cannot read this directory (EACCES)`,
    ]);
  });
});
