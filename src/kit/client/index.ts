/**
 * The client test kit: `uai test-client --command <cmd>` runs a client once per scenario against
 * the scripted servers, judges what it sent, and reports like `uai test` (the same formats,
 * baseline and sealed uai.conformance.result.v1, whose target is the client, type agent).
 */
import { seal } from '../../engine/index.ts';
import { RELEASE } from '../../standard/release.ts';
import type { Site } from '../../standard/site.ts';
import { compareBaseline, type Baseline } from '../baseline.ts';
import { countVerdicts } from '../counts.ts';
import { KIT_REPORT_KIND, type KitReport } from '../index.ts';
import { resultMessage } from '../result-message.ts';
import { judgeClient } from './judge.ts';
import { runIntake } from './intake.ts';
import { runClient, type ClientRun } from './run-client.ts';
import type { ClientScenarioId } from '../../standard/client-scenarios.ts';

export {
  CLIENT_SCENARIOS,
  CLIENT_SCENARIO_IDS,
  listScenarios,
  type ClientScenarioId,
} from '../../standard/client-scenarios.ts';

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
}

/** The client as the target of the result: a party of type agent named by its command. */
const clientParty = (command: string) => ({
  type: 'agent',
  id: `client:${command}`.slice(0, 200),
  label: command.slice(0, 200),
  implementation: command.split(/\s+/)[0]!.slice(0, 200) || 'unknown implementation',
});

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
  const checks = judgeClient(runs);
  const baseline = compareBaseline(checks, options.baseline);
  const failed = checks.filter((v) => v.status === 'fail');
  const party = clientParty(options.command);
  // The server kit's result message, turned to the client: its target, what was checked, its purpose.
  const about = resultMessage(
    checks,
    {
      endpoint: options.command,
      capability: { url: options.command },
      declaredBindings: [],
      exchanges: [],
      notes: [],
      requestsSent: 0,
      faults: [],
    },
    options.site,
    options.runId,
    options.now,
  );
  const body = about.body as Record<string, unknown>;
  const result = seal({
    ...about,
    target: party,
    body: { ...body, checked_profile: 'uai.intent.request.v1', target_message_ref: party.id },
    extensions: [
      {
        namespace: 'urn:uai:ext:evidence',
        purpose: `${RELEASE} client test kit evidence about one client, run against scripted servers.`,
        critical: false,
      },
    ],
  });
  const failedScenarios = new Set(
    failed.flatMap((v) => v.evidence.map((e) => e.split(':')[0])).filter((id) => id !== undefined),
  );
  return {
    kind: KIT_REPORT_KIND,
    tool: 'uai test-client',
    command: options.command,
    endpoint: options.command,
    checked_at: options.now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    requests_sent: runs.reduce((n, r) => n + r.records.length, 0),
    declared_bindings: [],
    counts: countVerdicts(checks),
    baseline,
    exit_code: baseline.regressions.length || baseline.stale.length ? 1 : 0,
    checks,
    result_message: result,
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
