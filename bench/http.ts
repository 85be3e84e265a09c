/**
 * HTTP load test and functions-bundle check (issue 4 acceptance), loopback only and bounded.
 * `node bench/http.ts [--smoke]`: starts `npm start --no-build` (rate limit off) as a child
 * process, runs autocannon with 32 connections for 10 s (2 s with --smoke) against POST
 * /v1/validate, POST /v1/mock-exchange and a static record of similar size, then bundles each
 * Netlify function with esbuild as Netlify would and reports size, absence of the ajv compiler,
 * and import time over bare Node. `httpBench()` returns the figures for a top-level bench script.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';

export interface LoadFigures {
  readonly name: string;
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
  readonly non2xx: number;
  readonly ratioToStatic: number;
}

export interface BundleFigures {
  readonly fn: string;
  readonly minBytes: number;
  readonly gzipBytes: number;
  readonly containsAjvCompiler: boolean;
  readonly importMedianMs: number;
  readonly bareNodeMedianMs: number;
  readonly importOverBareMs: number;
}

const NODE = resolve('node_modules/.bin/node');

async function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => res(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

async function startServer(port: number) {
  const child = spawn(NODE, ['scripts/start.ts', '--no-build'], { env: { ...process.env, PORT: String(port), UAI_RATE_LIMIT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((res, rej) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('listening on')) res();
    });
    child.once('exit', (code) => rej(new Error(`server exited ${code}`)));
  });
  return child;
}

function cannon(opts: Record<string, unknown>): Promise<any> {
  return new Promise((res, rej) => autocannon(opts, (err: Error | null, result: unknown) => (err ? rej(err) : res(result))));
}

export async function loadFigures(seconds: number): Promise<LoadFigures[]> {
  const port = await freePort();
  const server = await startServer(port);
  try {
    const base = `http://127.0.0.1:${port}`;
    const staticPath = '/v1/examples/uai.intent.request.v1';
    const message = (await (await fetch(`${base}${staticPath}`)).json()).message;
    const body = JSON.stringify({ message });
    const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body };
    const targets = [
      { name: `GET ${staticPath}`, url: `${base}${staticPath}` },
      { name: 'POST /v1/validate', url: `${base}/v1/validate`, ...post },
      { name: 'POST /v1/mock-exchange', url: `${base}/v1/mock-exchange`, ...post },
    ];
    const raw = [];
    for (const t of targets) {
      const r = await cannon({ ...t, connections: 32, duration: seconds });
      raw.push({ name: t.name, rps: r.requests.average as number, p50: r.latency.p50 as number, p99: r.latency.p99 as number, errors: (r.errors as number) + (r.timeouts as number), non2xx: r.non2xx as number });
    }
    const staticRps = raw[0]!.rps;
    return raw.map((r) => ({ name: r.name, requestsPerSecond: Math.round(r.rps), p50Ms: r.p50, p99Ms: r.p99, errors: r.errors, non2xx: r.non2xx, ratioToStatic: Number((r.rps / staticRps).toFixed(3)) }));
  } finally {
    server.kill('SIGTERM');
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function timeProcess(script: string, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const out = spawnSync(NODE, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(out.stderr);
    times.push(Number(out.stdout.trim()));
  }
  return median(times);
}

export async function bundleFigures(runs = 15): Promise<BundleFigures[]> {
  const dir = mkdtempSync(join(tmpdir(), 'uai-bundle-'));
  try {
    const out: BundleFigures[] = [];
    // Bare Node: the same measuring script importing an empty module.
    writeFileSync(join(dir, 'empty.mjs'), 'export default 1;\n');
    const measure = (file: string) => `const t=performance.now();await import(${JSON.stringify(file)});console.log(performance.now()-t)`;
    const bare = timeProcess(measure(join(dir, 'empty.mjs')), runs);
    for (const fn of ['validate', 'mock-exchange']) {
      const outfile = join(dir, `${fn}.mjs`);
      await build({
        entryPoints: [`netlify/functions/${fn}.mts`], outfile, bundle: true, platform: 'node', format: 'esm', minify: true, target: 'node22', logLevel: 'silent',
        // Bundled CommonJS dependencies need require in an ES module (as Netlify's bundler adds).
        banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
      });
      const bytes = readFileSync(outfile);
      const text = bytes.toString('utf8');
      const importMs = timeProcess(measure(outfile), runs);
      out.push({
        fn,
        minBytes: bytes.byteLength,
        gzipBytes: gzipSync(bytes).byteLength,
        containsAjvCompiler: /compileSchema|ajv\/dist\/compile|new Function\(/.test(text) || text.includes('ajv/dist/core'),
        importMedianMs: Number(importMs.toFixed(2)),
        bareNodeMedianMs: Number(bare.toFixed(2)),
        importOverBareMs: Number((importMs - bare).toFixed(2)),
      });
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function httpBench(options: { smoke?: boolean } = {}) {
  const load = await loadFigures(options.smoke ? 2 : 10);
  const bundles = await bundleFigures(15);
  return { connections: 32, seconds: options.smoke ? 2 : 10, load, bundles };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await httpBench({ smoke: process.argv.includes('--smoke') });
  console.log(JSON.stringify(figures, null, 2));
  console.table(figures.load);
  console.table(figures.bundles);
  const validate = figures.load.find((l) => l.name === 'POST /v1/validate')!;
  console.log(`validate: ${validate.ratioToStatic >= 0.2 ? 'meets' : 'misses'} >= 20% of static; p99 ${validate.p99Ms} ms (${validate.p99Ms <= 10 ? 'meets' : 'misses'} <= 10 ms); errors ${validate.errors}, non-2xx ${validate.non2xx}`);
}
