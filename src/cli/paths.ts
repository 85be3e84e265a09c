import { lstatSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileUri } from '../kit/usage.ts';

/**
 * Where a checked file is, for CI: relative to the base directory (the repository root, from
 * --sarif-base or the working directory) so that output does not depend on where the checkout
 * lives. A file outside the base keeps its absolute location.
 */
export interface Located {
  /** A path with "/" separators: relative to the base, or absolute when outside it. */
  readonly path: string;
  /** SARIF artifactLocation: a relative URI under %SRCROOT%, or an absolute file: URI. */
  readonly uri: string;
  readonly uriBaseId?: string;
}

export const SRCROOT = '%SRCROOT%';
/** Standard input has no file; results name it this way. */
export const STDIN_NAME = 'stdin';

/** Outside the base: the base itself, a path up from it, or another drive; "..x.json" is a name inside. */
const outside = (rel: string) => rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);

/** Folders as the system names them, links followed, each looked up once (a folder that cannot be is its own). */
const realFolders = new Map<string, string>();
function realFolder(folder: string): string {
  let real = realFolders.get(folder);
  if (real === undefined) {
    try {
      real = realpathSync(folder);
    } catch {
      real = folder;
    }
    realFolders.set(folder, real);
  }
  return real;
}

/**
 * A file named through a link of its own is located where the link leads: code scanning cannot show
 * a result at a link's path ("you need to resolve any symlinked files", docs.github.com, "SARIF
 * support for code scanning"), nor can an annotation sit on one. Only checked files are located so
 * (an input that was not checked is located as named, see locateInput): one lstat per file, a
 * realpath for a link only.
 */
function linkTarget(absolute: string): string {
  try {
    return lstatSync(absolute).isSymbolicLink() ? realpathSync(absolute) : absolute;
  } catch {
    return absolute;
  }
}

export function locateFile(file: string, base: string): Located {
  return located(file, base, true);
}

/**
 * An input that was not checked, located as it was named: a link found below a folder or a
 * pattern is not followed, so its target is no input of the run (and may lie outside the
 * workspace, or be a file the run checked clean); a link named itself whose target could not
 * be read is the name the user gave.
 */
export function locateInput(file: string, base: string): Located {
  return located(file, base, false);
}

function located(file: string, base: string, followLink: boolean): Located {
  if (file === '-') return { path: STDIN_NAME, uri: STDIN_NAME, uriBaseId: SRCROOT };
  const absolute = followLink ? linkTarget(resolve(file)) : resolve(file);
  let rel = relative(resolve(base), absolute);
  // A base or a file named through a link (a runner's workspace behind one, `--sarif-base "$PWD"`
  // where the working directory is reached by a link): compared again as the system names both.
  if (outside(rel))
    rel = relative(realFolder(resolve(base)), resolve(realFolder(dirname(absolute)), basename(absolute)));
  if (outside(rel)) return { path: absolute.split(sep).join('/'), uri: fileUri(absolute) };
  const segments = rel.split(sep);
  return { path: segments.join('/'), uri: segments.map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
}

/**
 * Why a --sarif-base cannot be the base, or undefined when it is a folder. A misspelt base would
 * put every file outside it, so every location would be absolute, which code scanning cannot place.
 */
export function baseMistake(base: string): string | undefined {
  let folder: boolean | undefined;
  try {
    folder = statSync(resolve(base), { throwIfNoEntry: false })?.isDirectory();
  } catch {
    folder = false;
  }
  return folder ? undefined : `--sarif-base ${base}: ${folder === undefined ? 'no such folder' : 'not a folder'}`;
}
