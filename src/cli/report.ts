import { sortIssues, unlistedNote, type Issue, type SourceRange, type ValidatorResult } from '../engine/index.ts';
import type { FailOn } from './args.ts';

/** What the formats of `uai validate` are made from (see HELP in args.ts), and text and json. */
export interface Checked {
  /** The file as named on the command line or found by expansion ("-" for standard input). */
  readonly file: string;
  readonly result: ValidatorResult;
  /** The range of an issue's pointer in the file's text. */
  readonly locate: (pointer: string) => SourceRange;
}

export interface Unreadable {
  readonly file: string;
  readonly error: string;
}

export interface Report {
  readonly checked: readonly Checked[];
  readonly unreadable: readonly Unreadable[];
  readonly failOn: FailOn;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
/** Errors and warnings of one result in the order every format uses: by path, then code. */
export const issuesOf = (result: ValidatorResult): Issue[] => sortIssues([...result.errors, ...result.warnings]);

/** Whether an issue counts as a failure at the --fail-on level. */
export const fails = (issue: Issue, failOn: FailOn): boolean => issue.severity === 'error' || failOn === 'warning';

/** text: "file:line:col: severity code pointer: message" per issue, a summary per file, one overall. */
export function textReport({ checked, unreadable }: Report): string {
  const lines: string[] = [];
  for (const { file, result, locate } of checked) {
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
  }
  const valid = checked.filter((c) => c.result.valid).length;
  const errors = checked.reduce((n, c) => n + c.result.error_count, 0);
  const warnings = checked.reduce((n, c) => n + c.result.warning_count, 0);
  let overall = `${plural(checked.length + unreadable.length, 'file')}: ${valid} valid, ${checked.length - valid} invalid`;
  if (unreadable.length > 0) overall += `, ${unreadable.length} unreadable`;
  lines.push(`${overall} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})`);
  return `${lines.join('\n')}\n`;
}

/** The validator result with each issue's range in the file (the CLI's addition to spec 2.4). */
function withRanges({ result, locate }: Checked) {
  const ranged = (issues: readonly Issue[]) => issues.map((i) => ({ ...i, range: locate(i.path) }));
  return { ...result, errors: ranged(result.errors), warnings: ranged(result.warnings) };
}

/** json: the result itself for one input file; an array of {file, result} for several. */
export function jsonReport({ checked }: Report, several: boolean): string {
  const value = several
    ? checked.map((c) => ({ file: c.file, result: withRanges(c) }))
    : checked[0]
      ? withRanges(checked[0])
      : null;
  return `${JSON.stringify(value, null, 2)}\n`;
}
