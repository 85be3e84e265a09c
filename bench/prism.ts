/**
 * The peer: Stoplight Prism mocking our own dist/v1/openapi.json, driven with the same load and
 * the same request body as our server (bench/http.ts). Prism is installed for the benchmark only,
 * into a cache folder outside the repository (never a dependency of the service), and reused.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { median } from './stats.ts';
import { cannon, CONNECTIONS, freePort, NODE, runLoad, startServer, track, type LoadFigures } from './http.ts';

export const PRISM_VERSION = '5.16.0';
const PREFIX = join(tmpdir(), 'uai-bench-prism');
const CLI = join(PREFIX, 'node_modules/@stoplight/prism-cli/dist/index.js');

export interface PrismProbe {
  readonly route: string;
  readonly status: number;
  /** The first violations Prism reports in its sl-violations header, if any. */
  readonly violations: string[];
}

export interface PrismFigures {
  readonly installed: boolean;
  readonly note: string;
  readonly version: string;
  /** Probe of each route with --errors (response violations become errors). */
  readonly strictProbe: PrismProbe[];
  /** Probe of an invalid body: shows that request validation is on in the measured mode. */
  readonly invalidProbe?: PrismProbe;
  readonly mode: string;
  readonly load: Omit<LoadFigures, 'ratioToStatic'>[];
  /** Ours and Prism up together, short bursts alternating (full mode): the ratios the goals use. */
  readonly interleaved?: readonly InterleavedRatio[];
}

export interface InterleavedRatio {
  /** The route under /v1, e.g. /validate. */
  readonly route: string;
  /** Medians over the bursts of the mean req/s of each burst. */
  readonly oursRps: number;
  readonly prismRps: number;
  /** Median of the ratios of each of our bursts to the Prism burst right after it, and their spread. */
  readonly ratio: number;
  readonly ratioMin: number;
  readonly ratioMax: number;
  readonly bursts: number;
  readonly burstSeconds: number;
}

/** Installs Prism into the cache folder unless it is there (or `install` is false). */
export function ensurePrism(install: boolean): { ok: boolean; note: string } {
  if (existsSync(CLI)) return { ok: true, note: `reused ${PREFIX}` };
  if (!install)
    return {
      ok: false,
      note: `Prism is not installed in ${PREFIX}; smoke mode does not install it (run the full bench once).`,
    };
  const r = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      PREFIX,
      `@stoplight/prism-cli@${PRISM_VERSION}`,
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ],
    { encoding: 'utf8', timeout: 240_000 },
  );
  if (r.status !== 0 || !existsSync(CLI))
    return {
      ok: false,
      note: `npm install of @stoplight/prism-cli@${PRISM_VERSION} failed: ${(r.stderr || r.error?.message || '').trim().split('\n').slice(-3).join(' ')}`,
    };
  return { ok: true, note: `installed into ${PREFIX}` };
}

