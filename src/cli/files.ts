import * as fs from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';

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

const GLOB_CHARS = /[*?[\]{}]/;
/** Directory walks skip dependencies and version-control data; an explicit glob does not. */
const SKIPPED = new Set(['node_modules', '.git']);

/**
 * Every *.json file below a directory, hidden ones too (a glob's `*` would pass over `.drafts/`,
 * which "every *.json below it" does not), but for the SKIPPED folders. Links are not followed,
 * so no walk can loop; a folder that cannot be read is an unreadable input, not a silent gap.
 */
async function walk(dir: string, found: string[], unreadable: Target[]): Promise<void> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    unreadable.push({ file: slashes(dir), expanded: true, error: `cannot read this directory (${codeOf(error)})` });
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) await walk(path, found, unreadable);
    } else if (entry.isFile() && entry.name.endsWith('.json')) found.push(path);
  }
}

const codeOf = (error: unknown): string =>
  typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : 'error';

/**
 * Files a glob matches, as absolute paths: node:fs glob from Node 22; on Node 20, which the
 * published package also runs on, a walk matched by picomatch (glob-walk.ts, loaded only there).
 */
async function expand(pattern: string): Promise<string[]> {
  const glob = (fs as Partial<typeof fs>).glob;
  if (!glob) return (await import('./glob-walk.ts')).globByWalk(pattern);
  const found: string[] = [];
  for await (const entry of glob(pattern, { withFileTypes: true })) {
    if (entry.isFile()) found.push(join(entry.parentPath, entry.name));
  }
  return found;
}

const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const slashes = (path: string) => path.replaceAll('\\', '/');

async function targetsOf(input: string): Promise<Target[]> {
  if (input === '-') return [{ file: '-' }];
  const info = await fs.stat(input).catch(() => undefined);
  if (info?.isDirectory()) {
    const found: string[] = [];
    const unreadable: Target[] = [];
    await walk(input, found, unreadable);
    const files: Target[] = found.map((f) => ({ file: slashes(f), expanded: true as const }));
    return files.length || unreadable.length
      ? [...files, ...unreadable].sort((a, b) => byPath(a.file, b.file))
      : [{ file: input, expanded: true, error: 'no *.json file in this directory' }];
  }
  if (!info && GLOB_CHARS.test(input)) {
    const files = (await expand(input))
      .map((f) => slashes(isAbsolute(input) ? f : relative(process.cwd(), f)))
      .sort(byPath);
    return files.length
      ? files.map((file) => ({ file, expanded: true as const }))
      : [{ file: input, expanded: true, error: 'no file matches this pattern' }];
  }
  return [{ file: input }];
}

/** Every target once, in argument order, each expansion sorted. */
export async function resolveTargets(inputs: readonly string[]): Promise<Target[]> {
  const seen = new Set<string>();
  const out: Target[] = [];
  for (const input of inputs) {
    for (const target of await targetsOf(input)) {
      if (seen.has(target.file)) continue;
      seen.add(target.file);
      out.push(target);
    }
  }
  return out;
}
