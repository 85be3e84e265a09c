import { unlistedNote } from '../engine/index.ts';
import { escapeInline } from '../kit/terminal.ts';
import { locateFile, locateInput } from './paths.ts';
import type { FailOn } from './args.ts';
import { fails, issuesOf, unlistedFailures, unlistedFailuresLine } from './report.ts';
import type { ReportWriter, Write } from './report-writer.ts';

/**
 * github: GitHub Actions workflow commands, which the runner turns into annotations on the lines
 * of a pull request without code scanning (docs.github.com, "Workflow commands for GitHub
 * Actions": ::error file={name},line={line},endLine={endLine},title={title}::{message}).
 * Every value is a pull request's text (a file's name, a pointer, a message quoting members), and
 * the runner writes what it decodes into the log, which renders terminal escapes: each value is
 * first escaped as a line of the text format is (escapeInline: controls, CR, LF and bidi marks
 * written visibly, one line), then as the runner decodes it (actions/toolkit, command.ts): "%",
 * and in property values also ":" and ",". Columns are given only for a one-line range, since
 * the annotation API takes start and end columns on one line only; endColumn there is inclusive.
 */
const escapeData = (s: string) => escapeInline(s).replaceAll('%', '%25');
const escapeProperty = (s: string) => escapeData(s).replaceAll(':', '%3A').replaceAll(',', '%2C');

/** One workflow command (the GitHub Action writes its own errors with it too). */
export function workflowCommand(
  kind: 'error' | 'warning' | 'notice',
  properties: Record<string, string | number>,
  message: string,
): string {
  const props = Object.entries(properties)
    .map(([k, v]) => `${k}=${escapeProperty(String(v))}`)
    .join(',');
  return `::${kind} ${props}::${escapeData(message)}`;
}

/** The annotations of each level the runner shows a step; the log keeps every line (actions/toolkit, problem-matchers.md). */
export const ANNOTATIONS_SHOWN = 10;

/**
 * Annotations as each file is judged, an unreadable file's where it comes (the runner shows only
 * the first ANNOTATIONS_SHOWN of a level, so one kept to the end was the first to be lost); a
 * notice says so when a level went past it, and the summary line closes the report.
 */
export function githubWriter(write: Write, base: string, failOn: FailOn): ReportWriter {
  const written = { error: 0, warning: 0 };
  return {
    checked({ file, result, locate }) {
      const { path } = locateFile(file, base);
      const lines: string[] = [];
      for (const issue of issuesOf(result)) {
        const r = locate(issue.path);
        const position: Record<string, number> =
          r.startLine === r.endLine
            ? {
                line: r.startLine,
                col: r.startColumn,
                endLine: r.endLine,
                endColumn: Math.max(r.startColumn, r.endColumn - 1),
              }
            : { line: r.startLine, endLine: r.endLine };
        const kind = fails(issue, failOn) ? 'error' : 'warning';
        written[kind] += 1;
        lines.push(
          workflowCommand(
            kind,
            { file: path, ...position, title: `${issue.code} at ${issue.path === '' ? '(root)' : issue.path}` },
            `${issue.message} (${issue.help_url})`,
          ),
        );
      }
      const unlisted = unlistedNote(result);
      const unlistedFailing = unlistedFailures(result, failOn);
      if (unlistedFailing > 0) {
        written.error += 1;
        lines.push(
          workflowCommand(
            'error',
            { file: path, title: 'uai: issues not listed' },
            unlistedFailuresLine(unlistedFailing, failOn, unlisted),
          ),
        );
      } else if (unlisted)
        lines.push(workflowCommand('notice', { file: path, title: 'uai: issues not listed' }, unlisted));
      if (lines.length > 0) write(`${lines.join('\n')}\n`);
    },
    unreadable({ file, error }) {
      written.error += 1;
      write(
        `${workflowCommand('error', { file: locateInput(file, base).path, title: 'uai: input not checked' }, error)}\n`,
      );
    },
    end(t) {
      const lines: string[] = [];
      if (written.error > ANNOTATIONS_SHOWN || written.warning > ANNOTATIONS_SHOWN)
        lines.push(
          workflowCommand(
            'notice',
            { title: 'uai: annotations not shown' },
            `${written.error} error and ${written.warning} warning annotations were written; GitHub shows the first ${ANNOTATIONS_SHOWN} of each level a step. The step's log lists them all, and --format sarif gives code scanning every one.`,
          ),
        );
      // An unreadable file was not checked: it is counted on its own, not among the checked.
      lines.push(
        `uai: ${t.checked} file${t.checked === 1 ? '' : 's'} checked, ${t.failing} failing, ${t.unreadable} unreadable`,
      );
      write(`${lines.join('\n')}\n`);
    },
  };
}