async function startPrism(port: number, strict: boolean): Promise<ChildProcess> {
  const args = [CLI, 'mock', resolve('dist/v1/openapi.json'), '-p', String(port), '-h', '127.0.0.1', '-v', 'silent'];
  if (strict) args.push('--errors');
  const child = track(spawn(NODE, args, { stdio: ['ignore', 'ignore', 'ignore'] }));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prism exited ${child.exitCode}`);
    try {
      await fetch(`http://127.0.0.1:${port}/catalog`);
      return child;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGTERM');
        throw new Error('prism did not start in 60 s');
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

async function probe(base: string, route: string, body: string): Promise<PrismProbe> {
  const res = await fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  await res.arrayBuffer();
  let violations: string[] = [];
  try {
    violations = (JSON.parse(res.headers.get('sl-violations') ?? '[]') as { location: string[]; message: string }[])
      .slice(0, 3)
      .map((v) => `${v.location.join('.')}: ${v.message}`);
  } catch {
    /* no header */
  }
  return { route, status: res.status, violations };
}

/**
 * Our OpenAPI has servers `[…]/v1`, so Prism serves the paths without the /v1 prefix.
 * Measured mode: request validation on (Prism's default) and quiet logging. If a strict probe
 * (--errors) answers non-2xx, the load runs without --errors so that Prism answers 2xx; the
 * probe result says why.
 */
export async function prismBench(
  body: string,
  seconds: number,
  options: { install: boolean; warmup: boolean; interleave?: boolean },
): Promise<PrismFigures> {
  const ensured = ensurePrism(options.install);
  if (!ensured.ok)
    return { installed: false, note: ensured.note, version: PRISM_VERSION, strictProbe: [], mode: 'skipped', load: [] };
  const routes = ['/validate', '/mock-exchange'];
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const strictProbe: PrismProbe[] = [];
  let prism = await startPrism(port, true);
  try {
    for (const r of routes) strictProbe.push(await probe(base, r, body));
    const strictOk = strictProbe.every((p) => p.status >= 200 && p.status < 300);
    if (!strictOk) {
      prism.kill('SIGTERM');
      await new Promise((r) => prism.once('exit', r));
      prism = await startPrism(port, false);
    }
    const invalidProbe = await probe(base, '/validate', '{"not_a_message":true}');
    const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body };
    const load = await runLoad(
      routes.map((r) => ({ name: `Prism POST /v1${r}`, url: `${base}${r}`, ...post })),
      seconds,
      options.warmup,
    );
    const mode = strictOk
      ? 'prism mock --errors -v silent (request validation on)'
      : 'prism mock -v silent (request validation on; without --errors, see the strict probe)';
    const interleaved = options.interleave ? await interleave(base, routes, post) : undefined;
    return {
      installed: true,
      note: ensured.note,
      version: PRISM_VERSION,
      strictProbe,
      invalidProbe,
      mode,
      load,
      ...(interleaved ? { interleaved } : {}),
    };
  } finally {
    prism.kill('SIGTERM');
  }
}

const BURSTS = 6;
const BURST_SECONDS = 3;

/**
 * Our local server and Prism, both up, each route loaded in short bursts that alternate between
 * the two (ours, Prism, ours, Prism, ...), so that a change of the machine's load from one minute
 * to the next hits both alike; the sequential runs above can be minutes apart.
 */
async function interleave(
  prismBase: string,
  routes: readonly string[],
  post: { method: string; headers: Record<string, string>; body: string },
): Promise<InterleavedRatio[]> {
  const port = await freePort();
  const ours = await startServer(port);
  try {
    const out: InterleavedRatio[] = [];
    for (const route of routes) {
      const targets = { ours: `http://127.0.0.1:${port}/v1${route}`, prism: `${prismBase}${route}` };
      for (const url of Object.values(targets)) await cannon({ url, ...post, connections: CONNECTIONS, duration: 1 });
      const rps: Record<keyof typeof targets, number[]> = { ours: [], prism: [] };
      for (let i = 0; i < BURSTS; i++)
        for (const who of ['ours', 'prism'] as const) {
          const r = await cannon({ url: targets[who], ...post, connections: CONNECTIONS, duration: BURST_SECONDS });
          rps[who].push(r.requests.average as number);
        }
      // Each pair is seconds apart, so a change of the machine's load between pairs cancels out of
      // its ratio; the median of the pairs' ratios is the figure (as the engine's ratio to its floor).
      const ratios = rps.ours.map((ours, i) => ours / rps.prism[i]!);
      out.push({
        route,
        oursRps: Math.round(median(rps.ours)),
        prismRps: Math.round(median(rps.prism)),
        ratio: median(ratios),
        ratioMin: Math.min(...ratios),
        ratioMax: Math.max(...ratios),
        bursts: BURSTS,
        burstSeconds: BURST_SECONDS,
      });
    }
    return out;
  } finally {
    ours.kill('SIGTERM');
  }
}
