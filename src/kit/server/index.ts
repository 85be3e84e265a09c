/**
 * The server half of the kit: `uai test <endpoint>` runs against a live UAI-1 server (run.ts sends,
 * checks.ts judges) and hands its verdicts to the judging core, which reports them and seals a
 * uai.conformance.result.v1 about the service.
 */
import { echo, valueAt } from '../../engine/index.ts';
import { RELEASE } from '../../standard/release.ts';
import type { Site } from '../../standard/urls.ts';
import type { Baseline } from '../judge/baseline.ts';
import { kitReport, type KitReport } from '../judge/report.ts';
import type { ResultSubject } from '../judge/result.ts';
import { judgeServer } from './checks.ts';
import type { KitHttp } from './http.ts';
import type { Observations } from './observe.ts';
import { runKit, type RunOptions } from './run.ts';

export interface KitOptions extends RunOptions {
  readonly site: Site;
  readonly baseline?: Baseline;
  /** Check ids to report; all when absent (hostile requests outside it are not sent). */
  readonly only?: ReadonlySet<string>;
}

/** The service as the result names it: its endpoint, and the name its capability statement gives. */
function serviceSubject(obs: Observations): ResultSubject {
  const json = obs.capability.answer?.json;
  // The statement's own words go into the sealed result: well formed (a lone surrogate has no
  // canonical form, so the result could not be sealed) and cut short, as every echo of a peer is.
  const text = (v: unknown) => (typeof v === 'string' ? (echo(v) as string) : undefined);
  const name = text(valueAt(json, '/body/name'));
  return {
    target: {
      type: 'service',
      id: obs.endpoint,
      label: name ?? obs.endpoint,
      uri: obs.endpoint,
      implementation: name ?? 'unknown implementation',
    },
    checkedProfile: 'uai.capability.statement.v1',
    messageRef: text(valueAt(json, '/message_id')) ?? obs.endpoint,
    purpose: `${RELEASE} implementation test kit evidence about one endpoint.`,
  };
}

export async function testImplementation(options: KitOptions, http?: KitHttp): Promise<KitReport> {
  // A report of no check would be sealed as a pass of nothing: a caller's mistake, never a verdict.
  if (options.only?.size === 0) throw new RangeError('only names no check; give at least one check id, or none at all');
  // The run id is the trace id of every request (W3C traceparent): any other value would be blamed on the server.
  if (!/^[0-9a-f]{32}$/.test(options.runId) || /^0+$/.test(options.runId))
    throw new TypeError(
      `runId needs 32 lowercase hex digits, not all zero (a W3C trace id), not ${JSON.stringify(options.runId)}`,
    );
  const hostile = options.only ? new Set([...options.only].filter((id) => id.startsWith('hostile.'))) : undefined;
  const observations = await runKit({ ...options, ...(hostile ? { hostile } : {}) }, http);
  const all = judgeServer(observations, options.site, options.now);
  return kitReport({
    side: 'server',
    endpoint: options.endpoint,
    checks: options.only ? all.filter((v) => options.only!.has(v.id)) : all,
    ...(options.baseline ? { baseline: options.baseline } : {}),
    subject: serviceSubject(observations),
    requestsSent: observations.requestsSent,
    declaredBindings: observations.declaredBindings,
    ...(observations.aborted ? { aborted: observations.aborted } : {}),
    // Nothing was read: the statement's GET got no byte back (refused, reset, silent). Bytes that
    // are no HTTP answer are the endpoint's answer, and fail the transport checks.
    unreachable: observations.capability.answer === undefined && !observations.capability.reached,
    site: options.site,
    runId: options.runId,
    now: options.now,
  });
}
