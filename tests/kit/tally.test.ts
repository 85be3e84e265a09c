import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { notExercised, Tally } from '../../src/kit/judge/verdict.ts';

/**
 * The kits' tally of findings keeps each check's evidence in the order found, and an outcome read
 * is what was found until then: failures are appended in place (a copy per finding made n findings
 * of one check cost n squared: 40,000 of them took 13 s), so the outcome hands out a copy.
 */
describe('Tally', () => {
  it('keeps every finding of each check in order, and an outcome once read does not change', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.string()), { maxLength: 60 }), (findings) => {
        const tally = new Tally();
        const half = Math.floor(findings.length / 2);
        for (const [id, text] of findings.slice(0, half)) tally.fail(id, text);
        const early = ['a', 'b', 'c'].map((id) => tally.outcome(id, notExercised('none')));
        const earlyCopy = structuredClone(early);
        for (const [id, text] of findings.slice(half)) tally.fail(id, text);
        expect(early).toEqual(earlyCopy);
        for (const id of ['a', 'b', 'c']) {
          const texts = findings.filter(([i]) => i === id).map(([, t]) => t);
          const outcome = tally.outcome(id, notExercised('none'));
          expect(outcome).toEqual(texts.length ? { status: 'fail', evidence: texts } : notExercised('none'));
        }
      }),
    );
  });
});
