import { ERROR_CODES } from '../../standard/codes.ts';
import type { JsonSchema } from '../../standard/schemas.ts';
import { ARTIFACT_URI_MAX_LENGTH, ISSUE_LIST_LIMIT } from '../../standard/limits.ts';
import { URI_REFERENCE_PATTERN } from '../../standard/formats/uri.ts';
import {
  CONFORMANCE_LEVEL_IDS,
  MOCK_FORMATS,
  MOCK_SCENARIOS,
  NORMALIZATION_MODES,
  VALIDATE_FORMATS,
} from '../../standard/value-sets.ts';
import { anyObject, int, ref, str, uri } from './schema-helpers.ts';

/**
 * Component schemas of the two actions (CONTRACT sections 4, 6 and 8): their requests, the
 * validator result in its formats, the mock exchange result and the problem document.
 */
const normalization: JsonSchema = {
  type: 'object',
  required: ['mode', 'status', 'supported', 'input_shape', 'normalized', 'canonicalization'],
  properties: {
    mode: str('keyed-json or keyless-json.', { enum: [...NORMALIZATION_MODES] }),
    status: str('current.'),
    supported: { type: 'boolean' },
    input_shape: str('json-object or json-array.'),
    normalized: { type: 'boolean' },
    registry_release: str('Release of the field registry.'),
    registry_release_date: str('Date of that release.', { format: 'date' }),
    field_registry_url: uri('The field registry.'),
    canonicalization: str('jcs-compatible-sorted-json.'),
    canonical_hash: { type: ['string', 'null'], description: 'sha256:<hex> of the canonical keyed message.' },
    byte_count: { type: ['integer', 'null'], description: 'UTF-8 bytes of the canonical keyed message.' },
  },
};

/** Members of the validator result except its conformance record (spec 2.4). */
const SUMMARY_MEMBERS: Record<string, JsonSchema> = {
  valid: { type: 'boolean' },
  checked_at: str('When the check ran.', { format: 'date-time' }),
  profile: { type: ['string', 'null'], description: 'Profile of the checked message (null when it has none).' },
  current_release: str('Release name, UAI-1.'),
  uai_version: str('Format version, 1.0.'),
  schema_route_url: uri('Schema route for the profile.'),
  registry_route_url: uri('Registry route for the profile.'),
  issue_count: int('errors + warnings.'),
  error_count: int('Number of errors.'),
  warning_count: int('Number of warnings.'),
  issues_listed: int(
    `How many issues errors and warnings list; present only when the lists were cut at ${ISSUE_LIST_LIMIT} (errors before warnings, each the first by path then code), while the counts above count every issue.`,
  ),
  errors: { type: 'array', items: ref('IssueItem') },
  warnings: { type: 'array', items: ref('IssueItem') },
  status: str('pass or fail.', { enum: ['pass', 'fail'] }),
  normalization: ref('Normalization'),
  download_filename: str('<conformance message_id>.json'),
  conformance_level: {
    type: ['string', 'null'],
    enum: [...CONFORMANCE_LEVEL_IDS, null],
    description: 'Highest conformance level reached.',
  },
};
const SUMMARY_REQUIRED = [
  'valid',
  'checked_at',
  'profile',
  'current_release',
  'uai_version',
  'issue_count',
  'error_count',
  'warning_count',
  'errors',
  'warnings',
  'status',
  'normalization',
  'download_filename',
  'conformance_level',
];

