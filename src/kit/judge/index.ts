/**
 * The judging core both sides of the kit share: verdict statuses and the evidence tally, the
 * report with its counts, baseline and exit rule, its formats, and the sealed result. The server
 * half (src/kit/server) and the client half (src/kit/client) supply their checks and scenarios only.
 */
export { compareBaseline, parseBaseline, type Baseline, type BaselineOutcome, type BaselineRead } from './baseline.ts';
export { countVerdicts, type KitCounts } from './counts.ts';
export {
  countsLine,
  formatKitReport,
  htmlReport,
  junitReport,
  KIT_FORMATS,
  textReport,
  type KitFormat,
} from './formats.ts';
export { exitCode, KIT_REPORT_KIND, kitReport, type KitReport, type ReportInput } from './report.ts';
export { KIT_PARTY, resultMessage, type ResultRun, type ResultSubject } from './result.ts';
export {
  failsRun,
  failWith,
  notExercised,
  pass,
  skip,
  Tally,
  VERDICT_STATUSES,
  verdictsFor,
  type KitVerdict,
  type Outcome,
  type VerdictStatus,
} from './verdict.ts';
