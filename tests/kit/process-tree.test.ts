import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import {
  clientProcesses,
  endClientProcesses,
  hasProcfs,
  RUN_TOKEN_VARIABLE,
} from '../../src/kit/client/process-tree.ts';

/**
 * The processes of a client run are found however they left it: a new session (setsid), a parent
 * that exited (a double fork), an environment cleared at exec while still a child. Everything found
 * is ended; a process of no run (the same command, no token) is left alone.
 */
const started: ChildProcess[] = [];
const noted: number[] = [];
const live = (pid: number) =>
  existsSync(`/proc/${pid}/stat`) && readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0] !== 'Z';
afterAll(() => {
  for (const pid of [...noted, ...started.map((c) => c.pid!)])
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already ended.
    }
});

/** A shell script run detached with the token; it prints the pids of what it starts, one a line. */
function run(script: string, token?: string): Promise<{ root: ChildProcess; pids: number[] }> {
  const root = spawn('/bin/sh', ['-c', script], {
    env: { ...process.env, ...(token ? { [RUN_TOKEN_VARIABLE]: token } : {}) },
    detached: true,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  started.push(root);
  return new Promise((resolve) => {
    let out = '';
    root.stdout!.on('data', (d: Buffer) => {
      out += d;
      if (out.includes('ready\n')) {
        const pids = out
          .split('\n')
          .filter((l) => /^\d+$/.test(l))
          .map(Number);
        noted.push(...pids);
        resolve({ root, pids });
      }
    });
  });
}

const SCRIPT = [
  'setsid sleep 60 >/dev/null & echo $!',
  "sh -c 'sleep 60 >/dev/null & echo $!' ",
  'env -i sleep 60 >/dev/null & echo $!',
  'echo ready',
  'exec sleep 60 >/dev/null',
].join('\n');

it.skipIf(!hasProcfs())(
  'finds a run’s processes in a new session, orphaned, or with a cleared environment, and ends them all',
  async () => {
    const token = randomBytes(16).toString('hex');
    const { root, pids } = await run(SCRIPT, token);
    const bystander = await run(SCRIPT);
    expect(pids).toHaveLength(3);
    const found = clientProcesses(token);
    expect(found.sort()).toEqual([root.pid!, ...pids].sort());
    await endClientProcesses(root.pid, token);
    await new Promise((r) => setTimeout(r, 100));
    expect([root.pid!, ...pids].filter(live)).toEqual([]);
    // The same processes of no run: untouched.
    expect([bystander.root.pid!, ...bystander.pids].filter(live)).toHaveLength(4);
  },
  20_000,
);
