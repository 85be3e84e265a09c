/**
 * The one folder walk behind `uai validate`'s inputs: a directory (files.ts) and, on Node 20, a
 * glob (glob-walk.ts). Links are not followed, so no walk can loop; each caller says which folders
 * to go into and which files to take.
 */
import * as fs from 'node:fs/promises';
import { join } from 'node:path';

export interface WalkRules {
  /** Whether to go into a folder: its name, how deep it is (1 for one in the root), and its path from the root. */
  readonly enter: (name: string, level: number, path: string) => boolean;
  /** Whether a file is one: its name, and its path from the root with `/` between names. */
  readonly take: (name: string, path: string) => boolean;
}

export interface Walked {
  /** The files taken, each as join(root, its path). */
  readonly found: string[];
  /** Folders that could not be read, with the error's code. */
  readonly unreadable: { readonly folder: string; readonly code: string }[];
  /**
   * Links whose name a file would be taken by (`messages/bad.json` -> elsewhere): not followed, and
   * not passed over in silence either, since a message committed as a link would otherwise never
   * be checked while the run passed.
   */
  readonly links: string[];
}

export async function walkFiles(root: string, rules: WalkRules): Promise<Walked> {
  const walked: Walked = { found: [], unreadable: [], links: [] };
  async function walk(dir: string, relative: string, level: number): Promise<void> {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      walked.unreadable.push({ folder: dir, code: codeOf(error) });
      return;
    }
    for (const entry of entries) {
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (rules.enter(entry.name, level + 1, path)) await walk(join(dir, entry.name), path, level + 1);
      } else if (entry.isFile() && rules.take(entry.name, path)) walked.found.push(join(dir, entry.name));
      else if (entry.isSymbolicLink() && rules.take(entry.name, path)) walked.links.push(join(dir, entry.name));
    }
  }
  await walk(root, '', 0);
  return walked;
}

const codeOf = (error: unknown): string =>
  typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : 'error';
