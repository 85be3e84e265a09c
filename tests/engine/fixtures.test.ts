import { describe, expect, it } from 'vitest';
import { conformanceFixtures } from '../../src/engine/index.ts';
import { ISSUE_CODES } from '../../src/standard/codes.ts';
import { check, codesOf, fixtureInput, site } from './helpers.ts';

/** Table-driven: every conformance-pack fixture through the engine (CONTRACT section 9). */
const { valid, invalid } = conformanceFixtures(site);

describe('valid fixtures', () => {
  it.each(valid.map((f) => [f.id, f] as const))('%s: no issues, the listed canonical_hash', (_id, f) => {
    const r = check(fixtureInput(f), f.mode, f.text);
    expect([...r.errors, ...r.warnings]).toEqual([]);
    expect(r.status).toBe('pass');
    expect(r.conformance_level).toBe('L4');
    expect(r.normalization.canonical_hash).toBe(f.canonical_hash);
    expect(r.normalization.normalized).toBe(f.form === 'keyless');
  });
});

describe('invalid fixtures', () => {
  it.each(invalid.map((f) => [f.id, f] as const))('%s: exactly the listed codes', (_id, f) => {
    const r = check(fixtureInput(f), f.mode, f.text);
    expect(codesOf(r)).toEqual([...f.expected_codes].sort());
  });

  it('every registry issue code is raised by at least one fixture', () => {
    const raised = new Set(invalid.flatMap((f) => codesOf(check(fixtureInput(f), f.mode, f.text))));
    expect(ISSUE_CODES.map((c) => c.code).filter((c) => !raised.has(c))).toEqual([]);
  });

  it('fixtures are plain JSON (the pack serializes them): a JSON round trip gives them back unchanged', () => {
    // Strict: a member that is undefined, a Date or a class instance would not survive the trip.
    expect(JSON.parse(JSON.stringify({ valid, invalid }))).toStrictEqual({ valid, invalid });
    expect(new Set(invalid.map((f) => f.id)).size).toBe(invalid.length);
  });
});
