import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  conformanceFixtures,
  FINGERPRINT,
  GITHUB_FINGERPRINT,
  indexJson,
  sarifLog,
  toSarif,
  validateAction,
} from '../../src/engine/index.ts';
import { ISSUE_CODES } from '../../src/standard/codes.ts';
import { check, fixtureInput, now, site } from './helpers.ts';

/**
 * format: sarif (CONTRACT section 4). Checked against the official OASIS SARIF 2.1.0 JSON schema
 * (oasis-tcs/sarif-spec, Documents/CommitteeSpecifications/2.1.0/sarif-schema-2.1.0.json, vendored
 * verbatim; draft-07, plain ajv + ajv-formats, test only).
 */
const schema = JSON.parse(readFileSync(join(import.meta.dirname, 'data/sarif-schema-2.1.0.json'), 'utf8'));
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validateSarif = ajv.compile(schema);

describe('SARIF 2.1.0', () => {
  const { valid, invalid } = conformanceFixtures(site);

  it.each([...valid.slice(0, 3), ...invalid].map((f) => [f.id, f] as const))(
    '%s gives a schema-valid log',
    (_id, f) => {
      const r = check(fixtureInput(f), f.mode);
      const log = toSarif(r, site, { uri: 'messages/example.json' });
      expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
      const results = log.runs[0]!.results;
      expect(results).toHaveLength(r.issue_count);
      for (const res of results) {
        expect(log.runs[0]!.tool.driver.rules[res.ruleIndex]!.id).toBe(res.ruleId);
        expect(['error', 'warning']).toContain(res.level);
        expect((res.locations[0] as { properties: { jsonPointer: string } }).properties.jsonPointer).toBe(
          res.properties.jsonPointer,
        );
      }
    },
  );

  it('has one rule per issue code and points results at JSON Pointers', () => {
    const bad = invalid.find((f) => f.id === 'invalid/schema.required')!;
    const outcome = validateAction({ message: fixtureInput(bad), format: 'sarif' }, { site, now: () => now });
    expect(outcome).toMatchObject({ ok: true, mediaType: 'application/sarif+json' });
    const log = (outcome as { body: ReturnType<typeof toSarif> }).body;
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0]!.tool.driver.rules.map((r) => r.id)).toEqual(ISSUE_CODES.map((c) => c.code));
    // A name is for people and differs from the id (SARIF Multitool's SARIF1001 warns on a name
    // equal to the id), in PascalCase (SARIF2012), one per rule.
    const names = log.runs[0]!.tool.driver.rules.map((r) => r.name);
    for (const rule of log.runs[0]!.tool.driver.rules) {
      expect(rule.name).not.toBe(rule.id);
      expect(rule.name).toMatch(/^[A-Z][A-Za-z0-9]*$/);
    }
    expect(new Set(names).size).toBe(names.length);
    expect(log.runs[0]!.tool.driver.rules.find((r) => r.id === 'integrity.checksum_mismatch')!.name).toBe(
      'IntegrityChecksumMismatch',
    );
    expect(log.runs[0]!.results[0]).toMatchObject({
      ruleId: 'schema.required',
      level: 'error',
      locations: [{ logicalLocations: [{ fullyQualifiedName: '/delivery/mode' }] }],
    });
    expect(validateSarif(log)).toBe(true);
  });
});

describe('other formats', () => {
  const request = conformanceFixtures(site).valid[0]!.message;
  const ctx = { site, now: () => now };
  it('summary drops the record, record is the record with its filename', () => {
    const summary = validateAction({ message: request, format: 'summary' }, ctx);
    expect(summary.ok && summary.body).not.toHaveProperty('conformance_record');
    const record = validateAction({ message: request, format: 'record' }, ctx);
    const full = check(request);
    expect(record).toEqual({ ok: true, body: full.conformance_record, filename: full.download_filename });
    expect(validateAction({ message: request }, ctx)).toEqual({ ok: true, body: full });
  });
});

describe('SARIF locations and fingerprints', () => {
  const bad = conformanceFixtures(site).invalid.find((f) => f.id === 'invalid/schema.value_not_allowed')!;
  const r = check(fixtureInput(bad), bad.mode);
  const text = JSON.stringify(fixtureInput(bad), null, 2);
  const locate = (pointer: string) => indexJson(text).nearest(pointer).range;

  it('a located artifact gives a region with offsets; an unlocated one still names line 1', () => {
    const located = toSarif(r, site, { uri: 'm/a.json', uriBaseId: '%SRCROOT%', locate }).runs[0]!.results[0]!;
    const physical = (
      located.locations[0] as {
        physicalLocation: { artifactLocation: unknown; region: { charOffset: number; charLength: number } };
      }
    ).physicalLocation;
    expect(physical.artifactLocation).toEqual({ uri: 'm/a.json', uriBaseId: '%SRCROOT%' });
    expect(text.slice(physical.region.charOffset, physical.region.charOffset + physical.region.charLength)).toBe(
      '"priority": "urgent"',
    );
    const bare = toSarif(r, site, { uri: 'message.json' }).runs[0]!.results[0]!;
    expect((bare.locations[0] as { physicalLocation: { region: unknown } }).physicalLocation.region).toEqual({
      startLine: 1,
      startColumn: 1,
    });
  });

  it('fingerprints depend on code and pointer only', () => {
    const one = toSarif(r, site, { uri: 'a.json', locate }).runs[0]!.results[0]!.partialFingerprints;
    const two = toSarif(r, site, { uri: 'b/c.json' }).runs[0]!.results[0]!.partialFingerprints;
    expect(one).toEqual(two);
    // Ours, and under the one key code scanning reads, the same value.
    expect(Object.keys(one)).toEqual([FINGERPRINT, GITHUB_FINGERPRINT]);
    expect(one[GITHUB_FINGERPRINT]).toBe(one[FINGERPRINT]);
  });

  it('unreadable files are error notifications and the run is not successful', () => {
    const log = sarifLog([], site, {
      notifications: [{ uri: 'x.json', uriBaseId: '%SRCROOT%', message: 'x.json: cannot read: no such file' }],
    });
    expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
    expect(log.runs[0]!.invocations[0]).toMatchObject({
      executionSuccessful: false,
      toolExecutionNotifications: [{ level: 'error', message: { text: 'x.json: cannot read: no such file' } }],
    });
  });
});
