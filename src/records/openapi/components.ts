import { ERROR_CODES } from '../../standard/codes.ts';
import { OBJECTS } from '../../standard/objects/index.ts';
import { ENVELOPE } from '../../standard/objects/envelope.ts';
import { PROFILES } from '../../standard/profiles.ts';
import { objectSchema, type JsonSchema, type RefTo } from '../../standard/schemas.ts';
import {
  CONFORMANCE_LEVEL_IDS, MOCK_FORMATS, MOCK_SCENARIOS, NORMALIZATION_MODES, VALIDATE_FORMATS,
} from '../../standard/value-sets.ts';

/**
 * OpenAPI component schemas, generated from the same field model as the published JSON Schemas
 * (OpenAPI 3.1 schema objects are JSON Schema 2020-12), with references kept inside the document.
 */
export const componentName = (objectName: string): string =>
  objectName
    .replace(/^uai\./, '')
    .replace(/\.v1$/, '.body')
    .split(/[._-]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const refTo: RefTo = (objectName) => ref(componentName(objectName));

export const messageComponent = (profile: string) => `${componentName(profile).replace(/Body$/, '')}Message`;

const str = (description: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'string', description, ...extra });
const int = (description: string): JsonSchema => ({ type: 'integer', minimum: 0, description });
const uri = (description: string): JsonSchema => str(description, { format: 'uri' });

const validatorResult: JsonSchema = {
  type: 'object',
  description: 'Validator result (spec 2.4, CONTRACT section 4).',
  required: ['valid', 'checked_at', 'profile', 'current_release', 'uai_version', 'issue_count', 'error_count', 'warning_count', 'errors', 'warnings', 'status', 'normalization'],
  properties: {
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
    errors: { type: 'array', items: ref('IssueItem') },
    warnings: { type: 'array', items: ref('IssueItem') },
    status: str('pass or fail.', { enum: ['pass', 'fail'] }),
    conformance_level: { type: ['string', 'null'], enum: [...CONFORMANCE_LEVEL_IDS, null], description: 'Highest conformance level reached.' },
    normalization: {
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
    },
    conformance_record: { ...ref(messageComponent('uai.conformance.result.v1')), description: 'A uai.conformance.result.v1 message about the checked message.' },
    download_filename: str('<conformance message_id>.json'),
  },
};

const problem: JsonSchema = {
  type: 'object',
  description: 'RFC 9457 problem details (CONTRACT section 8).',
  required: ['type', 'title', 'status', 'code'],
  properties: {
    type: uri("The code's entry in the error registry."),
    title: str('Short summary of the code.'),
    status: { type: 'integer', minimum: 400, maximum: 599 },
    detail: str('What went wrong this time.'),
    code: str('A published error code.', { enum: ERROR_CODES.filter((c) => c.used_in.includes('http-problem')).map((c) => c.code) }),
    errors: { type: 'array', items: ref('IssueItem') },
  },
};

