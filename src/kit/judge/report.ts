/**
 * The kit's report, the same for both sides: the verdicts, their counts, the baseline comparison,
 * the exit rule and the sealed result. A side supplies its checks' verdicts and the subject of the
 * result; everything a report says is decided here, once.
 */
import { isoSeconds } from '../../engine/index.ts';
import type { KitSide } from '../../standard/kit-checks.ts';
import { compareBaseline, type Baseline, type BaselineOutcome } from './baseline.ts';
import { countVerdicts, type KitCounts } from './counts.ts';
import { resultMessage, type ResultRun, type ResultSubject } from './result.ts';
import type { KitVerdict } from './verdict.ts';

export const KIT_REPORT_KIND = 'uai.kit.report.v1';

export interface KitReport {
  readonly kind: typeof KIT_REPORT_KIND;
  /** Which implementation the checks judged: a server (`uai test`) or a client (`uai test-client`). */
  readonly side: KitSide;
  /** The command that made the report, when not `uai test` (the client kit's reports). */
  readonly tool?: string;
  /** What the report is about, as its first line names it: the endpoint, or the client. */
  readonly endpoint: string;
  readonly checked_at: string;
  readonly requests_sent: number;
  readonly declared_bindings: readonly string[];
  /** Why the run stopped early, when it did: the run fails. */
  readonly aborted?: string;
  readonly counts: KitCounts;
  readonly baseline: BaselineOutcome;
  /**
   * 0 no regression and no stale baseline entry, 1 otherwise or a run that stopped early, 2 the
   * endpoint could not be reached (nothing was read).
   */
  readonly exit_code: 0 | 1 | 2;
  readonly checks: readonly KitVerdict[];
  readonly result_message: Record<string, unknown>;
}

export interface ReportInput extends ResultRun {
  readonly side: KitSide;
  readonly tool?: string;
  readonly endpoint: string;
  readonly checks: readonly KitVerdict[];
  readonly baseline?: Baseline;
  readonly subject: ResultSubject;
  readonly requestsSent: number;
  readonly declaredBindings?: readonly string[];
  /** Nothing at all could be read from the implementation: a usage-level failure (exit 2). */
  readonly unreachable?: boolean;
}

/** The exit rule: 2 nothing could be read, 1 a regression, a stale baseline entry or a run that stopped early. */
export function exitCode(baseline: BaselineOutcome, aborted: string | undefined, unreachable = false): 0 | 1 | 2 {
  if (unreachable) return 2;
  return aborted || baseline.regressions.length || baseline.stale.length ? 1 : 0;
}

export function kitReport(input: ReportInput): KitReport {
  const baseline = compareBaseline(input.checks, input.baseline);
  return {
    kind: KIT_REPORT_KIND,
    side: input.side,
    ...(input.tool ? { tool: input.tool } : {}),
    endpoint: input.endpoint,
    checked_at: isoSeconds(input.now),
    requests_sent: input.requestsSent,
    declared_bindings: input.declaredBindings ?? [],
    ...(input.aborted ? { aborted: input.aborted } : {}),
    counts: countVerdicts(input.checks),
    baseline,
    exit_code: exitCode(baseline, input.aborted, input.unreachable),
    checks: input.checks,
    result_message: resultMessage(input.checks, input.subject, input),
  };
}
