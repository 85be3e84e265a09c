/**
 * Glob expansion where node:fs has no glob (Node 20; it came in 22): the files below the
 * pattern's fixed head are walked and each path is matched by picomatch, the matcher of
 * micromatch and fast-glob. Its rules are node:fs glob's for what users write (`*`, `**`, `?`,
 * classes, braces; a name beginning with a dot matched only by a pattern that names the dot);
 * tests/cli/glob-walk.test.ts holds the two to the same answers. Links are not followed, as in a
 * directory walk, so no walk can loop.
 */
import * as fs from 'node:fs/promises';
import { join, resolve } from 'node:path';
import picomatch from 'picomatch';

/** Files matching `pattern` (relative to the working directory, or absolute), as absolute paths. */
export async function globByWalk(pattern: string): Promise<string[]> {
  const { base, glob } = picomatch.scan(pattern);
  // posix: `[!x]` negates a class, as in a shell and node:fs glob (picomatch alone reads `!` literally).
  const matches = picomatch(glob, { posix: true });
  // Without `**` a match is exactly as deep as the pattern; hidden folders only when it names one.
  const depth = glob.includes('**') ? Infinity : glob.split('/').length;
  const hiddenFolders = /(^|\/)\./.test(glob);
  const found: string[] = [];
  async function walk(dir: string, relative: string, level: number): Promise<void> {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (level + 1 < depth && (hiddenFolders || !entry.name.startsWith('.')))
          await walk(join(dir, entry.name), path, level + 1);
      } else if (entry.isFile() && matches(path)) found.push(join(dir, entry.name));
    }
  }
  await walk(resolve(base === '' ? '.' : base), '', 0);
  return found;
}
