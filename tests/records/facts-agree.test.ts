import { describe, expect, it } from 'vitest';
import {
  mockExchange,
  publishedExamples,
  validateMessage,
  type MockExchangeResult,
  type ValidatorResult,
} from '../../src/engine/index.ts';
import { fieldRegistryRecord } from '../../src/records/field-registry.ts';
import { openApiDocument } from '../../src/records/openapi/index.ts';
import { allowedValues, registeredValues } from '../../src/standard/describe.ts';
import type { FieldDef, ObjectDef } from '../../src/standard/model.ts';
import { OBJECTS, objectDef } from '../../src/standard/objects/index.ts';
import { siteFor } from '../../src/standard/urls.ts';

/**
 * Facts the code states in two places (issue 12.4), checked to agree: the field registry's value
 * set map against the field model, and the OpenAPI result schemas against the TypeScript result
 * types and the engine's real answers.
 */
const site = siteFor('http://localhost:4321');
const ctx = { site, generatedAt: '2026-11-01T09:00:00Z' };
const examples = publishedExamples(site);
const request = examples.find((e) => e.profile === 'uai.intent.request.v1')!.message;
const now = new Date('2026-11-01T09:00:30Z');

/** `party.type` or `uai.task.status.v1 body.state`: the field a value-set label names. */
function fieldOf(label: string): FieldDef {
  const [owner, member] = label.includes(' body.') ? label.split(' body.') : label.split('.');
  const def: ObjectDef = objectDef(owner!);
  const field = def.fields.find((f) => f.key === member);
  if (!field) throw new Error(`${label} names no field of the model`);
  return field;
}

describe('field registry value sets agree with the field model', () => {
  const sets = fieldRegistryRecord(ctx, examples).value_sets;

  it.each(Object.entries(sets.closed))('closed %s', (label, values) => {
    expect(allowedValues(fieldOf(label).type)).toEqual(values);
  });

  it.each(Object.entries(sets.open))('open %s', (label, values) => {
    expect(registeredValues(fieldOf(label).type)).toEqual(values);
  });

  it('every open set of the model is listed', () => {
    const open = OBJECTS.flatMap((def) =>
      def.fields.filter((f) => registeredValues(f.type)).map((f) => registeredValues(f.type)),
    );
    expect(open.length).toBe(Object.keys(sets.open).length);
  });
});

describe('OpenAPI result schemas agree with the result types', () => {
  const schemas = (
    openApiDocument(ctx, examples, () => ({})).components as {
      schemas: Record<string, { required: string[]; properties: Record<string, unknown> }>;
    }
  ).schemas;
  // `satisfies` makes these lists exactly the keys of the TypeScript types: a member added to a
  // type and not here (or here and not there) is a type error.
  const OPTIONAL_MEMBERS = new Set(['issues_listed']);
  const validatorKeys = {
    valid: 1,
    checked_at: 1,
    profile: 1,
    current_release: 1,
    uai_version: 1,
    schema_route_url: 1,
    registry_route_url: 1,
    issue_count: 1,
    error_count: 1,
    warning_count: 1,
    issues_listed: 1,
    errors: 1,
    warnings: 1,
    status: 1,
    normalization: 1,
    conformance_record: 1,
    download_filename: 1,
    conformance_level: 1,
  } satisfies Record<keyof ValidatorResult, 1>;
  const mockKeys = {
    kind: 1,
    generated_at: 1,
    route_url: 1,
    scenario: 1,
    http_status: 1,
    summary: 1,
    request: 1,
    response_profile: 1,
    response_message: 1,
    response_validation: 1,
    links: 1,
  } satisfies Record<keyof MockExchangeResult, 1>;

  it.each([
    ['ValidatorResult', Object.keys(validatorKeys), validateMessage(request, { mode: 'keyed-json', site, now })],
    [
      'MockExchangeResult',
      Object.keys(mockKeys),
      mockExchange({ scenario: 'accepted-task', format: 'exchange', message: request }, { site, now: () => now }),
    ],
  ] as const)('%s: the schema lists the type members, and the engine answers with them', (name, keys, answer) => {
    const schema = schemas[name]!;
    expect(Object.keys(schema.properties).sort()).toEqual([...keys].sort());
    for (const required of schema.required) expect(keys).toContain(required);
    // Optional members (issues_listed: only when a list was cut) are in the schema, not required.
    const optional = keys.filter((k) => !schema.required.includes(k) && !Object.hasOwn(answer, k));
    expect(optional.every((k) => OPTIONAL_MEMBERS.has(k))).toBe(true);
    expect(Object.keys(answer).sort()).toEqual(keys.filter((k) => !optional.includes(k)).sort());
  });

  it('a result whose list was cut has issues_listed, as the schema says', () => {
    const wide = structuredClone(request) as Record<string, any>;
    wide.body.constraints = Array.from({ length: 500 }, () => 0);
    const answer = validateMessage(wide, { mode: 'keyed-json', site, now });
    expect(answer.issues_listed).toBe(answer.errors.length + answer.warnings.length);
    expect(answer.issues_listed).toBeLessThan(answer.issue_count);
    expect(schemas.ValidatorResult!.properties).toHaveProperty('issues_listed');
  });
});
