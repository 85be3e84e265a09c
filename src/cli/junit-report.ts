import { unlistedNote } from '../engine/index.ts';
import { fails, issuesOf, type Report } from './report.ts';

/**
 * junit: JUnit XML as CI systems read it (Jenkins, GitLab, Azure Pipelines): one testsuite, one
 * testcase per file, one <failure> per finding at the --fail-on level (its type the issue code),
 * other warnings in <system-out>, and an <error> for a file that could not be read. No timestamps
 * or durations, so two runs give the same bytes.
 */
// XML 1.0 section 2.2: only tab, LF, CR and U+0020 upwards (no lone surrogates, no U+FFFE/FFFF).
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const xml = (text: string) =>
  text
    .replace(NOT_XML_CHAR, '\uFFFD')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

export function junitReport({ checked, unreadable, failOn }: Report): string {
  const cases: string[] = [];
  let failures = 0;
  for (const { file, result, locate } of checked) {
    const parts: string[] = [];
    const notes: string[] = [];
    for (const issue of issuesOf(result)) {
      const at = locate(issue.path);
      const line = `${file}:${at.startLine}:${at.startColumn}: ${issue.severity} ${issue.code} ${issue.path === '' ? '(root)' : issue.path}: ${issue.message}`;
      if (fails(issue, failOn)) {
        failures += 1;
        parts.push(
          `      <failure type="${xml(issue.code)}" message="${xml(`${issue.path === '' ? '(root)' : issue.path}: ${issue.message}`)}">${xml(`${line}\n${issue.help_url}`)}</failure>`,
        );
      } else notes.push(line);
    }
    const unlisted = unlistedNote(result);
    if (unlisted) notes.push(`${file}: ${unlisted}`);
    if (notes.length > 0) parts.push(`      <system-out>${xml(notes.join('\n'))}</system-out>`);
    const open = `    <testcase classname="uai.validate" name="${xml(file)}" file="${xml(file)}"`;
    cases.push(parts.length ? `${open}>\n${parts.join('\n')}\n    </testcase>` : `${open}/>`);
  }
  for (const { file, error } of unreadable) {
    cases.push(
      `    <testcase classname="uai.validate" name="${xml(file)}" file="${xml(file)}">\n      <error type="input" message="${xml(error)}"/>\n    </testcase>`,
    );
  }
  const counts = `tests="${checked.length + unreadable.length}" failures="${failures}" errors="${unreadable.length}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="uai validate" ${counts}>`,
    `  <testsuite name="uai validate" ${counts} skipped="0">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
