import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_PATH_CHARS,
  messageToKeyless,
  publishedExamples,
  seal,
  type ValidatorResult,
} from '../../src/engine/index.ts';
import { check, site } from './helpers.ts';

/**
 * One message, one verdict, whichever form it is sent in (CONTRACT section 5: both forms give the
 * same canonical_hash; section 7: L0 is "a JSON object, or a keyless array that normalizes"). The
 * keyless form names registered members by index, so what is measured on the text as sent (a
 * path's length) or reported in the form's own words (a required position left empty) must come
 * to what the keyed form gets.
 */
type Json = Record<string, any>;
const example = (profile: string): Json =>
  structuredClone(publishedExamples(site).find((e) => e.profile === profile)!.message) as Json;

const verdict = (r: ValidatorResult) => ({
  valid: r.valid,
  level: r.conformance_level,
  hash: r.normalization.canonical_hash,
  errors: r.error_count,
  warnings: r.warning_count,
});

describe('keyed and keyless forms of one message get one verdict', () => {
  it(`a free-form object whose path nears ${MAX_PATH_CHARS} characters: the limit is on the keyed path in both forms`, () => {
    // body.result.schema is free-form: its names stay names in the keyless form, while the
    // registered members above it become indexes there.
    const base = example('uai.intent.response.v1');
    base.body.status = 'completed';
    delete base.body.task_ref;
    delete base.delivery.task_ref;
    delete base.body.result.task_id;
    fc.assert(
      fc.property(
        fc.integer({ min: MAX_PATH_CHARS - 40, max: MAX_PATH_CHARS + 10 }),
        fc.integer({ min: 0, max: 30 }),
        (outer, inner) => {
          const m = structuredClone(base);
          m.body.result.schema = {
            ['k'.repeat(outer - '/body/result/schema/'.length)]: inner ? { ['n'.repeat(inner)]: {} } : {},
          };
          const message = seal(m);
          const keyed = check(message);
          const keyless = check(messageToKeyless(message), 'keyless-json');
          expect(verdict(keyless)).toEqual(verdict(keyed));
          expect(keyless.errors.map((e) => e.code)).toEqual(keyed.errors.map((e) => e.code));
        },
      ),
      { numRuns: 120 },
    );
    // Both sides of the limit are reached.
    const at = (chars: number) => {
      const m = structuredClone(base);
      m.body.result.schema = { ['k'.repeat(chars - '/body/result/schema/'.length)]: {} };
      return check(messageToKeyless(seal(m)), 'keyless-json').errors.map((e) => e.code);
    };
    expect(at(MAX_PATH_CHARS)).toEqual([]);
    expect(at(MAX_PATH_CHARS + 1)).toEqual(['message.too_deep']);
  });

  it('a required member left out: the same conformance level as the keyed form, which says schema.required', () => {
    for (const { profile } of publishedExamples(site)) {
      const original = example(profile);
      const places: [string, Json][] = [
        ...Object.keys(original).map((k): [string, Json] => [k, original]),
        ...Object.keys(original.body ?? {}).map((k): [string, Json] => [`body.${k}`, original.body]),
      ];
      for (const [name] of places) {
        const m = example(profile);
        if (name.startsWith('body.')) delete m.body[name.slice(5)];
        else delete m[name];
        const message = name === 'integrity' ? m : seal(m);
        const keyed = check(message);
        const keyless = check(messageToKeyless(message), 'keyless-json');
        expect({ name, level: keyless.conformance_level }).toEqual({ name, level: keyed.conformance_level });
        expect({ name, errors: keyless.error_count }).toEqual({ name, errors: keyed.error_count });
      }
    }
  });

  it('a keyless array with every position empty normalizes: L0, as {} is in keyed form', () => {
    expect(check([], 'keyless-json').conformance_level).toBe('L0');
    expect(check({}).conformance_level).toBe('L0');
    expect(check([], 'keyless-json').normalization.normalized).toBe(true);
  });

  it('normalization.input_shape is the shape sent, whichever the mode expected', () => {
    const shape = (input: unknown, mode?: 'keyless-json') => check(input, mode).normalization.input_shape;
    expect([shape({}), shape([]), shape({}, 'keyless-json'), shape([], 'keyless-json')]).toEqual([
      'json-object',
      'json-array',
      'json-object',
      'json-array',
    ]);
    // Neither: the mode's own shape.
    expect([shape('x'), shape('x', 'keyless-json')]).toEqual(['json-object', 'json-array']);
  });
});
