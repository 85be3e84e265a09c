import { PROFILES } from '../standard/profiles.ts';
import { allSchemas, type SchemaId } from '../standard/schemas.ts';
import { adoptionKitRecord, type StarterSource } from './adoption-kit.ts';
import { problemBody } from '../service/problem-body.ts';
import { ADOPTION_KIT_DOWNLOAD_FILE, ROUTE_NOT_FOUND_FILE } from './files.ts';
import { catalogRecord } from './catalog.ts';
import { conformancePackRecord } from './conformance-pack.ts';
import type { RecordContext } from './context.ts';
import { publishedExamples } from '../engine/index.ts';
import { exampleRecord, examplesRecord } from './examples.ts';
import { fieldRegistryRecord } from './field-registry.ts';
import { implementationsRecord, type VerifiedEntry } from './implementations.ts';
import { openApiDocument } from './openapi/index.ts';
import { discoveryRecord, registryEntry, registryRecord, schemasRecord } from './profiles.ts';
import {
  conformanceLevelsRecord,
  errorRegistryRecord,
  roadmapRecord,
  transportBindingsRecord,
  trustChannelsRecord,
} from './reference.ts';

export { recordPaths } from './catalog.ts';
export { recordFile, ADOPTION_KIT_DOWNLOAD_FILE, ROUTE_NOT_FOUND_FILE } from './files.ts';
export type { RecordContext } from './context.ts';
export type { StarterSource } from './adoption-kit.ts';

/** `{ [path(item)]: build(item) }` for a list, typed by its path template. */
function byPath<Item, Path extends string, T>(
  items: readonly Item[],
  path: (item: Item) => Path,
  build: (item: Item) => T,
): Record<Path, T> {
  return Object.fromEntries(items.map((item) => [path(item), build(item)])) as Record<Path, T>;
}

/**
 * Every published JSON record, keyed by its path under /v1. The static build writes each one
 * to dist/v1/<path>; pages read the same objects, so a page and its JSON twin cannot disagree.
 * The set is typed path by path, so a page reading `/catalog` gets the catalog's type.
 */
export function buildRecordSet(
  ctx: RecordContext,
  starters: readonly StarterSource[],
  implementations: readonly VerifiedEntry[],
) {
  const examples = publishedExamples(ctx.site);
  const registry = registryRecord(ctx);
  const fieldRegistry = fieldRegistryRecord(ctx, examples);
  const bindings = transportBindingsRecord(ctx);
  const trustChannels = trustChannelsRecord(ctx);
  const levels = conformanceLevelsRecord(ctx);
  const errorRegistry = errorRegistryRecord(ctx);
  const schemas = allSchemas(ctx.site);
  const kit = adoptionKitRecord(ctx, examples, starters);
  const front = {
    '/catalog': catalogRecord(ctx, examples),
    '/discovery': discoveryRecord(ctx),
    '/schemas': schemasRecord(ctx),
    ...byPath(
      schemas,
      (d) => `/schemas/${d.id as SchemaId}` as const,
      (d) => d.schema,
    ),
    '/registry': registry,
    ...byPath(
      PROFILES,
      (p) => `/registry/${p.id}` as const,
      (p) => registryEntry(ctx, p),
    ),
    '/field-registry': fieldRegistry,
    '/transport-bindings': bindings,
    '/trust-channels': trustChannels,
    '/conformance-levels': levels,
    '/error-registry': errorRegistry,
    '/examples': examplesRecord(ctx, examples),
    ...byPath(
      examples,
      (e) => `/examples/${e.profile}` as const,
      (e) => exampleRecord(ctx, e),
    ),
    '/adoption-kit': kit,
    [ADOPTION_KIT_DOWNLOAD_FILE]: kit,
    '/roadmap': roadmapRecord(ctx),
    '/implementations': implementationsRecord(ctx, implementations),
  };
  const back = {
    [ROUTE_NOT_FOUND_FILE]: problemBody(
      ctx.site,
      'route.not_found',
      `No route of the REST surface has this path; GET ${ctx.site.base}/catalog lists every route.`,
    ),
    '/conformance-pack': conformancePackRecord(ctx, {
      registry,
      fieldRegistry,
      bindings,
      trustChannels,
      levels,
      errorRegistry,
    }),
  };
  // The OpenAPI document's examples are the other records themselves (the document is built last).
  const built: Record<string, unknown> = { ...front, ...back };
  const openapi = openApiDocument(ctx, examples, (path) => built[path]);
  // Member order is the order the build writes the files in.
  return { ...front, '/openapi.json': openapi, ...back };
}

export type RecordSet = ReturnType<typeof buildRecordSet>;
/** Path under /v1 of a published record (its file path for the download and not-found twins). */
export type RecordPath = keyof RecordSet & string;

/** The one serializer of published records: two-space JSON with a final newline. */
export const serializeRecord = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
