/**
 * Latency at a held load: an open-loop load generator. Requests leave on a fixed schedule (`rate`
 * per second, the i-th at start + i / rate) whether or not earlier ones were answered, over as
 * many keep-alive connections as that takes, and each latency is measured from the request's
 * scheduled time, not from when it could be sent: a server that stalls is charged for every
 * request that waited behind the stall (no coordinated omission, unlike a closed loop of N
 * connections, where a slow answer delays the next request and hides its wait).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { round } from './stats.ts';

export interface HeldTarget {
  readonly name: string;
  readonly url: string;
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** The server's process: its main thread's CPU over the run is read from Linux's schedstat, when there is one. */
  readonly serverPid?: number;
}

/**
 * What the server's main thread, the one that runs the event loop, did over a run: CPU per answer,
 * and the shares of the run's wall time it was on a core and runnable but waiting for one. A p99
 * far above the static peer's with the thread busy most of the run is queueing at that load; with
 * the thread mostly idle and waiting for a core, it is the machine.
 */
export interface ServerThread {
  readonly cpuUsPerAnswer: number;
  readonly busyShare: number;
  readonly waitShare: number;
}

export interface HeldFigures {
  readonly name: string;
  /** Requests per second asked for, and answered per second of the run. */
  readonly rate: number;
  readonly achievedRate: number;
  readonly sent: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly p999Ms: number;
  /** p99 of each second of the run: min and max. */
  readonly p99PerSecond: { readonly min: number; readonly max: number };
  readonly maxMs: number;
  readonly errors: number;
  readonly non2xx: number;
  /** p99 of how late the generator sent (its timer's lateness, included in the latencies). */
  readonly sendLagP99Ms: number;
  /** Absent where the server's schedstat cannot be read (not Linux, or no serverPid). */
  readonly server?: ServerThread;
}

/** The q-quantile of sorted values (nearest rank). */
const quantile = (sorted: readonly number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : NaN;

function perSecondP99(bySecond: readonly number[][]): { min: number; max: number } {
  const p99s = bySecond
    .filter((xs) => xs?.length)
    .map((xs) =>
      quantile(
        [...xs].sort((a, b) => a - b),
        0.99,
      ),
    );
  return { min: round(Math.min(...p99s), 2), max: round(Math.max(...p99s), 2) };
}

/**
 * One keep-alive connection carrying one request at a time, written as prepared bytes and read
 * just far enough to know the answer is complete (its status line and Content-Length, or the last
 * chunk): a generator this cheap leaves the cores to the server (node:http's client costs about as
 * much per request as the check it measures).
 */
class Connection {
  readonly socket: Socket;
  private received: Buffer[] = [];
  private length = 0;
  private done?: (status: number | undefined) => void;

  constructor(port: number, host: string, onClose: (c: Connection) => void) {
    this.socket = connect({ port, host, noDelay: true });
    this.socket.on('data', (chunk) => this.read(chunk));
    this.socket.on('error', () => {});
    this.socket.on('close', () => {
      this.finish(undefined);
      onClose(this);
    });
  }

  send(bytes: Buffer, done: (status: number | undefined) => void): void {
    this.done = done;
    this.socket.write(bytes);
  }

  private read(chunk: Buffer): void {
    this.received.push(chunk);
    this.length += chunk.length;
    const all = this.received.length === 1 ? chunk : Buffer.concat(this.received);
    this.received = [all];
    const headEnd = all.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = all.subarray(0, headEnd).toString('latin1');
    const contentLength = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    const complete =
      contentLength !== undefined
        ? this.length >= headEnd + 4 + Number(contentLength)
        : all.subarray(-5).toString('latin1') === '0\r\n\r\n';
    if (complete) this.finish(Number(head.slice(9, 12)));
  }

  private finish(status: number | undefined): void {
    const done = this.done;
    this.done = undefined;
    this.received = [];
    this.length = 0;
    done?.(status);
  }
}

/**
 * A thread's time on a core and runnable waiting for one, in ns (/proc/<pid>/schedstat: the
 * process's first thread, which runs Node's event loop); undefined where it cannot be read.
 */
function schedstat(pid: number | undefined): { onCpuNs: number; waitNs: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    const [onCpu, wait] = readFileSync(`/proc/${pid}/schedstat`, 'latin1').trim().split(/\s+/).map(Number);
    return Number.isFinite(onCpu) && Number.isFinite(wait) ? { onCpuNs: onCpu!, waitNs: wait! } : undefined;
  } catch {
    return undefined;
  }
}

