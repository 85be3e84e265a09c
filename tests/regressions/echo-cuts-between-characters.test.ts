import { describe, expect, it } from 'vitest';
import { publishedExamples } from '../../src/engine/index.ts';
import { check, site } from '../engine/helpers.ts';

/**
 * Fixed in "an echoed value is cut between characters": an issue's `actual` shows a long value
 * cut to 256 UTF-16 units, and a cut inside a surrogate pair left a lone surrogate there. The
 * conformance record could then not be sealed, and the whole check failed closed as one
 * message.not_canonicalizable at "" for a message that has a canonical form, its real issues
 * lost. Found by tests/engine/schema-differential.test.ts.
 */
const request = publishedExamples(site)[0]!.message as Record<string, Record<string, unknown>>;

describe('regression: a long value with astral characters is echoed whole characters only', () => {
  // An odd prefix puts a pair across the cut; an even one does not.
  it.each(['', ' ', '  ', '   '])('prefix of %j characters', (prefix) => {
    const value = `${prefix}${'😀'.repeat(300)}`;
    const message = structuredClone(request);
    message.delivery!.mode = value;
    message.provenance!.issued_at = value;
    const r = check(message);
    const found = [...r.errors, ...r.warnings];
    expect(found.map((i) => i.code)).not.toContain('message.not_canonicalizable');
    for (const path of ['/delivery/mode', '/provenance/issued_at']) {
      const issue = found.find((i) => i.path === path && i.keyword !== undefined)!;
      expect(issue, path).toBeDefined();
      const actual = issue.actual as string;
      expect(actual.isWellFormed()).toBe(true);
      expect(actual.endsWith('…')).toBe(true);
      expect(value.startsWith(actual.slice(0, -1))).toBe(true);
      expect(actual.length).toBeGreaterThanOrEqual(256);
    }
    const back = check(r.conformance_record);
    expect([...back.errors, ...back.warnings]).toEqual([]);
  });
});
