import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSeams, roomOf, sourceFiles } from '../../scripts/seams/check.ts';
import { specifiersOf } from '../../scripts/seams/imports.ts';
import { ROOMS } from '../../scripts/seams/map.ts';

/**
 * The map of the house (scripts/seams/map.ts, docs/seams.md) holds for the tree, and the check
 * refuses each kind of crossing it should: a table of small trees, each with one forbidden import.
 */
const REPO = resolve(import.meta.dirname, '../..');
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A tree of the given files (path -> text) in a fresh temporary folder. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'seams-'));
  made.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** Files every fixture tree has, each a door or a plain file of its room. */
const BASE: Record<string, string> = {
  'src/standard/codes.ts': 'export const codes = 1;\n',
  'src/engine/index.ts': "export { codes } from '../standard/codes.ts';\n",
  'src/engine/validate/pipeline.ts': 'export const pipeline = 1;\n',
  'src/http/core.ts': "import { codes } from '../standard/codes.ts';\nexport const core = codes;\n",
  'src/kit/index.ts': 'export const kit = 1;\n',
  'src/kit/server/run.ts': 'export const run = 1;\n',
  'src/cli/main.ts': "import { kit } from '../kit/index.ts';\nexport const main = kit;\n",
  'packages/uai/package.json': '{"version":"1.0.0"}\n',
  'packages/uai/src/index.ts': "export { main } from '../../../src/cli/main.ts';\n",
};

describe('the map holds for this repository', () => {
  const report = checkSeams(REPO);

  it('reads the tree, packages/, netlify/ and .astro files included', () => {
    const files = sourceFiles(REPO);
    expect(files.length).toBeGreaterThan(300);
    for (const f of ['packages/uai/src/index.ts', 'netlify/functions/validate.mts', 'src/pages/index.astro']) {
      expect(files).toContain(f);
    }
  });

  it('every import goes where the map allows, by the door', () => expect(report.crossings).toEqual([]));
  it('every source file is in a room', () => expect(report.homeless).toEqual([]));
  it('every known crossing is still in the tree', () => expect(report.stale).toEqual([]));
  it('no two files import each other, directly or around', () => expect(report.circles).toEqual([]));
});

describe('the check refuses a forbidden import', () => {
  const cases: { name: string; files: Record<string, string>; refused: string }[] = [
    {
      name: 'a room importing a room it may not (static)',
      files: { 'src/engine/leak.ts': "import { core } from '../http/core.ts';\nexport const leak = core;\n" },
      refused: 'src/engine/leak.ts -> src/http/core.ts: room engine may not import room http',
    },
    {
      name: 'a dynamic import()',
      files: { 'src/standard/late.ts': "export const late = () => import('../http/core.ts');\n" },
      refused: 'src/standard/late.ts -> src/http/core.ts: room standard may not import room http',
    },
    {
      name: 'a type-only import',
      files: { 'src/service/typed.ts': "import type { core } from '../http/core.ts';\nexport type T = typeof core;\n" },
      refused: 'src/service/typed.ts -> src/http/core.ts',
    },
    {
      name: 'an .astro page past the engine door',
      files: { 'src/pages/index.astro': "---\nimport { pipeline } from '../engine/validate/pipeline.ts';\n---\n" },
      refused: 'src/pages/index.astro -> src/engine/validate/pipeline.ts: enters room engine by',
    },
    {
      name: 'a Netlify function importing the kit',
      files: { 'netlify/functions/run.mts': "import { kit } from '../../src/kit/index.ts';\nexport default kit;\n" },
      refused: 'netlify/functions/run.mts -> src/kit/index.ts: room functions may not import room kit',
    },
    {
      name: 'the package reaching past the kit door',
      files: { 'packages/uai/src/run.ts': "export { run } from '../../../src/kit/server/run.ts';\n" },
      refused: 'packages/uai/src/run.ts -> src/kit/server/run.ts: enters room kit by',
    },
    {
      name: 'a shipped room importing the package (a data import upward)',
      files: { 'src/cli/version.ts': "import pkg from '../../packages/uai/package.json' with { type: 'json' };\n" },
      refused: 'src/cli/version.ts -> packages/uai/package.json: room cli may not import room package',
    },
    {
      name: 'a test past the engine door (it binds everyone)',
      files: { 'tests/engine/deep.test.ts': "import { pipeline } from '../../src/engine/validate/pipeline.ts';\n" },
      refused: 'tests/engine/deep.test.ts -> src/engine/validate/pipeline.ts: enters room engine by',
    },
  ];

  it('passes the fixture tree without the forbidden import', () => {
    const report = checkSeams(tree(BASE), ROOMS, []);
    expect(report).toEqual({ crossings: [], homeless: [], stale: [], circles: [] });
  });

  it.each(cases)('$name', ({ files, refused }) => {
    const { crossings } = checkSeams(tree({ ...BASE, ...files }), ROOMS, []);
    expect(crossings).toHaveLength(1);
    expect(crossings[0]).toContain(refused);
  });

  it('a file in no room', () => {
    expect(checkSeams(tree({ ...BASE, 'src/attic/old.ts': '' }), ROOMS, []).homeless).toEqual(['src/attic/old.ts']);
  });

  it('an import circle, a type import closing it', () => {
    const circle = {
      'src/records/a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
      'src/records/b.ts': "import type { T } from './c.ts';\nexport const b: T = 1;\n",
      'src/records/c.ts': "import { a } from './a.ts';\nexport type T = typeof a;\n",
    };
    expect(checkSeams(tree({ ...BASE, ...circle }), ROOMS, []).circles).toEqual([
      'src/records/a.ts -> src/records/b.ts -> src/records/c.ts -> src/records/a.ts',
    ]);
  });

  it('a known crossing that is gone', () => {
    const known = [{ from: 'src/cli/main.ts', to: 'packages/uai/package.json', why: 'fixture' }];
    expect(checkSeams(tree(BASE), ROOMS, known).stale).toEqual(known);
  });
});

