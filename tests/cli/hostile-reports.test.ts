import { isUtf8 } from 'node:buffer';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeSpan } from '../../src/action/main.ts';
import { checkExchangeText } from '../../src/cli/check-exchange.ts';
import { githubWriter } from '../../src/cli/github-report.ts';
import { inputFromText } from '../../src/cli/input.ts';
import { junitWriter } from '../../src/cli/junit-report.ts';
import { locateFile } from '../../src/cli/paths.ts';
import { issuesOf, jsonWriter, textWriter } from '../../src/cli/report.ts';
import { emptyTally, type ReportWriter, type Tally } from '../../src/cli/report-writer.ts';
import { sarifWriter } from '../../src/cli/sarif-report.ts';
import { runMain } from '../support/command-in-process.ts';
import {
  checkExchangeAction,
  conformanceFixtures,
  exchangeFixtures,
  seal,
  sourceLocator,
  unlistedNote,
  validateMessage,
  type Issue,
  type CheckExchangeResult,
  type JsonObject,
  type ValidatorResult,
} from '../../src/engine/index.ts';
import type { KitReport } from '../../src/kit/index.ts';
import { formatProxyReport, PROXY_CHECKS, type ProxyReport } from '../../src/kit/proxy/index.ts';
import { siteFor } from '../../src/standard/urls.ts';

/**
 * The reports of `uai validate` and `uai check-exchange` run in CI on files a pull request wrote,
 * so a file's name and everything a message holds (member names, values) is hostile input. Each
 * property writes names and messages built from the pieces attackers use (line breaks, workflow
 * commands, XML-illegal characters, lone surrogates, terminal escapes, bidi overrides) through
 * the report writers, and checks each format the way its reader reads it: the runner's own
 * workflow-command parser, an XML 1.0 reader, RFC 3986 and the SARIF schema, a terminal, JSON.
 */
const site = siteFor('https://uai.example.org');
const NOW = new Date('2026-11-20T10:00:00Z');
const BASE = process.cwd();
/** Cheap runs (a few milliseconds each), so more of them: a lone surrogate in one file of three comes up often enough. */
const RUNS = { numRuns: 400 };

const PIECES = [
  ...['\n', '\r', '\r\n', '\t', '\v', '\f', '\0', '\x01', '\x08', '\x7f', '\x85', '\x9b', '\u2028'],
  ...['%', '%0A', '%25', ',', ':', '::', ';', '=', ']', '[', '#', '?', ' ', '-', '.', '..', '~', '\\'],
  ...['(', ')', '](', '[x](https://evil.example/)', '[y](1)', '\\[', '\\]', '\\\\', '\\](', '![i](x.png)'],
  ...['::add-mask::s3cret', '::stop-commands::tok', '::set-output name=a::b', '##[set-output name=a;]b'],
  ...['<', '>', '&', '"', "'", ']]>', '&amp;', '&#10;', '\ufffe', '\uffff', '\ud800', '\udfff', '\ufeff'],
  ...['\x1b[31m', '\x1b]0;owned\x07', '\x1b]8;;https://x.example/\x1b\\', '\u202e', '\u2066', '\u061c'],
  ...['a', 'Z', 'é', '😀', '\u00a0', '\u3000'],
];
/** Text an attacker chooses: pieces, or any code points at all. */
const hostile = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 8 }).map((p) => p.join('')),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
);
/**
 * A file's name: anything but "/" and NUL, which no name holds. Names reach the CLI through
 * argv and the directory walk, both decoded from UTF-8 with U+FFFD for bytes that are not, so
 * a name is always a well-formed string (the end-to-end test below writes such bytes).
 */
const fileName = fc.oneof(
  hostile.map((h) => h.replaceAll('/', '_').replaceAll('\0', '_').toWellFormed()),
  fc.constantFrom('..x.json', '-x.json', '--format', '::error::x.json', ' ::x.json', 'x'.repeat(255)),
);
// "-" is standard input, which the reports name "stdin" (tests/cli/ci-output.test.ts).
const filePath = fc
  .tuple(fc.constantFrom('', 'messages/', 'a b/'), fileName)
  .map(([d, n]) => d + n)
  .filter((f) => f !== '-');

const validMessage = conformanceFixtures(site).valid.find((f) => f.mode === 'keyed-json')!.message as JsonObject;

interface Sample {
  readonly file: string;
  /** The message's text, or undefined for a file that is not JSON at all. */
  readonly members?: readonly [string, string, string, string, string];
  readonly broken?: string;
  /**
   * Text added raw to every issue's pointer and message: the engine writes a lone surrogate of a
   * message as U+FFFD, and the writers must hold whatever a result holds.
   */
  readonly raw?: string;
}

