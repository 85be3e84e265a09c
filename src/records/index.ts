import { PROFILES } from '../standard/profiles.ts';
import { allSchemas } from '../standard/schemas.ts';
import { adoptionKitRecord, type StarterSource } from './adoption-kit.ts';
import { problemBody } from '../standard/problem.ts';
import { ADOPTION_KIT_DOWNLOAD_FILE, ROUTE_NOT_FOUND_FILE } from './files.ts';
import { catalogRecord } from './catalog.ts';
import { conformancePackRecord } from './conformance-pack.ts';
import type { RecordContext } from './context.ts';
import { publishedExamples } from '../engine/index.ts';
import { exampleRecord, examplesRecord } from './examples.ts';
import { fieldRegistryRecord } from './field-registry.ts';
import { openApiDocument } from './openapi/index.ts';
import { discoveryRecord, registryEntry, registryRecord, schemasRecord } from './profiles.ts';
import {
  conformanceLevelsRecord, errorRegistryRecord, roadmapRecord, transportBindingsRecord, trustChannelsRecord,
} from './reference.ts';

export { recordPaths } from './catalog.ts';
export { recordFile, ADOPTION_KIT_DOWNLOAD_FILE, ROUTE_NOT_FOUND_FILE } from './files.ts';
export type { RecordContext } from './context.ts';
export type { StarterSource } from './adoption-kit.ts';

/**
 * Every published JSON record, keyed by its path under /v1. The static build writes each one
 * to dist/v1/<path>; pages read the same objects, so a page and its JSON twin cannot disagree.
 */
export function buildRecordSet(ctx: RecordContext, starters: readonly StarterSource[]): Map<string, unknown> {
  const examples = publishedExamples(ctx.site);
  const records = new Map<string, unknown>();
  const registry = registryRecord(ctx);
  const fieldRegistry = fieldRegistryRecord(ctx, examples);
  const bindings = transportBindingsRecord(ctx);
  const trustChannels = trustChannelsRecord(ctx);
  const levels = conformanceLevelsRecord(ctx);
  const errorRegistry = errorRegistryRecord(ctx);

  records.set('/catalog', catalogRecord(ctx, examples));
  records.set('/discovery', discoveryRecord(ctx));
  records.set('/schemas', schemasRecord(ctx));
  for (const doc of allSchemas(ctx.site)) records.set(`/schemas/${doc.id}`, doc.schema);
  records.set('/registry', registry);
  for (const p of PROFILES) records.set(`/registry/${p.id}`, registryEntry(ctx, p));
  records.set('/field-registry', fieldRegistry);
  records.set('/transport-bindings', bindings);
  records.set('/trust-channels', trustChannels);
  records.set('/conformance-levels', levels);
  records.set('/error-registry', errorRegistry);
  records.set('/examples', examplesRecord(ctx, examples));
  for (const e of examples) records.set(`/examples/${e.profile}`, exampleRecord(ctx, e));
  const kit = adoptionKitRecord(ctx, examples, starters);
  records.set('/adoption-kit', kit);
  records.set(ADOPTION_KIT_DOWNLOAD_FILE, kit);
  records.set('/roadmap', roadmapRecord(ctx));
  records.set('/openapi.json', openApiDocument(ctx, examples));
  records.set(ROUTE_NOT_FOUND_FILE, problemBody(ctx.site, 'route.not_found', `No route of the REST surface has this path; GET ${ctx.site.base}/catalog lists every route.`));
  records.set('/conformance-pack', conformancePackRecord(ctx, { registry, fieldRegistry, bindings, trustChannels, levels, errorRegistry }));
  return records;
}

/** The one serializer of published records: two-space JSON with a final newline. */
export const serializeRecord = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
