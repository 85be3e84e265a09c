import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceFixtures, keylessPointer, pointerSegments } from '../../src/engine/index.ts';
import { ISSUE_CODES } from '../../src/standard/codes.ts';
import { siteFor } from '../../src/standard/urls.ts';
import { ORIGIN, uai, type Run } from './local-server.ts';

/**
 * `uai validate` as CI reads it (issue: annotations on the right line). Every invalid fixture of
 * the conformance pack is written pretty-printed and minified; each SARIF result's region must
 * cover exactly the member its pointer names (or, for a member that is missing, the deepest one
 * that exists). Requirements of GitHub code scanning are from its documentation:
 * https://docs.github.com/en/code-security/code-scanning/integrating-with-code-scanning/sarif-support-for-code-scanning
 * (relative artifact URIs with uriBaseId, region.startLine, partialFingerprints, ruleId and
 * message.text per result, rules with helpUri, runAutomationDetails.id, at most 25,000 results
 * per run). The schema is the official OASIS SARIF 2.1.0 JSON schema (tests/engine/data).
 */
const schema = JSON.parse(readFileSync(join(import.meta.dirname, '../engine/data/sarif-schema-2.1.0.json'), 'utf8'));
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validateSarif = ajv.compile(schema);

const PUBLIC = 'https://uai.example.org';
const { invalid } = conformanceFixtures(siteFor(ORIGIN));
interface Written {
  id: string;
  mode: 'keyed-json' | 'keyless-json';
  name: string;
  text: string;
}
const written: Written[] = [];
let dir: string;
let copy: string;
let logs: Record<string, { run: Run; log: any }> = {};

/** The value a pointer names, or undefined when the text has no such member. */
/** The own key a result's path segment names: paths are well-formed text (a lone surrogate is U+FFFD in them). */
const keyOf = (v: object, s: string): string | undefined => Object.keys(v).find((k) => k.toWellFormed() === s);

function at(value: unknown, pointer: string): { found: boolean; value?: unknown } {
  let v: unknown = value;
  for (const s of pointerSegments(pointer)) {
    const key = typeof v === 'object' && v !== null ? keyOf(v, s) : undefined;
    if (key === undefined) return { found: false };
    v = (v as Record<string, unknown>)[key];
  }
  return { found: true, value: v };
}

/** Offset of a 1-based line and UTF-16 column, counted independently of the engine. */
function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const m = /\r\n|\r|\n/g;
    m.lastIndex = offset;
    const hit = m.exec(text)!;
    offset = hit.index + hit[0].length;
  }
  return offset + column - 1;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'uai-ci-'));
  mkdirSync(join(dir, 'messages/keyless'), { recursive: true });
  invalid.forEach((f, i) => {
    // Text fixtures (1e400, lone surrogates, duplicate names) are JSON only as text: keep it, and a pretty copy.
    const value = f.text === undefined ? f.message : undefined;
    const forms: [string, string][] =
      value !== undefined
        ? [
            ['pretty', `${JSON.stringify(value, null, 2)}\n`],
            ['min', JSON.stringify(value)],
          ]
        : [
            ['min', f.text!],
            ['pretty', f.text!.replaceAll(',"', ',\n  "').replaceAll('{"', '{\n  "')],
          ];
    for (const [form, text] of forms) {
      const name = `messages/${f.mode === 'keyless-json' ? 'keyless/' : ''}${String(i).padStart(3, '0')}-${form}.json`;
      writeFileSync(join(dir, name), text);
      written.push({ id: f.id, mode: f.mode, name, text });
    }
  });
  copy = mkdtempSync(join(tmpdir(), 'uai-ci-copy-'));
  cpSync(dir, copy, { recursive: true });
  const sarif = async (key: string, args: string[], cwd: string) => {
    const run = await uai(['validate', '--format', 'sarif', '--origin', PUBLIC, ...args], { cwd });
    logs[key] = { run, log: JSON.parse(run.stdout) };
  };
  await sarif('keyed', ['messages/*.json'], dir);
  await sarif('keyless', ['--mode', 'keyless-json', 'messages/keyless'], dir);
  await sarif('keyed-again', ['messages/*.json'], dir);
  await sarif('keyed-elsewhere', ['messages/*.json'], copy);
  // From another working directory, the base given explicitly and the files as absolute paths.
  await sarif('keyed-base', ['--sarif-base', copy, join(copy, 'messages/*.json')], tmpdir());
}, 180_000);

afterAll(() => {
  for (const d of [dir, copy]) if (d) rmSync(d, { recursive: true, force: true });
  logs = {};
});

