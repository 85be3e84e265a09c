import { describe, expect, it } from 'vitest';
import { conformancePackRecord } from '../../src/records/conformance-pack.ts';
import { conformanceLevelsRecord } from '../../src/records/reference.ts';
import { issueCode, isIssueCode } from '../../src/standard/code-shapes.ts';
import { REPORTING_RULES } from '../../src/standard/reporting-rules.ts';
import { siteFor } from '../../src/standard/urls.ts';

/**
 * The pack's invalid fixtures say what a full implementation reports (verdict, level, issues in
 * order) beside the codes written by hand with each fixture, and its reporting rules each name a
 * fixture that shows them: the two must agree, or the pack would contradict itself.
 */
const ctx = { site: siteFor('http://localhost:4321'), generatedAt: '2026-11-01T09:00:00Z' };
const pack = conformancePackRecord(ctx, {
  registry: {},
  fieldRegistry: {},
  bindings: {},
  trustChannels: {},
  levels: {},
  errorRegistry: {},
});
const invalid = pack.fixtures.invalid;
const byId = new Map(invalid.map((f) => [f.id, f]));

describe('invalid fixtures: the expected issues agree with the expected codes', () => {
  it.each(invalid.map((f) => [f.id, f] as const))('%s', (_id, f) => {
    // The set of the listed issues' codes is the hand-written set.
    expect([...new Set(f.expected_issues.map((i) => i.code))].sort()).toEqual([...f.expected_codes].sort());
    // Each issue carries its code's severity, and valid means no error among them.
    for (const i of f.expected_issues) expect(isIssueCode(i.code) && issueCode(i.code).severity).toBe(i.severity);
    expect(f.expected_valid).toBe(f.expected_issues.every((i) => i.severity === 'warning'));
    // In the order the contract gives: by path, then code.
    const keys = f.expected_issues.map((i) => [i.path, i.code] as const);
    const sorted = [...keys].sort(([p1, c1], [p2, c2]) =>
      p1 < p2 ? -1 : p1 > p2 ? 1 : c1 < c2 ? -1 : c1 > c2 ? 1 : 0,
    );
    expect(keys).toEqual(sorted);
    // A message with a warning only is valid and stops short of L4; one with an error is not valid.
    if (f.expected_valid) expect(f.expected_level).toBe('L3');
    else expect(f.expected_level).not.toBe('L4');
  });

  it('the levels the schema codes guard depend on the path: a body path leaves L1, an envelope path L0', () => {
    expect(byId.get('invalid/schema.pattern')!.expected_level).toBe('L1');
    expect(byId.get('invalid/schema.type')!.expected_level).toBe('L0');
  });
});

describe('reporting rules', () => {
  it.each(REPORTING_RULES.map((r) => [r.id, r] as const))('%s names a fixture of the pack that shows it', (_id, r) => {
    const f = byId.get(r.fixture);
    expect(f, r.fixture).toBeDefined();
    // A rule of one finding reported alone is shown by a fixture that raises one code.
    if (r.id.endsWith('-alone')) expect(f!.expected_codes).toHaveLength(1);
  });

  it('every rule id is unique, and the pack publishes them as written', () => {
    expect(new Set(REPORTING_RULES.map((r) => r.id)).size).toBe(REPORTING_RULES.length);
    expect(pack.reporting_rules).toEqual(REPORTING_RULES);
  });

  it('the levels by path rule is shown by a fixture whose only error, a code it lists, under /body, leaves L1', () => {
    const rule = REPORTING_RULES.find((r) => r.id === 'schema-codes-by-path')!;
    const f = byId.get(rule.fixture)!;
    expect(f.expected_level).toBe('L1');
    for (const i of f.expected_issues) {
      expect(i.path.startsWith('/body/')).toBe(true);
      expect(rule.rule).toContain(i.code);
    }
  });

  it('the order rule is shown by a fixture with issues at several paths', () => {
    const f = byId.get(REPORTING_RULES.find((r) => r.id === 'order')!.fixture)!;
    expect(new Set(f.expected_issues.map((i) => i.path)).size).toBeGreaterThan(1);
  });
});

describe('the conformance levels record', () => {
  it('names the codes whose level is their path, exactly those it lists under both L1 and L2', () => {
    const record = conformanceLevelsRecord(ctx);
    const under = (id: string) => new Set(record.levels.find((l) => l.id === id)!.issue_codes);
    const both = [...under('L1')].filter((c) => under('L2').has(c));
    expect(both.length).toBeGreaterThan(3);
    expect(record.guarded_by_path.issue_codes).toEqual(both);
  });
});