/** A valid message with hostile members on the envelope and in the body, and a hostile id. */
function messageOf([k1, v1, k2, v2, id]: readonly string[]): JsonObject {
  return {
    ...validMessage,
    message_id: id!,
    [k1!]: v1!,
    body: { ...(validMessage.body as JsonObject), [k2!]: v2! },
  };
}

const sample: fc.Arbitrary<Sample> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      file: filePath,
      members: fc.tuple(hostile, hostile, hostile, hostile, hostile),
      raw: fc.option(hostile, { nil: undefined }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ file: filePath, broken: hostile }) },
);
const samples = fc.uniqueArray(sample, { minLength: 1, maxLength: 3, selector: (s) => s.file });

interface Judged {
  readonly file: string;
  readonly result?: ValidatorResult;
  readonly error?: string;
}

/** The files judged as `uai validate` judges them (src/cli/judge.ts), each handed to every writer. */
function render(files: readonly Sample[]) {
  const out = { text: '', json: '', sarif: '', junit: '', github: '' };
  const to = (f: keyof typeof out) => (t: string) => void (out[f] += t);
  const writers: ReportWriter[] = [
    textWriter(to('text')),
    jsonWriter(to('json'), files.length > 1),
    sarifWriter(to('sarif'), site, BASE),
    junitWriter(to('junit'), 'error'),
    githubWriter(to('github'), BASE, 'error'),
  ];
  const tally: Tally = emptyTally();
  const judged: Judged[] = [];
  for (const s of files) {
    const text = s.members ? JSON.stringify(messageOf(s.members), null, 2) : `{"uai_version": ${s.broken}`;
    const input = inputFromText(s.file, text, undefined);
    if (!input.ok) {
      tally.unreadable += 1;
      for (const w of writers) w.unreadable({ file: input.file, error: input.error });
      judged.push({ file: s.file, error: input.error });
      continue;
    }
    const judgedResult = validateMessage(input.message, { mode: input.mode, site, now: NOW, text: input.messageText });
    const raw = (issues: readonly Issue[]) =>
      issues.map((i) => ({ ...i, path: `${i.path}/${s.raw}`, message: `${i.message}${s.raw}` }));
    const result =
      s.raw === undefined
        ? judgedResult
        : { ...judgedResult, errors: raw(judgedResult.errors), warnings: raw(judgedResult.warnings) };
    const listed = issuesOf(result).map((i) => i.path);
    const locate = sourceLocator(input.text, input.mode, input.message, input.prefix, listed);
    for (const w of writers) w.checked({ file: s.file, result, locate });
    tally.checked += 1;
    if (result.valid) tally.valid += 1;
    tally.errors += result.error_count;
    tally.warnings += result.warning_count;
    if (result.error_count > 0) tally.failing += 1; // --fail-on error, as the writers are made
    judged.push({ file: s.file, result });
  }
  for (const w of writers) w.end(tally);
  return { out, judged };
}

/** What standard output carries: UTF-8, where a lone surrogate is written as U+FFFD. */
const written = (s: string) => s.toWellFormed();

// -- text -----------------------------------------------------------------------------------------

/**
 * What a terminal acts on (C0 but LF and tab, DEL, C1), what breaks a line where a browser shows
 * it (the line and paragraph separators) and what reorders one (bidi controls).
 */
const TERMINAL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/u;

/**
 * A line escaped for text, github and the kit's text report, read back as docs/ci.md lists the
 * escapes: `\\` a backslash, `\r` `\n` `\a` `\b` `\xHH` `\uHHHH` the characters they name, any
 * other backslash itself.
 */
const NAMED_ESCAPES: Record<string, string> = { '\\': '\\', r: '\r', n: '\n', a: '\x07', b: '\b' };
const readEscaped = (line: string): string =>
  line.replace(/\\(?:([\\rnab])|x([0-9a-f]{2})|u([0-9a-f]{4}))/g, (_, named?: string, x?: string, u?: string) =>
    named !== undefined ? NAMED_ESCAPES[named]! : String.fromCharCode(parseInt((x ?? u)!, 16)),
  );

/** Each line is one line, with nothing a terminal or the Actions runner would act on. */
function expectSafeText(text: string, lines: number): void {
  expect(text.endsWith('\n')).toBe(true);
  const all = text.slice(0, -1).split('\n');
  expect(all).toHaveLength(lines);
  for (const line of all) {
    expect(line).not.toMatch(TERMINAL);
    expect(runnerCommand(line)).toBeUndefined();
  }
}

// -- the Actions runner ---------------------------------------------------------------------------

