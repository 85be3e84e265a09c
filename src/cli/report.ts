import { sortIssues, toSarif, type ValidatorResult } from '../engine/index.ts';
import type { Site } from '../standard/site.ts';

/** The three output formats of `uai validate` (see HELP in args.ts). */
export interface Checked {
  readonly file: string;
  readonly result: ValidatorResult;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** text: one line per issue, a summary line per file, one overall line. */
export function textReport(checked: readonly Checked[], unreadable: number): string {
  const lines: string[] = [];
  for (const { file, result } of checked) {
    for (const i of sortIssues([...result.errors, ...result.warnings])) {
      lines.push(`${file}: ${i.path === '' ? '(root)' : i.path} ${i.code} ${i.severity}: ${i.message}`);
    }
    const verdict = result.valid ? `valid, level ${result.conformance_level ?? 'none'}` : 'invalid';
    lines.push(`${file}: ${verdict} (${result.profile ?? 'no profile'}; ${plural(result.error_count, 'error')}, ${plural(result.warning_count, 'warning')})`);
  }
  const valid = checked.filter((c) => c.result.valid).length;
  const errors = checked.reduce((n, c) => n + c.result.error_count, 0);
  const warnings = checked.reduce((n, c) => n + c.result.warning_count, 0);
  const total = checked.length + unreadable;
  let overall = `${plural(total, 'file')}: ${valid} valid, ${checked.length - valid} invalid`;
  if (unreadable > 0) overall += `, ${unreadable} unreadable`;
  lines.push(`${overall} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})`);
  return `${lines.join('\n')}\n`;
}

/** json: the validator result itself for one file; an array of {file, result} for several. */
export function jsonReport(checked: readonly Checked[], several: boolean): string {
  const value = several ? checked.map(({ file, result }) => ({ file, result })) : checked[0]?.result ?? null;
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * sarif: the API's SARIF log (engine sarif module), each result located in its file. Several
 * files make one log with one run: the first file's run with every file's results appended.
 */
export function sarifReport(checked: readonly Checked[], site: Site): string {
  const logs = checked.map(({ file, result }) => toSarif(result, site, { artifactUri: file.replaceAll('\\', '/') }));
  const log = logs[0] ?? toSarif({ errors: [], warnings: [] }, site);
  const run = log.runs[0]!;
  if (logs.length > 1) {
    run.results = logs.flatMap((l) => l.runs[0]!.results);
    const profiles = new Set(checked.map((c) => c.result.profile));
    run.properties = { ...run.properties, profile: profiles.size === 1 ? checked[0]!.result.profile : null };
  }
  return `${JSON.stringify(log, null, 2)}\n`;
}
