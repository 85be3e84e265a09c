import fc from 'fast-check';
import { glob } from 'node:fs/promises';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { globByWalk as walked } from '../../src/cli/glob-walk.ts';

async function globByWalk(pattern: string): Promise<string[]> {
  const result = await walked(pattern);
  if ('error' in result) throw new Error(result.error);
  return result.found;
}

/**
 * The published package expands `uai validate` globs with globByWalk (a walk matched by
 * node:path's matchesGlob) on every Node, where node:fs glob would pass over a folder it cannot
 * read: on the same tree, the same pattern must find what node:fs glob finds, an independent
 * implementation of the same meaning.
 */
const scratch = mkdtempSync(join(tmpdir(), 'uai-glob-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function byNodeGlob(pattern: string): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of glob(pattern, { withFileTypes: true }))
    if (entry.isFile()) found.push(join(entry.parentPath, entry.name));
  return found.sort();
}

/**
 * Patterns as users write them, those that name a dot (`.a/*.json`) or negate a class
 * (`[!x]*.json`) included: the walk is matched by node:fs glob's own matcher, so hidden names go
 * the same way in both. One difference is left, and kept out: a part that names a dot after `**`
 * (`.x.json` in `**` then `/.x.json`) also finds that name inside a hidden folder of the same
 * name (`.x.json/.x.json`) with node:fs glob, which walks `**` itself, and not with the matcher.
 */
const PATTERNS = [
  '*.json',
  '**/*.json',
  'a/*.json',
  'a/**/*.json',
  '*/*.json',
  '*/x.json',
  '**/x.json',
  '**',
  '?.json',
  '[xy].json',
  '[a-x]*.json',
  '{a,b}/*.json',
  'a/{x,y}.json',
  '**/*.{json,txt}',
  '.a/*.json',
  '[!x]*.json',
  '.a/**/*.json',
  '*/[!y]*.json',
  '{.a,b}/*.json',
  '?(.a)/*.json',
  '[.]a/*.json',
  '@(a|b)/*.json',
  '!(a)/*.json',
  '+(a|b)/**/*.json',
  '**/[!.]*.json',
  '*\\*.json',
];

describe('globByWalk finds what node:fs glob finds', () => {
  it('on a tree with hidden names, nesting and links', async () => {
    const root = join(scratch, 'fixed');
    for (const dir of ['a/b/c', '.a/b', 'b/.c', 'node_modules/p']) mkdirSync(join(root, dir), { recursive: true });
    for (const file of ['x.json', '.x.json', 'a/x.json', 'a/b/y.json', 'a/b/c/z.json', '.a/x.json', '.a/b/x.json'])
      writeFileSync(join(root, file), '{}');
    for (const file of ['b/.c/x.json', 'node_modules/p/x.json', 'a/y.txt']) writeFileSync(join(root, file), '{}');
    symlinkSync(join(root, 'a'), join(root, 'linked'), 'dir');
    // Patterns that name a dot or negate a class, on this tree, where the two agree.
    for (const pattern of [
      ...PATTERNS,
      '.a/*.json',
      '.a/**/*.json',
      '**/.x.json',
      'a/**/[!z]*.json',
      'a/b/[!y]*.json',
      '*/.c/*.json',
      // A backslash separates folders for node:fs glob's matcher on every system.
      'a\\*.json',
      'a\\b/*.json',
      '*\\b\\*.json',
    ]) {
      const expected = await byNodeGlob(join(root, pattern));
      expect({ pattern, found: (await globByWalk(join(root, pattern))).sort() }).toEqual({ pattern, found: expected });
    }
  });

  it('on any tree, for every pattern', async () => {
    const name = fc.constantFrom('a', 'b', '.a', 'x.json', 'y.json', '.x.json', 'z.txt');
    const tree = fc.array(fc.array(name, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 10 });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(tree, fc.constantFrom(...PATTERNS), async (paths, pattern) => {
        const root = join(scratch, `tree-${run++}`);
        mkdirSync(root);
        for (const parts of paths)
          try {
            mkdirSync(join(root, ...parts.slice(0, -1)), { recursive: true });
            writeFileSync(join(root, ...parts), '{}');
          } catch {
            // A name already taken as a folder (or a file where a folder is wanted): the tree is what it is.
          }
        expect((await globByWalk(join(root, pattern))).sort()).toEqual(await byNodeGlob(join(root, pattern)));
      }),
      { numRuns: 300 },
    );
  });

  it('on a Node 20 without the matcher (before 20.17), says why and how, rather than expanding nothing', async () => {
    const path = createRequire(import.meta.url)('node:path') as { matchesGlob?: unknown };
    const matcher = path.matchesGlob;
    try {
      delete path.matchesGlob;
      syncBuiltinESMExports();
      expect(await walked(join(scratch, '*.json'))).toEqual({
        error: expect.stringMatching(/on Node 20\.17 and later; or let the shell expand it \(leave it unquoted\)$/),
      });
    } finally {
      path.matchesGlob = matcher;
      syncBuiltinESMExports();
    }
    expect(await walked(join(scratch, '*.json'))).toEqual({ found: [], unreadable: [], links: [] });
  });
});
