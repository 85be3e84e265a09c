import { PROFILES } from '../../standard/profiles.ts';
import { RELEASE, UAI_VERSION } from '../../standard/release.ts';
import { ROUTES, type Route } from '../../service/routes.ts';
import { ENVELOPE_SCHEMA_ID } from '../../standard/schemas.ts';
import { pageUrl } from '../../standard/urls.ts';
import type { RecordContext } from '../context.ts';
import type { PublishedExample } from '../../engine/index.ts';
import { postOperation } from './action-operations.ts';
import { exchangeOperation } from './exchange-operations.ts';
import { componentSchemas, ref } from './components.ts';
import { hoistExamples, recordExample } from './examples.ts';
import { operationId, problemResponse, transportProblems } from './operation-parts.ts';
import type { Json } from './schema-helpers.ts';

/**
 * OpenAPI 3.1.0 description of the REST surface (CONTRACT section 9), generated from the route
 * table, the field model and the published examples.
 */
const RECORD_SCHEMAS: Record<string, string> = {
  schema: 'JsonSchemaDocument',
  openapi: 'OpenApiDocument',
  example: 'ExampleRecord',
  implementations: 'ImplementationsRecord',
};

/** The path under /v1 of the record a GET route answers, with the first profile for {profile}. */
const recordPath = (route: Route) => route.path.replace('{profile}', PROFILES[0]!.id);

/** Looks up a built record by its path under /v1 (the record set's keys). */
export type RecordLookup = (path: string) => unknown;

function getOperation(route: Route, ctx: RecordContext, records: RecordLookup): Json {
  const params: Json[] = [
    {
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'An ETag from an earlier answer; a match gives 304 (RFC 9110 section 13.1.2).',
      schema: { type: 'string' },
    },
  ];
  if (route.path.includes('{profile}')) {
    const ids = PROFILES.map((p) => p.id) as string[];
    params.push({
      name: 'profile',
      in: 'path',
      required: true,
      description: 'A profile identifier such as uai.intent.request.v1.',
      schema: { type: 'string', enum: route.id === 'schema' ? [ENVELOPE_SCHEMA_ID, ...ids] : ids },
    });
  }
  if (route.id === 'adoption-kit') {
    params.push({
      name: 'download',
      in: 'query',
      required: false,
      description: 'download=1 returns the same bundle with Content-Disposition: attachment.',
      schema: { type: 'string', enum: ['1'] },
    });
  }
  const schema = ref(RECORD_SCHEMAS[route.id] ?? 'Record');
  const path = recordPath(route);
  const record = records(path);
  if (record === undefined) throw new Error(`GET ${route.path}: no built record at ${path} to be its response example`);
  return {
    operationId: operationId(route),
    summary: route.summary,
    description: `${route.purpose} Human page: ${pageUrl(ctx.site, route.page.replace('{profile}', PROFILES[0]!.id))}`,
    tags: ['records'],
    parameters: params,
    responses: {
      '200': {
        description: route.summary,
        headers: {
          ETag: { description: 'Validator of the record.', required: true, schema: { type: 'string' } },
          'Cache-Control': { description: 'public, max-age=300', required: true, schema: { type: 'string' } },
          ...(route.id === 'adoption-kit'
            ? {
                'Content-Disposition': {
                  description: 'With download=1: attachment; filename="uai-1-adoption-kit.json".',
                  required: false,
                  schema: { type: 'string' },
                },
              }
            : {}),
        },
        content: {
          'application/json': {
            schema,
            examples: {
              [route.id]: recordExample(route.summary, `${ctx.site.base}${path}`, record),
            },
          },
        },
      },
      '304': {
        description: 'Not modified: If-None-Match named the current ETag (RFC 9110 section 15.4.5).',
        headers: { ETag: { description: 'Validator of the record.', required: true, schema: { type: 'string' } } },
      },
      '404': problemResponse(ctx.site, 'route.not_found'),
      '405': problemResponse(ctx.site, 'request.method_not_allowed'),
      ...transportProblems(ctx.site),
    },
  };
}