describe('uai validate --format sarif: regions cover the member each pointer names', () => {
  it('checked every written fixture file and exits 1', () => {
    expect(logs.keyed!.run.code).toBe(1);
    expect(logs.keyless!.run.code).toBe(1);
    const uris = new Set(
      [...logs.keyed!.log.runs[0].results, ...logs.keyless!.log.runs[0].results].map(
        (r: any) => r.locations[0].physicalLocation.artifactLocation.uri,
      ),
    );
    expect([...uris].sort()).toEqual(written.map((w) => w.name).sort());
  });

  it('every result of every fixture, pretty-printed and minified', () => {
    let checked = 0;
    for (const key of ['keyed', 'keyless']) {
      for (const result of logs[key]!.log.runs[0].results) {
        const { artifactLocation, region } = result.locations[0].physicalLocation;
        const w = written.find((x) => x.name === artifactLocation.uri)!;
        const pointer: string = result.properties.jsonPointer;
        const parsed = JSON.parse(w.text);
        const inFile =
          w.mode === 'keyless-json' && Array.isArray(parsed) ? keylessPointer(pointer, parsed).pointer : pointer;
        // Lines and columns say the same as the offsets.
        expect(offsetOf(w.text, region.startLine, region.startColumn), `${w.name} ${pointer}`).toBe(region.charOffset);
        expect(offsetOf(w.text, region.endLine, region.endColumn)).toBe(region.charOffset + region.charLength);
        const slice = w.text.slice(region.charOffset, region.charOffset + region.charLength);
        // A missing member (schema.required, keyless.required_null past the end) is shown on its deepest existing ancestor.
        let target = pointerSegments(inFile);
        while (
          target.length > 0 &&
          !at(parsed, target.map((s) => `/${s.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')).found
        )
          target = target.slice(0, -1);
        const targetPointer = target.map((s) => `/${s.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
        const expected = at(parsed, targetPointer).value;
        if (target.length === 0) expect(slice).toBe(w.text.trim());
        else if (Array.isArray(at(parsed, targetPointer.slice(0, targetPointer.lastIndexOf('/'))).value))
          expect(JSON.stringify(JSON.parse(slice))).toBe(JSON.stringify(expected));
        else {
          const member = JSON.parse(`{${slice}}`);
          expect(
            Object.keys(member).map((k) => k.toWellFormed()),
            `${w.id} ${w.name} ${pointer}`,
          ).toEqual([target.at(-1)]);
          expect(JSON.stringify(member[keyOf(member, target.at(-1)!)!])).toBe(JSON.stringify(expected));
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(written.length);
  });

  it('a duplicate member is shown at the occurrence JSON.parse keeps (the last)', () => {
    const dup = logs.keyed!.log.runs[0].results.filter((r: any) => r.ruleId === 'message.duplicate_member');
    // Each fixture that repeats delivery.mode, pretty-printed and minified.
    expect(dup.length).toBeGreaterThanOrEqual(2);
    expect(dup.length % 2).toBe(0);
    for (const r of dup) {
      const w = written.find((x) => x.name === r.locations[0].physicalLocation.artifactLocation.uri)!;
      const { charOffset } = r.locations[0].physicalLocation.region;
      expect(w.text.slice(charOffset)).toMatch(/^"mode":/);
      // The last of the occurrences (delivery.mode is the message's one member named mode).
      expect(w.text.indexOf('"mode":')).toBeLessThan(charOffset);
      expect(w.text.lastIndexOf('"mode":')).toBe(charOffset);
    }
  });
});

describe('SARIF as GitHub code scanning and the schema take it', () => {
  it('validates against the official SARIF 2.1.0 schema', () => {
    for (const { log } of Object.values(logs))
      expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
  });

  it('meets the documented upload requirements', () => {
    const run = logs.keyed!.log.runs[0];
    expect(logs.keyed!.log.version).toBe('2.1.0');
    expect(run.tool.driver.name).toBe('UAI-1 validator');
    expect(run.automationDetails.id).toMatch(/^[^/]+\/$/);
    expect(run.columnKind).toBe('utf16CodeUnits');
    expect(run.results.length).toBeLessThanOrEqual(25_000);
    expect(run.tool.driver.rules.map((r: any) => r.id)).toEqual(ISSUE_CODES.map((c) => c.code));
    for (const rule of run.tool.driver.rules) {
      expect(rule.helpUri).toBe(`${PUBLIC}/error-registry/#${rule.id}`);
      expect(rule.shortDescription.text).not.toBe('');
      expect(rule.fullDescription.text).not.toBe('');
    }
    expect(run.tool.driver.informationUri).toBe(`${PUBLIC}/`);
    for (const result of run.results) {
      expect(run.tool.driver.rules[result.ruleIndex].id).toBe(result.ruleId);
      expect(result.message.text).not.toBe('');
      expect(result.locations.length).toBeLessThanOrEqual(10);
      const { artifactLocation, region } = result.locations[0].physicalLocation;
      expect(artifactLocation.uriBaseId).toBe('%SRCROOT%');
      expect(artifactLocation.uri).toMatch(/^messages\/[^/].*\.json$/);
      expect(region.startLine).toBeGreaterThanOrEqual(1);
      // Ours, and the one key code scanning reads, with the same value.
      const print = result.partialFingerprints['uaiIssuePointer/v1'];
      expect(print).toMatch(/^[0-9a-f]{64}$/);
      expect(result.partialFingerprints).toEqual({ 'uaiIssuePointer/v1': print, primaryLocationLineHash: print });
    }
  });

  it('fingerprints follow the issue, not the line: pretty and minified copies of a fixture agree', () => {
    // Per fixture and rule, the fingerprints of the pretty copy are those of the minified one.
    const byFile = new Map<string, { pretty: string[]; min: string[] }>();
    for (const r of logs.keyed!.log.runs[0].results) {
      const uri: string = r.locations[0].physicalLocation.artifactLocation.uri;
      const key = `${uri.replace(/-(pretty|min)\.json$/, '')} ${r.ruleId}`;
      const prints = byFile.get(key) ?? { pretty: [], min: [] };
      prints[uri.endsWith('-pretty.json') ? 'pretty' : 'min'].push(r.partialFingerprints['uaiIssuePointer/v1']);
      byFile.set(key, prints);
    }
    expect(byFile.size).toBeGreaterThan(10);
    for (const [key, { pretty, min }] of byFile) expect(pretty.sort(), key).toEqual(min.sort());
  });

  it('is identical between two runs and two working directories', () => {
    expect(logs['keyed-again']!.run.stdout).toBe(logs.keyed!.run.stdout);
    expect(logs['keyed-elsewhere']!.run.stdout).toBe(logs.keyed!.run.stdout);
    expect(logs['keyed-base']!.run.stdout).toBe(logs.keyed!.run.stdout);
  });
});

describe('junit, github and --fail-on', () => {
  const some = () =>
    written
      .filter((w) => w.mode === 'keyed-json')
      .slice(0, 6)
      .map((w) => w.name);

  it('junit: a suite per file with its counts, one failure per error, an error per unreadable file (fast-xml-parser)', async () => {
    const files = [...some(), 'messages/missing.json'];
    const r = await uai(['validate', '--format', 'junit', ...files], { cwd: dir });
    expect(r.code).toBe(2);
    const json = await uai(['validate', '--format', 'json', ...some()], { cwd: dir });
    const results = JSON.parse(json.stdout) as { file: string; result: { error_count: number } }[];
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => ['testsuite', 'failure'].includes(name),
    }).parse(r.stdout);
    const suites = doc.testsuites.testsuite;
    expect(suites.map((s: any) => s.name)).toEqual(files);
    expect(suites.map((s: any) => s.testcase.name)).toEqual(files);
    for (const { file, result } of results) {
      const suite = suites.find((s: any) => s.name === file);
      expect(suite.testcase.failure ?? []).toHaveLength(result.error_count);
      expect(Number(suite.failures)).toBe(result.error_count);
      expect([Number(suite.tests), Number(suite.errors)]).toEqual([1, 0]);
    }
    const missing = suites.at(-1);
    expect(missing.testcase.error.message).toBe('cannot read: no such file');
    expect([Number(missing.tests), Number(missing.failures), Number(missing.errors)]).toEqual([1, 0, 1]);
    // Written before any file is judged, the root carries no counts (docs/ci.md, junit).
    expect(doc.testsuites).not.toHaveProperty('tests');
  });

  it('github: workflow commands with positions, escaped as the runner decodes them', async () => {
    const odd = 'messages/odd, name: 100%.json';
    writeFileSync(join(dir, odd), readFileSync(join(dir, some()[0]!), 'utf8'));
    const r = await uai(['validate', '--format', 'github', odd, ...some()], { cwd: dir });
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    const commands = lines.filter((l) => l.startsWith('::'));
    expect(commands.length).toBeGreaterThan(0);
    for (const c of commands) {
      // ::error file=...,line=N[,col=N],endLine=N[,endColumn=N],title=...::message, no raw newline.
      expect(c).toMatch(
        /^::(error|warning) file=[^,:]+,line=\d+(,col=\d+)?,endLine=\d+(,endColumn=\d+)?,title=[^,:]+::[^\r\n]+$/,
      );
    }
    expect(commands[0]).toContain('file=messages/odd%2C name%3A 100%25.json,');
    expect(lines.at(-1)).toMatch(/^uai: 7 files checked, \d+ failing, 0 unreadable$/);
  });

  it('--fail-on warning fails a file with warnings only; the default does not', async () => {
    const warningOnly = written.find((w) => w.id === 'invalid/field.unknown_member')!.name;
    expect((await uai(['validate', warningOnly], { cwd: dir })).code).toBe(0);
    const strict = await uai(['validate', '--fail-on', 'warning', '--format', 'github', warningOnly], { cwd: dir });
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/^::error file=.*title=field\.unknown_member at \/body\/priority_hint::/m);
  });
});

describe('inputs: directories, globs, stdin, unreadable files and exit status', () => {
  it('a directory means every *.json below it, sorted; a file named twice is checked once', async () => {
    const r = await uai(['validate', '--format', 'json', 'messages/keyless', 'messages/keyless/'], { cwd: dir });
    const files = (JSON.parse(r.stdout) as { file: string }[]).map((x) => x.file);
    expect(files).toEqual(
      written
        .filter((w) => w.mode === 'keyless-json')
        .map((w) => w.name)
        .sort(),
    );
    // A glob gives the array shape even when it matches one file; one named file gives the result itself.
    const one = written[0]!.name;
    const globbed = JSON.parse(
      (await uai(['validate', '--format', 'json', one.replace(/\.json$/, '.js?n')], { cwd: dir })).stdout,
    );
    expect(globbed.map((x: { file: string }) => x.file)).toEqual([one]);
    expect(JSON.parse((await uai(['validate', '--format', 'json', one], { cwd: dir })).stdout)).toHaveProperty(
      'valid',
      false,
    );
  });

  it('a glob that matches nothing, or an unreadable file, is one clear line; exit 2, and the readable files are still reported', async () => {
    const none = await uai(['validate', 'nothing/**/*.json', 'missing.json'], { cwd: dir });
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(
      'uai: nothing/**/*.json: no file matches this pattern\nuai: missing.json: cannot read: no such file\n',
    );
    writeFileSync(join(dir, 'broken.json'), '{"uai_version": ');
    const some = await uai(
      ['validate', 'broken.json', written.find((w) => w.id === 'invalid/field.unknown_member')!.name],
      { cwd: dir },
    );
    expect(some.code).toBe(2);
    expect(some.stderr).toMatch(/^uai: broken\.json: not valid JSON at position 16 \(line 1, column 17\): .+\n$/);
    expect(some.stdout).toContain('field.unknown_member');
  });

  it('a file named "-" that a pattern matches is that file, not standard input', async () => {
    const folder = join(dir, 'dash');
    mkdirSync(folder);
    writeFileSync(join(folder, '-'), 'not json');
    const w = written.find((x) => x.id === 'invalid/schema.type')!;
    const r = await uai(['validate', '--format', 'json', '*'], { cwd: folder, input: w.text });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^uai: \.\/-: not valid JSON at position 0 \(line 1, column 1\): .+\n$/);
    // Standard input (a message with a schema error) is not read: no result comes from it.
    expect(JSON.parse(r.stdout)).toEqual([]);
  });

  it('"-" reads standard input; SARIF names it "stdin"', async () => {
    const w = written.find((x) => x.id === 'invalid/schema.type' && x.name.endsWith('pretty.json'))!;
    const r = await uai(['validate', '--format', 'sarif', '-'], { cwd: dir, input: w.text });
    expect(r.code).toBe(1);
    const result = JSON.parse(r.stdout).runs[0].results[0];
    expect(result.locations[0].physicalLocation.artifactLocation).toEqual({ uri: 'stdin', uriBaseId: '%SRCROOT%' });
    expect(w.text.slice(result.locations[0].physicalLocation.region.charOffset)).toMatch(/^"reply_requested": "yes"/);
  });

  it("text output names file:line:column of a request wrapper's member in the file itself", async () => {
    const w = written.find((x) => x.id === 'invalid/schema.type' && x.name.endsWith('pretty.json'))!;
    const wrapped = `{\n  "normalization_mode": "keyed-json",\n  "message": ${w.text.trim().replaceAll('\n', '\n  ')}\n}\n`;
    writeFileSync(join(dir, 'wrapped.json'), wrapped);
    const r = await uai(['validate', 'wrapped.json'], { cwd: dir });
    const lines = wrapped.split('\n');
    const line = lines.findIndex((l) => l.includes('"reply_requested"'));
    expect(r.stdout).toContain(
      `wrapped.json:${line + 1}:${lines[line]!.indexOf('"reply_requested"') + 1}: error schema.type /delivery/reply_requested: `,
    );
  });
});
