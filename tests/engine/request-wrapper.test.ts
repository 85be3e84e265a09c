import { describe, expect, it } from 'vitest';
import { messageToKeyless, mockExchangeAction, publishedExamples, validateAction } from '../../src/engine/index.ts';
import { siteFor } from '../../src/standard/urls.ts';

/**
 * A message posted without its {"message": ...} wrapper gets a request.invalid detail that says how
 * to wrap it (CONTRACT section 8): keyed, and on POST /v1/validate, which reads keyless messages,
 * keyless too. Following the detail gives a request the route takes.
 */
const site = siteFor('https://uai.example.org');
const context = { site, now: () => new Date('2026-11-01T09:10:00Z') };
const request = publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message;
const detailOf = (outcome: ReturnType<typeof validateAction>) =>
  outcome.ok ? 'ok' : `${outcome.code}: ${outcome.detail}`;

describe('a message posted bare', () => {
  it('keyless, to validate: the detail says to wrap it with normalization_mode keyless-json, and so wrapped it is valid', () => {
    const keyless = messageToKeyless(request);
    expect(detailOf(validateAction(keyless, context))).toMatch(
      /^request\.invalid: .*if it is a keyless UAI-1 message, wrap it as \{"message": <your array>, "normalization_mode": "keyless-json"\}/,
    );
    const wrapped = validateAction({ message: keyless, normalization_mode: 'keyless-json' }, context);
    expect(wrapped.ok && (wrapped.body as { valid: boolean; warning_count: number })).toMatchObject({
      valid: true,
      warning_count: 0,
    });
  });

  it('keyed, to validate: the detail says to wrap it', () => {
    expect(detailOf(validateAction(request, context))).toMatch(
      /^request\.invalid: The body looks like a bare UAI-1 message; wrap it as \{"message": <your message>\}/,
    );
  });

  it('an array to the mock exchange, which reads no keyless message: the form it takes, no keyless hint', () => {
    const outcome = mockExchangeAction(messageToKeyless(request), context);
    expect(outcome.ok ? 'ok' : outcome.detail).toMatch(
      /^The request body must be a JSON object of the form \{"message"/,
    );
  });
});
