import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerCases, answerDigest, answerText } from './answers/cases.ts';
import { FULL_ANSWERS } from './answers/full-ids.ts';

/**
 * Every engine answer stays byte-identical to the answers recorded before the hot path was
 * optimized (same input, same clock): validate in every format and mock exchange in every
 * scenario, keyed and keyless, valid and invalid, two origins, two clocks. The record holds a
 * digest of each answer and a few answers in full (tests/engine/answers/record.ts writes both).
 */
const dir = join(import.meta.dirname, 'answers');
const recorded = JSON.parse(readFileSync(join(dir, 'recorded.json'), 'utf8')) as Record<string, Record<string, string>>;
const full = JSON.parse(readFileSync(join(dir, 'full.json'), 'utf8')) as Record<string, string>;
const groups = answerCases();

describe('engine answers equal the recorded ones', () => {
  it('the case set is the recorded one', () => {
    expect(Object.keys(groups)).toEqual(Object.keys(recorded));
    for (const [tag, cases] of Object.entries(groups))
      expect(cases.map((c) => c.id)).toEqual(Object.keys(recorded[tag]!));
    expect(Object.keys(full).sort()).toEqual([...FULL_ANSWERS].sort());
  });

  it.each(Object.keys(groups))('%s', (tag) => {
    const differing: string[] = [];
    for (const c of groups[tag]!) {
      const text = answerText(c.answer());
      const id = `${tag}/${c.id}`;
      if (id in full) expect(text, id).toBe(full[id]);
      if (answerDigest(text) !== recorded[tag]![c.id]) differing.push(c.id);
    }
    expect(differing).toEqual([]);
  });
});
