import { lstatSync, statSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { GLOB_CHARS, splitGlob } from './glob-base.ts';
import { walkFiles } from './walk.ts';

/**
 * Turning command-line inputs into the files to check: "-" is standard input, a directory means
 * every *.json file below it (hidden ones too), a pattern with glob characters is expanded by
 * node:fs glob, and anything else is a file (read later, so a missing one is reported like an
 * unreadable one). Expansions are sorted, so output does not depend on directory order.
 */
/** `expanded`: found through a directory or glob, so how many there are is not known in advance. */
export type Target =
  | { readonly file: string; readonly expanded?: true }
  | { readonly file: string; readonly expanded?: true; readonly error: string };

/** Directory walks skip dependencies and version-control data; an explicit glob does not. */
const SKIPPED = new Set(['node_modules', '.git']);

/**
 * Files a glob matches, as absolute paths: node:fs glob from Node 22; on Node 20, which the
 * published package also runs on, a walk matched by node:path's matcher (glob-walk.ts, loaded
 * only there), or why it cannot be expanded.
 */
export async function expand(pattern: string): Promise<{ found: string[] } | { error: string }> {
  const glob = (fs as Partial<typeof fs>).glob;
  if (!glob) return (await import('./glob-walk.ts')).globByWalk(pattern);
  const found: string[] = [];
  const throughLink = linkBelow(resolve(splitGlob(pattern).base || '.'));
  for await (const entry of glob(pattern, { withFileTypes: true })) {
    if (entry.isFile() && !throughLink(resolve(entry.parentPath))) found.push(join(entry.parentPath, entry.name));
  }
  return { found };
}

/**
 * Whether a folder below a pattern's fixed head is reached through a symbolic link. node:fs glob
 * on Node 24 follows linked folders under `./…/**` (and not without the `./`), so a link a pull
 * request adds could have the check read files outside the repository; folders are walked with
 * links not followed (docs/ci.md), as Node 20's walk does. A link the pattern's head names itself
 * is the user's to follow.
 */
function linkBelow(head: string): (folder: string) => boolean {
  const known = new Map<string, boolean>();
  const inside = head.endsWith(sep) ? head : `${head}${sep}`;
  const through = (folder: string): boolean => {
    if (!folder.startsWith(inside)) return false;
    let linked = known.get(folder);
    if (linked === undefined) {
      linked = lstatSync(folder, { throwIfNoEntry: false })?.isSymbolicLink() === true || through(dirname(folder));
      known.set(folder, linked);
    }
    return linked;
  };
  return through;
}

const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
// Found paths are written with `/` on every system; only where `\` separates folders (Windows) is it
// one. Elsewhere a backslash is a character of the name, and rewriting it would open another file.
const slashes = sep === '\\' ? (path: string) => path.replaceAll('\\', '/') : (path: string) => path;

async function targetsOf(input: string): Promise<Target[]> {
  if (input === '-') return [{ file: '-' }];
  const info = await fs.stat(input).catch(() => undefined);
  if (info?.isDirectory()) {
    // Every *.json below it, hidden names too (a glob's `*` would pass over `.drafts/`), but for the
    // SKIPPED folders; a folder that cannot be read is an unreadable input, not a silent gap.
    const { found, unreadable } = await walkFiles(input, {
      enter: (name) => !SKIPPED.has(name),
      take: (name) => name.endsWith('.json'),
    });
    const files: Target[] = [
      ...found.map((f) => ({ file: slashes(f), expanded: true as const })),
      ...unreadable.map((u) => ({
        file: slashes(u.folder),
        expanded: true as const,
        error: `cannot read this directory (${u.code})`,
      })),
    ];
    return files.length
      ? files.sort((a, b) => byPath(a.file, b.file))
      : [{ file: input, expanded: true, error: 'no *.json file in this directory' }];
  }
  if (!info && GLOB_CHARS.test(input)) {
    // A file named `-` that a pattern matches is that file, not standard input (the name `-` given alone).
    const expanded = await expand(input);
    if ('error' in expanded) return [{ file: input, expanded: true, error: expanded.error }];
    const files = expanded.found
      .map((f) => slashes(isAbsolute(input) ? f : relative(process.cwd(), f)))
      .map((f) => (f === '-' ? './-' : f))
      .sort(byPath);
    return files.length
      ? files.map((file) => ({ file, expanded: true as const }))
      : [{ file: input, expanded: true, error: 'no file matches this pattern' }];
  }
  return [{ file: input }];
}

/**
 * Whether two spellings that resolve() reads as one path are one file. resolve() reads `..` in the
 * text, the system after following links: `sub/../a.json` is another file than `a.json` when
 * `sub` is a link elsewhere, and both are checked. Two paths neither of which exists are one.
 */
function sameFile(a: string, b: string): boolean {
  if (a === b) return true;
  const [x, y] = [a, b].map((p) => statSync(p, { throwIfNoEntry: false }));
  return x && y ? x.dev === y.dev && x.ino === y.ino : !x && !y;
}

/**
 * Every target once, in argument order, each expansion sorted: a file named twice however it is
 * spelled (`a.json`, `./a.json`, its absolute path, a pattern that matches it) is checked once,
 * under the spelling it was first named by.
 */
export async function resolveTargets(inputs: readonly string[]): Promise<Target[]> {
  const seen = new Map<string, string>();
  const out: Target[] = [];
  for (const input of inputs) {
    for (const target of await targetsOf(input)) {
      const key = target.file === '-' ? '-' : resolve(target.file);
      const first = seen.get(key);
      if (first !== undefined && sameFile(first, target.file)) continue;
      if (first === undefined) seen.set(key, target.file);
      out.push(target);
    }
  }
  return out;
}
