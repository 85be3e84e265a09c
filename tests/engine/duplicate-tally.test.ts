import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  issueFlags,
  publishedExamples,
  repeatedMembers,
  validateMessage,
  type Issue,
  type ValidatorResult,
} from '../../src/engine/index.ts';
import { expectedListed } from '../support/listed.ts';
import { now, site } from './helpers.ts';

/**
 * Repeated names reach the issue tally in place (validate/duplicates.ts): each issue's path as its
 * object's pointer and its name, counted without the tally's set. The oracle is the scan's own
 * list of repeated members (repeatedMembers, pointers joined), made well-formed and taken once
 * per path, as the set would have: the unbounded result must list exactly those, every bounded
 * result must list its first issues with the same counts, and the copy rules' flags read in place
 * must agree with the flags read from the list (for messages with a canonical form).
 */
const intent = publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message;

/** Names that repeat, escape in pointers, spell the same name twice, or hold a lone surrogate. */
const name = fc.constantFrom('a', 'b', '\\u0061', 'a/b', '~', '\\ud800', '\\udc00', '\\ufffd', '\ufffd', '');

/** JSON texts written by hand so that names can repeat. */
const jsonText: fc.Arbitrary<string> = fc.letrec<{ v: string }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', maxDepth: 5 },
    fc.constantFrom('0', '"s"', 'null'),
    fc.array(tie('v'), { maxLength: 3 }).map((items) => `[${items.join(',')}]`),
    fc.array(fc.tuple(name, tie('v')), { maxLength: 5 }).map((m) => `{${m.map(([k, v]) => `"${k}":${v}`).join(',')}}`),
  ),
})).v;

/** The published intent request with `text` as body.x_dup, as text and parsed. */
function withRepeats(text: string): { message: unknown; text: string } {
  const whole = JSON.stringify({ ...intent, body: { ...(intent as { body: object }).body, x_dup: 0 } }).replace(
    '"x_dup":0',
    `"x_dup":${text}`,
  );
  return { message: JSON.parse(whole), text: whole };
}

const DUP = 'message.duplicate_member';
const keyOf = (i: Pick<Issue, 'path' | 'code'>) => `${i.path}\u0000${i.code}`;
const listOf = (r: ValidatorResult) => [...r.errors, ...r.warnings].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
const run = (input: { message: unknown; text: string }, issueLimit: number) =>
  validateMessage(input.message, { mode: 'keyed-json', site, now, text: input.text, issueLimit });

/** The scan's repeats, each path made well-formed and taken once, with the count of its first. */
function expectedRepeats(text: string): Map<string, number> {
  const expected = new Map<string, number>();
  for (const r of repeatedMembers(text)) {
    const path = r.pointer.toWellFormed();
    if (!expected.has(path)) expected.set(path, r.count);
  }
  return expected;
}

describe('repeated names in the issue tally', () => {
  it('lists one issue per path when the values of a repeated name repeat names themselves', () => {
    for (const text of [
      '{"a":{"b":0,"b":1},"a":{"b":0,"b":1,"b":2}}',
      '[{"a":{"\\ufffd":0,"\ufffd":0},"a":{"x":0,"x":0}}]',
    ]) {
      const input = withRepeats(text);
      const full = run(input, Infinity);
      const listed = full.errors.filter((i) => i.code === DUP);
      expect(listed.map((i) => [i.path, i.actual])).toEqual([...expectedRepeats(input.text)].sort());
      expect(full.error_count).toBe(full.errors.length);
    }
  });

  it('property: listed once per path, counted exactly, cut as any other issue, flagged alike', () => {
    fc.assert(
      fc.property(jsonText, fc.constantFrom(0, 1, 2, 5), (text, limit) => {
        const input = withRepeats(text);
        const full = run(input, Infinity);
        const expected = expectedRepeats(input.text);
        const listed = full.errors.filter((i) => i.code === DUP);
        expect(listed.map((i) => i.path).sort()).toEqual([...expected.keys()].sort());
        for (const i of listed) expect(i.actual).toBe(expected.get(i.path));
        expect(full.error_count).toBe(full.errors.length);

        const bounded = run(input, limit);
        expect(listOf(bounded).map(keyOf)).toEqual(expectedListed(full, limit).map(keyOf));
        expect([bounded.error_count, bounded.warning_count, bounded.conformance_level]).toEqual([
          full.error_count,
          full.warning_count,
          full.conformance_level,
        ]);

        // A lone surrogate in a name leaves the message without a canonical form (an error of its
        // own) and its listed paths made well-formed: no list can flag the raw path then.
        if (full.errors.some((i) => i.code === 'message.not_canonicalizable')) return;
        const inPlace = issueFlags(bounded);
        const fromList = issueFlags(JSON.parse(JSON.stringify(full)) as ValidatorResult);
        const probes = new Set(['', '/body', '/body/x_dup', '/body/x_dupe', '/delivery']);
        for (const i of listed) {
          const segments = i.path.split('/');
          for (let n = 1; n <= segments.length; n++) probes.add(segments.slice(0, n).join('/'));
          probes.add(`${i.path}x`);
          probes.add(`${i.path}/x`);
        }
        for (const probe of probes) expect([probe, inPlace(probe)]).toEqual([probe, fromList(probe)]);
      }),
      { numRuns: 1_500 },
    );
  });
});
