/**
 * The published package (packages/uai), as an implementer gets it: built and packed into a
 * scratch folder (tarball and unpacked size), installed from the tarball alone into fresh empty
 * folders (wall time, offline, empty npm cache), then `uai validate` timed as a user runs it
 * (wall time of a fresh process: one file; a folder of many files) against ajv-cli on the same
 * files with the same published schemas, alternating, in the same run. ajv-cli checks the schema
 * only; `uai validate` also checks the rules and the checksum and builds a conformance record, so
 * the comparison is what users see, not like for like.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildPackage } from '../scripts/package/build.ts';
import { findNode20 } from '../scripts/package/node20.ts';
import { publishedExamples, seal } from '../src/engine/index.ts';
import { allSchemas } from '../src/standard/schemas.ts';
import { siteFor } from '../src/standard/urls.ts';
import { median } from './stats.ts';

const ROOT = resolve(import.meta.dirname, '..');
const AJV_CLI = join(ROOT, 'node_modules/ajv-cli/dist/index.js');

export interface PackageFigures {
  readonly tarballBytes: number;
  readonly unpackedBytes: number;
  readonly files: number;
  /** Every run, in order. */
  readonly install: readonly Timing[];
  readonly oneFile: { readonly uai: Timing[]; readonly uaiNode20: Timing[]; readonly ajv: Timing[] };
  readonly many: {
    readonly files: number;
    readonly uai: Timing[];
    readonly ajv: Timing[];
  };
  /** `uai validate --jobs 1` and `--jobs 2` on the same folder, alternating: whether a second thread pays. */
  readonly threads: readonly { readonly files: number; readonly one: Timing[]; readonly two: Timing[] }[];
  /** Peak resident memory (KB) of `uai validate` on a folder of `files` files, for the counts measured. */
  readonly memory: readonly { readonly files: number; readonly maxRssKb: number }[];
  readonly node20: string | undefined;
  /** os.availableParallelism() of the machine the figures were taken on. */
  readonly cores: number;
}

/** One run of a fresh process to completion: wall time, and the CPU time (user + system) it used. */
export interface Timing {
  readonly wallMs: number;
  readonly cpuMs: number;
}

/**
 * Runs a command under bash's `time` (its children's CPU time included); exit 0 or 1 (findings)
 * are both a completed run. CPU time is what a busy shared machine inflates least.
 */
function timed(command: string, args: readonly string[], cwd: string, env?: NodeJS.ProcessEnv): Timing {
  const run = spawnSync(
    'bash',
    ['-c', 'TIMEFORMAT="%3R %3U %3S"; time "$@" >/dev/null 2>/dev/null', 'bash', command, ...args],
    { cwd, env: env ?? process.env, encoding: 'utf8' },
  );
  const [real, user, sys] = run.stderr.trim().split('\n').at(-1)!.split(' ').map(Number);
  if ((run.status !== 0 && run.status !== 1) || real === undefined || Number.isNaN(real))
    throw new Error(`${command} ${args.join(' ')}: exit ${run.status}\n${run.stderr}`);
  return { wallMs: real * 1000, cpuMs: (user! + sys!) * 1000 };
}

/**
 * Peak resident memory of one run, in KB: the process reports its own maximum resident set size
 * (getrusage) as it exits, through a module loaded before the CLI (`--import`).
 */
