import { EXCHANGE_RULES, RESPONSE_KINDS } from '../../standard/exchange-rules.ts';
import { NORMALIZATION_MODES } from '../../standard/value-sets.ts';
import type { JsonSchema } from '../../standard/schemas.ts';
import { int, ref, str } from './schema-helpers.ts';

/** Request and result of POST /v1/check-exchange (src/engine/exchange/action.ts), closed like the engine's types. */
const finding: JsonSchema = {
  type: 'object',
  required: ['path', 'message'],
  properties: {
    path: str('RFC 6901 pointer into the response.'),
    message: str('What the rule expected.'),
    expected: { description: 'The value the rule expects, when it helps.' },
    actual: { description: 'The value found.' },
  },
  additionalProperties: false,
};

const verdict: JsonSchema = {
  type: 'object',
  required: ['id', 'section', 'severity', 'title', 'status', 'findings'],
  properties: {
    id: str('Stable rule id (the error registry lists them).', { enum: EXCHANGE_RULES.map((r) => r.id) }),
    section: str('The spec or contract section the rule enforces.'),
    severity: str('must or should.', { enum: ['must', 'should'] }),
    title: str('What the rule checks.'),
    status: str('pass, fail, or skip when the rule does not apply to this kind of answer.', {
      enum: ['pass', 'fail', 'skip'],
    }),
    findings: { type: 'array', items: finding },
  },
  additionalProperties: false,
};

export const exchangeSchemas = (): Record<string, JsonSchema> => ({
  CheckExchangeRequest: {
    type: 'object',
    required: ['request', 'response'],
    properties: {
      request: { ...ref('AnyMessage'), description: 'The request message, judged by the service.' },
      response: { ...ref('AnyMessage'), description: 'The message that answered it.' },
      normalization_mode: str('keyed-json (default) or keyless-json, for both messages.', {
        enum: [...NORMALIZATION_MODES],
      }),
      http_status: {
        type: 'integer',
        minimum: 100,
        maximum: 599,
        description: 'The HTTP status the response came with; without it, exchange.http_status is skipped.',
      },
      previous: {
        ...ref('AnyMessage'),
        description: 'For a task status: the accepted answer (or task status) it follows.',
      },
    },
  },
  CheckExchangeResult: {
    type: 'object',
    description:
      'Both messages validated, and the pair judged by the exchange rules (spec 4.2, CONTRACT sections 2 and 6).',
    required: ['kind', 'checked_at', 'conforms', 'request_validation', 'response_validation', 'exchange'],
    properties: {
      kind: { const: 'uai.exchange.check.result.v1' },
      checked_at: str('Time of the check.', { format: 'date-time' }),
      conforms: { type: 'boolean', description: 'Both messages valid and no must-rule broken.' },
      request_validation: ref('ValidatorSummary'),
      response_validation: ref('ValidatorSummary'),
      exchange: {
        type: 'object',
        required: ['response_kind', 'conforms', 'counts', 'verdicts'],
        properties: {
          response_kind: { oneOf: [str('What the response is.', { enum: [...RESPONSE_KINDS] }), { type: 'null' }] },
          conforms: { type: 'boolean' },
          counts: {
            type: 'object',
            required: ['pass', 'fail', 'skip', 'must_fail', 'should_fail'],
            properties: {
              pass: int('Rules passed.'),
              fail: int('Rules failed.'),
              skip: int('Rules that do not apply.'),
              must_fail: int('Must-rules failed.'),
              should_fail: int('Should-rules failed.'),
            },
            additionalProperties: false,
          },
          verdicts: { type: 'array', items: verdict },
        },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  },
});
