import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { EntryError, type EntryFiles } from '../records/implementations.ts';

/**
 * The files of report entries as they sit on disk: one folder per entry, its name the entry's id.
 * The build reads every folder of implementations/; `uai check-entry` reads the one folder an
 * implementer is about to submit, so both verify exactly the same bytes.
 */

/** One entry folder: result.json and meta.json, and report.json when there is one. */
export function readEntryFolder(folder: string, root = process.cwd()): EntryFiles {
  const shown = relative(root, folder) || folder;
  const file = (name: string) => join(folder, name);
  for (const name of ['result.json', 'meta.json'])
    if (!existsSync(file(name)))
      throw new EntryError(`${shown}/${name}`, 'missing (an entry needs result.json and meta.json)');
  return {
    slug: basename(folder),
    dir: shown,
    result: new Uint8Array(readFileSync(file('result.json'))),
    meta: readFileSync(file('meta.json'), 'utf8'),
    ...(existsSync(file('report.json')) ? { report: readFileSync(file('report.json'), 'utf8') } : {}),
  };
}

/** Every entry folder of a directory, by name (none when it does not exist). */
export function readEntryFolders(dir: string, root = process.cwd()): EntryFiles[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((slug) => readEntryFolder(join(dir, slug), root));
}
