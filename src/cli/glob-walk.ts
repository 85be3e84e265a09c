/**
 * Glob expansion where node:fs has no glob (Node 20; it came in 22): the files below the
 * pattern's fixed head are walked and each path is matched by picomatch, the matcher of
 * micromatch and fast-glob. Its rules are node:fs glob's for what users write (`*`, `**`, `?`,
 * classes, braces; a name beginning with a dot matched only by a pattern that names the dot);
 * tests/cli/glob-walk.test.ts holds the two to the same answers. The walk is walk.ts's.
 */
import { resolve } from 'node:path';
import picomatch from 'picomatch';
import { walkFiles } from './walk.ts';

/** Files matching `pattern` (relative to the working directory, or absolute), as absolute paths. */
export async function globByWalk(pattern: string): Promise<string[]> {
  const { base, glob } = picomatch.scan(pattern);
  // posix: `[!x]` negates a class, as in a shell and node:fs glob (picomatch alone reads `!` literally).
  const matches = picomatch(glob, { posix: true });
  // Without `**` a match is exactly as deep as the pattern; hidden folders only when it names one.
  const depth = glob.includes('**') ? Infinity : glob.split('/').length;
  const hiddenFolders = /(^|\/)\./.test(glob);
  const root = resolve(base === '' ? '.' : base);
  // Folders that cannot be read are passed over, as node:fs glob passes over them.
  const { found } = await walkFiles(root, {
    enter: (name, level) => level < depth && (hiddenFolders || !name.startsWith('.')),
    take: (_name, path) => matches(path),
  });
  return found;
}
