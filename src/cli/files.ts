import * as fs from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';

/**
 * Turning command-line inputs into the files to check: "-" is standard input, a directory means
 * every *.json file below it, a pattern with glob characters is expanded by node:fs glob, and
 * anything else is a file (read later, so a missing one is reported like an unreadable one).
 * Expansions are sorted, so output does not depend on directory order.
 */
/** `expanded`: found through a directory or glob, so how many there are is not known in advance. */
export type Target =
  | { readonly file: string; readonly expanded?: true }
  | { readonly file: string; readonly expanded?: true; readonly error: string };

const GLOB_CHARS = /[*?[\]{}]/;
/** Directory walks skip dependencies and version-control data; an explicit glob does not. */
const SKIPPED = new Set(['node_modules', '.git']);

/**
 * Matching files as absolute paths. node:fs glob exists from Node 22; the published package also
 * runs on Node 20, where tinyglobby (bundled into the package, loaded only there) expands instead.
 */
async function expand(pattern: string, cwd?: string): Promise<string[]> {
  const glob = (fs as Partial<typeof fs>).glob;
  if (!glob) {
    const { glob: tinyglob } = await import('tinyglobby');
    const files = await tinyglob(pattern, {
      ...(cwd ? { cwd } : {}),
      absolute: true,
      onlyFiles: true,
      expandDirectories: false,
      ...(cwd ? { ignore: [...SKIPPED].map((name) => `**/${name}/**`) } : {}),
    });
    return files.map((f) => resolve(f));
  }
  const found: string[] = [];
  for await (const entry of glob(pattern, {
    ...(cwd ? { cwd } : {}),
    withFileTypes: true,
    exclude: (e) => cwd !== undefined && SKIPPED.has(e.name),
  })) {
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
    const files = (await expand('**/*.json', input)).map((f) => slashes(join(input, relative(resolve(input), f))));
    return files.length
      ? files.sort(byPath).map((file) => ({ file, expanded: true as const }))
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
