import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIMITS,
  publishedExamples,
  siteFor,
  testImplementation,
  validate,
  validateText,
} from '../../packages/uai/src/index.ts';

/**
 * The library's options are checked where a caller writing JavaScript has no compiler to check
 * them: a mode the engine does not know, an invalid Date or a run id that is no trace id is a
 * TypeError naming the option, never a verdict (a message passed in a form it was never read in,
 * or a server blamed for the kit's own traceparent).
 */
const message = publishedExamples(siteFor('https://uai.example.org'))[0]!.message;

describe('the library refuses options it cannot honour', () => {
  it.each([
    ['an unknown mode', { mode: 'nope' }, /mode is keyed-json or keyless-json, not "nope"/],
    ['an invalid Date', { now: new Date('x') }, /now needs a valid Date/],
    ['a clock that is no Date', { now: '2026-01-01' }, /now needs a valid Date/],
  ])('validate and validateText: %s', (_, options, error) => {
    expect(() => validate(message, options as never)).toThrow(TypeError);
    expect(() => validate(message, options as never)).toThrow(error);
    expect(() => validateText(JSON.stringify(message), options as never)).toThrow(error);
  });

  it('validate with the modes it knows still judges', () => {
    expect(validate(message, { mode: 'keyed-json', now: new Date('2026-11-01T00:00:00Z') }).valid).toBe(true);
  });

  it.each(['abc', '0'.repeat(32), 'A'.repeat(32), `${'a'.repeat(31)}g`])(
    'testImplementation: run id %j is a TypeError before any request',
    async (runId) => {
      await expect(
        testImplementation({
          endpoint: 'http://127.0.0.1:9/never',
          site: siteFor('http://127.0.0.1:9'),
          limits: DEFAULT_LIMITS,
          now: new Date(),
          runId,
        }),
      ).rejects.toThrow(/runId needs 32 lowercase hex digits/);
    },
  );
});
