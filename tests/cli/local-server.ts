import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/**
 * The real local server (`scripts/start.ts --no-build`) as a child process, for the CLI and
 * starter tests. It serves the built dist/, so `npm run build` must have run (npm test does).
 */
export const REPO = resolve(import.meta.dirname, '../..');
export const NODE = resolve(REPO, 'node_modules/.bin/node');
/** The origin dist/ is built with by npm test; the CLI and the server get the same one, so help_url values agree. */
export const ORIGIN = 'http://localhost:4321';

export interface LocalServer {
  readonly port: number;
  /** `http://127.0.0.1:<port>/v1` */
  readonly base: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/** Whether something already listens on the port (the from-zero walkthrough needs 4321 free). */
export async function portInUse(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(true));
    probe.listen(port, () => probe.close(() => done(false)));
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the local server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the local server did not answer ${url} within 30 s:\n${output()}`);
}

export async function startServer(port?: number): Promise<LocalServer> {
  if (!existsSync(resolve(REPO, 'dist/v1/catalog.json'))) throw new Error('dist/ is not built: run `npm run build` first (npm test does it).');
  const listen = port ?? (await freePort());
  const child = spawn(NODE, ['scripts/start.ts', '--no-build'], {
    cwd: REPO,
    env: { ...process.env, PORT: String(listen), UAI_ORIGIN: ORIGIN, UAI_RATE_LIMIT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${listen}/v1`;
  try {
    await waitUntilUp(`${base}/catalog`, child, () => output);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    port: listen,
    base,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command to completion (asynchronously, so the server in this process keeps answering). */
export function run(command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string; timeoutMs?: number } = {}): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: options.cwd ?? REPO, env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.once('error', fail);
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** `uai` as an implementer runs it: bin/uai.mjs under the project's Node. */
export const uai = (args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}) =>
  run(NODE, [resolve(REPO, 'bin/uai.mjs'), ...args], { ...options, env: options.env ?? { ...process.env, UAI_ORIGIN: ORIGIN } });
