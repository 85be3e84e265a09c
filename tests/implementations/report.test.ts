import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal } from '../../src/engine/index.ts';
import { badgeEndpoint, badgeSvg } from '../../src/records/badges.ts';
import {
  EntryError,
  checksOfSide,
  implementationsRecord,
  levelOf,
  verifyEntries,
  verifyEntry,
  type EntryFiles,
  type VerifiedEntry,
} from '../../src/records/implementations.ts';
import { implementationsRecordSchema } from '../../src/records/openapi/implementations-schema.ts';
import { readEntryFolders, referenceEntry } from '../../src/build/implementations.ts';
import { LEVEL_IDS } from '../../src/standard/levels.ts';
import { siteFor } from '../../src/standard/urls.ts';
import { FIXTURE_CHECKED_AT, FIXTURES_DIR } from './fixtures.ts';
import { clientReport, EVERYTHING_DECLARED, type ClientManifest } from '../../src/kit/client/index.ts';

/**
 * The report of implementations from its entries: the reference server's (the kit run in process),
 * a passing fixture with a baseline and one failing a must check (tests/implementations/fixtures.ts).
 */
const site = siteFor('https://uai.example');
const now = new Date(FIXTURE_CHECKED_AT.getTime() + 3 * 24 * 3600 * 1000);
const ctx = { site, now };
const node = process.execPath;

let reference: EntryFiles;
const fixtures = readEntryFolders(FIXTURES_DIR);
const byName = (entries: VerifiedEntry[], slug: string) => entries.find((e) => e.slug === slug)!;
const withResult = (files: EntryFiles, change: (text: string) => string): EntryFiles => ({
  ...files,
  result: new TextEncoder().encode(change(new TextDecoder().decode(files.result))),
});
const errorOf = (run: () => unknown): EntryError => {
  try {
    run();
  } catch (error) {
    if (error instanceof EntryError) return error;
    throw error;
  }
  throw new Error('no EntryError');
};

beforeAll(async () => {
  reference = await referenceEntry(site, now);
});