/** The commands the runner registers (actions/runner, src/Runner.Worker: its command extensions and stop-commands). */
const REGISTERED = new Set(
  'add-mask add-matcher add-path debug echo endgroup error group notice remove-matcher save-state set-env set-output stop-commands warning'.split(
    ' ',
  ),
);
const unescape = (s: string, map: [string, string][]) => map.reduce((t, [from, to]) => t.replaceAll(from, to), s);
const DATA: [string, string][] = [
  ['%0D', '\r'],
  ['%0A', '\n'],
  ['%25', '%'],
];
const PROPERTY: [string, string][] = [['%0D', '\r'], ['%0A', '\n'], ['%3A', ':'], ['%2C', ','], ...DATA.slice(2)];

/** .NET's white space (Char.IsWhiteSpace), which String.Trim and TrimStart remove. */
const SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const LEADING_SPACE = new RegExp(`^${SPACE}+`, 'u');
/** The white space of SPACE that the escaping writes as it is, at the end of a text. */
const KEPT_SPACE = /[\t \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+$/u;
const TRAILING_SPACE = new RegExp(`${SPACE}+$`, 'u');

interface Command {
  readonly name: string;
  readonly properties: Record<string, string>;
  readonly data: string;
}

/**
 * How the runner reads one line of a step's output (ActionCommandManager.TryProcessCommand:
 * ActionCommand.TryParseV2, then the legacy TryParse), ported without the C#.
 */
function runnerCommand(line: string): Command | undefined {
  const v2 = line.replace(LEADING_SPACE, '');
  const end = v2.indexOf('::', 2);
  if (v2.startsWith('::') && end >= 0) {
    const info = v2.slice(2, end);
    const space = info.indexOf(' ');
    const name = space < 0 ? info : info.slice(0, space);
    if (REGISTERED.has(name)) {
      const properties: Record<string, string> = {};
      if (space > 0)
        for (const p of info
          .slice(space + 1)
          .replace(LEADING_SPACE, '')
          .replace(TRAILING_SPACE, '')
          .split(',')
          .filter(Boolean)) {
          const at = p.indexOf('=');
          if (at > 0 && at < p.length - 1) properties[p.slice(0, at)] = unescape(p.slice(at + 1), PROPERTY);
        }
      return { name, properties, data: unescape(v2.slice(end + 2), DATA) };
    }
  }
  const prefix = line.indexOf('##[');
  const bracket = prefix < 0 ? -1 : line.indexOf(']', prefix);
  if (bracket < 0) return undefined;
  const info = line.slice(prefix + 3, bracket);
  const name = info.split(' ')[0]!;
  return REGISTERED.has(name) ? { name, properties: {}, data: line.slice(bracket + 1) } : undefined;
}

// -- XML ------------------------------------------------------------------------------------------

/** XML 1.0 section 2.2, Char. */
const XML_CHARS = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  htmlEntities: true,
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => ['testsuite', 'failure'].includes(name),
});

/**
 * The document as a conforming XML processor reports it: line ends normalized (section 2.11)
 * and, in attribute values, each literal tab, LF or CR read as a space (section 3.3.3), before
 * references are replaced. fast-xml-parser does neither, so they are done first.
 */
function readXml(doc: string) {
  const normalized = doc
    .replace(/\r\n?/g, '\n')
    .replace(/="([^"]*)"/g, (_, value: string) => `="${value.replace(/[\t\n]/g, ' ')}"`);
  return xmlParser.parse(normalized);
}

// -- SARIF message text ---------------------------------------------------------------------------

/**
 * The embedded links of a plain text message (SARIF 2.1.0 section 3.11.6): "[", link text, "](",
 * a destination, ")", where the link text holds no "\", "[" or "]" but in an escape ("\\",
 * "\[", "\]"). Every "[" is tried as a start, also one after a backslash: the section leaves
 * open whether escapes count outside link text, and a link under either reading is found here.
 */
function embeddedLinks(text: string): string[] {
  const links: string[] = [];
  for (let start = text.indexOf('['); start >= 0; start = text.indexOf('[', start + 1)) {
    let at = start + 1;
    while (at < text.length && text[at] !== ']') {
      if (text[at] === '[') break;
      if (text[at] === '\\') {
        if (!'\\[]'.includes(text[at + 1] ?? 'x')) break;
        at += 1;
      }
      at += 1;
    }
    if (text[at] !== ']' || text[at + 1] !== '(') continue;
    const close = text.indexOf(')', at + 2);
    if (close > at + 2) links.push(text.slice(start, close + 1));
  }
  return links;
}

/** A message as a viewer shows it, its escapes dropped. */
const sarifShown = (text: string) => text.replace(/\\([\\[\]])/g, '$1');

