import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mockExchange, publishedExamples, seal, validateMessage } from '../../../src/engine/index.ts';
import { PROFILE_IDS } from '../../../src/standard/profiles.ts';
import { now, site } from '../helpers.ts';
import { mutate, op } from '../mutations.ts';

/**
 * CONTRACT section 7: L4 (exchange-ready) is L3 with zero warnings "and for a request, a mock
 * exchange would accept it". Two paths that must agree: the validator's level of a request, and
 * the mock exchange's answer to the same request. A request the validator calls L4 is accepted
 * (202 in accepted-task); the other way need not hold (a warning keeps a request from L4 that the
 * mock exchange still takes).
 */
const request = publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message as Record<
  string,
  any
>;
const profile = fc.constantFrom(...PROFILE_IDS, 'uai.weather.report.v1', 'uai.intent.request.v2');

describe('a request the validator calls exchange-ready', () => {
  it('is accepted by the mock exchange (1,000 runs, the three profiles it names and random edits)', () => {
    let ready = 0;
    fc.assert(
      fc.property(profile, profile, profile, fc.array(op, { maxLength: 2 }), (subject, requested, answer, ops) => {
        const edited = structuredClone(request);
        Object.assign(edited.body, { subject, requested_profile: requested, response_profile: answer });
        const message = seal(mutate(edited, ops) as Record<string, unknown>);
        const level = validateMessage(message, { mode: 'keyed-json', site, now }).conformance_level;
        if (level !== 'L4') return;
        ready += 1;
        const result = mockExchange(
          { scenario: 'accepted-task', format: 'exchange', message: message as Record<string, unknown> },
          { site, now: () => now },
        );
        expect(result.http_status, JSON.stringify(result.response_message.body)).toBe(202);
      }),
      { numRuns: 1_000 },
    );
    // Not vacuous: runs were exchange-ready and went to the mock exchange (about 20-55 of the
    // 1,000 in runs of this file; a bound at 20 failed one run in about ten).
    expect(ready).toBeGreaterThan(5);
  });
});
