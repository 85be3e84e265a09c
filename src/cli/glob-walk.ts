/**
 * Glob expansion where node:fs has no glob (Node 20; it came in 22): the files below the
 * pattern's fixed head are walked and each path is matched by node:path's matchesGlob (Node
 * 20.17 and later), the matcher node:fs glob itself runs from Node 22 (minimatch, with the same
 * options), so a pattern means on Node 20 what it means on 22; tests/cli/glob-walk.test.ts holds
 * the two to the same answers. The walk is walk.ts's.
 */
import * as path from 'node:path';
import { splitGlob as split } from './glob-base.ts';
import { walkFiles } from './walk.ts';

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
 * Files matching `pattern` (relative to the working directory, or absolute), as absolute paths;
 * on a Node 20 older than 20.17, which has no matcher, why the pattern is not expanded.
 */
export async function globByWalk(pattern: string): Promise<{ found: string[] } | { error: string }> {
  const { matchesGlob } = path as { matchesGlob?: (file: string, pattern: string) => boolean };
  if (typeof matchesGlob !== 'function')
    return {
      error: `this Node (${process.version}) cannot expand a pattern: uai does on Node 20.17 and later; or let the shell expand it (leave it unquoted)`,
    };
  const matches = quietMatcher(matchesGlob);
  const { base, glob } = split(pattern);
  // Without `**` a match is exactly as deep as the pattern; hidden folders only when it names one.
  const depth = glob.includes('**') ? Infinity : glob.split('/').length;
  // A dot anywhere a name may begin: after a slash, or inside braces, a class or an extglob.
  const hiddenFolders = /(^|[/{,(|[])\./.test(glob);
  const root = path.resolve(base === '' ? '.' : base);
  // Folders that cannot be read are passed over, as node:fs glob passes over them.
  const { found } = await walkFiles(root, {
    enter: (name, level) => level < depth && (hiddenFolders || !name.startsWith('.')),
    take: (_name, file) => matches(file, glob),
  });
  return { found };
}
