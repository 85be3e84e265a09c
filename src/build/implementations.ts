import { createHash } from 'node:crypto';
import { referenceServerCore } from '../http/reference-server-handler.ts';
import { coreHttp, DEFAULT_LIMITS, testImplementation } from '../kit/index.ts';
import { serializeRecord } from '../records/index.ts';
import { verifyEntries, type EntryFiles, type VerifiedEntry } from '../records/implementations.ts';
import { links, type Site } from '../standard/urls.ts';
import { readEntryFolders } from './entry-folders.ts';

export { readEntryFolder, readEntryFolders } from './entry-folders.ts';

/**
 * The entries of the report of implementations, as the build sees them: one folder per entry
 * under implementations/ (result.json, meta.json, and optionally report.json), plus the reference
 * server's entry, produced here by running the kit in process against the reference server's core.
 */
export const IMPLEMENTATIONS_DIR = 'implementations';
export const REFERENCE_SLUG = 'reference-server';

/**
 * The folders of entries a build reads: implementations/, and the folder UAI_IMPLEMENTATION_FIXTURES
 * names when set (the test build adds its fixture entries this way; a deploy never sets it).
 */
export const implementationDirs = (env: Record<string, string | undefined> = process.env): string[] => [
  IMPLEMENTATIONS_DIR,
  ...(env.UAI_IMPLEMENTATION_FIXTURES ? [env.UAI_IMPLEMENTATION_FIXTURES] : []),
];

/** The reference server's entry: the kit run in process against the core the function and local server run. */
export async function referenceEntry(site: Site, now: Date): Promise<EntryFiles> {
  const endpoint = links(site).referenceServer;
  const core = referenceServerCore({ site, now: () => now });
  const report = await testImplementation(
    {
      endpoint,
      site,
      now,
      // Stable for one build instant and origin, fresh for every build.
      runId: createHash('sha256').update(`${site.origin} ${now.toISOString()}`).digest('hex').slice(0, 32),
      limits: DEFAULT_LIMITS,
    },
    coreHttp(core, site.origin),
  );
  const meta = {
    name: 'UAI-1 reference server',
    side: 'server',
    target: endpoint,
    language: 'TypeScript',
    homepage: `${site.origin}/test-your-implementation/`,
  };
  return {
    slug: REFERENCE_SLUG,
    dir: `${IMPLEMENTATIONS_DIR}/${REFERENCE_SLUG} (built)`,
    result: new TextEncoder().encode(serializeRecord(report.result_message)),
    meta: JSON.stringify(meta),
    report: JSON.stringify(report),
    rerunByBuild: true,
  };
}

/**
 * Every entry, verified: the reference server's first, then the folders of `dir`. Throws an
 * EntryError naming the file and the reason at the first broken entry.
 */
export async function loadImplementations(
  site: Site,
  now: Date,
  dirs: readonly string[] = implementationDirs(),
): Promise<VerifiedEntry[]> {
  const entries = [await referenceEntry(site, now), ...dirs.flatMap((d) => readEntryFolders(d))];
  return verifyEntries(entries, { site, now });
}
