/**
 * Running the client under test once per scenario: its command through /bin/sh with the scenario
 * server's endpoint as the last argument and in UAI_ENDPOINT, the scenario id in UAI_SCENARIO, and
 * the scenario server as its HTTP proxy. Bounded whatever the client does: at the time cap, and as
 * soon as the client exits, every process it started is ended (process-tree.ts: also those that
 * left its process group or session), and the kit never waits for output pipes a stray process may
 * hold; the output kept is the end of each stream (client-output.ts), shown when the scenario fails.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { OutputTail } from './client-output.ts';
import { withEndpoint } from './command-syntax.ts';
import { runIntake, type IntakeCounts, type RunIntake } from './intake.ts';
import { endClientProcesses, RUN_TOKEN_VARIABLE } from './process-tree.ts';
import { startScenarioServer, type RecordedRequest } from './server.ts';
import type { ClientScenarioId } from '../../standard/client-scenarios.ts';
import type { JsonObject } from '../../engine/index.ts';
import type { Site } from '../../standard/urls.ts';

/** After the client ends: how long answers still being written (the slow one) may take to go out. */
const SETTLE_MS = 100;
/** After the client's processes are ended: how long the last of their output may take to be read. */
const DRAIN_MS = 200;

export interface ClientRun {
  readonly scenario: ClientScenarioId;
  readonly endpoint: string;
  readonly pollBase: string;
  readonly site: Site;
  readonly statement: JsonObject;
  readonly records: readonly RecordedRequest[];
  /** The client's exit status; null when it was killed. */
  readonly exitCode: number | null;
  readonly timedOut: boolean;
  /** It could not be started at all (the reason). */
  readonly spawnError?: string;
  readonly durationMs: number;
  /** The end of what it printed on each stream, terminal control characters escaped. */
  readonly stdout: string;
  readonly stderr: string;
  /** What it sent, against the kit's budgets (intake.ts). */
  readonly intake: IntakeCounts;
}

/**
 * Runs the client once against a fresh scenario server. `intake` carries the run's budgets across
 * its scenarios; a scenario run on its own gets budgets of its own.
 */
export async function runClient(
  command: string,
  scenario: ClientScenarioId,
  capMs: number,
  intake: RunIntake = runIntake(),
): Promise<ClientRun> {
  const server = await startScenarioServer(scenario, intake.scenario());
  const proxy = server.site.origin;
  const token = randomBytes(16).toString('hex');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    [RUN_TOKEN_VARIABLE]: token,
    UAI_ENDPOINT: server.endpoint,
    UAI_SCENARIO: scenario,
    // Every proxy-aware HTTP stack sends through the scenario server, which refuses other hosts.
    HTTP_PROXY: proxy,
    HTTPS_PROXY: proxy,
    ALL_PROXY: proxy,
    http_proxy: proxy,
    https_proxy: proxy,
    all_proxy: proxy,
    NODE_USE_ENV_PROXY: '1',
  };
  delete env.NO_PROXY;
  delete env.no_proxy;
  const started = performance.now();
  const stdout = new OutputTail();
  const stderr = new OutputTail();
  let timedOut = false;
  const outcome = await new Promise<{ code: number | null; error?: string }>((resolve) => {
    const child = spawn('/bin/sh', ['-c', withEndpoint(command)], {
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    stdout.follow(child.stdout);
    stderr.follow(child.stderr);
    let closed = false;
    child.once('close', () => (closed = true));
    let ended = false;
    /** Every process of the client ended; what is still in the pipes is read briefly, then they are let go. */
    const end = (result: { code: number | null; error?: string }) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      void endClientProcesses(child.pid, token)
        .catch(() => undefined)
        .then(() => {
          if (closed) return resolve(result);
          const drained = setTimeout(() => {
            child.stdout.destroy();
            child.stderr.destroy();
            resolve(result);
          }, DRAIN_MS);
          child.once('close', () => {
            clearTimeout(drained);
            resolve(result);
          });
        });
    };
    const timer = setTimeout(() => {
      timedOut = true;
      end({ code: null });
    }, capMs);
    child.once('error', (error) => end({ code: null, error: error.message }));
    // The client's exit ends whatever it left running; the pipes it leaves open are not waited for.
    child.once('exit', (status) => end({ code: status }));
  });
  const durationMs = Math.round(performance.now() - started);
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  await server.close();
  return {
    scenario,
    endpoint: server.endpoint,
    pollBase: server.pollBase,
    site: server.site,
    statement: server.statement,
    records: server.records,
    exitCode: timedOut ? null : outcome.code,
    timedOut,
    ...(outcome.error ? { spawnError: outcome.error } : {}),
    durationMs,
    stdout: stdout.text(),
    stderr: stderr.text(),
    intake: server.intake.counts(),
  };
}
