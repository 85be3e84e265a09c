/** Renders the figures of one bench run as BENCHMARKS.md (Markdown), goals first. */
import type { EngineFigures } from './engine.ts';
import type { FunctionZip } from './netlify-zips.ts';
import type { BuildFigures } from './build.ts';
import type { BundleFigures, LoadFigures } from './http.ts';
import type { MockEngineFigures } from './mock-engine.ts';
import type { StageFigures } from './stages.ts';
import type { BaselineFigures, MockBaselineFigures } from './baseline.ts';
import type { PrismFigures } from './prism.ts';
import type { AdapterFigures } from './adapters.ts';
import { fmt, kb, row, type Goal } from './markdown.ts';
import { medianTiming, type PackageFigures, type Timing } from './package.ts';
import { heldGoals, heldSection } from './held-report.ts';
import type { HeldSeries } from './held-load.ts';
import { worstGoals, worstSection } from './worst-report.ts';
import type { WorstFigures } from './worst-shapes.ts';

export interface Machine {
  readonly cores: number;
  readonly cpu: string;
  readonly node: string;
  readonly os: string;
  readonly date: string;
  readonly loadAtStart: readonly number[];
  readonly loadAtEnd: readonly number[];
}

export interface BenchResult {
  readonly mode: 'full' | 'smoke';
  readonly seconds: number;
  readonly connections: number;
  readonly durationSeconds: number;
  readonly machine: Machine;
  readonly engine: EngineFigures;
  readonly stages: StageFigures;
  /** The same stages on the engine of issue 15's filing and on this checkout, alternating (full mode). */
  readonly baseline: BaselineFigures;
  /** The mock exchange's stages before this round's cuts to it and on this checkout, alternating (full mode). */
  readonly mockStages: MockBaselineFigures;
  readonly mock: MockEngineFigures;
  readonly load: readonly LoadFigures[];
  /** Latency at half the saturated rate, open loop (bench/held-load.ts): validate, static at its rate, mock-exchange. */
  readonly held: readonly HeldSeries[];
  /** The local server's two adapters of the HTTP core, same body and load. */
  readonly adapters: AdapterFigures;
  readonly prism: PrismFigures;
  readonly bundles: readonly BundleFigures[];
  /** The function archives a deploy uploads (empty in smoke mode). */
  readonly zips: readonly FunctionZip[];
  readonly build: BuildFigures;
  /** The published package: sizes, install, `uai validate` against ajv-cli (bench/package.ts). */
  readonly package: PackageFigures;
  /** Each POST route's worst shape against its floor, before and after issue 33 (bench/worst-shapes.ts). */
  readonly worst: WorstFigures;
}

export type { Goal };

/** One goal as a row of the Goals table. */
export const goalRow = (g: Goal) => row([g.goal, g.figure, mark(g.met)]);
const mark = (m: boolean | undefined) => (m === undefined ? 'n/a' : m ? 'met' : 'missed');
/** Header and alignment rows of a load table; the last column differs between tables. */
const loadHeader = (last: string) => [
  row(['route', 'req/s median (min-max)', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'requests', 'response bytes', last]),
  row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
];
/** One row of a load table: the figures of a run, then the table's own last column. */
const loadRow = (l: Omit<LoadFigures, 'ratioToStatic'>, last: string) =>
  row([
    l.name,
    `${l.rpsSpread.median} (${l.rpsSpread.min}-${l.rpsSpread.max})`,
    l.p50Ms,
    l.p99Ms,
    l.errors,
    l.non2xx,
    l.total,
    l.responseBytes,
    last,
  ]);

