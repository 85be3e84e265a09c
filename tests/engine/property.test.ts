import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messageToKeyless, publishedExamples, type ValidatorResult } from '../../src/engine/index.ts';
import { issueCode } from '../../src/standard/codes.ts';
import { check, site } from './helpers.ts';
import { mutate, op } from './mutations.ts';

/**
 * Property tests (issue 3): mutated examples never make the engine throw, results always have the
 * spec 2.4 shape, and keyed/keyless forms keep the canonical hash. 10,000+ runs in total.
 */
const examples = publishedExamples(site).map((e) => e.message);

function expectShape(r: ValidatorResult): void {
  expect(r.issue_count).toBe(r.errors.length + r.warnings.length);
  expect(r.error_count).toBe(r.errors.length);
  expect(r.warning_count).toBe(r.warnings.length);
  expect(r.valid).toBe(r.error_count === 0);
  expect(r.status).toBe(r.valid ? 'pass' : 'fail');
  expect(r.errors.every((i) => i.severity === 'error' && issueCode(i.code)?.severity === 'error')).toBe(true);
  expect(r.warnings.every((i) => i.severity === 'warning' && issueCode(i.code)?.severity === 'warning')).toBe(true);
  for (const list of [r.errors, r.warnings]) {
    for (let i = 1; i < list.length; i += 1) {
      const [a, b] = [list[i - 1]!, list[i]!];
      expect(a.path < b.path || (a.path === b.path && a.code < b.code)).toBe(true);
    }
  }
  expect(r.download_filename).toBe(`${String(r.conformance_record.message_id)}.json`);
  expect(typeof r.normalization.canonical_hash === 'string' || r.normalization.canonical_hash === null).toBe(true);
}

describe('properties', () => {
  it('mutated examples: never throws, always the spec 2.4 shape (10,000 runs)', () => {
    fc.assert(
      fc.property(fc.nat(examples.length - 1), fc.array(op, { minLength: 1, maxLength: 4 }), (which, ops) => {
        expectShape(check(mutate(examples[which]!, ops)));
      }),
      { numRuns: 10_000 },
    );
  });

  it('emitted records about mutated messages validate back clean', () => {
    fc.assert(
      fc.property(fc.nat(examples.length - 1), fc.array(op, { minLength: 1, maxLength: 3 }), (which, ops) => {
        const back = check(check(mutate(examples[which]!, ops)).conformance_record);
        expect([...back.errors, ...back.warnings]).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('keyless mode on mutated keyless arrays never throws', () => {
    fc.assert(
      fc.property(fc.nat(examples.length - 1), fc.array(op, { minLength: 1, maxLength: 3 }), (which, ops) => {
        expectShape(check(mutate({ k: messageToKeyless(examples[which]!) }, ops) as never, 'keyless-json'));
        const arr = mutate({ k: messageToKeyless(examples[which]!) }, ops) as { k?: unknown };
        expectShape(check(arr.k, 'keyless-json'));
      }),
      { numRuns: 500 },
    );
  });

  it('keyed and keyless forms keep the canonical hash under value changes', () => {
    const leaf = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer(),
      fc.boolean(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    );
    fc.assert(
      fc.property(fc.nat(examples.length - 1), fc.nat(), leaf, (which, pick, value) => {
        const m = structuredClone(examples[which]!) as Record<string, any>;
        const slots: [Record<string, unknown>, string][] = [];
        for (const part of ['conversation', 'delivery', 'trust', 'provenance', 'body']) {
          for (const key of Object.keys(m[part] ?? {}))
            if (typeof m[part][key] !== 'object') slots.push([m[part], key]);
        }
        const [obj, key] = slots[pick % slots.length]!;
        obj[key] = value;
        const keyed = check(m);
        const keyless = check(messageToKeyless(m), 'keyless-json');
        expect(keyless.normalization.canonical_hash).toBe(keyed.normalization.canonical_hash);
        expect(keyless.normalization.byte_count).toBe(keyed.normalization.byte_count);
        expect(keyless.errors.map((e) => e.code)).toEqual(keyed.errors.map((e) => e.code));
      }),
      { numRuns: 1_000 },
    );
  });
});
