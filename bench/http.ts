/**
 * HTTP load test and functions-bundle check (issue 4 acceptance), loopback only and bounded.
 * `node bench/http.ts [--smoke]`: starts `npm start --no-build` (rate limit off) as a child
 * process, runs autocannon with 32 connections for 10 s (1 s with --smoke) against POST
 * /v1/validate, POST /v1/mock-exchange and a static record of similar size, then bundles each
 * Netlify function with esbuild as Netlify would and reports size, absence of the ajv compiler,
 * and import time over bare Node. `httpBench()` returns the figures for a top-level bench script
 * (bench/run.ts); `runLoad()` is shared with the Prism peer (bench/prism.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundleContents, bundleFunction, MEASURED_FUNCTIONS } from '../scripts/bundle-function.ts';
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';
import { heldSeriesInChild, type HeldSeries } from './held-load.ts';
import { median, spread, type Spread } from './stats.ts';

export const CONNECTIONS = 32;

/** Held-load runs per route in full mode, and the seconds of load before them that are not counted. */
export const HELD_RUNS = 3;
export const HELD_WARMUP_SECONDS = 2;

export interface LoadFigures {
  readonly name: string;
  /** Requests per second: median, min and max of the one-second windows of the run. */
  readonly requestsPerSecond: number;
  readonly rpsSpread: Spread;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
  readonly non2xx: number;
  readonly total: number;
  readonly responseBytes: number;
  readonly ratioToStatic: number;
}

export interface BundleFigures {
  readonly fn: string;
  readonly minBytes: number;
  readonly gzipBytes: number;
  readonly containsAjvCompiler: boolean;
  readonly importMedianMs: number;
  readonly importMinMs: number;
  readonly importMaxMs: number;
  readonly bareNodeMedianMs: number;
  readonly importOverBareMs: number;
  /** node:crypto alone over bare Node, same processes' schedule: the part of any checksum service. */
  readonly cryptoOverBareMs: number;
  /** What the bundle holds, largest first (esbuild metafile, bytes of minified output). */
  readonly holds: readonly { readonly part: string; readonly bytes: number }[];
  readonly runs: number;
}

export const NODE = resolve('node_modules/.bin/node');