// -- RFC 3986 -------------------------------------------------------------------------------------

/** pchar (RFC 3986 section 3.3), and segment-nz-nc: a pchar but ":", so no first segment reads as a scheme. */
const PCHAR = String.raw`(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-F]{2})`;
const NC = String.raw`(?:[A-Za-z0-9\-._~!$&'()*+,;=@]|%[0-9A-F]{2})`;
/** relative-ref with a path-noscheme or a path-absolute, and no query or fragment (section 4.2). */
const RELATIVE_PATH = new RegExp(String.raw`^(?:${NC}+|/${PCHAR}+)(?:/${PCHAR}*)*$`);
const FILE_URI = new RegExp(String.raw`^file:///${PCHAR}*(?:/${PCHAR}*)*$`);

const sarifSchema = JSON.parse(
  readFileSync(join(import.meta.dirname, '../engine/data/sarif-schema-2.1.0.json'), 'utf8'),
);
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validSarif = ajv.compile(sarifSchema);

describe('uai validate: every format holds for any file name and any message', () => {
  it('github: a workflow command per finding, each on one line with no control character, reading back as given', () => {
    fc.assert(
      fc.property(samples, (files) => {
        const { out, judged } = render(files);
        const lines = written(out.github).split('\n');
        expect(lines.pop()).toBe('');
        // One line each, nothing a terminal or the log acts on: the runner writes what it decodes into the log.
        for (const line of lines) expect(line).not.toMatch(TERMINAL);
        const summary = lines.pop()!;
        const checked = judged.filter((j) => j.result).length;
        const failing = judged.filter((j) => j.result && j.result.error_count > 0).length;
        expect(summary).toBe(
          `uai: ${checked} file${checked === 1 ? '' : 's'} checked, ${failing} failing, ${files.length - checked} unreadable`,
        );
        expect(runnerCommand(summary)).toBeUndefined();
        const wanted = (name: string, file: string, title: string, data: string) => ({
          name,
          file: written(locateFile(file, BASE).path),
          // The runner trims the properties before it unescapes them: the last one (the title) loses
          // the white space at its end that is written as it is (the rest is written escaped).
          title: written(title).replace(KEPT_SPACE, ''),
          data: written(data),
        });
        // Each file's annotations where the file comes, an unreadable one's included.
        const expected: { name: string; file?: string; title: string; data: string }[] = judged.flatMap((j) =>
          j.result
            ? issuesOf(j.result).map((i) =>
                wanted(i.severity, j.file, `${i.code} at ${i.path || '(root)'}`, `${i.message} (${i.help_url})`),
              )
            : [wanted('error', j.file, 'uai: input not checked', j.error!)],
        );
        // Past the runner's ten of a level, a notice says the rest are in the log only.
        const count = (name: string) => expected.filter((e) => e.name === name).length;
        if (count('error') > 10 || count('warning') > 10)
          expected.push({
            name: 'notice',
            file: undefined,
            title: 'uai: annotations not shown',
            data: `${count('error')} error and ${count('warning')} warning annotations were written; GitHub shows the first 10 of each level a step. The step's log lists them all, and --format sarif gives code scanning every one.`,
          });
        // What the runner decodes, its visible escapes read back (docs/ci.md, "Hostile names and contents").
        const read = lines.map((l) => {
          const c = runnerCommand(l);
          expect(c, l).toBeDefined();
          const { file, title } = c!.properties;
          return {
            name: c!.name,
            file: file === undefined ? undefined : readEscaped(file),
            title: readEscaped(title!),
            data: readEscaped(c!.data),
          };
        });
        // The unlisted note (a notice) follows a cut list only; these messages never reach the limit.
        expect(judged.every((j) => !j.result || !unlistedNote(j.result))).toBe(true);
        expect(read).toEqual(expected);
      }),
      RUNS,
    );
  });

  it('junit: well-formed XML 1.0 whose names, files and failures read back as written', () => {
    fc.assert(
      fc.property(samples, (files) => {
        const { out, judged } = render(files);
        expect(out.junit).toMatch(XML_CHARS);
        expect(XMLValidator.validate(out.junit)).toBe(true);
        // Section 2.4: "]]>" may not stand in content (fast-xml-parser's validator does not check it).
        expect(out.junit).not.toContain(']]>');
        const suites = readXml(out.junit).testsuites.testsuite as any[];
        expect(suites).toHaveLength(judged.length);
        const asXml = (s: string) => s.replace(NOT_XML_CHAR, '\uFFFD');
        judged.forEach((j, n) => {
          const suite = suites[n];
          expect(suite.name).toBe(asXml(j.file));
          expect(suite.testcase.name).toBe(asXml(j.file));
          expect(suite.testcase.file).toBe(asXml(j.file));
          if (j.error) expect(suite.testcase.error.message).toBe(asXml(j.error));
          const errors = j.result ? issuesOf(j.result).filter((i) => i.severity === 'error') : [];
          const failures = (suite.testcase.failure ?? []) as any[];
          // Counted in testcases (JUnit's schema): the one testcase failed or it did not.
          expect([suite.tests, suite.failures, suite.errors]).toEqual([
            '1',
            failures.length > 0 ? '1' : '0',
            j.error ? '1' : '0',
          ]);
          expect(failures.map((f) => [f.type, f.message])).toEqual(
            errors.map((i) => [i.code, asXml(`${i.path || '(root)'}: ${i.message}`)]),
          );
          failures.forEach((f, k) => {
            expect(f['#text'].startsWith(asXml(`${j.file}:`))).toBe(true);
            expect(f['#text'].endsWith(asXml(`: ${errors[k]!.message}\n${errors[k]!.help_url}`))).toBe(true);
          });
        });
      }),
      RUNS,
    );
  });

  it('sarif: schema-valid JSON whose artifact URIs are RFC 3986, relative to %SRCROOT% inside the base, and name the file', () => {
    fc.assert(
      fc.property(samples, (files) => {
        const { out } = render(files);
        expect(out.sarif.isWellFormed()).toBe(true);
        const log = JSON.parse(out.sarif);
        expect(validSarif(log), JSON.stringify(validSarif.errors)).toBe(true);
        const run = log.runs[0];
        const locations = [
          ...run.results.map((r: any) => r.locations[0].physicalLocation.artifactLocation),
          ...run.invocations.flatMap((i: any) =>
            (i.toolExecutionNotifications ?? []).map((n: any) => n.locations[0].physicalLocation.artifactLocation),
          ),
        ];
        const paths = new Set(files.map((f) => resolve(f.file)));
        for (const { uri, uriBaseId } of locations) {
          const inside = uriBaseId === '%SRCROOT%';
          expect(uri).toMatch(inside ? RELATIVE_PATH : FILE_URI);
          const path = fileURLToPath(inside ? new URL(uri, pathToFileURL(BASE + sep)) : uri);
          expect(paths.has(path), `${uri} -> ${path}`).toBe(true);
          // A file under the base is always named relative to it (code scanning maps only those).
          expect(inside).toBe(path.startsWith(BASE + sep));
        }
      }),
      RUNS,
    );
  });

  it('sarif: no message holds an embedded link (section 3.11.6), and each shows the finding or the reason as given', () => {
    fc.assert(
      fc.property(samples, (files) => {
        const { out, judged } = render(files);
        const run = JSON.parse(out.sarif).runs[0];
        const notifications = run.invocations.flatMap((i: any) => i.toolExecutionNotifications ?? []);
        const texts: string[] = [...run.results, ...notifications].map((r: any) => r.message.text);
        for (const text of texts) expect(embeddedLinks(text), text).toEqual([]);
        expect(run.results.map((r: any) => sarifShown(r.message.text))).toEqual(
          judged.flatMap((j) => (j.result ? issuesOf(j.result).map((i) => i.message) : [])),
        );
        expect(notifications.map((n: any) => sarifShown(n.message.text))).toEqual(
          judged.flatMap((j) => (j.error ? [`${j.file}: ${j.error}`] : [])),
        );
      }),
      RUNS,
    );
  });

  it('json: valid JSON, well-formed, with every name and pointer exactly as judged', () => {
    fc.assert(
      fc.property(samples, (files) => {
        const { out, judged } = render(files);
        expect(out.json.isWellFormed()).toBe(true);
        const value = JSON.parse(out.json);
        const checked = judged.filter((j) => j.result);
        const entries = files.length > 1 ? value : value === null ? [] : [{ file: checked[0]!.file, result: value }];
        expect(entries.map((e: any) => e.file)).toEqual(checked.map((j) => j.file));
        entries.forEach((e: any, n: number) => {
          const r = checked[n]!.result!;
          expect(e.result.errors.map((i: any) => i.path)).toEqual(r.errors.map((i) => i.path));
          expect(e.result.warnings.map((i: any) => i.actual)).toEqual(r.warnings.map((i) => i.actual));
        });
      }),
      RUNS,
    );
  });

  it('text: one line per finding and per file, nothing a terminal or the Actions runner acts on', () => {
    fc.assert(
      fc.property(samples, (files) => {
        const { out, judged } = render(files);
        const lines = judged.reduce(
          (n, j) => n + (j.result ? issuesOf(j.result).length + (unlistedNote(j.result) ? 1 : 0) + 1 : 0),
          1,
        );
        expectSafeText(written(out.text), lines);
      }),
      RUNS,
    );
  });
});