export function goals(r: BenchResult): Goal[] {
  const typical = r.engine.sizes.find((s) => s.size === 'typical')!;
  const worst = Math.max(...r.engine.sizes.map((s) => s.ratio));
  const out: Goal[] = [
    {
      goal: 'validate <= 1.3x the floor (3 KB message)',
      figure: `${typical.ratio}x (all sizes: ${r.engine.sizes.map((s) => `${s.size} ${s.ratio}x`).join(', ')}; worst ${worst}x)`,
      met: typical.ratio <= 1.3,
    },
  ];
  const stat = r.load[0]!;
  const vsPrism = (route: string) => {
    const ours = r.load.find((l) => l.name === `POST ${route}`)!;
    const peer = r.prism.load.find((l) => l.name === `Prism POST ${route}`);
    const side = r.prism.interleaved?.find((i) => `/v1${i.route}` === route);
    // The interleaved bursts when measured (both servers up, alternating), else the sequential runs.
    return { ours, ratio: side ? side.ratio : peer ? ours.rpsSpread.median / peer.rpsSpread.median : undefined, side };
  };
  // The goals of issue 15: validate carries the throughput and latency goals, the mock exchange one against Prism.
  const prismGoal = (route: string, times: number): Goal => {
    const { ratio, side } = vsPrism(route);
    return {
      goal: `POST ${route} >= ${times}x Prism req/s`,
      figure:
        ratio === undefined
          ? 'Prism not measured'
          : `${ratio.toFixed(2)}x${side ? ` (interleaved bursts: median of ${side.bursts} pairs, ${side.ratioMin.toFixed(2)}-${side.ratioMax.toFixed(2)}x; ${side.oursRps} vs ${side.prismRps} req/s)` : ''}`,
      met: ratio === undefined ? undefined : ratio >= times,
    };
  };
  const validate = vsPrism('/v1/validate').ours;
  out.push(
    prismGoal('/v1/validate', 2.5),
    {
      goal: 'POST /v1/validate >= 20% of static req/s',
      figure: `${(validate.ratioToStatic * 100).toFixed(1)}% (${validate.rpsSpread.median} vs ${stat.rpsSpread.median} req/s)`,
      met: validate.ratioToStatic >= 0.2,
    },
    ...heldGoals(r.held),
    prismGoal('/v1/mock-exchange', 2),
  );
  for (const b of r.bundles) {
    out.push({
      goal: `${b.fn} function import <= 15 ms over bare Node`,
      figure: `${b.importOverBareMs} ms`,
      met: b.importOverBareMs <= 15,
    });
    out.push({
      goal: `${b.fn} bundle <= 30 KB gzip`,
      figure: `${kb(b.gzipBytes)} gzip (${kb(b.minBytes)} minified)`,
      met: b.gzipBytes <= 30 * 1024,
    });
  }
  out.push({
    goal: 'build <= 20 s',
    figure: r.build.wallSeconds === undefined ? 'not run (smoke)' : `${r.build.wallSeconds} s`,
    met: r.build.wallSeconds === undefined ? undefined : r.build.wallSeconds <= 20,
  });
  return [...out, ...worstGoals(r.worst), ...packageGoals(r.package)];
}

const ms = (t: Timing) => `${fmt(t.wallMs, 0)} ms wall, ${fmt(t.cpuMs, 0)} ms CPU`;

/** The goals of the published package (issue 25); times are medians of fresh processes, wall clock. */
export function packageGoals(p: PackageFigures): Goal[] {
  const install = medianTiming(p.install);
  const one = medianTiming(p.oneFile.uai);
  const many = { uai: medianTiming(p.many.uai), ajv: medianTiming(p.many.ajv) };
  const rate = many.ajv.wallMs / many.uai.wallMs;
  return [
    { goal: 'package tarball <= 150 KB', figure: kb(p.tarballBytes), met: p.tarballBytes <= 150 * 1024 },
    { goal: 'package unpacked <= 600 KB', figure: kb(p.unpackedBytes), met: p.unpackedBytes <= 600 * 1024 },
    { goal: 'install from the tarball < 3 s', figure: ms(install), met: install.wallMs < 3000 },
    { goal: '`uai validate` of one file < 150 ms wall', figure: ms(one), met: one.wallMs < 150 },
    {
      goal: `\`uai validate\` of ${p.many.files} files >= 2x ajv-cli's rate`,
      figure: `${rate.toFixed(2)}x (runs ${pairRange(p.many.ajv, p.many.uai)}; ${fmt(many.uai.wallMs, 0)} vs ${fmt(many.ajv.wallMs, 0)} ms wall; CPU ${(many.ajv.cpuMs / many.uai.cpuMs).toFixed(2)}x)`,
      met: rate >= 2,
    },
    ...memoryGoal(p),
  ];
}

