import { sortIssues, unlistedNote, type Issue, type ValidatorSummary } from '../engine/index.ts';
import { escapeLine } from '../kit/terminal.ts';
import type { FailOn } from './args.ts';
import { streamedArray } from './json-stream.ts';
import type { Checked, ReportWriter, Write } from './report-writer.ts';

export type { Checked, Unreadable } from './report-writer.ts';

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
/** Errors and warnings of one result in the order every format uses: by path, then code. */
export const issuesOf = (result: ValidatorSummary): Issue[] => sortIssues([...result.errors, ...result.warnings]);

/** Whether an issue counts as a failure at the --fail-on level. */
export const fails = (issue: Issue, failOn: FailOn): boolean => issue.severity === 'error' || failOn === 'warning';

/**
 * Failures at the --fail-on level that the result counts but does not list: a result lists a
 * hundred issues, errors before warnings, so errors past a hundred (or, at --fail-on warning, the
 * warnings after them) go unlisted. A format that fails a file by its listed issues says these
 * too, or it would pass a file by fewer failures than it has.
 */
export function unlistedFailures(result: ValidatorSummary, failOn: FailOn): number {
  const failing = result.error_count + (failOn === 'warning' ? result.warning_count : 0);
  return failing - issuesOf(result).filter((i) => fails(i, failOn)).length;
}

/** The line a format gives unlisted failures: how many, of what, and why they are not listed. */
export const unlistedFailuresLine = (count: number, failOn: FailOn, note: string | undefined): string =>
  `${count} ${failOn === 'warning' ? 'errors and warnings' : count === 1 ? 'error' : 'errors'} not listed${note ? `; ${note}` : ''}`;

/**
 * text: "file:line:col: severity code pointer: message" per issue, a summary per file, one overall.
 * File names and pointers are the files' own (a pull request's), so each line is escaped: one line
 * per finding, nothing a terminal or a CI log acts on (docs/ci.md, "Formats").
 */
export function textWriter(write: Write): ReportWriter {
  return {
    checked({ file, result, locate }) {
      const lines: string[] = [];
      for (const i of issuesOf(result)) {
        const at = locate(i.path);
        lines.push(
          `${file}:${at.startLine}:${at.startColumn}: ${i.severity} ${i.code} ${i.path === '' ? '(root)' : i.path}: ${i.message}`,
        );
      }
      const unlisted = unlistedNote(result);
      if (unlisted) lines.push(`${file}: ${unlisted}`);
      const verdict = result.valid ? `valid, level ${result.conformance_level ?? 'none'}` : 'invalid';
      lines.push(
        `${file}: ${verdict} (${result.profile ?? 'no profile'}; ${plural(result.error_count, 'error')}, ${plural(result.warning_count, 'warning')})`,
      );
      write(`${lines.map(escapeLine).join('\n')}\n`);
    },
    // Standard error already named it when it was read.
    unreadable() {},
    end(t) {
      let overall = `${plural(t.checked + t.unreadable, 'file')}: ${t.valid} valid, ${t.checked - t.valid} invalid`;
      if (t.unreadable > 0) overall += `, ${t.unreadable} unreadable`;
      write(`${overall} (${plural(t.errors, 'error')}, ${plural(t.warnings, 'warning')})\n`);
    },
  };
}

/** The validator result with each issue's range in the file (the CLI's addition to spec 2.4). */
function withRanges({ result, locate }: Checked) {
  const ranged = (issues: readonly Issue[]) => issues.map((i) => ({ ...i, range: locate(i.path) }));
  return { ...result, errors: ranged(result.errors), warnings: ranged(result.warnings) };
}

/**
 * json: the result itself for one named file (null when it could not be read); for several
 * files, a directory or a glob an array of {file, result}, written item by item.
 */
export function jsonWriter(write: Write, several: boolean): ReportWriter {
  if (!several) {
    let written = false;
    return {
      checked(c) {
        written = true;
        write(`${JSON.stringify(withRanges(c), null, 2)}\n`);
      },
      unreadable() {},
      end() {
        if (!written) write('null\n');
      },
    };
  }
  const array = streamedArray(write, 0);
  return {
    checked: (c) => array.item({ file: c.file, result: withRanges(c) }),
    unreadable() {},
    end() {
      array.close();
      write('\n');
    },
  };
}