describe('uai check-exchange: the text report holds for any message', () => {
  const pair = exchangeFixtures(site).valid[0]!;
  it('one line per issue, rule and finding, nothing a terminal or the Actions runner acts on', () => {
    fc.assert(
      fc.property(fc.tuple(hostile, hostile, hostile, hostile, hostile), (members) => {
        const [k1, v1, k2, v2] = members;
        const body = {
          request: { ...pair.request, [k1]: v1 },
          response: {
            ...pair.response,
            message_id: members[4],
            body: { ...(pair.response.body as JsonObject), [k2]: v2 },
          },
          http_status: pair.http_status,
        };
        const outcome = checkExchangeAction(body, { site, now: () => NOW }, { text: JSON.stringify(body) });
        expect(outcome.ok).toBe(true);
        const result = (outcome as { body: unknown }).body as CheckExchangeResult;
        const v = [result.request_validation, result.response_validation];
        const failed = result.exchange.verdicts.filter((x) => x.status === 'fail');
        const lines =
          2 +
          v.reduce((n, x) => n + 1 + x.errors.length + x.warnings.length, 0) +
          failed.reduce((n, x) => n + 1 + x.findings.length, 0);
        expectSafeText(written(checkExchangeText(result)), lines);
      }),
      RUNS,
    );
  });
});