/** Child servers still running; killed if the bench exits early (its watchdog or an error). */
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of live) c.kill('SIGTERM');
});
export function track(child: ChildProcess): ChildProcess {
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

export async function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => res(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

export async function startServer(port: number): Promise<ChildProcess> {
  const child = track(
    spawn(NODE, ['scripts/start.ts', '--no-build'], {
      env: { ...process.env, PORT: String(port), UAI_RATE_LIMIT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  await new Promise<void>((res, rej) => {
    let out = '';
    const timer = setTimeout(() => rej(new Error('server did not start in 60 s')), 60_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('listening on')) {
        clearTimeout(timer);
        res();
      }
    });
    child.once('exit', (code) => rej(new Error(`server exited ${code}`)));
  });
  child.stdout!.resume();
  return child;
}

export function cannon(opts: Record<string, unknown>): Promise<any> {
  return new Promise((res, rej) =>
    autocannon(opts, (err: Error | null, result: unknown) => (err ? rej(err) : res(result))),
  );
}

export interface LoadTarget {
  readonly name: string;
  readonly url: string;
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

/** One bounded autocannon run per target (after a 1 s warm-up unless smoke), in order. */
export async function runLoad(
  targets: readonly LoadTarget[],
  seconds: number,
  warmup: boolean,
): Promise<Omit<LoadFigures, 'ratioToStatic'>[]> {
  const out = [];
  for (const t of targets) {
    const first = await fetch(t.url, { method: t.method ?? 'GET', headers: t.headers, body: t.body });
    const responseBytes = (await first.arrayBuffer()).byteLength;
    if (warmup) await cannon({ ...t, connections: CONNECTIONS, duration: 1 });
    const r = await cannon({ ...t, connections: CONNECTIONS, duration: seconds });
    out.push({
      name: t.name,
      requestsPerSecond: Math.round(r.requests.average),
      // autocannon keeps one sample per second; min/max/p50 are over those windows.
      rpsSpread: { median: r.requests.p50, min: r.requests.min, max: r.requests.max, runs: seconds },
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      errors: (r.errors as number) + (r.timeouts as number),
      non2xx: r.non2xx as number,
      total: r.requests.total as number,
      responseBytes,
    });
  }
  return out;
}

export const STATIC_PATH = '/v1/examples/uai.intent.request.v1';

/** The request body every POST load uses (ours and Prism's): the published intent request example. */
export function postBody(message: unknown): Pick<LoadTarget, 'method' | 'headers' | 'body'> {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message }) };
}

export async function loadFigures(
  seconds: number,
  warmup = seconds >= 5,
): Promise<{ figures: LoadFigures[]; body: string; held: HeldSeries[] }> {
  const port = await freePort();
  const server = await startServer(port);
  try {
    const base = `http://127.0.0.1:${port}`;
    const message = (await (await fetch(`${base}${STATIC_PATH}`)).json()).message;
    const post = postBody(message);
    const targets: LoadTarget[] = [
      { name: `GET ${STATIC_PATH}`, url: `${base}${STATIC_PATH}` },
      { name: 'POST /v1/validate', url: `${base}/v1/validate`, ...post },
      { name: 'POST /v1/mock-exchange', url: `${base}/v1/mock-exchange`, ...post },
    ];
    const raw = await runLoad(targets, seconds, warmup);
    const staticRps = raw[0]!.rpsSpread.median || raw[0]!.requestsPerSecond;
    const figures = raw.map((r) => ({
      ...r,
      ratioToStatic: Number(((r.rpsSpread.median || r.requestsPerSecond) / staticRps).toFixed(3)),
    }));
    // Latency at a held load: each POST route at half the rate it saturated at just now, and the
    // static route at validate's rate as the peer (what the server and the generator alone cost).
    const half = (i: number) => (raw[i]!.rpsSpread.median || raw[i]!.requestsPerSecond) / 2;
    // The server's pid lets the generator read its main thread's CPU over each run (held-load.ts).
    const held = await heldSeriesInChild(
      NODE,
      [
        { target: { ...targets[1]!, serverPid: server.pid }, rate: half(1) },
        { target: { ...targets[0]!, serverPid: server.pid }, rate: half(1) },
        { target: { ...targets[2]!, serverPid: server.pid }, rate: half(2) },
      ],
      Math.min(seconds, 5),
      warmup ? HELD_RUNS : 1,
      warmup ? HELD_WARMUP_SECONDS : 0,
    );
    return { figures, body: post.body!, held };
  } finally {
    server.kill('SIGTERM');
  }
}

function timeProcess(script: string, runs: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const out = spawnSync(NODE, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(out.stderr);
    times.push(Number(out.stdout.trim()));
  }
  return times;
}

export async function bundleFigures(runs = 15): Promise<BundleFigures[]> {
  const dir = mkdtempSync(join(tmpdir(), 'uai-bundle-'));
  try {
    const out: BundleFigures[] = [];
    // Bare Node: the same measuring script importing an empty module.
    writeFileSync(join(dir, 'empty.mjs'), 'export default 1;\n');
    const measure = (file: string) =>
      `const t=performance.now();await import(${JSON.stringify(file)});console.log(performance.now()-t)`;
    const fns = MEASURED_FUNCTIONS;
    const metafiles: Record<string, Awaited<ReturnType<typeof bundleFunction>>> = {};
    for (const fn of fns) metafiles[fn] = await bundleFunction(fn, join(dir, `${fn}.mjs`));
    // Interleave bare, node:crypto and bundle processes so a change of machine load hits all alike.
    const bare: number[] = [];
    const crypto: number[] = [];
    const times: Record<string, number[]> = Object.fromEntries(fns.map((fn) => [fn, []]));
    for (let i = 0; i < runs; i++) {
      bare.push(...timeProcess(measure(join(dir, 'empty.mjs')), 1));
      crypto.push(...timeProcess(measure('node:crypto'), 1));
      for (const fn of fns) times[fn]!.push(...timeProcess(measure(join(dir, `${fn}.mjs`)), 1));
    }
    const bareMs = median(bare);
    for (const fn of fns) {
      const bytes = readFileSync(join(dir, `${fn}.mjs`));
      const text = bytes.toString('utf8');
      const s = spread(times[fn]!, 2);
      out.push({
        fn,
        minBytes: bytes.byteLength,
        gzipBytes: gzipSync(bytes).byteLength,
        containsAjvCompiler:
          /compileSchema|ajv\/dist\/compile|new Function\(/.test(text) || text.includes('ajv/dist/core'),
        importMedianMs: s.median,
        importMinMs: s.min,
        importMaxMs: s.max,
        bareNodeMedianMs: Number(bareMs.toFixed(2)),
        importOverBareMs: Number((s.median - bareMs).toFixed(2)),
        cryptoOverBareMs: Number((median(crypto) - bareMs).toFixed(2)),
        holds: bundleContents(metafiles[fn]!),
        runs,
      });
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Seconds of each load run: smoke mode proves every step still runs and reports, which one second shows. */
export const loadSeconds = (smoke: boolean): number => (smoke ? 1 : 10);

export async function httpBench(options: { smoke?: boolean } = {}) {
  const seconds = loadSeconds(options.smoke ?? false);
  const { figures: load } = await loadFigures(seconds);
  const bundles = await bundleFigures(options.smoke ? 5 : 15);
  return { connections: CONNECTIONS, seconds, load, bundles };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await httpBench({ smoke: process.argv.includes('--smoke') });
  console.log(JSON.stringify(figures, null, 2));
  const validate = figures.load.find((l) => l.name === 'POST /v1/validate')!;
  console.log(
    `validate: ${validate.ratioToStatic >= 0.2 ? 'meets' : 'misses'} >= 20% of static; p99 ${validate.p99Ms} ms (${validate.p99Ms <= 10 ? 'meets' : 'misses'} <= 10 ms); errors ${validate.errors}, non-2xx ${validate.non2xx}`,
  );
}
