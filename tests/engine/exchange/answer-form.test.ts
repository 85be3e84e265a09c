import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jcs, jcsWithout, mockExchange, publishedExamples, type JsonObject } from '../../../src/engine/index.ts';
import { siteFor } from '../../../src/standard/urls.ts';
import { mutate, op } from '../mutations.ts';

/**
 * A mock answer is sealed over the canonical form its builder writes by hand (mock-exchange/
 * responses.ts): the checksum it carries and the canonical hash and byte count its check reports
 * must be those of the generic walk (jcsWithout and jcs), for every scenario and for every member
 * the answer copies from the request, present or left out, whatever text it holds.
 */
const site = siteFor('https://uai.example.org');
const now = new Date('2026-11-01T09:10:00Z');
const request = publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message as JsonObject;
const SCENARIOS = ['accepted-task', 'completed-response', 'typed-error'] as const;
type Scenario = (typeof SCENARIOS)[number];
const sha256 = (text: string) => `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;

function expectGenericForm(message: JsonObject, scenario: Scenario): void {
  const result = mockExchange({ message, scenario, format: 'exchange' }, { site, now: () => now });
  const answer = result.response_message;
  const whole = jcs(answer)!;
  expect((answer.integrity as JsonObject).checksum).toBe(sha256(jcsWithout(answer, 'integrity')));
  expect(result.response_validation.normalization.canonical_hash).toBe(sha256(whole));
  expect(result.response_validation.normalization.byte_count).toBe(Buffer.byteLength(whole, 'utf8'));
}

const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('', 'a"b\\c', 'tab\there', 'é€😀', 'did:web:x.example', 'https://x.example/a?b=c'),
);
const value = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
/** Paths of the request whose values the answer copies (linkage.ts) or echoes (issues of a refusal). */
const PATHS = [
  ['message_id'],
  ['source', 'type'],
  ['source', 'id'],
  ['source', 'label'],
  ['source', 'uri'],
  ['source', 'did'],
  ['source', 'role'],
  ['source', 'implementation'],
  ['conversation', 'conversation_id'],
  ['conversation', 'sequence'],
  ['conversation', 'traceparent'],
  ['provenance', 'trace_id'],
  ['delivery', 'mode'],
  ['delivery', 'priority'],
  ['delivery', 'expires_at'],
  ['body', 'subject'],
  ['body', 'parameters'],
] as const;

const edit = fc.record({
  path: fc.constantFrom(...PATHS),
  value: fc.oneof(
    value,
    fc.constant(undefined),
    fc.constantFrom(
      '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      '0af7651916cd43dd8448eb211c80319c',
      '2026-10-01T00:00:00Z',
      '2027-01-01T00:00:00.5+01:00',
      'agent',
      'service',
      'requester',
      'async',
      'urgent',
      { include_schema: true, include_example: true, include_field_registry: true },
      { include_example: true },
    ),
  ),
});

function applied(edits: readonly { path: readonly string[]; value: unknown }[]): JsonObject {
  const message = structuredClone(request) as Record<string, any>;
  for (const { path, value: v } of edits) {
    const [outer, inner] = path;
    if (inner === undefined) {
      if (v === undefined) delete message[outer!];
      else message[outer!] = structuredClone(v);
    } else {
      const holder = message[outer!] as Record<string, unknown>;
      if (v === undefined) delete holder[inner];
      else holder[inner] = structuredClone(v);
    }
  }
  return message;
}

describe('the answer form written by hand is the generic form', () => {
  it.each(SCENARIOS)('%s, the published request and a request too broken to take', (scenario) => {
    expectGenericForm(request, scenario);
    expectGenericForm(applied([{ path: ['body', 'parameters'], value: { include_schema: true } }]), scenario);
    expectGenericForm({ ...request, profile: 'uai.intent.response.v1' }, scenario);
    expectGenericForm({ message_id: 'a"\\\u0001é', profile: 42 }, scenario);
  });

  it('requests with the copied members edited at random, every scenario (600 runs)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SCENARIOS), fc.array(edit, { minLength: 1, maxLength: 6 }), (scenario, edits) => {
        expectGenericForm(applied(edits), scenario);
      }),
      { numRuns: 600 },
    );
  });

  it('requests edited anywhere at random, every scenario (300 runs)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SCENARIOS), fc.array(op, { minLength: 1, maxLength: 4 }), (scenario, ops) => {
        expectGenericForm(mutate(request, ops) as JsonObject, scenario);
      }),
      { numRuns: 300 },
    );
  });
});
