import { unlistedNote } from '../engine/index.ts';
import type { FailOn } from './args.ts';
import { fails, issuesOf, unlistedFailures, unlistedFailuresLine } from './report.ts';
import type { ReportWriter, Write } from './report-writer.ts';

/**
 * junit: JUnit XML as CI systems read it (Jenkins, GitLab, Azure Pipelines): one testsuite per
 * file, holding its one testcase, with one <failure> per finding at the --fail-on level (its type
 * the issue code; the suite's failures count the testcase once), other warnings in <system-out>,
 * and an <error> for a file that could not be read. Each file's suite is written as soon as the file is judged, so its counts are its own:
 * the root carries none, since XML puts attributes before the children they would count (the
 * totals are the sums of the suites'). No timestamps or durations, so two runs give the same bytes.
 */
// XML 1.0 section 2.2: only tab, LF, CR and U+0020 upwards (no lone surrogates, no U+FFFE/FFFF).
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\r': '&#13;',
};
// A reader turns a CR into LF (section 2.11), and in an attribute value a tab, LF or CR into a
// space (section 3.3.3): written as references, a file's name and a message read back as they are.
const xml = (text: string) => text.replace(NOT_XML_CHAR, '\uFFFD').replace(/[&<>"'\r]/g, (c) => ESCAPES[c]!);
const attr = (text: string) => xml(text).replace(/[\t\n]/g, (c) => (c === '\t' ? '&#9;' : '&#10;'));

/** One file's suite: its testcase and what it holds, the lines indented inside the testcase. */
function suite(file: string, counts: { failures: number; errors: number }, parts: readonly string[]): string {
  const open = `    <testcase classname="uai.validate" name="${attr(file)}" file="${attr(file)}"`;
  const testcase = parts.length ? `${open}>\n${parts.join('\n')}\n    </testcase>` : `${open}/>`;
  return [
    `  <testsuite name="${attr(file)}" tests="1" failures="${counts.failures}" errors="${counts.errors}" skipped="0">`,
    testcase,
    '  </testsuite>',
    '',
  ].join('\n');
}

export function junitWriter(write: Write, failOn: FailOn): ReportWriter {
  write('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="uai validate">\n');
  return {
    checked({ file, result, locate }) {
      const parts: string[] = [];
      const notes: string[] = [];
      for (const issue of issuesOf(result)) {
        const at = locate(issue.path);
        const line = `${file}:${at.startLine}:${at.startColumn}: ${issue.severity} ${issue.code} ${issue.path === '' ? '(root)' : issue.path}: ${issue.message}`;
        if (fails(issue, failOn))
          parts.push(
            `      <failure type="${attr(issue.code)}" message="${attr(`${issue.path === '' ? '(root)' : issue.path}: ${issue.message}`)}">${xml(`${line}\n${issue.help_url}`)}</failure>`,
          );
        else notes.push(line);
      }
      const unlisted = unlistedNote(result);
      const unlistedFailing = unlistedFailures(result, failOn);
      if (unlistedFailing > 0) {
        const line = unlistedFailuresLine(unlistedFailing, failOn, unlisted);
        parts.push(
          `      <failure type="uai.issues_not_listed" message="${attr(line)}">${xml(`${file}: ${line}`)}</failure>`,
        );
      } else if (unlisted) notes.push(`${file}: ${unlisted}`);
      // A count of failed testcases, not of <failure> elements: consumers take tests - failures as
      // the passed (one testcase, several findings: failures="101" read as -100 passed).
      const failures = parts.length > 0 ? 1 : 0;
      if (notes.length > 0) parts.push(`      <system-out>${xml(notes.join('\n'))}</system-out>`);
      write(suite(file, { failures, errors: 0 }, parts));
    },
    unreadable({ file, error }) {
      write(suite(file, { failures: 0, errors: 1 }, [`      <error type="input" message="${attr(error)}"/>`]));
    },
    end() {
      write('</testsuites>\n');
    },
  };
}
