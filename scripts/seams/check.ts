/**
 * Holds a tree to the map (scripts/seams/map.ts): every source file must sit in a room, and every
 * import, static or dynamic, in TypeScript, JavaScript or `.astro`, must go to its own room or to
 * a room it may import, through that room's door. Returns the crossings the map does not allow,
 * one line each, and the import circles between files; empty lists are a tree that matches its map.
 *
 *   node scripts/seams/check.ts        prints them for this repository, and exits 1 if any
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { circles } from './circles.ts';
import { importsOf } from './imports.ts';
import { isTooling, KNOWN_CROSSINGS, ROOMS, type KnownCrossing, type Room } from './map.ts';

const SOURCE = /\.(ts|mts|mjs|js|astro)$/;
/** Built or generated code is checked where it is made, not where it lands. */
const SKIPPED = /(^|\/)(node_modules|dist|generated|\.astro|\.netlify)(\/|$)/;
const ROOTS = ['src', 'netlify', 'packages', 'scripts', 'bench', 'tests', 'bin', 'starters'];
const TOP_FILES = ['astro.config.mjs', 'eslint.config.js', 'vitest.config.ts', 'playwright.config.ts'];

/** Every source file of the tree under `root`, repository-relative. */
export function sourceFiles(root: string): string[] {
  const inRoot = (dir: string): string[] => {
    try {
      return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && SOURCE.test(e.name))
        .map((e) => relative(root, join(e.parentPath, e.name)).split('\\').join('/'))
        .filter((f) => !SKIPPED.test(f));
    } catch {
      return [];
    }
  };
  const top = TOP_FILES.filter((f) => inRoot('.').includes(f));
  return [...ROOTS.flatMap(inRoot), ...top];
}

/** The room a file belongs to: the one with the longest prefix that matches it. */
export function roomOf(file: string, rooms: readonly Room[] = ROOMS): Room | undefined {
  let best: { room: Room; length: number } | undefined;
  for (const room of rooms) {
    for (const prefix of room.paths) {
      const hit = prefix.endsWith('/') ? file.startsWith(prefix) : file === prefix;
      if (hit && prefix.length > (best?.length ?? -1)) best = { room, length: prefix.length };
    }
  }
  return best?.room;
}

/** Why an import from `file` to `target` is not allowed, or undefined if the map allows it. */
export function refusal(file: string, target: string, rooms: readonly Room[] = ROOMS): string | undefined {
  const [from, to] = [roomOf(file, rooms), roomOf(target, rooms)];
  if (!to) return `imports ${target}, which is in no room`;
  if (!from || from === to) return undefined;
  if (!from.mayImport.includes(to.name)) return `room ${from.name} may not import room ${to.name} (${target})`;
  const door = to.door;
  const bound = door && (door.binds === 'everyone' || !isTooling(from.name)) && !door.behind?.includes(file);
  if (bound && !door.files.includes(target)) {
    return `enters room ${to.name} by ${target}, not by its door (${door.files.join(', ')})`;
  }
  return undefined;
}

export interface SeamReport {
  /** `file -> target: why`, one per import the map does not allow. */
  readonly crossings: string[];
  /** Files that sit in no room. */
  readonly homeless: string[];
  /** Known crossings no longer in the tree: remove them from the map. */
  readonly stale: KnownCrossing[];
  /** Files that import each other, directly or around: `a -> b -> a`. */
  readonly circles: string[];
}

/** Holds the tree under `root` to the map. */
export function checkSeams(
  root: string,
  rooms: readonly Room[] = ROOMS,
  known: readonly KnownCrossing[] = KNOWN_CROSSINGS,
): SeamReport {
  const files = sourceFiles(root);
  const crossings: string[] = [];
  const seen = new Set<string>();
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importsOf(root, file, readFileSync(join(root, file), 'utf8'));
    graph.set(file, targets);
    for (const target of targets) {
      const why = refusal(file, target, rooms);
      if (why === undefined) continue;
      if (known.some((k) => k.from === file && k.to === target)) seen.add(`${file} -> ${target}`);
      else crossings.push(`${file} -> ${target}: ${why}`);
    }
  }
  return {
    crossings,
    homeless: files.filter((f) => !roomOf(f, rooms)),
    stale: known.filter((k) => !seen.has(`${k.from} -> ${k.to}`)),
    circles: circles(graph).map((c) => c.join(' -> ')),
  };
}

if (import.meta.main) {
  const report = checkSeams(join(import.meta.dirname, '../..'));
  const lines = [
    ...report.crossings,
    ...report.homeless.map((f) => `${f}: in no room of scripts/seams/map.ts`),
    ...report.stale.map((k) => `${k.from} -> ${k.to}: a known crossing no longer in the tree`),
    ...report.circles.map((c) => `${c}: an import circle`),
  ];
  for (const line of lines) console.log(line);
  process.exitCode = lines.length ? 1 : 0;
}