/** The path parameters of an operation: every operation on a templated path declares them. */
const pathParameters = (operation: unknown): Json[] =>
  (((operation as Json | undefined)?.parameters ?? []) as Json[]).filter((p) => p.in === 'path');

/** A path that is only read (a record, the reference server's task path): its preflight is a record's. */
const readOnly = (route: Route): boolean =>
  route.method === 'GET' && !ROUTES.some((r) => r.path === route.path && r.method === 'POST');

/**
 * OPTIONS of a POST route or of a path that is only read: a CORS preflight, 204 with the headers of
 * CONTRACT section 8 (a read path's allow any request header, such as If-None-Match; docs/contract.md).
 */
function preflightOperation(route: Route, ctx: RecordContext, parameters: readonly Json[]): Json {
  const read = readOnly(route);
  return {
    operationId: `preflight${operationId(route).slice(route.method.length)}`,
    summary: `CORS preflight for ${route.path}`,
    ...(parameters.length > 0 ? { parameters } : {}),
    description: read
      ? 'Answers 204 with Access-Control-Allow-Methods: GET, HEAD, OPTIONS and Access-Control-Allow-Headers: *, so that a script on another origin may send headers of its own, such as If-None-Match or traceparent.'
      : 'Answers 204 with the CORS headers of CONTRACT section 8.',
    tags: [route.kind === 'record' ? 'records' : 'actions'],
    responses: {
      '204': { description: 'Preflight accepted.' },
      '404': problemResponse(ctx.site, 'route.not_found'),
      ...transportProblems(ctx.site),
    },
  };
}

/**
 * The document, with an example on every response that has a body. A GET record's example is
 * the record `records` holds at its path; the document's own example is a trimmed copy of itself,
 * taken last, when everything but that example is in place.
 */
export function openApiDocument(
  ctx: RecordContext,
  examples: readonly PublishedExample[],
  records: RecordLookup,
): Json {
  const self: { doc?: Json } = {};
  const lookup: RecordLookup = (path) => (path === '/openapi.json' ? (self.doc ?? {}) : records(path));
  const paths: Record<string, Json> = {};
  for (const route of ROUTES) {
    if (route.path.includes('?')) continue; // the download twin is the download parameter of /adoption-kit
    const item = (paths[route.path] ??= {});
    item[route.method.toLowerCase()] =
      exchangeOperation(route, ctx) ??
      (route.method === 'GET' ? getOperation(route, ctx, lookup) : postOperation(route, ctx, examples));
    if (route.method === 'POST' || readOnly(route))
      item.options = preflightOperation(route, ctx, pathParameters(item[route.method.toLowerCase()]));
  }
  const doc: Json = {
    openapi: '3.1.0',
    info: {
      title: `${RELEASE} interchange standard service`,
      version: UAI_VERSION,
      summary: 'Published records, a live validator and a mock exchange for UAI-1.',
      description:
        'JSON-first REST surface of the UAI-1 agent-to-agent message interchange standard. Recommended call order: catalog, roadmap, adoption kit, validate, mock exchange. GET records are static and public; the POST routes need no credential and are rate limited to 120 requests per minute per client address.',
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
      contact: { name: 'UAI-1 maintainers', url: pageUrl(ctx.site, '/') },
    },
    externalDocs: { description: 'API reference page, rendered from this document', url: pageUrl(ctx.site, '/api/') },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    // Relative to where this document is served (OpenAPI 3.1 section 4.8.5): <origin>/v1 on every deployment.
    servers: [
      { url: new URL(ctx.site.base).pathname, description: `The REST base of this deployment, ${ctx.site.base}.` },
    ],
    security: [],
    tags: [
      { name: 'records', description: 'Published, cacheable JSON records.' },
      { name: 'actions', description: 'Live validator, mock exchange, exchange check and the reference server.' },
    ],
    paths,
    components: { schemas: componentSchemas(), examples: {} },
  };
  self.doc = doc;
  const selfRoute = ROUTES.find((r) => r.path === '/openapi.json')!;
  paths[selfRoute.path]!.get = getOperation(selfRoute, ctx, lookup);
  (doc.components as Json).examples = hoistExamples(paths);
  return doc;
}
