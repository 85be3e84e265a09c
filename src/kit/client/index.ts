/**
 * The client half of the kit: `uai test-client --command <cmd>` runs a client once per scenario
 * against the scripted servers (run-client.ts, server.ts), judges what it sent by the client checks
 * (checks.ts) in the light of what it declares (manifest.ts), and hands the verdicts to the judging
 * core, which reports them as `uai test` does and seals a uai.conformance.result.v1 whose target is
 * the client, named by its package URL.
 */
import { RELEASE } from '../../standard/release.ts';
import type { Site } from '../../standard/urls.ts';
import type { Baseline } from '../judge/baseline.ts';
import { kitReport, type KitReport } from '../judge/report.ts';
import type { ResultSubject } from '../judge/result.ts';
import { judgeClient } from './checks.ts';
import { runIntake } from './intake.ts';
import { NOTHING_DECLARED, type ClientIdentity, type ClientManifest } from './manifest.ts';
import { runClient, type ClientRun } from './run-client.ts';
import type { ClientScenarioId } from '../../standard/client-scenarios.ts';

export {
  CLIENT_SCENARIOS,
  CLIENT_SCENARIO_IDS,
  listScenarios,
  type ClientScenarioId,
} from '../../standard/client-scenarios.ts';
export {
  CLIENT_DECLARATIONS,
  EVERYTHING_DECLARED,
  NOTHING_DECLARED,
  readManifest,
  type ClientIdentity,
  type ClientManifest,
  type ManifestRead,
} from './manifest.ts';

/** The target id of a result about a client that did not name itself. */
export const UNIDENTIFIED_CLIENT = 'unidentified-client';

/** Per scenario, by default: the slow answer, a retry and a few polls fit well within it. */
export const DEFAULT_CLIENT_CAP_MS = 20_000;

export interface ClientScenarioReport {
  readonly id: ClientScenarioId;
  readonly endpoint: string;
  readonly exit_code: number | null;
  readonly timed_out: boolean;
  readonly duration_ms: number;
  readonly requests: readonly {
    readonly at_ms: number;
    readonly method: string;
    readonly host: string;
    readonly path: string;
    readonly bytes: number;
    readonly headers: Readonly<Record<string, string>>;
    readonly status?: number;
  }[];
  /** The end of what the client printed, kept when the scenario failed. */
  readonly output?: string;
}

export interface ClientReport extends KitReport {
  readonly tool: 'uai test-client';
  readonly command: string;
  /** What the client declared: who it is, and which optional behaviours it claims. */
  readonly client: {
    readonly name?: string;
    readonly purl?: string;
    readonly declares: ClientManifest['declares'];
  };
  readonly scenarios: readonly ClientScenarioReport[];
}

export interface ClientKitOptions {
  readonly command: string;
  readonly scenarios: readonly ClientScenarioId[];
  readonly capMs: number;
  readonly site: Site;
  readonly now: Date;
  readonly runId: string;
  readonly baseline?: Baseline;
  /** What the client declares; nothing optional when absent. */
  readonly manifest?: ClientManifest;
}

/**
 * The client as the subject of the result: a party of type agent named by its package URL, which
 * anyone can look up (a local command line names nothing outside the machine it ran on). A client
 * that did not name itself gets a result that says so, and that the report of implementations refuses.
 */
function clientSubject(identity: ClientIdentity | undefined): ResultSubject {
  const target = identity
    ? {
        type: 'agent' as const,
        id: identity.purl,
        label: identity.name,
        implementation: `${identity.name} ${identity.version}`,
      }
    : {
        type: 'agent' as const,
        id: UNIDENTIFIED_CLIENT,
        label: 'a client that did not name itself (give --manifest, or --name and --purl)',
        implementation: 'unknown implementation',
      };
  return {
    target,
    checkedProfile: 'uai.intent.request.v1',
    messageRef: target.id,
    purpose: `${RELEASE} client test kit evidence about one client, run against scripted servers.`,
  };
}

function scenarioReport(run: ClientRun, failed: boolean): ClientScenarioReport {
  return {
    id: run.scenario,
    endpoint: run.endpoint,
    exit_code: run.exitCode,
    timed_out: run.timedOut,
    duration_ms: run.durationMs,
    requests: run.records.map((r) => ({
      at_ms: r.at,
      method: r.method,
      host: r.host,
      path: r.path,
      bytes: r.bytes,
      headers: r.headers,
      ...(r.answer ? { status: r.answer.status } : {}),
    })),
    ...(failed ? { output: `${run.stderr}${run.stdout}`.slice(-4096) } : {}),
  };
}

export function clientReport(runs: readonly ClientRun[], options: ClientKitOptions): ClientReport {
  const manifest = options.manifest ?? NOTHING_DECLARED;
  const checks = judgeClient(runs, manifest);
  const failedScenarios = new Set(
    checks
      .filter((v) => v.status === 'fail')
      .flatMap((v) => v.evidence.map((e) => e.split(':')[0]))
      .filter((id) => id !== undefined),
  );
  const { identity } = manifest;
  return {
    ...kitReport({
      side: 'client',
      tool: 'uai test-client',
      endpoint: options.command,
      checks,
      ...(options.baseline ? { baseline: options.baseline } : {}),
      subject: clientSubject(identity),
      requestsSent: runs.reduce((n, r) => n + r.records.length, 0),
      site: options.site,
      runId: options.runId,
      now: options.now,
    }),
    tool: 'uai test-client',
    command: options.command,
    client: { ...(identity ? { name: identity.name, purl: identity.purl } : {}), declares: manifest.declares },
    scenarios: runs.map((r) => scenarioReport(r, failedScenarios.has(r.scenario))),
  };
}

export async function testClient(options: ClientKitOptions): Promise<ClientReport> {
  const runs: ClientRun[] = [];
  // One intake for the run: its budgets hold across the scenarios.
  const intake = runIntake();
  for (const id of options.scenarios) runs.push(await runClient(options.command, id, options.capMs, intake));
  return clientReport(runs, options);
}