/** One bounded open-loop run; answers still missing `graceMs` after the last send count as errors. */
export async function heldLoad(target: HeldTarget, rate: number, seconds: number, graceMs = 5000) {
  const url = new URL(target.url);
  const body = target.body === undefined ? '' : target.body;
  const head = [
    `${target.method ?? 'GET'} ${url.pathname} HTTP/1.1`,
    `host: ${url.host}`,
    ...Object.entries(target.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
    ...(target.body === undefined ? [] : [`content-length: ${Buffer.byteLength(body)}`]),
  ];
  const bytes = Buffer.from(`${head.join('\r\n')}\r\n\r\n${body}`);
  const idle: Connection[] = [];
  const open = new Set<Connection>();
  const latencies: number[] = [];
  /** Latencies by the second of the run their request was scheduled in, for the spread of p99. */
  const bySecond: number[][] = [];
  let errors = 0;
  let non2xx = 0;
  let pending = 0;
  const send = (scheduled: number) => {
    pending += 1;
    const c =
      idle.pop() ??
      new Connection(Number(url.port), url.hostname, (closed) => {
        open.delete(closed);
        if (idle.includes(closed)) idle.splice(idle.indexOf(closed), 1);
      });
    open.add(c);
    c.send(bytes, (status) => {
      pending -= 1;
      if (status === undefined) {
        errors += 1;
        return;
      }
      const latency = performance.now() - scheduled;
      latencies.push(latency);
      (bySecond[Math.floor((scheduled - start) / 1000)] ??= []).push(latency);
      if (status < 200 || status > 299) non2xx += 1;
      idle.push(c);
    });
  };
  const total = Math.round(rate * seconds);
  const serverBefore = schedstat(target.serverPid);
  const start = performance.now();
  const lag: number[] = [];
  for (let i = 0; i < total;) {
    // Every request whose time has come leaves now, however many answers are outstanding; then
    // sleep until the next one is due (a timer, not a busy loop: the server shares the cores).
    const now = performance.now();
    const due = Math.min(total, Math.floor(((now - start) * rate) / 1000) + 1);
    for (; i < due; i++) {
      lag.push(now - (start + (i * 1000) / rate));
      send(start + (i * 1000) / rate);
    }
    await sleep(Math.max(0, start + (i * 1000) / rate - performance.now()));
  }
  const sentAt = performance.now();
  while (pending > 0 && performance.now() - sentAt < graceMs) await sleep(1);
  const elapsed = (performance.now() - start) / 1000;
  const serverAfter = schedstat(target.serverPid);
  for (const c of open) c.socket.destroy();
  const server: ServerThread | undefined =
    serverBefore && serverAfter && latencies.length > 0
      ? {
          cpuUsPerAnswer: round((serverAfter.onCpuNs - serverBefore.onCpuNs) / 1000 / latencies.length, 1),
          busyShare: round((serverAfter.onCpuNs - serverBefore.onCpuNs) / 1e9 / elapsed, 3),
          waitShare: round((serverAfter.waitNs - serverBefore.waitNs) / 1e9 / elapsed, 3),
        }
      : undefined;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    name: target.name,
    rate: Math.round(rate),
    achievedRate: Math.round(latencies.length / elapsed),
    sent: total,
    p50Ms: round(quantile(sorted, 0.5), 2),
    p99Ms: round(quantile(sorted, 0.99), 2),
    p999Ms: round(quantile(sorted, 0.999), 2),
    p99PerSecond: perSecondP99(bySecond),
    maxMs: round(sorted.at(-1) ?? NaN, 2),
    errors: errors + pending,
    non2xx,
    sendLagP99Ms: round(
      quantile(
        lag.sort((a, b) => a - b),
        0.99,
      ),
      2,
    ),
    ...(server ? { server } : {}),
  } satisfies HeldFigures;
}

/** A route's held-load figures over several runs: those of its run with the median p99, and every run's p99. */
export interface HeldSeries extends HeldFigures {
  /** p99 of each measured run, in run order. */
  readonly p99Runs: readonly number[];
}

/**
 * Each target at its own rate, `runs` times, the targets alternating (a, b, c, a, b, c, ...) so a
 * change of the machine's load hits them alike. Each target first runs `warmupSeconds` at its rate,
 * not counted, as wrk2 discards its calibration: the server's first seconds at a new load (after
 * the saturated runs before it) are not the steady state the goal is about. A single 5 s run's p99
 * rests on its 1% slowest answers, so one stall of the shared machine sets it; the median of the
 * runs is the figure, with the worst run beside it. Errors and non-2xx answers are those of every
 * run, summed: none is left out with the runs that are not the median.
 */
export async function heldSeries(
  plan: readonly { readonly target: HeldTarget; readonly rate: number }[],
  seconds: number,
  runs: number,
  warmupSeconds: number,
): Promise<HeldSeries[]> {
  if (warmupSeconds > 0) for (const { target, rate } of plan) await heldLoad(target, rate, warmupSeconds);
  const measured = plan.map(() => [] as HeldFigures[]);
  for (let run = 0; run < runs; run++)
    for (const [i, { target, rate }] of plan.entries()) measured[i]!.push(await heldLoad(target, rate, seconds));
  return measured.map(medianRun);
}

/** A route's runs as one row: the run with the median p99 (the lower middle of an even count), errors of all. */
export function medianRun(series: readonly HeldFigures[]): HeldSeries {
  const byP99 = [...series].sort((a, b) => a.p99Ms - b.p99Ms);
  const mid = byP99[Math.floor((byP99.length - 1) / 2)]!;
  return {
    ...mid,
    errors: series.reduce((n, r) => n + r.errors, 0),
    non2xx: series.reduce((n, r) => n + r.non2xx, 0),
    p99Runs: series.map((r) => r.p99Ms),
  };
}

/** heldSeries run by bench/held-child.ts in a fresh process of `node`: the generator's heap is its own. */
export function heldSeriesInChild(node: string, ...args: Parameters<typeof heldSeries>): Promise<HeldSeries[]> {
  const child = fileURLToPath(new URL('./held-child.ts', import.meta.url));
  return new Promise((res, rej) =>
    execFile(node, [child, JSON.stringify(args)], { maxBuffer: 1 << 20 }, (error, stdout) =>
      error ? rej(error) : res(JSON.parse(stdout) as HeldSeries[]),
    ),
  );
}
