import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { builtOrigin } from '../records/dist.ts';

/**
 * Test support: the real local server (`scripts/start.ts --no-build`) as a child process on a
 * free port, as a user starts it, and commands run to completion. The server serves the built
 * dist/, so `npm run build` must have run (npm test does). One copy for every suite that needs a
 * server over a socket (HTTP, CLI, starters).
 */
export const REPO = resolve(import.meta.dirname, '../..');
export const NODE = resolve(REPO, 'node_modules/.bin/node');
/** The origin dist/ was built for; the server and the CLI get the same one, so help_url values agree. */
export const ORIGIN = builtOrigin(resolve(REPO, 'dist'));

export interface LocalServer {
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** `http://127.0.0.1:<port>/v1` */
  readonly base: string;
  stop(): Promise<void>;
}

export interface LocalServerOptions {
  /** A port to listen on; a free one when absent. */
  readonly port?: number;
  /** Extra environment (e.g. UAI_RATE_LIMIT=1 to turn the limiter on). */
  readonly env?: Readonly<Record<string, string>>;
}

/** A port nothing listens on right now (the OS picks it). */
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

export async function startLocalServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  if (!existsSync(resolve(REPO, 'dist/v1/catalog.json')))
    throw new Error('dist/ is not built: run `npm run build` first (npm test does it).');
  const port = options.port ?? (await freePort());
  const child = spawn(NODE, ['scripts/start.ts', '--no-build'], {
    cwd: REPO,
    // Loopback only: a test server is no one else's to reach.
    env: {
      ...process.env,
      PORT: String(port),
      UAI_HOST: '127.0.0.1',
      UAI_ORIGIN: ORIGIN,
      UAI_RATE_LIMIT: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${origin}/v1/catalog`, child, () => output);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    port,
    origin,
    base: `${origin}/v1`,
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

/** Runs a command to completion (asynchronously, so a server in this process keeps answering). */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string; timeoutMs?: number } = {},
): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? REPO,
      env: options.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
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
    // A program that exits without reading its input (a usage error) closes the pipe: not a test failure.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

/** `uai` as an implementer runs it: bin/uai.mjs under the project's Node. */
export const uai = (args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}) =>
  run(NODE, [resolve(REPO, 'bin/uai.mjs'), ...args], {
    ...options,
    env: options.env ?? { ...process.env, UAI_ORIGIN: ORIGIN },
  });