describe('uai validate on a directory of hostilely named files', () => {
  let dir: string;
  const NAMES = [
    ...['a\nb.json', '\r.json', '::error::x.json', '%0A,:;=.json', `<&"'>]]>.json`, '-rf.json', '..x.json'],
    ...['\x1b[31mred\x1b[0m.json', '\x1b]0;title\x07.json', '\x1b]8;;https:x.example\x1b\\.json'],
    ...['\u202egnp.json', '##[add-mask]x.json', '\x01\x7f\x9b.json', 'é 😀.json', `${'x'.repeat(250)}.json`],
  ];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'uai-hostile-'));
    NAMES.forEach((name, n) => {
      const text = JSON.stringify(messageOf([name, name, `\x1b[2J${name}`, name, `m-${n}`]), null, 2);
      writeFileSync(join(dir, name), n % 5 === 4 ? `{"uai_version": "${name}` : text);
    });
    // A name that is not UTF-8: the walk reads it with U+FFFD, so it is named and counted as unreadable.
    writeFileSync(Buffer.concat([Buffer.from(`${dir}/bad-`), Buffer.from([0xff, 0xfe]), Buffer.from('.json')]), '{}');
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function run(format: string) {
    const { code, stdout, stderr } = await runMain(['validate', dir, '--format', format], { now: NOW, cwd: dir });
    return { code, stdout: written(stdout), stderr: written(stderr) };
  }

  it('every format holds, and standard error names each unreadable file on one escaped line', async () => {
    // A walk takes hidden files too (names from "."): every *.json below the directory.
    const shown = NAMES;
    const readable = shown.filter((name) => NAMES.indexOf(name) % 5 !== 4);
    const json = JSON.parse((await run('json')).stdout);
    expect(json.map((e: any) => e.file.slice(dir.length + 1)).sort()).toEqual(readable.sort());

    const text = await run('text');
    expect(text.code).toBe(2);
    expectSafeText(text.stdout, text.stdout.split('\n').length - 1);
    expect(text.stdout.split('\n').filter((l) => /: (valid|invalid) \(/.test(l))).toHaveLength(readable.length);
    expectSafeText(text.stderr, shown.length - readable.length + 1);
    expect(text.stderr).toContain('bad-\ufffd\ufffd.json: cannot read');

    const github = await run('github');
    const lines = github.stdout.split(/\r\n|\r|\n/).slice(0, -2);
    expect(lines.length).toBeGreaterThan(shown.length);
    const names = lines.map((line) => runnerCommand(line)?.name);
    // Past the runner's ten annotations of a level, the last command is the notice that says so.
    const over = ['error', 'warning'].some((n) => names.filter((m) => m === n).length > 10);
    expect(names.at(-1)).toBe(over ? 'notice' : names.at(-1));
    for (const name of over ? names.slice(0, -1) : names) expect(['error', 'warning']).toContain(name);

    const junit = (await run('junit')).stdout;
    expect(junit).toMatch(XML_CHARS);
    expect(XMLValidator.validate(junit)).toBe(true);
    expect(readXml(junit).testsuites.testsuite).toHaveLength(shown.length + 1);

    const log = JSON.parse((await run('sarif')).stdout);
    expect(validSarif(log), JSON.stringify(validSarif.errors)).toBe(true);
    for (const r of log.runs[0].results) {
      const { uri, uriBaseId } = r.locations[0].physicalLocation.artifactLocation;
      expect(uriBaseId).toBe('%SRCROOT%');
      expect(uri).toMatch(RELATIVE_PATH);
      expect(readable).toContain(decodeURIComponent(uri));
    }
  });
});

