/**
 * Glob expansion for `uai validate`, on every Node the package runs on: the files below the
 * pattern's fixed head are walked (walk.ts: links not followed) and each path is matched by
 * node:path's matchesGlob (Node 20.17 and later), the matcher node:fs glob itself runs (minimatch,
 * with the same options), so a pattern finds what node:fs glob finds; tests/cli/glob-walk.test.ts
 * holds the two to the same answers. node:fs glob itself is not used: it passes over a folder it
 * cannot read without a word, and a file in that folder would then be neither checked nor reported
 * (an exit status of 0 for a run that did not see it). The walk names such a folder.
 */
import * as path from 'node:path';
import { splitGlob as split } from './glob-base.ts';
import { walkFiles, type Walked } from './walk.ts';

/**
 * Node 20 flags matchesGlob as experimental and says so on standard error, once per process, the
 * first time it is called: that line would tell the user about our implementation, not about their
 * files. The first call is made here with that one warning held back; any other goes out.
 */
function quietMatcher(matchesGlob: (file: string, pattern: string) => boolean): typeof matchesGlob {
  const emit = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (!text.startsWith('glob is an experimental feature'))
      (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    matchesGlob('a', 'a');
  } finally {
    process.emitWarning = emit;
  }
  return matchesGlob;
}

/**
 * Files matching `pattern` (relative to the working directory, or absolute), as absolute paths,
 * and the folders the pattern could reach that could not be read; on a Node 20 older than 20.17,
 * which has no matcher, why the pattern is not expanded.
 */
export async function globByWalk(
  pattern: string,
): Promise<{ found: string[]; unreadable: Walked['unreadable']; links: string[] } | { error: string }> {
  const { matchesGlob } = path as { matchesGlob?: (file: string, pattern: string) => boolean };
  if (typeof matchesGlob !== 'function')
    return {
      error: `this Node (${process.version}) cannot expand a pattern: uai does on Node 20.17 and later; or let the shell expand it (leave it unquoted)`,
    };
  const matches = quietMatcher(matchesGlob);
  // The matcher reads a backslash as a folder separator on every system (node:fs glob passes it
  // windowsPathsNoEscape), so the walk splits the pattern where the matcher does.
  const { base, glob } = split(pattern.replaceAll('\\', '/'));
  const parts = glob.split('/');
  const globstar = parts.indexOf('**');
  // Without `**` a match is exactly as deep as the pattern; hidden folders only when it names one.
  const depth = globstar < 0 ? parts.length : Infinity;
  // A dot anywhere a name may begin: after a slash, or inside braces, a class or an extglob.
  const hiddenFolders = /(^|[/{,(|[])\./.test(glob);
  // Above a `**`, a folder is entered only where the pattern's leading parts match its path, so a
  // folder no match could lie in is neither read nor, when it cannot be read, reported. Not when a
  // brace or an extglob holds a slash: its parts are not the pattern's parts.
  const byParts = !/[{(][^{}()]*\/[^{}()]*[})]/.test(glob);
  const leading = (level: number, folder: string): boolean =>
    !byParts || (globstar >= 0 && level > globstar) || matches(folder, parts.slice(0, level).join('/'));
  const root = path.resolve(base === '' ? '.' : base);
  const { found, unreadable, links } = await walkFiles(root, {
    enter: (name, level, folder) => level < depth && (hiddenFolders || !name.startsWith('.')) && leading(level, folder),
    take: (_name, file) => matches(file, glob),
  });
  // A head that does not exist, or is a file, holds no match: that is "no file matches", not an unreadable folder.
  return { found, unreadable: unreadable.filter((u) => u.code !== 'ENOENT' && u.code !== 'ENOTDIR'), links };
}
