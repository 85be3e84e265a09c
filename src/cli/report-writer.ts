import type { SourceRange, ValidatorSummary } from '../engine/index.ts';

/** What the formats of `uai validate` are made from (see HELP in args.ts): one judged file. */
export interface Checked {
  /** The file as named on the command line or found by expansion ("-" for standard input). */
  readonly file: string;
  /** The whole result for the json format; for the others, which show no conformance record, the result without it. */
  readonly result: ValidatorSummary;
  /** The range of an issue's pointer in the file's text. */
  readonly locate: (pointer: string) => SourceRange;
}

/** A file that could not be read or parsed, with the reason. */
export interface Unreadable {
  readonly file: string;
  readonly error: string;
}

/**
 * A report of `uai validate` written as the files are judged: each format writes a file's part
 * as soon as it is checked and keeps only counts, so memory does not grow with the number of
 * files (docs/ci.md, "Streamed output").
 */
export interface ReportWriter {
  readonly checked: (file: Checked) => void;
  readonly unreadable: (file: Unreadable) => void;
  /** The closing part, once every file is judged. */
  readonly end: (tally: Tally) => void;
}

export type Write = (text: string) => void;

/** What the closing lines and the exit status need, counted as files are judged. */
export interface Tally {
  checked: number;
  valid: number;
  errors: number;
  warnings: number;
  unreadable: number;
  /** Files with a finding at the --fail-on level. */
  failing: number;
}

export const emptyTally = (): Tally => ({ checked: 0, valid: 0, errors: 0, warnings: 0, unreadable: 0, failing: 0 });