/** Whether worker threads pay, from the same run's figures, for each number of files. */
function threadsVerdict(p: PackageFigures): string {
  if (p.threads.length === 0) return 'not measured';
  return p.threads
    .map(({ files, one, two }) => {
      const a = medianTiming(one);
      const b = medianTiming(two);
      return `${files} files, ${fmt(b.wallMs, 0)} vs ${fmt(a.wallMs, 0)} ms wall (${(a.wallMs / b.wallMs).toFixed(2)}x, runs ${pairRange(one, two)}; CPU ${(b.cpuMs / a.cpuMs).toFixed(2)}x), ${
        b.wallMs < a.wallMs * 0.9 ? 'worker threads pay' : 'worker threads do not pay'
      }`;
    })
    .join('; ');
}

/** min-max of a / b over runs taken in pairs (the alternating runs of two tools). */
function pairRange(a: readonly Timing[], b: readonly Timing[]): string {
  const ratios = a.map((t, i) => t.wallMs / b[i]!.wallMs);
  return `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}x`;
}

/** Streamed output: the most files measured in under 200 MB, and no growth with the count. */
function memoryGoal(p: PackageFigures): Goal[] {
  const first = p.memory[0];
  const most = p.memory.at(-1);
  if (!first || !most) return [];
  const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
  return [
    {
      goal: `\`uai validate\` of ${most.files} files in under 200 MB RSS`,
      figure: `${mb(most.maxRssKb)} (${first.files} files: ${mb(first.maxRssKb)}; ${(most.maxRssKb / first.maxRssKb).toFixed(2)}x the memory for ${most.files / first.files}x the files)`,
      met: most.maxRssKb < 200 * 1024,
    },
  ];
}

/** Section 6: the published package, every run listed. */
export function packageSection(p: PackageFigures, measured?: string): string[] {
  const runs = (ts: readonly Timing[]) => ts.map((t) => fmt(t.wallMs, 0)).join(', ');
  const line = (what: string, ts: readonly Timing[]) =>
    ts.length ? row([what, ms(medianTiming(ts)), runs(ts)]) : row([what, 'not measured', '']);
  return [
    '## 6. The package (@uai-1/uai)',
    '',
    ...(measured ? [measured, ''] : []),
    `Built from src/ by scripts/package/build.ts into a scratch folder, packed by \`npm pack\` (${kb(p.tarballBytes)} tarball, ${kb(p.unpackedBytes)} unpacked, ${p.files} files), installed from the tarball alone into fresh empty folders (\`npm install <tarball> --offline\`, empty npm cache), then run as fresh processes under bash's \`time\` (wall clock, and CPU time of the process and its children). ajv-cli 5 (\`ajv validate --spec=draft2020 -c ajv-formats\`) checks the same files against the published schemas (the intent request profile and the envelope it references), alternating with \`uai validate\`. ajv-cli checks the schema only; \`uai validate\` also checks the rules and the checksum and builds a conformance record: the comparison is what a user waits for, not like for like. Node ${p.node20 ? "of the bench (24) unless marked, and the machine's Node 20" : 'of the bench (24)'}.`,
    '',
    row(['run', 'median', 'every run (wall ms)']),
    row(['---', '---:', '---']),
    line('install from the tarball', p.install),
    line('`uai validate` one file', p.oneFile.uai),
    line('`uai validate` one file, Node 20', p.oneFile.uaiNode20),
    line('ajv-cli one file', p.oneFile.ajv),
    line(`\`uai validate\` ${p.many.files} files (a folder)`, p.many.uai),
    line(`ajv-cli ${p.many.files} files (a glob)`, p.many.ajv),
    ...p.threads.flatMap(({ files, one, two }) => [
      line(`\`uai validate\` ${files} files, \`--jobs 1\``, one),
      line(`\`uai validate\` ${files} files, \`--jobs 2\``, two),
    ]),
    '',
    `One thread against worker threads (\`--jobs 2\`: two workers check the files and the main thread writes the report, unchanged; docs/ci.md, "Threads"), alternating on the same folder, at this machine's ${p.cores} cores: ${threadsVerdict(p)}. Peak resident memory of \`uai validate\` on a folder (getrusage's maxrss, reported by the process as it exits): ${p.memory.map((m) => `${m.files} files ${(m.maxRssKb / 1024).toFixed(1)} MB`).join(', ')}.`,
    '',
  ];
}

