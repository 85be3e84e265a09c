import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configuredSite } from '../config.ts';
import { isoSeconds } from '../engine/index.ts';
import { buildRecordSet, type StarterSource } from '../records/index.ts';
import { STARTER_META } from '../records/starters.ts';

/**
 * The records as the static build sees them: built once per build from the configured origin.
 * JSON routes and pages both read this map, so a page and its JSON twin cannot disagree.
 */
// The starters are real files of the repository, embedded as they are (read at build, from the project root).
const starters: StarterSource[] = STARTER_META.map((meta) => ({
  ...meta,
  content: readFileSync(join(process.cwd(), 'starters', meta.name), 'utf8'),
}));

export const site = configuredSite();
export const generatedAt = isoSeconds(new Date());
export const records = buildRecordSet({ site, generatedAt }, starters);

export function record<T = Record<string, unknown>>(path: string): T {
  const value = records.get(path);
  if (value === undefined) throw new Error(`No record at /v1${path}`);
  return value as T;
}
