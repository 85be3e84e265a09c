import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  childPath,
  conformanceFixtures,
  issueFlags,
  publishedExamples,
  validateMessage,
  validateSummary,
  type ValidateOptions,
} from '../../src/engine/index.ts';
import { fixtureInput, now, site } from './helpers.ts';
import { mutate, op } from './mutations.ts';

/**
 * validateSummary builds no conformance record (the summary and SARIF formats, the exchange check's
 * verdicts, every `uai validate` format but json). Two paths that must agree: the whole result
 * with its record taken out, member for member and in the same order, and the download name the
 * record's own message_id gives.
 */
function agree(input: unknown, options: ValidateOptions): void {
  const whole = validateMessage(copied(input), options);
  const summary = validateSummary(copied(input), options);
  const { conformance_record: record, ...rest } = whole;
  expect(JSON.stringify(summary)).toBe(JSON.stringify(rest));
  expect(Object.hasOwn(summary, 'conformance_record')).toBe(false);
  expect(summary.download_filename).toBe(`${String(record.message_id)}.json`);
  // The exchange rules read a verdict's issues through its flags (every issue, listed or not).
  const flags = [issueFlags(summary), issueFlags(whole)];
  for (const path of pointersOf(input)) expect(flags[0]!(path), path).toBe(flags[1]!(path));
}

/** A copy for each path (neither may see what the other did), or the input itself when it cannot be read. */
function copied(input: unknown): unknown {
  try {
    return structuredClone(input);
  } catch {
    return input;
  }
}

/** The JSON Pointer of every value in the input, the root first (the first thousand; the root alone when it cannot be read). */
function pointersOf(value: unknown, at = '', out: string[] = []): string[] {
  out.push(at);
  try {
    if (typeof value === 'object' && value !== null && out.length < 1000)
      for (const [key, child] of Object.entries(value)) pointersOf(child, childPath(at, key), out);
  } catch {
    // A getter that throws: the paths gathered so far.
  }
  return out;
}

const { valid, invalid } = conformanceFixtures(site);
const options = (mode: ValidateOptions['mode'], text?: string): ValidateOptions =>
  text === undefined ? { mode, site, now } : { mode, site, now, text };

describe('the result without its conformance record', () => {
  it('is the whole result less the record, for every fixture of the conformance pack', () => {
    for (const f of [...valid, ...invalid]) agree(fixtureInput(f), options(f.mode, f.text));
    expect(valid.length + invalid.length).toBeGreaterThan(100);
  });

  it('is so for inputs without a canonical form, not objects, too deep, or that the validator cannot process', () => {
    const deep: unknown[] = [];
    let at = deep;
    for (let i = 0; i < 80; i++) at.push((at = []));
    // A getter that throws reaches the validator's catch-all: the unprocessable result, digest of its issues.
    const throwing = Object.defineProperty({ profile: 'uai.intent.request.v1' }, 'message_id', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    // More issues than a result lists: the flags must still see the unlisted ones.
    const error = publishedExamples(site).find((e) => e.profile === 'uai.error.v1')!.message as Record<string, any>;
    const wide = { ...error, body: { ...error.body, errors: Array.from({ length: 150 }, () => ({})) } };
    for (const input of [{ text: '\ud800' }, [1, 2], 'text', null, deep, JSON.parse('{"a": 1e400}'), throwing, wide])
      for (const mode of ['keyed-json', 'keyless-json'] as const) agree(input, options(mode));
    expect(validateSummary(throwing, options('keyed-json')).errors[0]!.message).toMatch(/could not process/);
    const cut = validateSummary(wide, options('keyed-json'));
    expect(cut.issue_count).toBeGreaterThan(cut.errors.length + cut.warnings.length);
    expect(issueFlags(cut)('/body/errors/149')).toBe(true);
  });

  it('is so for seeded random edits of every published example, keyed and as text', () => {
    const examples = publishedExamples(site).map((e) => e.message as Record<string, unknown>);
    fc.assert(
      fc.property(fc.nat(examples.length - 1), fc.array(op, { minLength: 1, maxLength: 4 }), (i, ops) => {
        const edited = mutate(examples[i]!, ops);
        agree(edited, options('keyed-json'));
        agree(edited, options('keyed-json', JSON.stringify(edited)));
      }),
      { numRuns: 150 },
    );
  });
});