/** What each bundle holds, largest part first (scripts/bundle-function.ts, bundleContents). */
function bundleHoldings(bundles: readonly BundleFigures[]): string[] {
  if (bundles.length === 0) return [];
  return [
    '### What each bundle holds',
    '',
    "From esbuild's metafile of the same bundles: bytes each input puts into the minified output, a package of node_modules or a file of 4 KB or more alone, smaller files summed by folder; largest first.",
    '',
    row(['function', 'parts, largest first (KB of minified output)']),
    row(['---', '---']),
    ...bundles.map((b) => row([b.fn, b.holds.map((h) => `${h.part} ${(h.bytes / 1024).toFixed(1)}`).join(', ')])),
    '',
  ];
}

/** Before and after, stage by stage, measured in this run (bench/baseline.ts). */
function baselineSection(b: BaselineFigures): string[] {
  if ('skipped' in b) return [`Before/after of the stages: not measured (${b.skipped}).`, ''];
  const lines = [
    `### Before and after, same run`,
    '',
    `The same stages on the engine at commit ${b.commit.slice(0, 7)} (when issue 15 was filed, checked out in a temporary git worktree and timed by its own bench/stages.ts on the CPU clock) and on this checkout, ${b.rounds} alternating fresh processes each, medians (bench/baseline.ts).`,
    '',
    row(['stage (CPU µs per call)', 'before', 'after', 'after / before']),
    row(['---', '---:', '---:', '---:']),
  ];
  const pair = (name: string, before: number, after: number, digits = 2) =>
    row([name, fmt(before, digits), fmt(after, digits), `${(after / before).toFixed(2)}x`]);
  for (const [stage, before] of Object.entries(b.before.stagesUs)) {
    const after = b.after.stagesUs[stage];
    if (after !== undefined) lines.push(pair(stage, before, after));
  }
  lines.push(
    pair('validate, parse to stringify (whole call)', b.before.validateUs, b.after.validateUs),
    pair('floor (JSON.parse + canonicalize + sha256 + JSON.stringify)', b.before.floorUs, b.after.floorUs),
    pair('validate / floor', b.before.ratio, b.after.ratio),
    pair('mock exchange per call', b.before.mockUs, b.after.mockUs),
    '',
  );
  return lines;
}

