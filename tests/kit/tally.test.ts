import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { notExercised, pass, skip, Tally, type Outcome } from '../../src/kit/judge/verdict.ts';

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

  /**
   * The order of outcomes, against a model written from the class's documentation: any failure
   * fails; a check still pending is not exercised even if seen elsewhere (a client that polled in
   * one scenario and not in the async one it claims to support); seen passes; declared away skips.
   */
  it('any failure, then pending, then seen, then declared, then what the side gives (model)', () => {
    const op = fc.tuple(
      fc.constantFrom('fail', 'saw', 'expect', 'met', 'declaredAway'),
      fc.constantFrom('a', 'b'),
      fc.string(),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 12 }), (ops) => {
        const tally = new Tally();
        const model = {
          failures: new Map<string, string[]>(),
          pending: new Map<string, string>(),
          seen: new Set<string>(),
          declared: new Map<string, string>(),
        };
        for (const [kind, id, text] of ops) {
          tally[kind](id, text);
          if (kind === 'fail') model.failures.set(id, [...(model.failures.get(id) ?? []), text]);
          if (kind === 'fail' || kind === 'saw') model.seen.add(id);
          if (kind === 'expect' && !model.pending.has(id)) model.pending.set(id, text);
          if (kind === 'met') model.pending.delete(id);
          if (kind === 'declaredAway' && !model.declared.has(id)) model.declared.set(id, text);
        }
        const unseen = notExercised('no scenario called for it');
        for (const id of ['a', 'b']) {
          const failures = model.failures.get(id);
          const expected: Outcome = failures
            ? { status: 'fail', evidence: failures }
            : model.pending.has(id)
              ? notExercised(model.pending.get(id)!)
              : model.seen.has(id)
                ? pass()
                : model.declared.has(id)
                  ? skip(model.declared.get(id)!)
                  : unseen;
          expect(tally.outcome(id, unseen)).toEqual(expected);
        }
      }),
      { numRuns: 2_000 },
    );
  });
});
