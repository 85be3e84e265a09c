import { realpathSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { GLOB_CHARS } from './glob-base.ts';
import { globByWalk } from './glob-walk.ts';
import { walkFiles } from './walk.ts';

/**
 * Turning command-line inputs into the files to check: "-" is standard input, a directory means
 * every *.json file below it (hidden ones too), a pattern with glob characters is expanded by
 * glob-walk.ts, and anything else is a file (read later, so a missing one is reported like an
 * unreadable one). Expansions are sorted, so output does not depend on directory order.
 */
/** `expanded`: found through a directory or glob, so how many there are is not known in advance. */
export type Target =
  | { readonly file: string; readonly expanded?: true }
  | { readonly file: string; readonly expanded?: true; readonly error: string };

/**
 * A link a walk or a pattern reached: not followed (a walk never leaves its tree, nor loops), and an
 * input not checked, so the run cannot pass over it. Named on the command line, the file is read.
 */
export const LINK_NOT_FOLLOWED =
  'a symbolic link, not followed below a directory or a pattern: name the file itself to check it';

/** Directory walks skip dependencies and version-control data; an explicit glob does not. */
const SKIPPED = new Set(['node_modules', '.git']);

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
    const { found, unreadable, links } = await walkFiles(input, {
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
      ...links.map((l) => ({ file: slashes(l), expanded: true as const, error: LINK_NOT_FOLLOWED })),
    ];
    return files.length
      ? files.sort((a, b) => byPath(a.file, b.file))
      : [{ file: input, expanded: true, error: 'no *.json file in this directory' }];
  }
  if (!info && GLOB_CHARS.test(input)) {
    const expanded = await globByWalk(input);
    if ('error' in expanded) return [{ file: input, expanded: true, error: expanded.error }];
    const named = (f: string) => slashes(isAbsolute(input) ? f : relative(process.cwd(), f));
    const files: Target[] = [
      // A file named `-` that a pattern matches is that file, not standard input (the name `-` given alone).
      ...expanded.found.map((f) => ({ file: named(f) === '-' ? './-' : named(f), expanded: true as const })),
      ...expanded.unreadable.map((u) => ({
        file: named(u.folder),
        expanded: true as const,
        error: `cannot read this directory (${u.code})`,
      })),
      ...expanded.links.map((l) => ({ file: named(l), expanded: true as const, error: LINK_NOT_FOLLOWED })),
    ];
    return files.length
      ? files.sort((a, b) => byPath(a.file, b.file))
      : [{ file: input, expanded: true, error: 'no file matches this pattern' }];
  }
  return [{ file: input }];
}

/**
 * The file a target names, whatever the spelling: its folder's real path (links followed, `..`
 * read after them, as the system reads it: `sub/../a.json` is in the folder that `sub` leads to)
 * and its own name, or, for a file named on the command line, its own real path (it may be a link).
 * A walk or a glob takes no links, so the folder is all a found file's path can hide. One real path
 * per folder, not one per file: 20,000 files of one folder cost one call.
 */
function identityOf(realFolders: Map<string, string>) {
  const real = (path: string): string | undefined => {
    try {
      return realpathSync.native(path);
    } catch {
      return undefined;
    }
  };
  return (target: Target): string => {
    if (target.file === '-') return '-';
    if ('error' in target) return `error:${resolve(target.file)}`;
    if (!target.expanded) {
      const whole = real(target.file);
      if (whole !== undefined) return whole;
    }
    const folder = dirname(target.file);
    let realFolder = realFolders.get(folder);
    if (realFolder === undefined) realFolders.set(folder, (realFolder = real(folder) ?? resolve(folder)));
    return join(realFolder, basename(target.file));
  };
}

/**
 * Every target once, in argument order, each expansion sorted: a file named twice however it is
 * spelled (`a.json`, `./a.json`, its absolute path, through a linked folder, a pattern that
 * matches it) is checked once, under the spelling it was first named by.
 */
export async function resolveTargets(inputs: readonly string[]): Promise<Target[]> {
  // One input's expansion names each file once (a walk or a glob takes no links).
  if (inputs.length === 1) return targetsOf(inputs[0]!);
  const seen = new Set<string>();
  const identity = identityOf(new Map());
  const out: Target[] = [];
  for (const input of inputs) {
    for (const target of await targetsOf(input)) {
      const key = identity(target);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(target);
    }
  }
  return out;
}
