import { ERROR_CODES, ISSUE_CODES } from '../standard/codes.ts';
import { CONFORMANCE_LEVELS } from '../standard/levels.ts';
import { PAGES } from '../service/pages.ts';
import { PROFILES } from '../standard/profiles.ts';
import { RELEASE } from '../standard/release.ts';
import { ROUTES, routeById } from '../service/routes.ts';
import { allSchemas } from '../standard/schemas.ts';
import { apiUrl, links, pageUrl } from '../standard/urls.ts';
import { TRANSPORT_BINDINGS } from '../standard/transport-bindings.ts';
import { TRUST_CHANNEL_RECORDS } from '../standard/trust-channels.ts';
import { generatedAt, recordHeader, type RecordContext } from './context.ts';
import type { PublishedExample } from '../engine/index.ts';

/** Concrete paths (under /v1) of every GET record, with {profile} expanded; the static build emits each. */
export function recordPaths(): string[] {
  const schemaIds = allSchemas({ origin: '', base: '' }).map((d) => d.id);
  return ROUTES.filter((r) => r.kind === 'record' && !r.path.includes('?')).flatMap((r) => {
    if (!r.path.includes('{profile}')) return [r.path];
    const ids = r.id === 'schema' ? schemaIds : PROFILES.map((p) => p.id);
    return ids.map((id) => r.path.replace('{profile}', id));
  });
}

export function catalogRecord(ctx: RecordContext, examples: readonly PublishedExample[]) {
  const l = links(ctx.site);
  return {
    ...recordHeader(ctx, 'catalog', '/catalog/'),
    // CONTRACT section 9 names the catalog's `release`; `current_release` stays, as on every record.
    release: RELEASE,
    ...generatedAt(ctx),
    call_order: ['catalog', 'roadmap', 'adoption-kit', 'validate', 'mock-exchange'].map((id) => ({
      route: id,
      url: apiUrl(ctx.site, routeById(id).path),
    })),
    routes: ROUTES.map((r) => ({
      id: r.id,
      method: r.method,
      path: `/v1${r.path}`,
      url: apiUrl(ctx.site, r.path),
      kind: r.kind,
      media_type: r.mediaType,
      summary: r.summary,
      purpose: r.purpose,
      html_url: pageUrl(ctx.site, r.page.includes('{profile}') ? '/profiles/' : r.page),
    })),
    record_urls: recordPaths().map((p) => apiUrl(ctx.site, p)),
    counts: {
      routes: ROUTES.length,
      profiles: PROFILES.length,
      schemas: allSchemas(ctx.site).length,
      examples: examples.length,
      issue_codes: ISSUE_CODES.length,
      error_codes: ERROR_CODES.length,
      bindings: TRANSPORT_BINDINGS.length,
      trust_channels: TRUST_CHANNEL_RECORDS.length,
      levels: CONFORMANCE_LEVELS.length,
      pages: PAGES.length,
    },
    pages: PAGES.map((p) => ({
      title: p.title,
      path: p.path,
      url: pageUrl(ctx.site, p.path),
      record: p.record,
      record_url: p.path.startsWith('/profiles/uai.')
        ? l.schema(p.path.split('/')[2]!)
        : apiUrl(ctx.site, routeById(p.record).path),
    })),
  };
}