function peakRss(args: readonly string[], cwd: string): number {
  const report = 'process.on("exit",()=>process.stderr.write("maxrss "+process.resourceUsage().maxRSS+"\\n"))';
  const run = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(report)}`, ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 1 << 26,
  });
  const kb = /maxrss (\d+)/.exec(run.stderr)?.[1];
  if ((run.status !== 0 && run.status !== 1) || !kb)
    throw new Error(`${args.join(' ')}: exit ${run.status}\n${run.stderr}`);
  return Number(kb);
}

/** `count` valid intent requests, each with its own id and checksum, written into `folder`. */
function writeMessages(folder: string, count: number): void {
  const site = siteFor('http://localhost:4321');
  const request = publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message;
  mkdirSync(folder, { recursive: true });
  for (let i = 0; i < count; i++)
    writeFileSync(
      join(folder, `m${String(i).padStart(5, '0')}.json`),
      JSON.stringify(seal({ ...request, message_id: `msg-bench-${i}` }), null, 2),
    );
}

export async function benchPackage(options: { smoke: boolean }): Promise<PackageFigures> {
  const reps = options.smoke ? { install: 1, one: 1, many: 1 } : { install: 3, one: 11, many: 3 };
  const manyFiles = options.smoke ? 100 : 2000;
  const stage = mkdtempSync(join(tmpdir(), 'uai-bench-package-'));
  try {
    await buildPackage(join(stage, 'package'));
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', stage], {
        cwd: join(stage, 'package'),
        encoding: 'utf8',
      }),
    ) as { filename: string; size: number; unpackedSize: number; entryCount: number }[];
    const tarball = join(stage, packed!.filename);

    const install: Timing[] = [];
    let consumer = '';
    for (let i = 0; i < reps.install; i++) {
      consumer = join(stage, `consumer-${i}`);
      mkdirSync(consumer);
      install.push(
        timed('npm', ['install', tarball, '--offline', '--no-audit', '--no-fund'], consumer, {
          ...process.env,
          npm_config_cache: join(stage, `cache-${i}`),
        }),
      );
    }
    const uai = join(consumer, 'node_modules/@uai-1/uai/dist/cli.js');

    // The same valid intent requests for both tools.
    const site = siteFor('http://localhost:4321');
    const data = join(stage, 'messages');
    writeMessages(data, manyFiles);
    const schemas = join(stage, 'schemas');
    mkdirSync(schemas);
    for (const doc of allSchemas(site)) writeFileSync(join(schemas, `${doc.id}.json`), JSON.stringify(doc.schema));
    const ajvArgs = (files: string) => [
      AJV_CLI,
      'validate',
      '--spec=draft2020',
      '--strict=false',
      '-c',
      'ajv-formats',
      '-s',
      join(schemas, 'uai.intent.request.v1.json'),
      '-r',
      join(schemas, 'uai.envelope.v1.json'),
      '-d',
      files,
    ];
    const one = join(data, 'm00000.json');
    const old = findNode20();
    const oneFile = { uai: [] as Timing[], uaiNode20: [] as Timing[], ajv: [] as Timing[] };
    for (let i = 0; i < reps.one; i++) {
      oneFile.uai.push(timed(process.execPath, [uai, 'validate', one], ROOT));
      if (old) oneFile.uaiNode20.push(timed(old, [uai, 'validate', one], ROOT));
      oneFile.ajv.push(timed(process.execPath, ajvArgs(one), ROOT));
    }
    const many = { files: manyFiles, uai: [] as Timing[], ajv: [] as Timing[] };
    for (let i = 0; i < reps.many; i++) {
      many.uai.push(timed(process.execPath, [uai, 'validate', data], ROOT));
      many.ajv.push(timed(process.execPath, ajvArgs(join(data, '*.json')), ROOT));
    }
    const most = options.smoke ? 1_000 : 20_000;
    writeMessages(join(stage, 'most'), most);
    // One thread against two on the same files, alternating (docs/ci.md, "Threads").
    const threads = [
      { files: manyFiles, folder: data },
      { files: most, folder: join(stage, 'most') },
    ].map(({ files, folder }) => {
      const one: Timing[] = [];
      const two: Timing[] = [];
      for (let i = 0; i < reps.many; i++) {
        one.push(timed(process.execPath, [uai, 'validate', folder, '--jobs', '1'], ROOT));
        two.push(timed(process.execPath, [uai, 'validate', folder, '--jobs', '2'], ROOT));
      }
      return { files, one, two };
    });
    // Memory against the number of files: the report is streamed, so ten times the files should
    // not take ten times the memory (docs/ci.md, "Streamed output").
    const memory = [{ files: manyFiles, maxRssKb: peakRss([uai, 'validate', data], ROOT) }];
    memory.push({ files: most, maxRssKb: peakRss([uai, 'validate', join(stage, 'most')], ROOT) });
    return {
      tarballBytes: packed!.size,
      unpackedBytes: packed!.unpackedSize,
      files: packed!.entryCount,
      install,
      oneFile,
      many,
      threads,
      cores: availableParallelism(),
      memory,
      node20: old,
    };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** Median wall and CPU ms of a series of runs. */
export const medianTiming = (runs: readonly Timing[]): Timing => ({
  wallMs: median(runs.map((r) => r.wallMs)),
  cpuMs: median(runs.map((r) => r.cpuMs)),
});
