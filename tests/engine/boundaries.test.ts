import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The seams between the rooms (issue 12): the engine is entered through its entry only (ESLint
 * checks TypeScript files; this also reads .astro pages), and no two top-level folders import
 * each other in a loop. Folders: src/<room>, and the first folder elsewhere (netlify, scripts, ...).
 */
const REPO = resolve(import.meta.dirname, '../..');
const ROOTS = ['src', 'netlify', 'scripts', 'bin', 'bench', 'tests'];
const SOURCE = /\.(ts|mts|mjs|astro)$/;
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+['"](\.[^'"]+)['"]/g;

const files = ROOTS.flatMap((root) =>
  readdirSync(join(REPO, root), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name) && !e.parentPath.includes('generated'))
    .map((e) => relative(REPO, join(e.parentPath, e.name))),
);

const importsOf = (file: string): string[] =>
  [...readFileSync(join(REPO, file), 'utf8').matchAll(IMPORT)].map((m) =>
    relative(REPO, resolve(REPO, dirname(file), m[1]!)),
  );

const folderOf = (file: string): string => {
  const [top, second] = file.split('/');
  return top === 'src' && second && !SOURCE.test(second) ? `src/${second}` : top!;
};

const edges = new Map<string, Set<string>>();
for (const file of files) {
  for (const target of importsOf(file)) {
    const [from, to] = [folderOf(file), folderOf(target)];
    if (from !== to) edges.set(from, (edges.get(from) ?? new Set()).add(to));
  }
}

function cycle(): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const walk = (node: string, path: string[]): string[] | undefined => {
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    if (state.get(node) === 'done') return undefined;
    state.set(node, 'open');
    for (const next of edges.get(node) ?? []) {
      const found = walk(next, [...path, node]);
      if (found) return found;
    }
    state.set(node, 'done');
    return undefined;
  };
  for (const node of edges.keys()) {
    const found = walk(node, []);
    if (found) return found;
  }
  return undefined;
}

describe('boundaries between the rooms', () => {
  it('reads the tree', () => expect(files.length).toBeGreaterThan(100));

  it('nothing outside src/engine imports a file inside it other than its entries', () => {
    const entries = new Set(['src/engine/index.ts', 'src/engine/browser.ts']);
    // The per-stage benchmark times the validator's stages one by one (eslint.config.js says why).
    const allowedBehindTheDoor = new Set(['bench/stages.ts']);
    const deep = files
      .filter((f) => !f.startsWith('src/engine/') && !allowedBehindTheDoor.has(f))
      .flatMap((f) =>
        importsOf(f)
          .filter((t) => t.startsWith('src/engine/') && !entries.has(t))
          .map((t) => `${f} -> ${t}`),
      );
    expect(deep).toEqual([]);
  });

  it('no import cycle between top-level folders', () => {
    expect(cycle()).toBeUndefined();
  });
});
