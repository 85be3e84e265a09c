/**
 * The kit's report in the formats people and CI read: a text table, JSON, JUnit XML, standalone
 * HTML. A check that applies but was not exercised has its own mark everywhere and counts as a
 * failure everywhere (JUnit has no such status: a <failure> of type not_exercised).
 */
import type { KitCounts } from './counts.ts';
import type { KitReport } from './report.ts';
import { escapeControls, escapeLine } from '../terminal.ts';
import type { VerdictStatus } from './verdict.ts';

export const KIT_FORMATS = ['text', 'json', 'junit', 'html'] as const;
export type KitFormat = (typeof KIT_FORMATS)[number];

const mark: Readonly<Record<VerdictStatus, string>> = {
  pass: 'PASS',
  fail: 'FAIL',
  skip: 'skip',
  not_exercised: 'NOEX',
};

/** Shows evidence: a failure's and a not-exercised check's (a skip names its declaration only in json/html). */
const explained = (status: VerdictStatus) => status === 'fail' || status === 'not_exercised';

export const countsLine = (c: KitCounts): string =>
  `${c.pass} passed, ${c.fail} failed (${c.must_fail} must), ${c.not_exercised} not exercised, ${c.skip} skipped`;

/**
 * Where the sealed result went, for the report's last line: the file `--result` wrote, or how to
 * keep it (a command that writes none). Naming `uai validate <file>` for a file nobody wrote sent
 * readers looking for it.
 */
export const RESULT_NOT_WRITTEN = 'not written: --result <file> writes it, to check with uai validate <file>';
export const resultWrittenTo = (file: string): string => `written to ${file}; verify with: uai validate ${file}`;

export function textReport(r: KitReport, resultNote = RESULT_NOT_WRITTEN): string {
  const width = Math.max(...r.checks.map((c) => c.id.length));
  const lines = [`${r.tool ?? 'uai test'} ${r.endpoint}: ${countsLine(r.counts)}; ${r.requests_sent} requests`];
  if (r.aborted) lines.push(`stopped early (the run fails): ${r.aborted}`);
  for (const c of r.checks) {
    const expected = explained(c.status) && r.baseline.expected.includes(c.id) ? ' (expected, baseline)' : '';
    lines.push(`${mark[c.status]}  ${c.id.padEnd(width)}  ${c.severity.padEnd(6)}  ${c.section}${expected}`);
    if (explained(c.status)) for (const e of c.evidence.slice(0, 3)) lines.push(`        ${e}`);
  }
  if (r.baseline.regressions.length)
    lines.push(`regressions (not in the baseline): ${r.baseline.regressions.join(', ')}`);
  if (r.baseline.stale.length)
    lines.push(`stale baseline entries (they pass now; remove them): ${r.baseline.stale.join(', ')}`);
  lines.push(
    `result message ${String(r.result_message.message_id)}: ${(r.result_message.body as { status: string }).status} (${resultNote})`,
  );
  // Evidence quotes what the implementation sent or printed (a server's answers and headers, a
  // client's output): each line is escaped as uai validate's are, so it stays one line and holds
  // nothing a terminal or the Actions runner acts on (docs/ci.md, "Hostile names and contents").
  return `${lines.map(escapeLine).join('\n')}\n`;
}

// XML 1.0 section 2.2, Char: astral characters are characters too (one code point under /u).
const xml = (s: string): string =>
  s
    .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** Evidence in a CI page: what the implementation sent or printed, its controls and bidi marks visible, as in the text report. */
const evidence = (lines: readonly string[]): string => xml(escapeControls(lines.join('\n')));

/**
 * One side's <testsuite> with its cases, named `name`, and its failure and skip counts: a
 * document of its own (junitReport) or one of the proxy's two.
 */
