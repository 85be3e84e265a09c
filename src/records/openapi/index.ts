import { errorCode, type ErrorCodeId } from '../../standard/codes.ts';
import { PROFILES } from '../../standard/profiles.ts';
import { EXAMPLE_CHECKED_AT, mockExchange, validateMessage, type PublishedExample } from '../../engine/index.ts';
import { RELEASE, UAI_VERSION } from '../../standard/release.ts';
import { ROUTES, type Route } from '../../service/routes.ts';
import { ENVELOPE_SCHEMA_ID } from '../../standard/schemas.ts';
import { pageUrl } from '../../standard/site.ts';
import type { RecordContext } from '../context.ts';
import { componentSchemas, ref } from './components.ts';

/**
 * OpenAPI 3.1.0 description of the REST surface (CONTRACT section 9), generated from the route
 * table, the field model and the published examples.
 */
type Json = Record<string, unknown>;

const problemResponse = (code: ErrorCodeId) => {
  const entry = errorCode(code);
  return { description: `${entry.title} (${code})`, content: { 'application/problem+json': { schema: ref('Problem') } } };
};

const RECORD_SCHEMAS: Record<string, string> = { schema: 'JsonSchemaDocument', openapi: 'OpenApiDocument', example: 'ExampleRecord' };

function operationId(route: Route): string {
  const words = route.id.split('-');
  return (route.method === 'GET' ? 'get' : 'post') + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

function getOperation(route: Route, ctx: RecordContext): Json {
  const params: Json[] = [];
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
    params.push({ name: 'download', in: 'query', required: false, description: 'download=1 returns the same bundle with Content-Disposition: attachment.', schema: { type: 'string', enum: ['1'] } });
  }
  const schema = ref(RECORD_SCHEMAS[route.id] ?? 'Record');
  return {
    operationId: operationId(route),
    summary: route.summary,
    description: `${route.purpose} Human page: ${pageUrl(ctx.site, route.page.replace('{profile}', PROFILES[0]!.id))}`,
    tags: ['records'],
    ...(params.length ? { parameters: params } : {}),
    responses: {
      '200': {
        description: route.summary,
        headers: {
          ETag: { description: 'Validator of the record.', schema: { type: 'string' } },
          'Cache-Control': { description: 'public, max-age=300', schema: { type: 'string' } },
        },
        content: { 'application/json': { schema } },
      },
      '404': problemResponse('route.not_found'),
      '405': problemResponse('request.method_not_allowed'),
    },
  };
}

const POST_PROBLEMS: readonly ErrorCodeId[] = ['request.malformed_json', 'request.invalid', 'request.too_deep', 'request.method_not_allowed', 'request.too_large', 'request.unsupported_media_type', 'request.rate_limited', 'server.internal'];

function postProblems(): Json {
  const byStatus = new Map<string, ErrorCodeId[]>();
  for (const code of POST_PROBLEMS) {
    const status = String(errorCode(code).status);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [status, { ...problemResponse(codes[0]!), description: codes.map((c) => `${errorCode(c).title} (${c})`).join('; ') }]),
  );
}

/** Real answers of the engine for the request example, at the fixed example instant, as response examples. */
function responseExample(ctx: RecordContext, isValidate: boolean, request: Record<string, unknown>): unknown {
  const now = EXAMPLE_CHECKED_AT;
  if (isValidate) return validateMessage(request, { mode: 'keyed-json', site: ctx.site, now });
  return mockExchange({ scenario: 'accepted-task', format: 'exchange', message: request }, { site: ctx.site, now: () => now });
}

function postOperation(route: Route, ctx: RecordContext, examples: readonly PublishedExample[]): Json {
  const request = examples.find((e) => e.profile === 'uai.intent.request.v1')!.message;
  const isValidate = route.id === 'validate';
  const answer = { published: { summary: 'The answer for the intent request example', value: responseExample(ctx, isValidate, request) } };
  return {
    operationId: operationId(route),
    summary: route.summary,
    description: route.purpose,
    tags: ['actions'],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: ref(isValidate ? 'ValidateRequest' : 'MockExchangeRequest'),
          examples: isValidate
            ? { published: { summary: 'The intent request example', value: { message: request, normalization_mode: 'keyed-json', format: 'result' } } }
            : { acceptedTask: { summary: 'Accepted-task scenario', value: { scenario: 'accepted-task', format: 'exchange', message: request } } },
        },
      },
    },
    responses: {
      '200': {
        description: isValidate
          ? 'The check ran (valid or not). format=record answers with the conformance record as an attachment; format=sarif with a SARIF log.'
          : 'The exchange ran; http_status inside the result is the simulated status.',
        headers: { 'Cache-Control': { description: 'no-store', schema: { type: 'string' } } },
        content: isValidate
          ? {
              'application/json': { schema: { oneOf: [ref('ValidatorResult'), ref('ConformanceResultMessage')] }, examples: answer },
              'application/sarif+json': { schema: ref('SarifLog') },
            }
          : { 'application/json': { schema: { oneOf: [ref('MockExchangeResult'), ref('IntentResponseMessage'), ref('ErrorMessage')], description: 'format=message answers with the response message alone.' }, examples: answer } },
      },
      ...postProblems(),
    },
  };
}

export function openApiDocument(ctx: RecordContext, examples: readonly PublishedExample[]): Json {
  const paths: Record<string, Json> = {};
  for (const route of ROUTES) {
    if (route.path.includes('?')) continue; // the download twin is the download parameter of /adoption-kit
    const item = (paths[route.path] ??= {});
    item[route.method.toLowerCase()] = route.method === 'GET' ? getOperation(route, ctx) : postOperation(route, ctx, examples);
    if (route.method === 'POST') {
      item.options = {
        operationId: `preflight${operationId(route).slice(4)}`,
        summary: `CORS preflight for ${route.path}`,
        description: 'Answers 204 with the CORS headers of CONTRACT section 8.',
        tags: ['actions'],
        responses: { '204': { description: 'Preflight accepted.' }, '404': problemResponse('route.not_found') },
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${RELEASE} interchange standard service`,
      version: UAI_VERSION,
      summary: 'Published records, a live validator and a mock exchange for UAI-1.',
      description: 'JSON-first REST surface of the UAI-1 agent-to-agent message interchange standard. Recommended call order: catalog, roadmap, adoption kit, validate, mock exchange. GET records are static and public; the POST routes need no credential and are rate limited to 120 requests per minute per client address.',
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
      contact: { name: 'UAI-1 maintainers', url: pageUrl(ctx.site, '/') },
    },
    externalDocs: { description: 'API reference page, rendered from this document', url: pageUrl(ctx.site, '/api/') },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: ctx.site.base, description: 'The REST base of this deployment.' }],
    security: [],
    tags: [
      { name: 'records', description: 'Published, cacheable JSON records.' },
      { name: 'actions', description: 'Live validator and mock exchange.' },
    ],
    paths,
    components: { schemas: componentSchemas() },
  };
}