describe('reading imports', () => {
  it('static, re-export, side-effect, multi-line, type and dynamic; packages and computed specifiers left out', () => {
    const text = [
      "import a from './a.ts';",
      "export * from '../b.ts';",
      "import './c.css';",
      "import {\n  d,\n  e,\n} from './d.ts';",
      "import type { F } from './f.ts';",
      "const g = await import('./g.ts');",
      "const h = import('./h.json', { with: { type: 'json' } });",
      "import astro from 'astro';",
      'const i = import(name);',
    ].join('\n');
    expect(specifiersOf(text)).toEqual(['./a.ts', '../b.ts', './c.css', './d.ts', './f.ts', './g.ts', './h.json']);
  });
});

describe('the map itself', () => {
  const names = new Set(ROOMS.map((r) => r.name));

  it('names only rooms it has', () => {
    expect(ROOMS.flatMap((r) => r.mayImport.filter((m) => !names.has(m)))).toEqual([]);
  });

  it('has no two rooms that may import each other, directly or around a circle', () => {
    const mayImport = new Map(ROOMS.map((r) => [r.name, r.mayImport]));
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
      (mayImport.get(from) ?? []).some((n) => n === to || (!seen.has(n) && (seen.add(n), reaches(n, to, seen))));
    expect(ROOMS.filter((r) => reaches(r.name, r.name)).map((r) => r.name)).toEqual([]);
  });

  it('puts each file in the room of its longest prefix', () => {
    expect(roomOf('src/pages/v1/[...unknown].ts')?.name).toBe('functions');
    expect(roomOf('src/pages/v1/[...path].ts')?.name).toBe('pages');
  });

  it('is the table of docs/seams.md, room by room', () => {
    const doc = readFileSync(join(REPO, 'docs/seams.md'), 'utf8');
    const rows = new Map([...doc.matchAll(/^\| \*\*([a-z0-9]+)\*\* \|(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
    expect([...rows.keys()].sort()).toEqual([...names].sort());
    for (const room of ROOMS) {
      const row = rows.get(room.name)!;
      for (const path of room.paths) expect(row, room.name).toContain(`\`${path}\``);
      const allowed = row.split('|').at(-2)!;
      expect(
        allowed
          .match(/[a-z0-9]+/g)
          ?.filter((w) => names.has(w))
          .sort() ?? [],
        room.name,
      ).toEqual([...room.mayImport].sort());
    }
  });

  it("names each room's doors, and the files let behind them, as the map does", () => {
    const doc = readFileSync(join(REPO, 'docs/seams.md'), 'utf8');
    const doorColumn = new Map(
      [...doc.matchAll(/^\| \*\*([a-z0-9]+)\*\* \|(.*)$/gm)].map((m) => [m[1]!, m[2]!.split('|').at(-3)!]),
    );
    for (const room of ROOMS) {
      const cell = doorColumn.get(room.name)!;
      // A door is written relative to its room's folder; a file let behind it, from the root.
      const named = [...cell.matchAll(/`([^`]+\.ts)`/g)].map((m) =>
        m[1]!.includes('/') && room.door?.behind?.includes(m[1]!) ? m[1]! : `${room.paths[0]}${m[1]!}`,
      );
      const expected = room.door ? [...room.door.files, ...(room.door.behind ?? [])] : [];
      expect(named.sort(), room.name).toEqual([...expected].sort());
      if (!room.door) expect(cell.trim(), room.name).toBe('any');
    }
  });
});
