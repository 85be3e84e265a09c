/**
 * The test kit's door. Three parts:
 *   judge/   the judging core both sides share: verdict statuses, the evidence tally, the report,
 *            its counts, baseline, exit rule and formats, and the sealed uai.conformance.result.v1;
 *   server/  `uai test <endpoint>`: what is sent to a live server and the server checks;
 *   client/  `uai test-client --command`: the scenario servers, the client run and the client checks.
 * The exchange rules both halves apply are the engine's (src/engine/exchange), the ones
 * POST /v1/check-exchange applies.
 */
export {
  compareBaseline,
  countVerdicts,
  failsRun,
  KIT_REPORT_KIND,
  parseBaseline,
  VERDICT_STATUSES,
  type Baseline,
  type KitCounts,
  type KitReport,
  type KitVerdict,
  type VerdictStatus,
} from './judge/index.ts';
export { judgeServer } from './server/checks.ts';
export { DEFAULT_LIMITS, kitHttp, KitHttpError, MAX_ANSWER_BYTES, type Limits } from './server/http.ts';
// The build runs the server kit in process against the reference server's core (src/build/implementations.ts).
export { coreHttp } from './server/core-http.ts';
export { testImplementation, type KitOptions } from './server/index.ts';
