import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configuredSite } from '../service/config.ts';
import { isoSeconds } from '../engine/index.ts';
import { buildRecordSet, type RecordPath, type RecordSet, type StarterSource } from '../records/index.ts';
import { STARTER_META } from '../records/starters.ts';
import type { VerifiedEntry } from '../records/implementations.ts';
import { loadImplementations } from './implementations.ts';

/**
 * The records as the static build sees them: built once per build from the configured origin.
 * JSON routes and pages both read this set, so a page and its JSON twin cannot disagree.
 */
// The starters are real files of the repository (read at build, from the project root); the kit
// embeds them with the service's origin in their examples (adoption-kit.ts, atService).
const starters: StarterSource[] = STARTER_META.map((meta) => ({
  ...meta,
  content: readFileSync(join(process.cwd(), 'starters', meta.name), 'utf8'),
}));

export const site = configuredSite();
/**
 * The build instant: now, or the instant SOURCE_DATE_EPOCH names (seconds since the epoch, the
 * reproducible-builds.org convention), so that two builds of the same tree can be compared byte
 * for byte (scripts/compare-outputs.ts): the report's kit run and its ids derive from it.
 */
const epoch = process.env.SOURCE_DATE_EPOCH;
export const generatedAt = isoSeconds(epoch ? new Date(Number(epoch) * 1000) : new Date());
/** The report's entries: the reference server's (the kit run in process), then implementations/. */
export const implementations = await loadImplementations(site, new Date(generatedAt));
export const records = buildRecordSet({ site, generatedAt }, starters, implementations);

/** The static paths of a route with one file per entry of the report (`[slug]`), with what each file gets. */
export const entryPaths = <P>(props: (entry: VerifiedEntry) => P) =>
  implementations.map((entry) => ({ params: { slug: entry.slug }, props: props(entry) }));

/** The record at a path under /v1, with that record's type. */
export function record<P extends RecordPath>(path: P): RecordSet[P] {
  if (!Object.hasOwn(records, path)) throw new Error(`No record at /v1${path}`);
  return records[path];
}
