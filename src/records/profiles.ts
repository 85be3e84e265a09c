import { PROFILES, type Profile } from '../standard/profiles.ts';
import { REGISTRY_RELEASE_DATE, RELEASE } from '../standard/release.ts';
import { allSchemas, ENVELOPE_SCHEMA_ID } from '../standard/schemas.ts';
import { links, pageUrl } from '../standard/urls.ts';
import { TASK_STATES, TASK_TRANSITIONS, type TaskState } from '../standard/value-sets.ts';
import { recordHeader, type RecordContext } from './context.ts';

/** Discovery, schema list and registry records: three views of the profile inventory. */
function artifactUrls(ctx: RecordContext, p: Profile) {
  const l = links(ctx.site);
  return {
    schema_url: l.schema(p.id),
    example_url: l.example(p.id),
    registry_url: l.registryEntry(p.id),
    field_order_map_url: `${l.fieldRegistry}#${p.id}`,
    html_url: pageUrl(ctx.site, `/profiles/${p.id}/`),
  };
}

/** The task life cycle, on the registry entry of the task status profile only. */
interface TaskLifeCycle {
  readonly states?: readonly TaskState[];
  readonly transitions?: Readonly<Record<TaskState, readonly TaskState[]>>;
  readonly terminal_states?: readonly TaskState[];
}

const taskLifeCycle = (p: Profile): TaskLifeCycle =>
  p.id === 'uai.task.status.v1'
    ? {
        states: TASK_STATES,
        transitions: TASK_TRANSITIONS,
        terminal_states: TASK_STATES.filter((s) => TASK_TRANSITIONS[s].length === 0),
      }
    : {};

export function registryEntry(ctx: RecordContext, p: Profile) {
  return {
    ...recordHeader(ctx, 'registry-entry', `/profiles/${p.id}/`),
    id: p.id,
    title: p.title,
    role: p.role,
    status: p.status,
    summary: p.summary,
    ...artifactUrls(ctx, p),
    pairing: { answered_by: p.answeredBy, answers: p.answers },
    ...taskLifeCycle(p),
  };
}

export function registryRecord(ctx: RecordContext) {
  return {
    ...recordHeader(ctx, 'registry', '/registry/'),
    registry_release: RELEASE,
    registry_release_date: REGISTRY_RELEASE_DATE,
    count: PROFILES.length,
    profiles: PROFILES.map((p) => {
      const { record: _r, current_release: _c, uai_version: _u, base_url: _b, ...entry } = registryEntry(ctx, p);
      return { ...entry, url: links(ctx.site).registryEntry(p.id) };
    }),
  };
}

export function discoveryRecord(ctx: RecordContext) {
  const l = links(ctx.site);
  return {
    ...recordHeader(ctx, 'discovery', '/discovery/'),
    registry_release: RELEASE,
    registry_release_date: REGISTRY_RELEASE_DATE,
    openapi_url: l.openapi,
    catalog_url: l.catalog,
    profiles: PROFILES.map((p) => ({
      id: p.id,
      title: p.title,
      role: p.role,
      status: p.status,
      ...artifactUrls(ctx, p),
    })),
  };
}

export function schemasRecord(ctx: RecordContext) {
  const l = links(ctx.site);
  const docs = allSchemas(ctx.site);
  return {
    ...recordHeader(ctx, 'schemas', '/profiles/'),
    dialect: 'https://json-schema.org/draft/2020-12/schema',
    count: docs.length,
    shared_definitions: l.schema(ENVELOPE_SCHEMA_ID),
    schemas: docs.map((d) => ({
      id: d.id,
      kind: d.kind,
      title: d.schema.title,
      url: l.schema(d.id),
      html_url: pageUrl(ctx.site, d.kind === 'profile' ? `/profiles/${d.id}/` : '/profiles/'),
    })),
  };
}
