/**
 * The implementation test kit: `uai test <endpoint>` runs it against a live UAI-1 server and
 * reports one verdict per published check, the baseline comparison, and a sealed
 * uai.conformance.result.v1 message about the implementation.
 */
import type { Site } from '../standard/site.ts';
import { compareBaseline, type Baseline, type BaselineOutcome } from './baseline.ts';
import { countVerdicts, type KitCounts } from './counts.ts';
import type { KitHttp } from './http.ts';
import { resultMessage } from './result-message.ts';
import { runKit, type RunOptions } from './run.ts';
import { judge, type KitVerdict } from './verdicts.ts';

export { DEFAULT_LIMITS, kitHttp, KitHttpError, MAX_ANSWER_BYTES, type Limits } from './http.ts';
export { parseBaseline, type Baseline } from './baseline.ts';
export { countVerdicts, type KitCounts } from './counts.ts';
export { failsRun, judge, VERDICT_STATUSES, type KitVerdict, type VerdictStatus } from './verdicts.ts';

export const KIT_REPORT_KIND = 'uai.kit.report.v1';

export interface KitReport {
  readonly kind: typeof KIT_REPORT_KIND;
  /** The command that made the report, when not `uai test` (the client kit's reports). */
  readonly tool?: string;
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

export interface KitOptions extends RunOptions {
  readonly site: Site;
  readonly baseline?: Baseline;
  /** Check ids to report; all when absent (hostile requests outside it are not sent). */
  readonly only?: ReadonlySet<string>;
}

export async function testImplementation(options: KitOptions, http?: KitHttp): Promise<KitReport> {
  const hostile = options.only ? new Set([...options.only].filter((id) => id.startsWith('hostile.'))) : undefined;
  const observations = await runKit({ ...options, ...(hostile ? { hostile } : {}) }, http);
  const all = judge(observations, options.site, options.now);
  const checks = options.only ? all.filter((v) => options.only!.has(v.id)) : all;
  const baseline = compareBaseline(checks, options.baseline);
  // Nothing was read: the statement's GET got no answer at all (refused, reset, silent).
  const unreachable = observations.capability.answer === undefined;
  const exit = unreachable ? 2 : observations.aborted || baseline.regressions.length || baseline.stale.length ? 1 : 0;
  return {
    kind: KIT_REPORT_KIND,
    endpoint: options.endpoint,
    checked_at: options.now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    requests_sent: observations.requestsSent,
    declared_bindings: observations.declaredBindings,
    ...(observations.aborted ? { aborted: observations.aborted } : {}),
    counts: countVerdicts(checks),
    baseline,
    exit_code: exit,
    checks,
    result_message: resultMessage(checks, observations, options.site, options.runId, options.now),
  };
}
