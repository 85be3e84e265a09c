import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  mockExchange,
  publishedExamples,
  validateMessage,
  withoutIntegrity,
  type MockExchangeResult,
} from '../../../src/engine/index.ts';
import { siteFor } from '../../../src/standard/urls.ts';
import { mutate, op } from '../mutations.ts';

/**
 * The mock exchange checks its own answer with the canonical forms its sealing computed
 * (validateSealed), not with a second walk. That shortcut must give the very result a check from
 * scratch gives: the answer's check is compared with validateMessage of the answer parsed back
 * from its JSON text, and its checksum and canonical hash with the reference serializer
 * (`canonicalize`) and node:crypto, over requests edited at random in every scenario.
 */
const site = siteFor('https://uai.example.org');
const now = new Date('2026-11-01T09:10:00Z');
const request = publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message;
const SCENARIOS = ['accepted-task', 'completed-response', 'typed-error'] as const;
const sha256 = (text: string) => `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;

function expectFromScratch(result: MockExchangeResult): void {
  const answer = JSON.parse(JSON.stringify(result.response_message)) as Record<string, unknown>;
  const fresh = validateMessage(answer, { mode: 'keyed-json', site, now });
  expect(JSON.stringify(result.response_validation)).toBe(JSON.stringify(fresh));
  const whole = canonicalize(answer)!;
  expect(result.response_validation.normalization.canonical_hash).toBe(sha256(whole));
  expect(result.response_validation.normalization.byte_count).toBe(Buffer.byteLength(whole, 'utf8'));
  expect((answer.integrity as { checksum: string }).checksum).toBe(sha256(canonicalize(withoutIntegrity(answer))!));
  expect([fresh.error_count, fresh.warning_count]).toEqual([0, 0]);
}

describe('the answer checked with its sealing forms equals a check from scratch', () => {
  it.each(SCENARIOS)('%s, the published request', (scenario) => {
    expectFromScratch(mockExchange({ message: request, scenario, format: 'exchange' }, { site, now: () => now }));
  });

  it('completed-response with every inline artifact', () => {
    const message = structuredClone(request) as { body: { parameters: Record<string, unknown> } };
    message.body.parameters = { include_schema: true, include_example: true, include_field_registry: true };
    expectFromScratch(
      mockExchange({ message, scenario: 'completed-response', format: 'exchange' }, { site, now: () => now }),
    );
  });

  it('requests edited at random, every scenario (600 runs)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SCENARIOS), fc.array(op, { minLength: 1, maxLength: 4 }), (scenario, ops) => {
        const message = mutate(request, ops) as Record<string, unknown>;
        expectFromScratch(mockExchange({ message, scenario, format: 'exchange' }, { site, now: () => now }));
      }),
      { numRuns: 600 },
    );
  });
});