/** The mock exchange stage by stage, before and after, same run (bench/mock-stages.ts, bench/baseline.ts). */
function mockStagesSection(b: MockBaselineFigures): string[] {
  if ('skipped' in b) return [`Mock exchange stages before/after: not measured (${b.skipped}).`, ''];
  const pair = (name: string, before: number, after: number) =>
    row([name, fmt(before, 2), fmt(after, 2), `${(after / before).toFixed(2)}x`]);
  return [
    '### The mock exchange, stage by stage, before and after (same run)',
    '',
    `Where a POST /v1/mock-exchange call goes (bench/mock-stages.ts): the published intent request (${b.after.bytes}-byte body) in the accepted-task scenario, as the route runs it, each stage timed alone in CPU µs per call. Before: the engine at commit ${b.commit.slice(0, 7)}, the last before the mock exchange's cuts, in a temporary git worktree, timed by the same file; ${b.rounds} alternating fresh processes each, medians.`,
    '',
    row(['stage (CPU µs per call)', 'before', 'after', 'after / before']),
    row(['---', '---:', '---:', '---:']),
    ...Object.entries(b.before.stagesUs).flatMap(([stage, before]) => {
      const after = b.after.stagesUs[stage];
      return after === undefined ? [] : [pair(stage, before, after)];
    }),
    pair('whole call (action + stringify)', b.before.wholeUs, b.after.wholeUs),
    '',
  ];
}