describe('entries', () => {
  it('place the reference server at L4, the fixture with a baseline at L3 and the one failing a must check at L1', () => {
    const entries = verifyEntries([reference, ...fixtures], ctx);
    expect(entries.map((e) => [e.slug, e.level, e.status, e.stale])).toEqual([
      ['reference-server', 'L4', 'pass', false],
      ['acme-agent', 'L3', 'pass', false],
      ['broken-agent', 'L1', 'fail', false],
    ]);
    const acme = byName(entries, 'acme-agent');
    expect(acme.verdicts.filter((v) => v.status !== 'pass').map((v) => [v.check, v.status])).toEqual([
      ['message.warning_free', 'fail'],
    ]);
    expect(acme.verdictSource).toBe('result');
    const broken = byName(entries, 'broken-agent');
    expect(broken.verdicts.find((v) => v.check === 'exchange.sequence')).toMatchObject({
      status: 'fail',
      severity: 'must',
      evidence: [expect.stringContaining('sequence')],
    });
    expect(byName(entries, 'reference-server').verdictSource).toBe('report');
  });

  it('publishes a record that validates against its published schema, with counts, baseline and URLs', () => {
    const record = implementationsRecord(
      { site, generatedAt: now.toISOString() },
      verifyEntries([reference, ...fixtures], ctx),
    );
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(implementationsRecordSchema());
    expect(validate(record), JSON.stringify(validate.errors)).toBe(true);
    const [ref, acme, broken] = record.implementations;
    expect(ref!.counts.must_fail + ref!.counts.should_fail).toBe(0);
    expect(acme!.counts).toMatchObject({ must_fail: 0, should_fail: 1 });
    expect(acme!.baseline).toEqual({ expected_failures: ['message.warning_free'], regressions: [], stale: [] });
    expect(broken!.counts.must_fail).toBe(1);
    expect(broken!.baseline.regressions).toEqual(['exchange.sequence']);
    expect(broken!.result_url).toBe('https://uai.example/implementations/broken-agent/result.json');
    expect(broken!.age_days).toBe(3);
  });

  it('marks an entry older than the window stale, and keeps it', () => {
    const daysLater = (days: number) => new Date(FIXTURE_CHECKED_AT.getTime() + days * 24 * 3600 * 1000);
    // The window's last day is still fresh.
    expect(verifyEntry(fixtures[0]!, { site, now: daysLater(90.5) })).toMatchObject({ stale: false, ageDays: 90 });
    const acme = verifyEntry(fixtures[0]!, { site, now: daysLater(91) });
    expect(acme).toMatchObject({ stale: true, ageDays: 91, level: 'L3' });
    expect(badgeEndpoint(acme)).toEqual({
      schemaVersion: 1,
      label: 'UAI-1',
      message: 'L3 | pass | stale',
      color: 'lightgrey',
    });
  });

  it('reads any verdict status other than pass and skip as a failure (a report agreeing with the sealed result)', () => {
    const broken = fixtures[1]!;
    const message = JSON.parse(new TextDecoder().decode(broken.result));
    const checks = verifyEntry(broken, ctx).verdicts.map((v) => ({
      id: v.check,
      status: v.check === 'exchange.sequence' ? 'not_exercised' : v.check === 'message.keyless_shape' ? 'skip' : 'pass',
      evidence: [],
    }));
    const entry = verifyEntry({ ...broken, report: JSON.stringify({ checks, result_message: message }) }, ctx);
    expect(entry.level).toBe('L1');
    expect(entry.verdicts.find((v) => v.check === 'message.keyless_shape')!.status).toBe('skip');
    // A report that leaves out a check the sealed result lists as failed still shows the failure.
    const partial = checks.filter((c) => c.id !== 'exchange.sequence');
    const fromPartial = verifyEntry(
      { ...broken, report: JSON.stringify({ checks: partial, result_message: message }) },
      ctx,
    );
    expect(fromPartial.verdicts.find((v) => v.check === 'exchange.sequence')).toMatchObject({
      status: 'fail',
      evidence: [expect.stringContaining('sequence')],
    });
    // A report claiming a check passed that the sealed result lists as failed is refused.
    const lying = checks.map((c) => ({ ...c, status: 'pass' }));
    expect(
      errorOf(() => verifyEntry({ ...broken, report: JSON.stringify({ checks: lying, result_message: message }) }, ctx))
        .message,
    ).toBe(
      'tests/data/implementations/broken-agent/report.json: disagrees with the sealed result about: exchange.sequence',
    );
    // A report of another run (its result_message is not this entry's sealed result) is refused.
    const other = JSON.parse(new TextDecoder().decode(fixtures[0]!.result));
    expect(
      errorOf(() => verifyEntry({ ...broken, report: JSON.stringify({ checks, result_message: other }) }, ctx)).reason,
    ).toBe('its result_message is not the sealed result of result.json');
  });
});

describe('the level rule', () => {
  const checks = checksOfSide('server');
  const verdicts = (failing: ReadonlySet<string>, status = 'fail') =>
    checks.map((c) => ({
      check: c.id,
      category: c.category,
      severity: c.severity,
      status: failing.has(c.id) ? status : 'pass',
      evidence: [],
    }));
  const rank = (level: string | null) => (level === null ? -1 : LEVEL_IDS.indexOf(level as 'L0'));

  it('never rises when one more check fails, and counts any status but pass and skip as a failure', () => {
    const ids = fc.subarray(checks.map((c) => c.id));
    fc.assert(
      fc.property(ids, fc.constantFrom(...checks.map((c) => c.id)), (failing, more) => {
        const before = levelOf(verdicts(new Set(failing)));
        expect(rank(levelOf(verdicts(new Set([...failing, more]))))).toBeLessThanOrEqual(rank(before));
        expect(levelOf(verdicts(new Set(failing), 'not_exercised'))).toBe(before);
        expect(levelOf(verdicts(new Set(failing), 'skip'))).toBe('L4');
      }),
    );
    expect(levelOf(verdicts(new Set()))).toBe('L4');
    expect(levelOf(verdicts(new Set(['capability.reachable'])))).toBeNull();
    expect(levelOf(verdicts(new Set(['hostile.checksum_mismatch'])))).toBe('L2');
    expect(levelOf(verdicts(new Set(['message.valid'])))).toBe('L0');
  });
});

