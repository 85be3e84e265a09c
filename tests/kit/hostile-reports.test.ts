import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClientCommand } from '../../src/kit/client/command.ts';
import { MANIFEST_MEMBERS } from '../../src/kit/client/manifest.ts';
import { DEFAULT_LIMITS, testImplementation, type KitReport } from '../../src/kit/index.ts';
import { formatKitReport } from '../../src/kit/judge/formats.ts';
import type { KitVerdict } from '../../src/kit/judge/verdict.ts';
import { liveLine } from '../../src/kit/proxy/formats.ts';
import type { JudgedExchange } from '../../src/kit/proxy/judge.ts';
import { kindOf, onMessage } from './broken-server-table.ts';
import { startKitServer, type KitServer, type Transform } from './harness.ts';
import { head, rawAnswer } from './hostile-servers.ts';

/**
 * A server or client under test chooses what the kit quotes: a problem's title and detail, a
 * reason phrase, header values, bodies, member names and values, the client's output. Each
 * property puts text built from the pieces attackers use into that evidence and reads each report
 * format as its reader does: the text report and the proxy's live lines as a terminal and the
 * Actions runner read them (one line per item, no control character, no workflow command, every
 * quote reading back to what was sent), JUnit as an XML 1.0 reader, the HTML page as a browser
 * (no control or bidi character, the evidence in its items).
 */
const NOW = new Date('2026-11-20T10:00:00Z');
const RUN_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

const PIECES = [
  ...['\n', '\r', '\r\n', '\t', '\v', '\0', '\x07', '\x08', '\x7f', '\x85', '\x9b', '\u2028', '\u2029'],
  ...['::error::forged', '::add-mask::s3cret', '##[error]forged', '##[group]x', '%0A', '%25', ':', ',', '::'],
  ...['\x1b[31m', '\x1b[2J', '\x1b]0;owned\x07', '\x1b]8;;https://evil.example/\x1b\\', '\x1bc'],
  ...['\u202e', '\u2066', '\u2069', '\u200f', '\u061c', '[x](https://evil.example/)', '\\', '\\x1b', '\\n'],
  ...['<', '>', '&', '"', "'", ']]>', '&#27;', '<img src=x>', '\ufffe', '\ud800', '\udfff'],
  ...['PASS  forged.check                must    spec 1', 'a', 'é', '😀', ' '],
];
const hostile = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 8 }).map((p) => p.join('')),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
);

/** What a terminal acts on, what breaks a line in a browser, what reorders one (as in tests/cli/hostile-reports.test.ts). */
const TERMINAL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/u;

/** An escaped line read back as docs/ci.md lists the escapes. */
const NAMED: Record<string, string> = { '\\': '\\', r: '\r', n: '\n', a: '\x07', b: '\b' };
const readEscaped = (line: string): string =>
  line.replace(/\\(?:([\\rnab])|x([0-9a-f]{2})|u([0-9a-f]{4}))/g, (_, named?: string, x?: string, u?: string) =>
    named !== undefined ? NAMED[named]! : String.fromCharCode(parseInt((x ?? u)!, 16)),
  );

/** One line of a terminal or an Actions log: no control character, nothing the runner reads as a command. */
function expectQuiet(line: string): void {
  expect(line).not.toMatch(TERMINAL);
  expect(line).not.toContain('##[');
  expect(line).not.toMatch(/^\s*::/u);
}

const explained = (c: KitVerdict) => c.status === 'fail' || c.status === 'not_exercised';

/** The text report: its lines where the report puts them, each quote reading back to what was sent. */
function expectText(r: KitReport): void {
  const lines = formatKitReport(r, 'text').split('\n');
  expect(lines.pop()).toBe('');
  lines.forEach(expectQuiet);
  let at = 1;
  if (r.aborted !== undefined) expect(readEscaped(lines[at++]!)).toBe(`stopped early (the run fails): ${r.aborted}`);
  for (const c of r.checks) {
    expect(lines[at++]!.slice(6).startsWith(`${c.id} `)).toBe(true);
    if (explained(c)) for (const e of c.evidence.slice(0, 3)) expect(readEscaped(lines[at++]!)).toBe(`        ${e}`);
  }
  const tail = (r.baseline.regressions.length ? 1 : 0) + (r.baseline.stale.length ? 1 : 0) + 1;
  expect(lines.length - at).toBe(tail);
  expect(lines.at(-1)).toMatch(
    /^result message \S+: (pass|fail) \(not written: --result <file> writes it, to check with uai validate <file>\)$/,
  );
}

const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  htmlEntities: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => name === 'testcase',
});