export const actionSchemas = (): Record<string, JsonSchema> => ({
  Normalization: normalization,
  AnyMessage: {
    description: 'Any UAI-1 message as JSON: keyed (an object) or keyless (an array); the validator judges it.',
    oneOf: [
      anyObject('A keyed message.'),
      { type: 'array', description: 'A keyless message: positions follow the compact field order maps.', items: true },
    ],
  },
  ValidateRequest: {
    type: 'object',
    required: ['message'],
    properties: {
      message: {
        ...ref('AnyMessage'),
        description:
          'The candidate message, judged by the validator: any JSON object (keyed-json) or any JSON array (keyless-json).',
      },
      normalization_mode: str('keyed-json (default) or keyless-json.', { enum: [...NORMALIZATION_MODES] }),
      format: str('result (default), summary, record or sarif.', { enum: [...VALIDATE_FORMATS] }),
      artifact_uri: str(
        "format sarif: the URI every result names as its file (artifactLocation.uri), a URI reference (RFC 3986 section 4.1: other characters percent-encoded) such as messages/order.json; message.json when absent. Regions are measured in the message value as posted: line 1 is the line where the value starts, so a message embedded verbatim from a file gets the file's own lines and columns.",
        { minLength: 1, maxLength: ARTIFACT_URI_MAX_LENGTH, pattern: URI_REFERENCE_PATTERN },
      ),
    },
  },
  ValidatorResult: {
    type: 'object',
    description: 'Validator result, format=result (spec 2.4, CONTRACT section 4).',
    required: [...SUMMARY_REQUIRED, 'conformance_record'],
    properties: {
      ...SUMMARY_MEMBERS,
      conformance_record: {
        ...ref('ConformanceResultMessage'),
        description: 'A uai.conformance.result.v1 message about the checked message.',
      },
    },
  },
  ValidatorSummary: {
    type: 'object',
    description: 'Validator result without its conformance record, format=summary (CONTRACT section 4).',
    required: SUMMARY_REQUIRED,
    properties: SUMMARY_MEMBERS,
    additionalProperties: false,
  },
  SarifLog: {
    type: 'object',
    description: 'A SARIF 2.1.0 log of the issues, format=sarif (OASIS SARIF 2.1.0; schema at $schema).',
    required: ['version', 'runs'],
    properties: {
      version: { const: '2.1.0' },
      $schema: uri('SARIF schema.'),
      runs: { type: 'array', items: anyObject('One run: the validator as tool.driver, the issues as results.') },
    },
  },
  MockExchangeRequest: {
    type: 'object',
    required: ['message'],
    properties: {
      message: anyObject(
        'The request message, judged by the reference server: any JSON object. One that is not a valid uai.intent.request.v1 gets a typed error in the result (CONTRACT section 6).',
      ),
      scenario: str('accepted-task (default), completed-response or typed-error.', { enum: [...MOCK_SCENARIOS] }),
      format: str('exchange (default) or message.', { enum: [...MOCK_FORMATS] }),
    },
  },
  MockExchangeResult: {
    type: 'object',
    description: 'Mock exchange result (spec 2.5).',
    required: [
      'kind',
      'generated_at',
      'route_url',
      'scenario',
      'http_status',
      'summary',
      'request',
      'response_profile',
      'response_message',
      'response_validation',
      'links',
    ],
    properties: {
      kind: { const: 'uai.mock.exchange.result.v1' },
      generated_at: str('Time of the call.', { format: 'date-time' }),
      route_url: uri('The mock-exchange route.'),
      scenario: str('The scenario run.', { enum: [...MOCK_SCENARIOS] }),
      http_status: {
        type: 'integer',
        enum: [200, 202, 400, 404, 422],
        description: 'Simulated HTTP status: 202, 200, 422, or 400/404 for a refused request.',
      },
      summary: str('One sentence.'),
      request: {
        type: 'object',
        required: ['message', 'validation'],
        properties: { message: anyObject('The submitted message.'), validation: ref('ValidatorResult') },
      },
      response_profile: str('Profile of the response message.', { enum: ['uai.intent.response.v1', 'uai.error.v1'] }),
      response_message: {
        description: 'The response message.',
        oneOf: [ref('IntentResponseMessage'), ref('ErrorMessage')],
      },
      response_validation: ref('ValidatorResult'),
      links: {
        type: 'object',
        description: 'Where to go next.',
        additionalProperties: { type: 'string', format: 'uri' },
      },
    },
  },
  Problem: {
    type: 'object',
    description: 'RFC 9457 problem details (CONTRACT section 8).',
    required: ['type', 'title', 'status', 'code'],
    properties: {
      type: uri("The code's entry in the error registry."),
      title: str('Short summary of the code.'),
      status: { type: 'integer', minimum: 400, maximum: 599 },
      detail: str('What went wrong this time.'),
      code: str('A published error code.', {
        enum: ERROR_CODES.filter((c) => c.used_in.includes('http-problem')).map((c) => c.code),
      }),
      errors: { type: 'array', items: ref('IssueItem') },
    },
  },
});
