import { configuredSite } from '../config.ts';
import { buildRecordSet, type StarterSource } from '../records/index.ts';
import { STARTER_META } from '../records/starters.ts';

/**
 * The records as the static build sees them: built once per build from the configured origin.
 * JSON routes and pages both read this map, so a page and its JSON twin cannot disagree.
 */
const starterFiles = import.meta.glob<string>('../../starters/*', { query: '?raw', import: 'default', eager: true });

const starters: StarterSource[] = STARTER_META.map((meta) => {
  const content = starterFiles[`../../starters/${meta.name}`];
  if (content === undefined) throw new Error(`Starter file starters/${meta.name} is missing`);
  return { ...meta, content };
});

export const site = configuredSite();
export const generatedAt = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
export const records = buildRecordSet({ site, generatedAt }, starters);

export function record<T = Record<string, unknown>>(path: string): T {
  const value = records.get(path);
  if (value === undefined) throw new Error(`No record at /v1${path}`);
  return value as T;
}