/** What XML 1.0 cannot hold and the escapes leave as they are: lone surrogates, U+FFFE, U+FFFF. */
const LOST_IN_XML = /[\uD800-\uDFFF\uFFFE\uFFFF]/gu;

/**
 * JUnit: well-formed XML 1.0, one testcase per check, each failure quoting its evidence escaped as
 * the text report does (a CI page shows it), reading back as sent.
 */
function expectJunit(r: KitReport): void {
  const doc = formatKitReport(r, 'junit');
  expect(doc).not.toMatch(NOT_XML_CHAR);
  expect(doc).not.toMatch(TERMINAL);
  expect(XMLValidator.validate(doc)).toBe(true);
  expect(doc).not.toContain(']]>');
  const cases = xmlParser.parse(doc.replace(/\r\n?/g, '\n')).testsuites.testsuite.testcase as any[];
  // A run that stopped early has one testcase more, after the checks, saying why.
  expect(cases.map((c) => c.name)).toEqual([...r.checks.map((c) => c.id), ...(r.aborted ? ['run.completed'] : [])]);
  const asSent = (s: string) => s.replace(/\r\n/g, '\n').replace(LOST_IN_XML, '\uFFFD');
  if (r.aborted)
    expect(readEscaped(cases.at(-1).failure.message)).toBe(asSent(`stopped early (the run fails): ${r.aborted}`));
  r.checks.forEach((c, n) => {
    if (explained(c) && !r.baseline.expected.includes(c.id))
      expect(readEscaped(cases[n].failure['#text'] ?? '')).toBe(asSent(c.evidence.join('\n')));
  });
}

const unhtml = (s: string) =>
  s.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&');

/** HTML: no control or bidi character on the page, each shown piece of evidence one item reading back as sent. */
function expectHtml(r: KitReport): void {
  const page = formatKitReport(r, 'html');
  expect(page).not.toMatch(TERMINAL);
  const items = [...page.matchAll(/<li>(.*?)<\/li>/gsu)].map((m) => readEscaped(unhtml(m[1]!)));
  const shown = r.checks.filter((c) => c.status !== 'pass').flatMap((c) => c.evidence.slice(0, 5));
  expect(items).toEqual(shown.map((e) => e.replace(/\r\n/g, '\n')));
  const pre = /<pre>(.*)<\/pre>/su.exec(page)![1]!;
  expect(JSON.parse(unhtml(pre))).toEqual(r.result_message);
}

function expectReports(r: KitReport): void {
  expectText(r);
  expectJunit(r);
  expectHtml(r);
}

let server: KitServer;
let reference: KitReport;
const run = (): Promise<KitReport> =>
  testImplementation({ endpoint: server.endpoint, site: server.site, limits: DEFAULT_LIMITS, now: NOW, runId: RUN_ID });
beforeAll(async () => {
  server = await startKitServer();
  reference = await run();
});
afterAll(async () => server.stop());

