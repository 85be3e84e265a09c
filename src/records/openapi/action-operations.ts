import { errorCode, type ErrorCodeId } from '../../standard/codes.ts';
import {
  conformanceFixtures,
  isRecord,
  MAX_DEPTH,
  mockExchangeAction,
  nestingFault,
  validateAction,
  type PublishedExample,
} from '../../engine/index.ts';
import type { Site } from '../../standard/urls.ts';
import { MOCK_SCENARIOS } from '../../standard/value-sets.ts';
import { EXAMPLE_EPOCH } from '../../standard/release.ts';
import type { Route } from '../../service/routes.ts';
import type { RecordContext } from '../context.ts';
import { withoutEmbeddedSchema } from './examples.ts';
import { ref, type Json } from './schema-helpers.ts';
import { operationId, problemResponse } from './operation-parts.ts';

/** The two POST operations (CONTRACT sections 4, 6 and 8), with the engine's own answers as examples. */
export const POST_PROBLEMS = [
  'request.malformed_json',
  'request.invalid',
  'request.too_deep',
  'request.method_not_allowed',
  'request.timeout',
  'request.too_large',
  'request.unsupported_media_type',
  'request.rate_limited',
  'request.headers_too_large',
  'server.internal',
] as const;

export function postProblems(site: Site): Record<string, ReturnType<typeof problemResponse>> {
  const byStatus = new Map<string, ErrorCodeId[]>();
  for (const code of POST_PROBLEMS) {
    const status = String(errorCode(code).status);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [status, problemResponse(site, ...(codes as [ErrorCodeId]))]),
  );
}

/**
 * Real answers of the engine for a request example, at the fixed example instant, as response
 * examples. The engine is handed the example's text as a client sends it (JSON.stringify, as Swagger
 * UI and Prism do), as the route is: a SARIF answer locates its findings in that text.
 */
function engineAnswer(ctx: RecordContext, isValidate: boolean, body: Record<string, unknown>): unknown {
  const at = new Date(Date.parse(EXAMPLE_EPOCH) + 30_000);
  const action = isValidate ? validateAction : mockExchangeAction;
  const outcome = action(body, { site: ctx.site, now: () => at }, { text: JSON.stringify(body) });
  if (!outcome.ok) throw new Error(`The published request example is refused: ${outcome.detail}`);
  return outcome.body;
}

/**
 * The first invalid fixture of the conformance pack that is a keyed message the routes hand to the
 * engine: what "invalid" means in the examples. A message nested deeper than MAX_DEPTH is refused by
 * the HTTP shell before any check (400 request.too_deep), so its engine answer is no route's answer.
 */
export function invalidMessage(ctx: RecordContext): { description: string; message: Record<string, unknown> } {
  const fixture = conformanceFixtures(ctx.site).invalid.find(
    (f) =>
      f.mode === 'keyed-json' &&
      isRecord(f.message) &&
      typeof f.message.profile === 'string' &&
      nestingFault(f.message, MAX_DEPTH, Infinity) === undefined,
  )!;
  return { description: fixture.description, message: fixture.message as Record<string, unknown> };
}

const FORMAT_NOTES: Record<string, string> = {
  result: 'format=result: the validator result with its conformance record',
  summary: 'format=summary: the validator result without its conformance record',
  record: 'format=record: the conformance record alone, as an attachment',
  sarif: 'format=sarif: a SARIF 2.1.0 log',
};

/** Request and answer examples of one operation, paired by key: the answer under a key is the engine's answer to the request under it. */
interface Exchanges {
  readonly requests: Json;
  readonly answers: Record<string, Json>;
}

function validateExchanges(ctx: RecordContext, message: Record<string, unknown>): Exchanges {
  const invalid = invalidMessage(ctx);
  const cases = [
    ...['result', 'summary', 'record', 'sarif'].map((format) => ({
      key: format,
      summary: FORMAT_NOTES[format]!,
      body: { message, normalization_mode: 'keyed-json', format },
    })),
    ...['result', 'sarif'].map((format) => ({
      key: format === 'result' ? 'invalid' : 'invalidSarif',
      summary: `An invalid message (${invalid.description}), ${FORMAT_NOTES[format]}`,
      body: { message: invalid.message, normalization_mode: 'keyed-json', format },
    })),
  ];
  const answers: Record<string, Json> = { 'application/json': {}, 'application/sarif+json': {} };
  for (const c of cases)
    answers[c.body.format === 'sarif' ? 'application/sarif+json' : 'application/json']![c.key] = {
      summary: c.summary,
      value: engineAnswer(ctx, true, c.body),
    };
  return {
    requests: Object.fromEntries(cases.map((c) => [c.key, { summary: c.summary, value: c.body }])),
    answers,
  };
}

function mockExchanges(ctx: RecordContext, published: Record<string, unknown>): Exchanges {
  const message = withoutEmbeddedSchema(published);
  const cases = [
    ...MOCK_SCENARIOS.map((scenario) => ({
      key: scenario,
      summary: `${scenario} scenario, format=exchange: the mock exchange result`,
      body: { scenario, format: 'exchange', message },
    })),
    {
      key: 'message',
      summary: 'accepted-task scenario, format=message: the response message alone',
      body: { scenario: 'accepted-task', format: 'message', message },
    },
  ];
  return {
    requests: Object.fromEntries(cases.map((c) => [c.key, { summary: c.summary, value: c.body }])),
    answers: {
      'application/json': Object.fromEntries(
        cases.map((c) => [c.key, { summary: c.summary, value: engineAnswer(ctx, false, c.body) }]),
      ),
    },
  };
}

const validateSchemas: Json = {
  'application/json': {
    schema: {
      oneOf: [ref('ValidatorResult'), ref('ValidatorSummary'), ref('ConformanceResultMessage')],
      description: 'One shape per format: result, summary, record.',
    },
  },
  'application/sarif+json': { schema: ref('SarifLog') },
};

const mockSchemas: Json = {
  'application/json': {
    schema: {
      oneOf: [ref('MockExchangeResult'), ref('IntentResponseMessage'), ref('ErrorMessage')],
      description: 'format=exchange answers with the result; format=message with the response message alone.',
    },
  },
};

/** Response content: each media type's schema with the examples answered in it. */
const withExamples = (schemas: Json, answers: Record<string, Json>): Json =>
  Object.fromEntries(Object.entries(schemas).map(([type, c]) => [type, { ...(c as Json), examples: answers[type] }]));

const header = (description: string, required = true) => ({ description, required, schema: { type: 'string' } });

export function postOperation(route: Route, ctx: RecordContext, examples: readonly PublishedExample[]): Json {
  const request = examples.find((e) => e.profile === 'uai.intent.request.v1')!.message;
  const isValidate = route.id === 'validate';
  const { requests, answers } = (isValidate ? validateExchanges : mockExchanges)(ctx, request);
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
          examples: requests,
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
          ...(isValidate
            ? { 'Content-Disposition': header('format=record: attachment; filename="<download_filename>"', false) }
            : {}),
        },
        content: withExamples(isValidate ? validateSchemas : mockSchemas, answers),
      },
      ...postProblems(ctx.site),
    },
  };
}
