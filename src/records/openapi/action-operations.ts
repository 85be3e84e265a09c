import { errorCode } from '../../standard/codes.ts';
import { mockExchangeAction, validateAction, type PublishedExample } from '../../engine/index.ts';
import { EXAMPLE_EPOCH } from '../../standard/release.ts';
import type { Route } from '../../service/routes.ts';
import type { RecordContext } from '../context.ts';
import { ref } from './schema-helpers.ts';
import { operationId, problemResponse, type Json } from './operation-parts.ts';

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
  'server.internal',
];

export function postProblems(): Json {
  const byStatus = new Map<string, string[]>();
  for (const code of POST_PROBLEMS) {
    const status = String(errorCode(code)!.status);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      status,
      { ...problemResponse(codes[0]!), description: codes.map((c) => `${errorCode(c)!.title} (${c})`).join('; ') },
    ]),
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
  const example = (format: string) => ({
    [format]: { summary: FORMAT_NOTES[format], value: engineAnswer(ctx, true, { message, format }) },
  });
  return {
    'application/json': {
      schema: {
        oneOf: [ref('ValidatorResult'), ref('ValidatorSummary'), ref('ConformanceResultMessage')],
        description: 'One shape per format: result, summary, record.',
      },
      examples: { ...example('result'), ...example('summary'), ...example('record') },
    },
    'application/sarif+json': { schema: ref('SarifLog'), examples: example('sarif') },
  };
}

function mockContent(ctx: RecordContext, message: Record<string, unknown>): Json {
  return {
    'application/json': {
      schema: {
        oneOf: [ref('MockExchangeResult'), ref('IntentResponseMessage'), ref('ErrorMessage')],
        description: 'format=exchange answers with the result; format=message with the response message alone.',
      },
      examples: {
        exchange: {
          summary: 'format=exchange: the mock exchange result',
          value: engineAnswer(ctx, false, { message }),
        },
        message: {
          summary: 'format=message: the response message alone',
          value: engineAnswer(ctx, false, { message, format: 'message' }),
        },
      },
    },
  };
}

const header = (description: string, required = true) => ({ description, required, schema: { type: 'string' } });

export function postOperation(route: Route, ctx: RecordContext, examples: readonly PublishedExample[]): Json {
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
            ? {
                published: {
                  summary: 'The intent request example',
                  value: { message: request, normalization_mode: 'keyed-json', format: 'result' },
                },
              }
            : {
                acceptedTask: {
                  summary: 'Accepted-task scenario',
                  value: { scenario: 'accepted-task', format: 'exchange', message: request },
                },
              },
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
        content: isValidate ? validateContent(ctx, request) : mockContent(ctx, request),
      },
      ...postProblems(),
    },
  };
}