describe('uai check-exchange --recording: text, JUnit and SARIF hold for any evidence and any recording name', () => {
  const check = PROXY_CHECKS.find((c) => c.side === 'server')!;
  /** One side's report as the kit's judging core shapes it, with a failed and a skipped check quoting `evidence`. */
  const side = (name: 'server' | 'client', endpoint: string, evidence: string[]) =>
    ({
      side: name,
      tool: 'uai proxy',
      endpoint,
      checked_at: NOW.toISOString(),
      baseline: { expected: [], regressions: [], stale: [] },
      counts: { pass: 0 },
      checks: [
        { ...check, status: 'fail', evidence },
        { ...check, id: `${check.id}.skipped`, status: 'skip', evidence },
      ],
      result_message: { message_id: 'msg-kit-result-1', body: { status: 'fail' } },
    }) as unknown as KitReport;

  it('text: the upstream a recording names and the evidence stay on their lines, with nothing a terminal or the runner acts on', () => {
    fc.assert(
      fc.property(hostile, fc.array(hostile, { minLength: 1, maxLength: 4 }), (upstream, evidence) => {
        const report = {
          upstream,
          exchanges: 1,
          findings: [],
          // A replayed recording's `unjudged` is its own text, as hostile as the rest.
          unjudged: [{ exchange: 1, reason: evidence[0]! }],
          server: side('server', upstream, evidence),
          client: side('client', upstream, evidence),
        };
        const text = formatProxyReport(report as unknown as ProxyReport, 'text', site);
        // Each side's report: its head, the failed check and up to 3 lines of evidence, the skipped check, the result.
        const perSide = 4 + Math.min(evidence.length, 3);
        expectSafeText(written(text), 6 + perSide + 2 + perSide);
      }),
      RUNS,
    );
  });

  it('junit: well-formed XML 1.0, two suites, each failure quoting its evidence', () => {
    fc.assert(
      fc.property(hostile, fc.array(hostile, { minLength: 1, maxLength: 3 }), (endpoint, evidence) => {
        const report = { server: side('server', endpoint, evidence), client: side('client', endpoint, evidence) };
        const doc = formatProxyReport(report as unknown as ProxyReport, 'junit', site);
        expect(doc).toMatch(XML_CHARS);
        expect(XMLValidator.validate(doc)).toBe(true);
        expect(doc).not.toContain(']]>');
        const suites = readXml(doc).testsuites.testsuite as any[];
        expect(suites.map((s) => s.testcase.length)).toEqual([2, 2]);
        // The evidence is escaped as in the text report (a CI page shows it), then what XML cannot
        // hold and no escape covers (lone surrogates, U+FFFE, U+FFFF) is U+FFFD.
        const asSent = (s: string) => s.replace(/\r\n/g, '\n').replace(/[\uD800-\uDFFF\uFFFE\uFFFF]/gu, '\uFFFD');
        for (const s of suites)
          expect(readEscaped(s.testcase[0].failure[0]['#text'])).toBe(asSent(evidence.join('\n')));
      }),
      RUNS,
    );
  });

  it('sarif: schema-valid, the recording named by an RFC 3986 reference that reads back as its path, no link in a message', () => {
    const recording = fc
      .tuple(fc.constantFrom('', '/tmp/', 'a b/'), fileName)
      .map(([d, n]) => d + n)
      // A name of "." or ".." is no file: the folder itself, or its parent.
      .filter((f) => !['.', '..'].includes(f.slice(f.lastIndexOf('/') + 1)));
    fc.assert(
      fc.property(recording, hostile, (file, message) => {
        const report = {
          findings: [
            {
              side: 'server',
              check: check.id,
              severity: check.severity,
              section: '',
              path: '/x',
              message,
              exchange: 1,
            },
          ],
        };
        const log = JSON.parse(formatProxyReport(report as unknown as ProxyReport, 'sarif', site, { file }));
        expect(validSarif(log), JSON.stringify(validSarif.errors)).toBe(true);
        const { physicalLocation } = log.runs[0].results[0].locations[0];
        const { uri, uriBaseId } = physicalLocation.artifactLocation;
        // A relative path against the checkout, as uai validate writes it; an absolute one as a file: URI.
        if (isAbsolute(file)) {
          expect(uriBaseId).toBeUndefined();
          expect(fileURLToPath(uri)).toBe(file);
        } else {
          expect(uriBaseId).toBe('%SRCROOT%');
          expect(uri).toMatch(RELATIVE_PATH);
          expect(uri.split('/').map(decodeURIComponent).join(sep)).toBe(file);
        }
        expect(physicalLocation.region).toEqual({ startLine: 1 });
        // The finding quotes what a side sent: no link of its own, shown as it was.
        const { text } = log.runs[0].results[0].message;
        expect(embeddedLinks(text), text).toEqual([]);
        expect(sarifShown(text)).toBe(`[server] exchange #1: ${message}`);
      }),
      RUNS,
    );
  });
});

