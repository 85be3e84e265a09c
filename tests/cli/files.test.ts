import fc from 'fast-check';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LINK_NOT_FOLLOWED, resolveTargets } from '../../src/cli/files.ts';

/**
 * What a directory input means (docs/ci.md, "Inputs"): every *.json file below it, hidden ones
 * included, but for node_modules and .git; links are not followed. Checked against a listing made
 * another way (node:fs's own recursive readdir, filtered after the fact).
 */
const scratch = mkdtempSync(join(tmpdir(), 'uai-files-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function independentListing(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => join(e.parentPath, e.name))
    .filter(
      (path) =>
        !relative(root, path)
          .split(sep)
          .some((part) => part === 'node_modules' || part === '.git'),
    )
    .sort();
}

const listed = async (root: string) =>
  (await resolveTargets([root])).map((t) => ('error' in t ? `! ${t.file}` : t.file));

describe('a directory input', () => {
  it('is every *.json below it, hidden files and folders included, node_modules and .git left out', async () => {
    const root = join(scratch, 'fixed');
    for (const dir of ['.drafts', 'node_modules/pkg', '.git/refs', 'sub/node_modules', 'sub/deep', 'linked'])
      mkdirSync(join(root, dir), { recursive: true });
    for (const file of [
      'a.json',
      'b.txt',
      '.hidden.json',
      '.drafts/c.json',
      'node_modules/pkg/d.json',
      '.git/refs/e.json',
      'sub/node_modules/f.json',
      'sub/deep/g.json',
      'sub/deep/h.JSON',
      'linked/i.json',
    ])
      writeFileSync(join(root, file), '{}');
    symlinkSync(join(root, 'a.json'), join(root, 'link.json'));
    symlinkSync(join(root, 'linked'), join(root, 'sub/loop'), 'dir');
    // A link named as a file is taken by is not followed, and not passed over: an input not checked.
    expect(await listed(root)).toEqual(
      ['.drafts/c.json', '.hidden.json', 'a.json', '! link.json', 'linked/i.json', 'sub/deep/g.json'].map((f) =>
        f.startsWith('! ') ? `! ${root}/${f.slice(2)}` : `${root}/${f}`,
      ),
    );
    expect((await resolveTargets([`${root}/*.json`])).filter((t) => 'error' in t)).toEqual([
      { file: `${root}/link.json`, expanded: true, error: LINK_NOT_FOLLOWED },
    ]);
  });

  it('agrees with a listing made another way, for any tree', async () => {
    const name = fc.constantFrom(
      'a',
      '.a',
      'node_modules',
      '.git',
      'x.json',
      '.x.json',
      '.json',
      'y.txt',
      'z.json.bak',
      // Where `/` alone separates folders, a backslash is a character of a name like any other.
      ...(sep === '/' ? ['back\\slash.json', 'folder\\'] : []),
    );
    const tree = fc.array(fc.array(name, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(tree, async (paths) => {
        const root = join(scratch, `tree-${run++}`);
        mkdirSync(root);
        for (const parts of paths) {
          const file = join(root, ...parts);
          try {
            mkdirSync(join(file, '..'), { recursive: true });
            writeFileSync(file, '{}');
          } catch {
            // A name already taken as a folder (or a file where a folder is wanted): the tree is what it is.
          }
        }
        const expected = independentListing(root);
        expect(await listed(root)).toEqual(expected.length ? expected : [`! ${root}`]);
      }),
      { numRuns: 60 },
    );
  });

  it('checks a file named twice once, however it is spelled, by the spelling it was first named by', async () => {
    const root = join(scratch, 'spellings');
    mkdirSync(join(root, 'sub'), { recursive: true });
    for (const name of ['a.json', 'b.json']) writeFileSync(join(root, name), '{}');
    const a = relative(process.cwd(), join(root, 'a.json'));
    const spelled = [
      `.${sep}${a}`,
      a,
      join(root, 'a.json'),
      join(root, 'sub', '..', 'a.json'),
      join(root, '*.json'),
      root,
    ];
    expect((await resolveTargets(spelled)).map((t) => t.file)).toEqual([`.${sep}${a}`, join(root, 'b.json')]);
  });

  it('checks a file reached through a linked folder once, whether named, walked or globbed', async () => {
    const root = join(scratch, 'linked-folder');
    mkdirSync(join(root, 'real'), { recursive: true });
    writeFileSync(join(root, 'real', 'a.json'), '{}');
    symlinkSync(join(root, 'real'), join(root, 'lnk'), 'dir');
    const [real, lnk] = [join(root, 'real'), join(root, 'lnk')];
    const once = async (inputs: string[]) => (await resolveTargets(inputs)).map((t) => t.file);
    expect(await once([join(real, 'a.json'), join(lnk, 'a.json')])).toEqual([join(real, 'a.json')]);
    expect(await once([lnk, real])).toEqual([join(lnk, 'a.json')]);
    expect(await once([join(real, '*.json'), join(lnk, '*.json')])).toEqual([join(real, 'a.json')]);
    expect(await once([join(lnk, '*.json'), join(real, 'a.json')])).toEqual([join(lnk, 'a.json')]);
  });

  it.skipIf(sep !== '/')(
    'checks both files when a link makes one spelling name another file (sub/../a.json)',
    async () => {
      const root = join(scratch, 'linked-spellings');
      mkdirSync(join(root, 'w'), { recursive: true });
      mkdirSync(join(root, 'other', 'dir'), { recursive: true });
      writeFileSync(join(root, 'w', 'a.json'), '{}');
      writeFileSync(join(root, 'other', 'a.json'), '{}');
      symlinkSync(join(root, 'other', 'dir'), join(root, 'w', 'sub'));
      const here = join(root, 'w', 'a.json');
      // Written out, not joined: join() would read the .. in the text, as resolve() does.
      const through = `${join(root, 'w', 'sub')}/../a.json`;
      expect((await resolveTargets([here, through])).map((t) => t.file)).toEqual([here, through]);
      expect((await resolveTargets([here, join(root, 'w', '.', 'a.json')])).map((t) => t.file)).toEqual([here]);
    },
  );

  it.skipIf(sep !== '/')(
    'keeps a backslash in a name found by a folder or a glob: it is that file, not another',
    async () => {
      const root = join(scratch, 'backslash');
      mkdirSync(join(root, 'back'), { recursive: true });
      writeFileSync(join(root, 'back', 'slash.json'), '{}');
      writeFileSync(join(root, 'back\\slash.json'), '{}');
      const both = [join(root, 'back', 'slash.json'), join(root, 'back\\slash.json')].sort();
      expect(await listed(root)).toEqual(both);
      expect(await listed(join(root, '**', '*.json'))).toEqual(both);
    },
  );
});

/**
 * A glob walks folders with links not followed (docs/ci.md), whether it is written `./m/**` or
 * `m/**`, absolute or not: node:fs glob on Node 24 followed a linked folder under `./…/**`, so a
 * link in a pull request could make the check read outside the repository. A link the pattern's
 * fixed head names itself is followed: the user wrote it.
 */
describe('a glob input', () => {
  it('does not follow a linked folder below its fixed head, however the pattern is written', async () => {
    const root = join(scratch, 'globbed');
    mkdirSync(join(root, 'm'), { recursive: true });
    mkdirSync(join(root, 'outside'));
    writeFileSync(join(root, 'm/in.json'), '{}');
    writeFileSync(join(root, 'outside/o.json'), '{}');
    symlinkSync(join(root, 'outside'), join(root, 'm/ext'), 'dir');
    symlinkSync(join(root, 'outside'), join(root, 'named'), 'dir');
    const prefix = relative(process.cwd(), root);
    const inside = join(prefix, 'm/in.json');
    const cases: readonly (readonly [string, readonly string[]])[] = [
      [`./${prefix}/m/**/*.json`, [inside]],
      [`${prefix}/m/**/*.json`, [inside]],
      [`${root}/m/**/*.json`, [`${root}/m/in.json`]],
      // The one folder below m is the link: nothing matches.
      [`${root}/m/*/*.json`, [`! ${root}/m/*/*.json`]],
      // A link the fixed head names is the user's own.
      [`${root}/named/*.json`, [`${root}/named/o.json`]],
    ];
    for (const [pattern, expected] of cases)
      expect({ pattern, found: await listed(pattern) }).toEqual({ pattern, found: expected });
  });
});