export function junitSuite(
  r: KitReport,
  name = r.endpoint,
): { text: string; tests: number; failures: number; skipped: number } {
  const cases = r.checks.map((c) => {
    const open = `    <testcase classname="uai.${xml(c.category)}" name="${xml(c.id)}" time="0">`;
    // A baseline entry that no longer fails fails the run (the baseline only shrinks): a CI page
    // that showed it passing would leave the reader no reason for the failed step.
    if (r.baseline.stale.includes(c.id))
      return `${open}<failure message="stale baseline entry: this check ${c.status === 'pass' ? 'passes' : 'does not fail'} now; remove it from the baseline" type="stale_baseline"/></testcase>`;
    if (explained(c.status) && r.baseline.expected.includes(c.id))
      return `${open}<skipped message="expected failure (baseline)"/></testcase>`;
    if (c.status === 'fail')
      return `${open}<failure message="${xml(c.title)}" type="${c.severity}">${evidence(c.evidence)}</failure></testcase>`;
    if (c.status === 'not_exercised')
      return `${open}<failure message="${xml(`not exercised: ${c.title}`)}" type="not_exercised">${evidence(c.evidence)}</failure></testcase>`;
    if (c.status === 'skip')
      return `${open}<skipped message="${xml(escapeControls(c.evidence[0] ?? 'not applicable'))}"/></testcase>`;
    return `${open}</testcase>`;
  });
  // A stale entry naming no check of this report (a baseline may list the other kit's ids) fails too.
  for (const id of r.baseline.stale.filter((s) => !r.checks.some((c) => c.id === s)))
    cases.push(
      `    <testcase classname="uai.baseline" name="${xml(id)}" time="0"><failure message="stale baseline entry: ${xml(id)} is no failing check of this run; remove it from the baseline" type="stale_baseline"/></testcase>`,
    );
  // A run that stopped early fails whatever its checks say: one testcase of its own says why.
  if (r.aborted)
    cases.push(
      `    <testcase classname="uai.run" name="run.completed" time="0"><failure message="${xml(escapeControls(`stopped early (the run fails): ${r.aborted}`))}" type="aborted"/></testcase>`,
    );
  const failures = cases.filter((c) => c.includes('<failure ')).length;
  const skipped = cases.filter((c) => c.includes('<skipped ')).length;
  const text = [
    `  <testsuite name="${xml(name)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" timestamp="${r.checked_at}">`,
    ...cases,
    '  </testsuite>',
  ].join('\n');
  return { text, tests: cases.length, failures, skipped };
}

/** JUnit XML as CI systems read it: one testsuite, one testcase per check; baseline failures are skipped. */
export function junitReport(r: KitReport): string {
  const { text, tests, failures, skipped } = junitSuite(r);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${r.tool ?? 'uai test'}" tests="${tests}" failures="${failures}" errors="0" skipped="${skipped}">`,
    text,
    '</testsuites>',
    '',
  ].join('\n');
}

const html = (s: string): string =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
/** What the implementation sent or printed: its controls and bidi marks visible, as in the text report. */
const quoted = (s: string): string => html(escapeControls(s));
/**
 * JSON with the characters escapeControls makes visible as JSON escapes: the same value, and no
 * bidi mark in a quoted string reorders the page. They stand only in strings, where `\uXXXX` is one.
 */
const visibleJson = (value: unknown): string =>
  JSON.stringify(value, null, 2).replace(
    /[\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** One standalone page: no scripts, no external resources. */
export function htmlReport(r: KitReport): string {
  const rows = r.checks.map(
    (c) =>
      `<tr class="${c.status}"><td>${c.status === 'not_exercised' ? 'NOT EXERCISED' : mark[c.status]}</td><td><code>${html(c.id)}</code></td><td>${c.severity}</td><td>${html(c.section)}</td><td>${html(c.title)}${
        c.evidence.length && c.status !== 'pass'
          ? `<ul>${c.evidence
              .slice(0, 5)
              .map((e) => `<li>${quoted(e)}</li>`)
              .join('')}</ul>`
          : ''
      }</td></tr>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${r.tool ?? 'uai test'}: ${html(r.endpoint)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#1a1a1a}table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}.fail td:first-child,.not_exercised td:first-child{color:#a30000;font-weight:700}.pass td:first-child{color:#05650a}.skip{color:#555}code{font-size:.95em}pre{white-space:pre-wrap;word-break:break-all;background:#f5f5f5;padding:1rem}</style>
</head><body>
<h1>UAI-1 implementation test: <code>${html(r.endpoint)}</code></h1>
<p>${countsLine(r.counts)}; ${r.requests_sent} requests at ${html(r.checked_at)}.${r.aborted ? ` <strong>Stopped early (the run fails): ${quoted(r.aborted)}.</strong>` : ''}</p>
<table><thead><tr><th scope="col">Result</th><th scope="col">Check</th><th scope="col">Level</th><th scope="col">Section</th><th scope="col">What it checks</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>
<h2>Result message</h2>
<p>A sealed <code>uai.conformance.result.v1</code>; save it and run <code>uai validate</code> on it to verify its checksum.</p>
<pre>${html(visibleJson(r.result_message))}</pre>
</body></html>
`;
}

/** `resultFile`: the file the sealed result is written to, if any (the text report names it). */
export function formatKitReport(r: KitReport, format: KitFormat, resultFile?: string): string {
  // The same value as JSON.stringify's; a bidi mark or C1 control the implementation sent is an escape in it.
  if (format === 'json') return `${visibleJson(r)}\n`;
  if (format === 'junit') return junitReport(r);
  if (format === 'html') return htmlReport(r);
  return textReport(r, resultFile === undefined ? RESULT_NOT_WRITTEN : resultWrittenTo(resultFile));
}