export function renderReport(r: BenchResult, notes: readonly string[]): string {
  const m = r.machine;
  const busy = m.loadAtStart[0]! > m.cores || m.loadAtEnd[0]! > m.cores;
  const lines: string[] = [];
  lines.push('# Benchmarks', '');
  lines.push(
    `Written by \`npm run bench${r.mode === 'smoke' ? ' -- --smoke' : ''}\` (bench/run.ts), ${r.mode} mode, in ${r.durationSeconds} s. Do not edit by hand: run it again.`,
    '',
  );
  lines.push(
    `**Machine:** ${m.cores} cores, ${m.cpu}, Node ${m.node}, ${m.os}; run at ${m.date}; load average at start ${m.loadAtStart.map((x) => x.toFixed(2)).join(' / ')} (1/5/15 min), at end ${m.loadAtEnd.map((x) => x.toFixed(2)).join(' / ')}.`,
    '',
  );
  if (busy)
    lines.push(
      `> The machine was shared with other builds and tests during this run (load average above the ${m.cores} cores), so absolute times are inflated and noisy; ratios measured in the same run (validate vs floor, ours vs Prism, POST vs static) are the more trustworthy figures.`,
      '',
    );
  lines.push(
    'Every figure is a median with its min-max over repeated runs: engine timings over batches of calls, req/s over the one-second windows of each load run, import times over fresh processes.',
    '',
  );

  lines.push('## Goals', '', row(['goal', 'figure', 'status']), row(['---', '---', '---']));
  for (const g of goals(r)) lines.push(goalRow(g));
  lines.push('');

  lines.push(
    '## 1. Engine',
    '',
    'Per message, in one process, CPU time (process.cpuUsage): the floor is JSON.parse + canonicalize (JCS) + sha256 + JSON.stringify of the same text; validate is the whole pipeline (parse, schema, rules, checksum, conformance record) plus JSON.stringify of its result; keyless is the same message sent keyless. Floor and validate run in alternating batches, and validate / floor is the median of the ratios of neighbouring batches.',
    '',
  );
  lines.push(
    row(['message', 'bytes', 'floor µs', 'validate µs (min-max)', 'validate / floor', 'keyless µs', 'keyless / keyed']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:']),
  );
  for (const s of r.engine.sizes)
    lines.push(
      row([
        s.size,
        s.bytes,
        s.floor_us,
        `${s.validate_us} (${s.validate_min_us}-${s.validate_max_us})`,
        `${s.ratio}x`,
        s.keyless_us,
        `${s.keyless_overhead}x`,
      ]),
    );
  lines.push('');
  const st = r.stages;
  lines.push(
    `Where a check of the ${st.bytes}-byte (typical) message goes, bench/stages.ts: each stage timed alone over the same input, in CPU µs per call (process.cpuUsage, so other work on the machine does not count); the stages do not add up exactly to the whole call. Same run: validate ${st.validateUs} µs, floor ${st.floorUs} µs (${st.ratio}x), mock exchange ${st.mockUs} µs per call.`,
    '',
  );
  lines.push(row(['stage', 'CPU µs per call']), row(['---', '---:']));
  for (const [stage, us] of Object.entries(st.stagesUs)) lines.push(row([stage, fmt(us, 2)]));
  lines.push('');
  lines.push(...baselineSection(r.baseline));
  lines.push(...mockStagesSection(r.mockStages));
  lines.push(
    `Mock exchange per call (engine only, ${r.mock.bytes}-byte request, includes JSON.parse and JSON.stringify): ${r.mock.perCallUs.median} µs (${r.mock.perCallUs.min}-${r.mock.perCallUs.max}, ${r.mock.perCallUs.runs} batches).`,
    '',
  );
  const i = r.engine.import_ms;
  lines.push(
    `Import of the generated validators (src/engine/generated/schema-validators.js, fresh process): ${i.validators} ms vs bare Node ${i.bare} ms, ${i.over_bare} ms over bare (median of ${i.runs}).`,
    '',
  );

  lines.push(
    '## 2. HTTP on the local server',
    '',
    `\`scripts/start.ts --no-build\` with UAI_RATE_LIMIT=0 on 127.0.0.1, autocannon with ${r.connections} connections for ${r.seconds} s per route (after a 1 s warm-up in full mode), the same process and machine as the load generator. Body: the published intent request example as \`{"message": ...}\`.`,
    '',
  );
  lines.push(...loadHeader('vs static'));
  for (const l of r.load) lines.push(loadRow(l, `${(l.ratioToStatic * 100).toFixed(1)}%`));
  lines.push('');
  lines.push(...heldSection(r.held));
  const a = r.adapters;
  lines.push(
    '### The two adapters of the HTTP core (same run)',
    '',
    'POST /v1/validate alone, each adapter in its own process (bench/adapter-server.ts), same body and load: the Web adapter behind the node:http to Request/Response bridge (how the local server ran the functions before it had its own adapter) and the node:http adapter it runs now.',
    '',
    row(['adapter', 'req/s median (min-max)', 'p50 ms', 'p99 ms', 'errors', 'non-2xx']),
    row(['---', '---:', '---:', '---:', '---:', '---:']),
  );
  for (const [name, f] of [
    ['Web (bridge)', a.web],
    ['node:http', a.node],
  ] as const)
    lines.push(
      row([
        name,
        `${f.rpsSpread.median} (${f.rpsSpread.min}-${f.rpsSpread.max})`,
        f.p50Ms,
        f.p99Ms,
        f.errors,
        f.non2xx,
      ]),
    );
  lines.push('', `node:http adapter / Web adapter: ${a.ratio}x requests per second.`, '');

  lines.push('## 3. Peer: Stoplight Prism', '');
  const p = r.prism;
  if (!p.installed) {
    lines.push(`Prism ${p.version} not measured in this run: ${p.note}`, '');
  } else {
    lines.push(
      `@stoplight/prism-cli ${p.version} (${p.note}), \`${p.mode}\`, mocking our own dist/v1/openapi.json on 127.0.0.1 with the same load and body as section 2. Prism serves the paths relative to the OpenAPI server URL (…/v1), so the routes are /validate and /mock-exchange.`,
      '',
    );
    lines.push('Probe with `--errors` (response violations become errors):', '');
    for (const s of p.strictProbe)
      lines.push(
        `- POST ${s.route}: HTTP ${s.status}${s.violations.length ? `; Prism's own generated response violates our schema: ${s.violations.join('; ')}` : ''}`,
      );
    if (p.invalidProbe)
      lines.push(
        `- Request validation check in the measured mode, POST /validate with a body lacking \`message\`: HTTP ${p.invalidProbe.status}${p.invalidProbe.violations.length ? ` (${p.invalidProbe.violations.join('; ')})` : ''}`,
      );
    lines.push('');
    lines.push(...loadHeader('ours / Prism req/s'));
    for (const l of p.load) {
      const ours = r.load.find((o) => `Prism ${o.name}` === l.name);
      const ratio = ours && l.rpsSpread.median ? `${(ours.rpsSpread.median / l.rpsSpread.median).toFixed(2)}x` : 'n/a';
      lines.push(loadRow(l, ratio));
    }
    lines.push('');
    if (p.interleaved?.length) {
      const first = p.interleaved[0]!;
      lines.push(
        '### Side by side (interleaved bursts)',
        '',
        `Our local server and Prism both up, each route loaded in ${first.bursts} bursts of ${first.burstSeconds} s per server, alternating (ours, Prism, ours, ...), same load and body: a change of the machine's load between minutes hits both alike, while the runs above are minutes apart. The req/s figures are medians over the bursts of their mean req/s; ours / Prism is the median of the ratios of each of our bursts to the Prism burst right after it, with their min-max (a change of the machine's load between pairs cancels out of each pair's ratio). The goals use these ratios.`,
        '',
        row(['route', 'ours req/s', 'Prism req/s', 'ours / Prism (pairs min-max)']),
        row(['---', '---:', '---:', '---:']),
      );
      for (const i of p.interleaved)
        lines.push(
          row([
            `POST /v1${i.route}`,
            i.oursRps,
            i.prismRps,
            `${i.ratio.toFixed(2)}x (${i.ratioMin.toFixed(2)}-${i.ratioMax.toFixed(2)}x)`,
          ]),
        );
      lines.push('');
    }
  }

  lines.push(
    '## 4. Cold start of the functions',
    '',
    `Each function bundled with esbuild as Netlify would (ESM, minified, node22), then imported in ${r.bundles[0]?.runs ?? 0} fresh processes interleaved with a bare-Node baseline that imports an empty module and with a process that imports node:crypto alone (which every checksum needs: ${fmt(r.bundles[0]?.cryptoOverBareMs, 2)} ms over bare in this run); times are measured inside the process around \`await import()\`.`,
    '',
  );
  lines.push(
    row([
      'function',
      'min',
      'gzip',
      'import ms median (min-max)',
      'bare Node ms',
      'over bare ms',
      'ajv compiler in bundle',
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---']),
  );
  for (const b of r.bundles)
    lines.push(
      row([
        b.fn,
        kb(b.minBytes),
        kb(b.gzipBytes),
        `${fmt(b.importMedianMs, 2)} (${fmt(b.importMinMs, 2)}-${fmt(b.importMaxMs, 2)})`,
        fmt(b.bareNodeMedianMs, 2),
        fmt(b.importOverBareMs, 2),
        b.containsAjvCompiler ? 'yes' : 'no',
      ]),
    );
  lines.push('', ...bundleHoldings(r.bundles));

  if (r.zips.length) {
    lines.push(
      '### Netlify function archives',
      '',
      'Each function as a deploy uploads it, packaged by zip-it-and-ship-it (the packager of Netlify Build and netlify-cli): the archive, its files uncompressed, and its largest file.',
      '',
    );
    lines.push(
      row(['function', 'packager', 'zip', 'unzipped', 'largest file']),
      row(['---', '---', '---:', '---:', '---']),
    );
    for (const z of r.zips)
      lines.push(
        row([
          z.name,
          z.bundler,
          kb(z.zipBytes),
          kb(z.unzippedBytes),
          z.largest[0] ? `${z.largest[0].name} (${kb(z.largest[0].bytes)})` : '',
        ]),
      );
    lines.push('');
  }

  lines.push('## 5. Build', '');
  lines.push(
    `${r.build.note}: ${r.build.wallSeconds === undefined ? 'wall time not measured' : `${r.build.wallSeconds} s wall time`}; dist/ holds ${r.build.distFiles} files, ${r.build.distBytes} bytes (${kb(r.build.distBytes)}).`,
    '',
  );

  lines.push(...packageSection(r.package));
  lines.push(...worstSection(r.worst));

  if (notes.length) {
    lines.push('## Findings and what limits the rest', '');
    for (const n of notes) lines.push(`- ${n}`);
    lines.push('');
  }
  return lines.join('\n');
}