describe("the GitHub Action's job summary: a file's name is one code span", () => {
  it('on one line, closed only by its own fence, and reading back as the name', () => {
    fc.assert(
      fc.property(fc.oneof(fileName, fc.constantFrom(' x ', ' x', '`x`', '``x', 'x `', ' ')), (name) => {
        const span = codeSpan(name);
        expect(span).not.toMatch(/[\n\r\u2028\u2029]/);
        expect(span).not.toMatch(TERMINAL);
        // CommonMark: a span opened by n backticks ends at the next run of exactly n.
        const fence = /^`+/.exec(span)![0];
        expect(span.endsWith(fence) && span.at(-fence.length - 1) !== '`').toBe(true);
        const inner = span.slice(fence.length, -fence.length);
        expect(inner.match(/`+/g) ?? []).not.toContain(fence);
        const content = inner.startsWith(' ') && inner.endsWith(' ') && inner.trim() ? inner.slice(1, -1) : inner;
        const unescaped = content.replace(/\\u([0-9a-f]{4})/g, (_, hex: string) =>
          String.fromCharCode(parseInt(hex, 16)),
        );
        if (!name.includes('\\')) expect(unescaped).toBe(name);
      }),
      RUNS,
    );
  });
});

describe('uai validate reads UTF-8 only, as POST /v1/validate does (RFC 8259 section 8.1)', () => {
  let dir: string;
  beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'uai-bytes-'))));
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const MARK = 'msg-MARK';
  const { integrity: _, ...unsealed } = validMessage;
  /** A message sealed with U+FFFD in its id: a file holding a Latin-1 "é" there read as valid when decoded leniently. */
  const sealedText = (id: string) => JSON.stringify(seal({ ...unsealed, message_id: id }), null, 2);
  const around = (text: string, inner: Uint8Array) => {
    const [before, after] = text.split(MARK) as [string, string];
    return Buffer.concat([Buffer.from(before), inner, Buffer.from(after)]);
  };
  const bytes = fc.oneof(
    fc.constant(around(sealedText('msg-Caf\ufffd').replace('Caf\ufffd', MARK), Buffer.from('Caf\xe9', 'latin1'))),
    fc.uint8Array({ minLength: 1, maxLength: 6 }).map((b) => around(sealedText(MARK), b)),
    fc.string({ unit: 'binary', maxLength: 6 }).map((s) => around(sealedText(MARK), Buffer.from(s.toWellFormed()))),
    fc.constant(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(sealedText('msg-1'))])),
    fc.constant(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(sealedText('msg-1'), 'utf16le')])),
  );

  const run = (argv: string[], stdin: Uint8Array) =>
    runMain(['validate', ...argv, '--format', 'json'], { stdin, now: NOW, cwd: dir });

  it('judges a file or standard input exactly when its bytes are UTF-8 (node:buffer isUtf8 the other reader)', async () => {
    await fc.assert(
      fc.asyncProperty(bytes, async (b) => {
        writeFileSync(join(dir, 'm.json'), b);
        for (const r of [await run([join(dir, 'm.json')], new Uint8Array()), await run(['-'], b)]) {
          if (!isUtf8(b)) {
            expect(r.code).toBe(2);
            expect(r.stdout).toBe('null\n');
            expect(r.stderr).toMatch(/: not UTF-8: /);
            continue;
          }
          expect(r.stderr).not.toMatch(/not UTF-8/);
          let message: unknown;
          try {
            message = JSON.parse(b.toString('utf8').replace(/^\uFEFF/, ''));
          } catch {
            expect(r.code).toBe(2);
            continue;
          }
          const result = JSON.parse(r.stdout);
          expect(result.valid).toBe(validateMessage(message, { mode: 'keyed-json', site, now: NOW }).valid);
        }
      }),
      { numRuns: 60 },
    );
  });
});
