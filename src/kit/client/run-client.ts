/**
 * Running the client under test once per scenario: its command through /bin/sh with the scenario
 * server's endpoint as the last argument and in UAI_ENDPOINT, the scenario id in UAI_SCENARIO, and
 * the scenario server as its HTTP proxy. Bounded: a time cap per scenario, at which the whole
 * process group is killed (the command runs detached, in a group of its own), and a cap on the
 * output kept (the tail, shown when the scenario fails).
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { startScenarioServer, type RecordedRequest } from './server.ts';
import type { ClientScenarioId } from '../../standard/client-scenarios.ts';
import type { JsonObject } from '../../engine/index.ts';
import type { Site } from '../../standard/site.ts';

/** Characters of stdout and of stderr kept per scenario (the end of each). */
const OUTPUT_TAIL = 16 * 1024;
/** After the client ends: how long answers still being written (the slow one) may take to go out. */
const SETTLE_MS = 100;

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
  readonly stdout: string;
  readonly stderr: string;
}

const tail = (text: string, chunk: string) => (text + chunk).slice(-OUTPUT_TAIL);

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group has already ended.
  }
}

export async function runClient(command: string, scenario: ClientScenarioId, capMs: number): Promise<ClientRun> {
  const server = await startScenarioServer(scenario);
  const proxy = server.site.origin;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
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
  let stdout = '';
  let stderr = '';
  let timedOut = false;
  const outcome = await new Promise<{ code: number | null; error?: string }>((resolve) => {
    const child = spawn('/bin/sh', ['-c', `${command} "$UAI_ENDPOINT"`], {
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout = tail(stdout, c)));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr = tail(stderr, c)));
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, capMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, error: error.message });
    });
    let code: number | null = null;
    // At the client's exit, what it left running in its group ends too (and with it the pipes).
    child.once('exit', (status) => {
      code = status;
      clearTimeout(timer);
      killGroup(child.pid);
    });
    child.once('close', () => resolve({ code }));
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
    stdout,
    stderr,
  };
}
