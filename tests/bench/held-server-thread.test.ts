import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { heldLoad } from '../../bench/held-load.ts';

/**
 * The held load's reading of the server's event loop thread (/proc/<pid>/schedstat): a server that
 * spins a known time per request must be charged at least that, and one that answers at once far
 * less. Linux only, as the reading is.
 */
const SPIN_MS = 3;
const servers: ChildProcess[] = [];

async function server(spinMs: number): Promise<{ pid: number; url: string }> {
  const code = `
    const http = require('node:http');
    http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        // Spun on the thread's own CPU clock, not the wall clock: a loaded machine that takes the
        // core away mid-spin must not make the request cost less CPU than it says.
        const clock = () => (process.threadCpuUsage ?? process.cpuUsage)();
        const start = clock();
        const spent = () => { const now = clock(); return now.user + now.system - start.user - start.system; };
        while (spent() < ${spinMs} * 1000);
        res.end('ok');
      });
    }).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  servers.push(child);
  const port = await new Promise<string>((res) => child.stdout!.once('data', (b: Buffer) => res(b.toString().trim())));
  return { pid: child.pid!, url: `http://127.0.0.1:${port}/` };
}

afterAll(() => {
  for (const s of servers) s.kill();
});

describe.runIf(process.platform === 'linux')("heldLoad: the server's event loop thread", () => {
  it('charges a server that spins per request at least that time, and one that does not far less', async () => {
    const [spinning, quick] = await Promise.all([server(SPIN_MS), server(0)]);
    const slow = await heldLoad({ name: 'spin', url: spinning.url, serverPid: spinning.pid }, 50, 1);
    const fast = await heldLoad({ name: 'quick', url: quick.url, serverPid: quick.pid }, 50, 1);
    expect(slow.errors + fast.errors).toBe(0);
    expect(slow.server!.cpuUsPerAnswer).toBeGreaterThanOrEqual(SPIN_MS * 1000 * 0.9);
    expect(fast.server!.cpuUsPerAnswer).toBeLessThan(SPIN_MS * 1000 * 0.5);
    // 50 answers of 3 ms in about a second of wall time: on a core at least a tenth of it.
    expect(slow.server!.busyShare).toBeGreaterThan(0.1);
    expect(slow.server!.busyShare).toBeLessThanOrEqual(1.01);
    expect(slow.server!.waitShare).toBeGreaterThanOrEqual(0);
  }, 60_000);

  it('reads nothing without a pid', async () => {
    const quick = await server(0);
    expect((await heldLoad({ name: 'quick', url: quick.url }, 20, 0.5)).server).toBeUndefined();
  }, 60_000);
});