describe("the kit's reports hold for any evidence", () => {
  it('text, JUnit and HTML, with hostile evidence on failed, unexercised and skipped checks and a hostile stop', () => {
    const statuses = fc.constantFrom('fail', 'not_exercised', 'skip', 'pass');
    fc.assert(
      fc.property(
        fc.option(hostile, { nil: undefined }),
        fc.array(fc.tuple(statuses, fc.array(hostile, { minLength: 1, maxLength: 4 })), {
          minLength: 1,
          maxLength: 6,
        }),
        (aborted, changed) => {
          const checks = reference.checks.map((c, n) => {
            const change = changed[n % 7 === 0 ? (n / 7) % changed.length : -1];
            return change ? { ...c, status: change[0], evidence: change[0] === 'pass' ? [] : change[1] } : c;
          });
          const report = { ...reference, ...(aborted === undefined ? {} : { aborted }), checks } as KitReport;
          expectReports(report);
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** A hostile server: where it puts text the kit quotes (stripped of CR and LF where HTTP/1.1 framing takes them). */
const oneLine = (h: string) => h.replace(/[\r\n]/g, ' ');
const SERVERS: Record<string, (h: string) => Transform> = {
  // A refusal whose problem has the text as its title and detail (and no published code).
  problem: (h) => async (ex) =>
    kindOf(ex) === 'hostile'
      ? new Response(`{"type":"about:blank","title":"${h}","status":400,"detail":"${h}"}`, {
          status: 400,
          headers: { 'content-type': 'application/problem+json' },
        })
      : ex.response,
  // An interim answer whose reason phrase is the text.
  'reason phrase': (h) => async (ex) =>
    kindOf(ex) === 'sync' ? rawAnswer(`HTTP/1.1 103 ${oneLine(h)}\r\n\r\n`)(ex) : ex.response,
  // A switch to the protocol the text names.
  'upgrade header': (h) => async (ex) =>
    kindOf(ex) === 'sync'
      ? {
          raw: (socket) => {
            socket.on('error', () => undefined);
            socket.end(head('101 Switching Protocols', { upgrade: oneLine(h), connection: 'Upgrade' }));
          },
        }
      : ex.response,
  // The text as the answer's media type.
  'content-type header': (h) => async (ex) => {
    if (kindOf(ex) !== 'sync') return ex.response;
    const text = await ex.response.text();
    return {
      raw: (socket) => {
        socket.on('error', () => undefined);
        const length = Buffer.byteLength(text);
        socket.end(
          head('200 OK', { 'content-type': `${oneLine(h)}`, 'content-length': length, connection: 'close' }) + text,
        );
      },
    };
  },
  // The text as the answer's body.
  body: (h) => async (ex) =>
    kindOf(ex) === 'sync' ? new Response(h, { headers: { 'content-type': 'application/json' } }) : ex.response,
  // A sealed answer with the text as a member's name and as a value that must be one of a few
  // (well-formed: the seal is over I-JSON, which has no lone surrogate).
  message: (h) =>
    onMessage('sync', (m) => {
      m.body.status = h.toWellFormed();
      m[h.toWellFormed()] = h.toWellFormed();
    }),
};

describe('the kit run against servers that put hostile text in what it quotes', () => {
  it('every report format holds, and the text reaches the evidence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(SERVERS)), hostile, async (kind, h) => {
        server.transform = SERVERS[kind]!(`MARK${h}`);
        const report = await run();
        // The text is quoted, unless the kit's HTTP parser refused the bytes that carried it.
        const evidence = report.checks.filter(explained).flatMap((c) => c.evidence);
        expect(
          evidence.some((e) => /mark|\(HPE_/i.test(e)),
          kind,
        ).toBe(true);
        expectReports(report);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});

describe("the proxy's live lines", () => {
  it('one line per exchange and per finding shown, nothing a terminal or the runner acts on, each reading back', () => {
    const finding = fc.record({
      side: fc.constantFrom('server' as const, 'client' as const),
      check: fc.constant('message.valid'),
      severity: fc.constant('must' as const),
      section: fc.constant('spec 2.4'),
      path: hostile,
      message: hostile,
    });
    fc.assert(
      fc.property(hostile, hostile, fc.array(finding, { maxLength: 7 }), (method, target, findings) => {
        const x = { index: 1, method, target, status: 200, role: 'message', findings, judged: [] };
        const lines = liveLine(x as unknown as JudgedExchange).split('\n');
        expect(lines.pop()).toBe('');
        lines.forEach(expectQuiet);
        expect(lines).toHaveLength(1 + Math.min(findings.length, 5) + (findings.length > 5 ? 1 : 0));
        expect(readEscaped(lines[0]!).startsWith(`#1 ${method} ${target.slice(0, 120)} -> 200  `)).toBe(true);
        findings.slice(0, 5).forEach((f, n) => {
          expect(readEscaped(lines[n + 1]!).endsWith(` ${f.path || '/'}: ${f.message.slice(0, 300)}`)).toBe(true);
        });
      }),
      { numRuns: 400 },
    );
  });
});

const unknownMember = hostile.filter((n) => !MANIFEST_MEMBERS.has(n));

describe('a usage error that quotes a client manifest', () => {
  it('is one escaped line, reading back to the error, then the hint', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'uai-manifest-'));
    try {
      const file = join(dir, 'manifest.json');
      await fc.assert(
        // A short binary string can spell a member the manifest takes ("name"); only unknown ones are refused.
        fc.asyncProperty(fc.uniqueArray(unknownMember, { minLength: 1, maxLength: 3 }), async (names) => {
          writeFileSync(file, JSON.stringify(Object.fromEntries(names.map((n) => [n, true]))));
          let stderr = '';
          const io = { stdout: () => undefined, stderr: (t: string) => void (stderr += t), now: () => NOW };
          const code = await testClientCommand(['--command', 'node client.mjs', '--manifest', file], {
            ...io,
            site: server.site,
          });
          expect(code).toBe(2);
          const lines = stderr.split('\n');
          expect(lines).toHaveLength(3);
          lines.forEach(expectQuiet);
          expect(readEscaped(lines[0]!)).toBe(
            `uai test-client: ${file}: the client manifest has unknown members: ${names.join(', ')}`,
          );
          expect(lines[1]).toBe('Run "uai test-client --help" for usage.');
        }),
        { numRuns: 200 },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
