import { errorCode } from '../../standard/codes.ts';
import { PROFILES } from '../../standard/profiles.ts';
import { mockExchangeAction } from '../../engine/mock-exchange/index.ts';
import { validateAction } from '../../engine/validate/index.ts';
import { EXAMPLE_EPOCH, RELEASE, UAI_VERSION } from '../../standard/release.ts';
import { ROUTES, type Route } from '../../standard/routes.ts';
import { ENVELOPE_SCHEMA_ID } from '../../standard/schemas.ts';
import { pageUrl } from '../../standard/site.ts';
import type { RecordContext } from '../context.ts';
import type { ExampleRecord } from '../examples.ts';
import { componentSchemas, ref } from './components.ts';

/**
 * OpenAPI 3.1.0 description of the REST surface (CONTRACT section 9), generated from the route
 * table, the field model and the published examples.
 */
type Json = Record<string, unknown>;

/** Headers a problem answer carries because of its status (RFC 9110 sections 10.2.1 and 15.5.6; RFC 6585 section 4). */
const PROBLEM_HEADERS: Record<number, Json> = {
  405: { Allow: { description: 'The methods the path answers.', required: true, schema: { type: 'string' } } },
  429: { 'Retry-After': { description: 'Seconds until the client may try again.', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } } },
};

const problemResponse = (code: string) => {
  const entry = errorCode(code)!;
  const headers = PROBLEM_HEADERS[entry.status];
  return { description: `${entry.title} (${code})`, ...(headers ? { headers } : {}), content: { 'application/problem+json': { schema: ref('Problem') } } };
};

const RECORD_SCHEMAS: Record<string, string> = { schema: 'JsonSchemaDocument', openapi: 'OpenApiDocument', example: 'ExampleRecord' };

function operationId(route: Route): string {
  const words = route.id.split('-');
  return (route.method === 'GET' ? 'get' : 'post') + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

function getOperation(route: Route, ctx: RecordContext): Json {
  const params: Json[] = [
    { name: 'If-None-Match', in: 'header', required: false, description: 'An ETag from an earlier answer; a match gives 304 (RFC 9110 section 13.1.2).', schema: { type: 'string' } },
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
    params.push({ name: 'download', in: 'query', required: false, description: 'download=1 returns the same bundle with Content-Disposition: attachment.', schema: { type: 'string', enum: ['1'] } });
  }
  const schema = ref(RECORD_SCHEMAS[route.id] ?? 'Record');
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
        },
        content: { 'application/json': { schema } },
      },
      '304': {
        description: 'Not modified: If-None-Match named the current ETag (RFC 9110 section 15.4.5).',
        headers: { ETag: { description: 'Validator of the record.', required: true, schema: { type: 'string' } } },
      },
      '404': problemResponse('route.not_found'),
      '405': problemResponse('request.method_not_allowed'),
    },
  };
}

const POST_PROBLEMS = ['request.malformed_json', 'request.invalid', 'request.too_deep', 'request.method_not_allowed', 'request.too_large', 'request.unsupported_media_type', 'request.rate_limited', 'server.internal'];

function postProblems(): Json {
  const byStatus = new Map<string, string[]>();
  for (const code of POST_PROBLEMS) {
    const status = String(errorCode(code)!.status);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [status, { ...problemResponse(codes[0]!), description: codes.map((c) => `${errorCode(c)!.title} (${c})`).join('; ') }]),
  );
}

/** Real answers of the engine for the request example, at the fixed example instant, as response examples. */
function engineAnswer(ctx: RecordContext, isValidate: boolean, body: Record<string, unknown>): unknown {
  const at = new Date(Date.parse(EXAMPLE_EPOCH) + 30_000);
  const outcome = (isValidate ? validateAction : mockExchangeAction)(body, { site: ctx.site, now: () => at });
  if (!outcome.ok) throw new Error(`The published request example is refused: ${outcome.detail}`);
  return outcome.body;
}

const FORMAT_NOTES: Record<string, string> = {
  result: 'format=result: the validator result with its conformance record',
  summary: 'format=summary: the validator result without its conformance record',
  record: 'format=record: the conformance record alone, as an attachment',
  sarif: 'format=sarif: a SARIF 2.1.0 log',
};

function validateContent(ctx: RecordContext, message: Record<string, unknown>): Json {
  const example = (format: string) => ({ [format]: { summary: FORMAT_NOTES[format], value: engineAnswer(ctx, true, { message, format }) } });
  return {
    'application/json': {
      schema: { oneOf: [ref('ValidatorResult'), ref('ValidatorSummary'), ref('ConformanceResultMessage')], description: 'One shape per format: result, summary, record.' },
      examples: { ...example('result'), ...example('summary'), ...example('record') },
    },
    'application/sarif+json': { schema: ref('SarifLog'), examples: example('sarif') },
  };
}

function mockContent(ctx: RecordContext, message: Record<string, unknown>): Json {
  return {
    'application/json': {
      schema: { oneOf: [ref('MockExchangeResult'), ref('IntentResponseMessage'), ref('ErrorMessage')], description: 'format=exchange answers with the result; format=message with the response message alone.' },
      examples: {
        exchange: { summary: 'format=exchange: the mock exchange result', value: engineAnswer(ctx, false, { message }) },
        message: { summary: 'format=message: the response message alone', value: engineAnswer(ctx, false, { message, format: 'message' }) },
      },
    },
  };
}

const header = (description: string, required = true) => ({ description, required, schema: { type: 'string' } });

function postOperation(route: Route, ctx: RecordContext, examples: readonly ExampleRecord[]): Json {
  const request = examples.find((e) => e.profile === 'uai.intent.request.v1')!.message;
  const isValidate = route.id === 'validate';
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
          ? 'The check ran (valid or not); the shape follows the requested format.'
          : 'The exchange ran; http_status inside the result is the simulated status.',
        headers: {
          'Cache-Control': header('no-store'),
          ...(isValidate ? { 'Content-Disposition': header('format=record: attachment; filename="<download_filename>"', false) } : {}),
        },
        content: isValidate ? validateContent(ctx, request) : mockContent(ctx, request),
      },
      ...postProblems(),
    },
  };
}

export function openApiDocument(ctx: RecordContext, examples: readonly ExampleRecord[]): Json {
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
    // Relative to where this document is served (OpenAPI 3.1 section 4.8.5): <origin>/v1 on every deployment.
    servers: [{ url: new URL(ctx.site.base).pathname, description: `The REST base of this deployment, ${ctx.site.base}.` }],
    security: [],
    tags: [
      { name: 'records', description: 'Published, cacheable JSON records.' },
      { name: 'actions', description: 'Live validator and mock exchange.' },
    ],
    paths,
    components: { schemas: componentSchemas() },
  };
}
