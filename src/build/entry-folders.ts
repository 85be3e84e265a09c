import { closeSync, constants, existsSync, fstatSync, lstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { EntryError, type EntryFiles } from '../records/implementations.ts';

/**
 * The files of report entries as they sit on disk: one folder per entry, its name the entry's id.
 * The build reads every folder of implementations/; `uai check-entry` reads the one folder an
 * implementer is about to submit, so both verify exactly the same bytes.
 */

/**
 * The most of one entry file read: an entry arrives by pull request, so a file of it (or a link to
 * /dev/zero) is chosen by whoever opened it, and the build of every later deploy reads it. A
 * sealed result and a kit report are tens of kilobytes; this is the bound `uai validate` keeps too.
 */
export const MAX_ENTRY_FILE_BYTES = 4 * 1024 * 1024;

/**
 * A file of an entry: a regular file of the folder itself, not a link (to a device, a pipe, or a
 * file outside the repository), at most MAX_ENTRY_FILE_BYTES. Anything else is an EntryError:
 * an entry the report refuses, with the reason, never a read that hangs or a stack trace.
 */
function readEntryFile(path: string, shown: string): Buffer {
  let fd: number;
  try {
    // O_NOFOLLOW refuses a link, O_NONBLOCK keeps a pipe from holding the open until a writer comes.
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new EntryError(
      shown,
      code === 'ELOOP' ? 'a link, not a file of the folder' : `cannot be read (${code ?? 'error'})`,
    );
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new EntryError(shown, 'not a regular file');
    if (stat.size > MAX_ENTRY_FILE_BYTES)
      throw new EntryError(shown, `larger than ${MAX_ENTRY_FILE_BYTES} bytes, the most an entry file may hold`);
    const bytes = Buffer.alloc(stat.size);
    let filled = 0;
    while (filled < bytes.length) {
      const read = readSync(fd, bytes, filled, bytes.length - filled, null);
      if (read === 0) break;
      filled += read;
    }
    return bytes.subarray(0, filled);
  } finally {
    closeSync(fd);
  }
}

/** One entry folder: result.json and meta.json, and report.json when there is one. */
export function readEntryFolder(folder: string, root = process.cwd()): EntryFiles {
  const shown = relative(root, folder) || folder;
  // The folder itself a link (to another entry, or outside the repository) is refused as its files are.
  if (isLink(folder)) throw new EntryError(shown, 'a link; an entry is a folder of its own');
  const file = (name: string) => join(folder, name);
  for (const name of ['result.json', 'meta.json'])
    if (!existsSync(file(name)) && !isLink(file(name)))
      throw new EntryError(`${shown}/${name}`, 'missing (an entry needs result.json and meta.json)');
  return {
    slug: basename(folder),
    dir: shown,
    result: new Uint8Array(readEntryFile(file('result.json'), `${shown}/result.json`)),
    meta: readEntryFile(file('meta.json'), `${shown}/meta.json`).toString('utf8'),
    ...(existsSync(file('report.json')) || isLink(file('report.json'))
      ? { report: readEntryFile(file('report.json'), `${shown}/report.json`).toString('utf8') }
      : {}),
  };
}

/** Whether a path is a link (existsSync follows one, and says false for a dangling link). */
const isLink = (path: string): boolean => lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() === true;

/** Every entry folder of a directory, by name (none when it does not exist). */
export function readEntryFolders(dir: string, root = process.cwd()): EntryFiles[] {
  if (!existsSync(dir)) return [];
  return (
    readdirSync(dir, { withFileTypes: true })
      // A link among the folders is read (and refused) rather than passed over without a word.
      .filter((d) => d.isDirectory() || d.isSymbolicLink())
      .map((d) => d.name)
      .sort()
      .map((slug) => readEntryFolder(join(dir, slug), root))
  );
}