describe('a broken entry fails with its file and the reason', () => {
  it('a result with one byte changed', () => {
    for (const [from, to] of [
      ['"status": "fail"', '"status": "pail"'],
      ['exchange.sequence', 'exchange.sequencf'],
      ['"error_count": 1', '"error_count": 0'],
    ] as const) {
      const tampered = withResult(fixtures[1]!, (t) => t.replace(from, to));
      const error = errorOf(() => verifyEntry(tampered, ctx));
      expect(error.file).toBe('tests/data/implementations/broken-agent/result.json');
      expect(error.message).toMatch(/^tests\/data\/implementations\/broken-agent\/result\.json: does not validate: /);
    }
    const notText = fixtures[1]!.result.slice();
    notText[notText.indexOf(0x65)] = 0xff;
    expect(errorOf(() => verifyEntry({ ...fixtures[1]!, result: notText }, ctx)).reason).toBe('is not UTF-8 text');
    const edited = errorOf(() =>
      verifyEntry(
        withResult(fixtures[0]!, (t) => t.replace('Every message', 'Every messagE')),
        ctx,
      ),
    );
    expect(edited.message).toContain('integrity.checksum_mismatch');
  });

  it('a target other than the metadata names', () => {
    const meta = JSON.stringify({
      ...JSON.parse(fixtures[0]!.meta),
      target: 'https://agents.acme-agent.example.com/other',
    });
    expect(errorOf(() => verifyEntry({ ...fixtures[0]!, meta }, ctx)).message).toBe(
      'tests/data/implementations/acme-agent/result.json: is about https://agents.acme-agent.example.com/v1/reference-server, but meta.json names the target https://agents.acme-agent.example.com/other',
    );
  });

  it('a server target nobody else can reach: loopback, private, link-local, local names, plain http', () => {
    for (const [target, reason] of [
      ['http://127.0.0.1:4610/uai', 'uses http, not https'],
      ['https://127.0.0.1:4610/uai', 'is on a loopback or private IP address'],
      ['https://[::1]/uai', 'is on a loopback or private IP address'],
      ['https://10.0.0.7/uai', 'is on a loopback or private IP address'],
      ['https://192.168.1.20/uai', 'is on a loopback or private IP address'],
      ['https://169.254.169.254/uai', 'is on a loopback or private IP address'],
      ['https://[fe80::1]/uai', 'is on a loopback or private IP address'],
      // IPv6 forms of loopback (IPv4-compatible, NAT64, 6to4), discard-only and benchmarking prefixes.
      ['https://[::127.0.0.1]/uai', 'is on a loopback or private IP address'],
      ['https://[64:ff9b::7f00:1]/uai', 'is on a loopback or private IP address'],
      ['https://[2002:7f00:1::]/uai', 'is on a loopback or private IP address'],
      ['https://[100::1]/uai', 'is on a loopback or private IP address'],
      ['https://[2001:2::1]/uai', 'is on a loopback or private IP address'],
      ['https://agent.alt/uai', 'is under alt, a name the public DNS never resolves'],
      ['https://localhost:8443/uai', 'is under localhost, a name the public DNS never resolves'],
      ['https://agent.internal/uai', 'is under internal, a name the public DNS never resolves'],
      ['https://build-box/uai', 'has the single-label host build-box, which only a local network resolves'],
    ] as const) {
      const meta = JSON.stringify({ ...JSON.parse(fixtures[0]!.meta), target });
      expect(errorOf(() => verifyEntry({ ...fixtures[0]!, meta }, ctx)).message).toBe(
        `tests/data/implementations/acme-agent/meta.json: "target" ${target} ${reason}: a server entry needs a public https endpoint anyone can run the kit against`,
      );
    }
    // The reference server's entry is re-run by every build, on whatever origin the build has
    // (here .example): only as a folder would it be refused.
    expect(verifyEntry(reference, ctx).meta.target).toBe('https://uai.example/v1/reference-server');
    expect(errorOf(() => verifyEntry({ ...reference, rerunByBuild: false }, ctx)).reason).toMatch(
      /^"target" https:\/\/uai\.example\/v1\/reference-server is under example/,
    );
  });

  it('a result no published kit release made, or naming an unpublished check', () => {
    const resealed = (change: (m: any) => void): EntryFiles =>
      withResult(fixtures[1]!, (t) => {
        const m = JSON.parse(t);
        change(m);
        return JSON.stringify(seal(m));
      });
    // An older release, and the kit before revision 2, which sealed the result of an --only run.
    for (const release of ['uai-test-kit/0.9', 'uai-test-kit/1.0', 'uai-test-kit/1.0-r1'])
      expect(
        errorOf(() =>
          verifyEntry(
            resealed((m) => (m.source.implementation = release)),
            ctx,
          ),
        ).reason,
        release,
      ).toMatch(/^was not produced by a published kit release/);
    // The kit's release string with another source is not the kit.
    expect(
      errorOf(() =>
        verifyEntry(
          resealed((m) => (m.source.id = 'someone-else')),
          ctx,
        ),
      ).reason,
    ).toMatch(/^was not produced by a published kit release \(source someone-else,/);
    // A code no registry list holds already fails validation; a validator issue code is one a
    // conformance result may hold, but not a check of the kit.
    expect(
      errorOf(() =>
        verifyEntry(
          resealed((m) => (m.body.issues[0].code = 'exchange.made_up')),
          ctx,
        ),
      ).reason,
    ).toMatch(/^does not validate: issue\.code_unpublished at \/body\/issues\/0\/code: /);
    expect(
      errorOf(() =>
        verifyEntry(
          // An issue code of severity error, as the item is: its severity is its code's.
          resealed((m) => {
            m.body.issues[0].code = 'integrity.checksum_mismatch';
            m.body.issues[0].help_url = m.body.issues[0].help_url.replace(/#.*$/, '#integrity.checksum_mismatch');
          }),
          ctx,
        ),
      ).reason,
    ).toBe('names checks the kit does not publish: integrity.checksum_mismatch');
  });

  it('a result naming checks of another side than the metadata names', () => {
    const meta = JSON.stringify({ ...JSON.parse(fixtures[1]!.meta), side: 'client' });
    expect(errorOf(() => verifyEntry({ ...fixtures[1]!, meta }, ctx)).message).toBe(
      'tests/data/implementations/broken-agent/result.json: names checks of another side than client: exchange.sequence',
    );
  });

  it('a client entry: listed only when its result names the client by a package URL with a version', () => {
    const entry = (identity: ClientManifest['identity'], target: string): EntryFiles => {
      const report = clientReport([], {
        command: 'node my-client.mjs',
        scenarios: [],
        capMs: 1000,
        site,
        now: FIXTURE_CHECKED_AT,
        runId: '0c11e7700000000000000000000000a1',
        manifest: { ...EVERYTHING_DECLARED, ...(identity ? { identity } : {}) },
      });
      return {
        slug: 'acme-client',
        dir: 'implementations/acme-client',
        result: new TextEncoder().encode(JSON.stringify(report.result_message)),
        meta: JSON.stringify({
          name: 'Acme Client',
          side: 'client',
          target,
          language: 'TypeScript',
          homepage: 'https://acme.example/client',
        }),
      };
    };
    const purl = 'pkg:npm/%40acme/client@1.2.0';
    const identity = { name: 'Acme Client', purl, version: '1.2.0' };
    const listed = verifyEntry(entry(identity, purl), ctx);
    expect(listed).toMatchObject({ status: 'pass', meta: { side: 'client', target: purl } });
    expect(listed.verdicts.map((v) => v.check)).toEqual(checksOfSide('client').map((c) => c.id));
    // Another release than the metadata names, an unnamed client, a purl without a version, another spelling.
    expect(errorOf(() => verifyEntry(entry(identity, 'pkg:npm/%40acme/client@1.3.0'), ctx)).reason).toBe(
      `is about ${purl}, but meta.json names the target pkg:npm/%40acme/client@1.3.0`,
    );
    expect(errorOf(() => verifyEntry(entry(undefined, 'unidentified-client'), ctx)).reason).toMatch(
      /^is about the client unidentified-client, which is not a package URL with a version/,
    );
    const unversioned = { ...identity, purl: 'pkg:npm/%40acme/client' };
    expect(errorOf(() => verifyEntry(entry(unversioned, unversioned.purl), ctx)).reason).toMatch(/names no version/);
    const spelled = { ...identity, purl: 'pkg:NPM/%40acme/client@1.2.0' };
    expect(errorOf(() => verifyEntry(entry(spelled, spelled.purl), ctx)).reason).toBe(
      `names the client pkg:NPM/%40acme/client@1.2.0; write its package URL as the kit does: ${purl}`,
    );
  });

  it('a folder name that is not a slug or is one the report uses, two entries of one name, a baseline of unknown checks', () => {
    for (const slug of ['Acme', 'acme_agent', '-acme', 'index', 'badges'])
      expect(errorOf(() => verifyEntry({ ...fixtures[0]!, slug }, ctx)).reason, slug).toMatch(
        /^the folder name must be/,
      );
    expect(errorOf(() => verifyEntries([fixtures[0]!, fixtures[0]!], ctx)).reason).toBe(
      'two entries have this folder name',
    );
    const meta = JSON.stringify({ ...JSON.parse(fixtures[0]!.meta), expected_failures: ['message.made_up'] });
    expect(errorOf(() => verifyEntry({ ...fixtures[0]!, meta }, ctx)).message).toBe(
      'tests/data/implementations/acme-agent/meta.json: "expected_failures" names unpublished checks: message.made_up',
    );
  });

  it('metadata without a side, or a result from the future', () => {
    const meta = JSON.stringify({ ...JSON.parse(fixtures[0]!.meta), side: 'both' });
    expect(errorOf(() => verifyEntry({ ...fixtures[0]!, meta }, ctx)).message).toBe(
      'tests/data/implementations/acme-agent/meta.json: "side" must be one of server, client',
    );
    const before = new Date(FIXTURE_CHECKED_AT.getTime() - 3600 * 1000);
    expect(errorOf(() => verifyEntry(fixtures[0]!, { site, now: before })).reason).toMatch(/after this build$/);
  });
});

describe('the build step that verifies the entries (scripts/check-implementations.ts)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'uai-impl-'));
    cpSync(FIXTURES_DIR, dir, { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const check = () =>
    spawnSync(node, ['scripts/check-implementations.ts', dir], {
      encoding: 'utf8',
      env: { ...process.env, UAI_ORIGIN: site.origin },
    });

  it('passes good entries and stops at a tampered one, naming the file', () => {
    const ok = check();
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain(
      '3 entries verified (reference-server L4 pass, acme-agent L3 pass, broken-agent L1 fail)',
    );
    const file = join(dir, 'acme-agent', 'result.json');
    const bytes = readFileSync(file);
    const at = bytes.indexOf('Every message');
    expect(at).toBeGreaterThan(0);
    bytes[at] = 'e'.charCodeAt(0);
    writeFileSync(file, bytes);
    const broken = check();
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(
      /^Implementations: broken entry: .*acme-agent\/result\.json: does not validate: integrity\.checksum_mismatch/m,
    );
  });
});

describe('badges', () => {
  it('are well-formed, accessible SVG in the flat style, saying release, level and verdict', () => {
    const entries = verifyEntries([reference, ...fixtures], ctx);
    const expected = [
      ['UAI-1: L4 | pass', 'brightgreen'],
      ['UAI-1: L3 | pass', 'green'],
      ['UAI-1: L1 | fail', 'red'],
    ];
    entries.forEach((entry, i) => {
      const svg = badgeSvg(entry);
      expect(XMLValidator.validate(svg)).toBe(true);
      const doc = new XMLParser({ ignoreAttributes: false }).parse(svg);
      expect(doc.svg['@_role']).toBe('img');
      expect(doc.svg.title).toBe(expected[i]![0]);
      expect(doc.svg['@_aria-label']).toBe(expected[i]![0]);
      expect(Number(doc.svg['@_height'])).toBe(20);
      expect(badgeEndpoint(entry)).toEqual({
        schemaVersion: 1,
        label: 'UAI-1',
        message: expected[i]![0]!.slice('UAI-1: '.length),
        color: expected[i]![1],
      });
      expect(svg.length).toBeLessThan(2048);
    });
  });
});