export function componentSchemas(): Record<string, JsonSchema> {
  const fromModel = Object.fromEntries(
    OBJECTS.filter((o) => o !== ENVELOPE).map((o) => [componentName(o.name), objectSchema(o, refTo)]),
  );
  const messages = Object.fromEntries(
    PROFILES.map((p) => [
      messageComponent(p.id),
      {
        description: `A ${p.id} message.`,
        type: 'object',
        allOf: [ref('Envelope')],
        properties: { profile: { const: p.id }, body: refTo(p.id) },
      },
    ]),
  );
  return {
    Envelope: objectSchema(ENVELOPE, refTo),
    ...fromModel,
    ...messages,
    AnyMessage: { description: 'Any UAI-1 message (keyed), or a keyless array.', oneOf: [{ type: 'object' }, { type: 'array' }] },
    ValidateRequest: {
      type: 'object',
      required: ['message'],
      properties: {
        message: { ...ref('AnyMessage'), description: 'The candidate message: an object, or an array in keyless-json mode.' },
        normalization_mode: str('keyed-json (default) or keyless-json.', { enum: [...NORMALIZATION_MODES], default: 'keyed-json' }),
        format: str('result (default), summary, record or sarif.', { enum: [...VALIDATE_FORMATS], default: 'result' }),
        artifact_uri: str(
          'format sarif: the URI every result names as its file (artifactLocation.uri), a URI reference such as messages/order.json. Regions are measured in the message value as posted: line 1 is the line where the value starts, so a message embedded verbatim from a file gets the file\'s own lines and columns.',
          { default: 'message.json', minLength: 1, maxLength: 2048, pattern: '^[^\\u0000-\\u0020\\u007f]+$' },
        ),
      },
    },
    ValidatorResult: validatorResult,
    SarifLog: { type: 'object', description: 'A SARIF 2.1.0 log of the issues.', required: ['version', 'runs'], properties: { version: { const: '2.1.0' }, $schema: uri('SARIF schema.'), runs: { type: 'array', items: { type: 'object' } } } },
    MockExchangeRequest: {
      type: 'object',
      required: ['message'],
      properties: {
        message: { ...ref(messageComponent('uai.intent.request.v1')), description: 'A uai.intent.request.v1 message.' },
        scenario: str('accepted-task (default), completed-response or typed-error.', { enum: [...MOCK_SCENARIOS], default: 'accepted-task' }),
        format: str('exchange (default) or message.', { enum: [...MOCK_FORMATS], default: 'exchange' }),
      },
    },
    MockExchangeResult: {
      type: 'object',
      description: 'Mock exchange result (spec 2.5).',
      required: ['kind', 'generated_at', 'route_url', 'scenario', 'http_status', 'summary', 'request', 'response_profile', 'response_message', 'response_validation', 'links'],
      properties: {
        kind: str('uai.mock.exchange.result.v1'),
        generated_at: str('Time of the call.', { format: 'date-time' }),
        route_url: uri('The mock-exchange route.'),
        scenario: str('The scenario run.', { enum: [...MOCK_SCENARIOS] }),
        http_status: { type: 'integer', description: 'Simulated HTTP status: 202, 200, 422, or 400/404 for a rejected request.' },
        summary: str('One sentence.'),
        request: { type: 'object', required: ['message', 'validation'], properties: { message: { description: 'The submitted message.' }, validation: ref('ValidatorResult') } },
        response_profile: str('Profile of the response message.'),
        response_message: { description: 'The response message (uai.intent.response.v1 or uai.error.v1).', type: 'object' },
        response_validation: ref('ValidatorResult'),
        links: { type: 'object', additionalProperties: { type: 'string', format: 'uri' } },
      },
    },
    Problem: problem,
    Record: { type: 'object', description: 'A published JSON record.', required: ['record', 'current_release', 'base_url', 'html_url'], properties: { record: str('Record kind.'), current_release: str('UAI-1.'), uai_version: str('1.0.'), base_url: uri('REST base.'), html_url: uri('Human page of the record.') } },
    JsonSchemaDocument: { type: 'object', description: 'A JSON Schema draft 2020-12 document.', required: ['$schema', '$id'], properties: { $schema: { const: 'https://json-schema.org/draft/2020-12/schema' }, $id: uri('Its own URL.') } },
    OpenApiDocument: { type: 'object', required: ['openapi', 'info', 'paths'], properties: { openapi: { const: '3.1.0' }, info: { type: 'object' }, paths: { type: 'object' } } },
    ExampleRecord: {
      type: 'object',
      description: 'One published example; the message is its member message.',
      required: ['record', 'profile', 'title', 'message'],
      properties: {
        record: { const: 'example' },
        profile: str('Profile of the example.'),
        title: str('Title.'),
        description: str('What the example shows.'),
        schema_url: uri('Schema of the profile.'),
        message: { oneOf: PROFILES.map((p) => ref(messageComponent(p.id))) },
      },
    },
  };
}
