/**
 * `npm run bench [-- --smoke] [-- --out FILE]`: the whole benchmark of issue 7 in one bounded run
 * on loopback (8 to 11 minutes on 2 cores in full mode, as busy as the machine is; stopped at 14; a few seconds of load in smoke mode, bounded at 170 s):
 *   0. build (full mode only): `npm run build` wall time and dist/ size
 *   1. engine: validate vs the floor, keyless overhead, where a check's time goes (stages), the
 *      same stages on the engine of issue 15's filing (full mode), mock exchange per call, validator import
 *   2. HTTP on the local server: POST /v1/validate, POST /v1/mock-exchange, a static record
 *   3. peer: Stoplight Prism mocking our openapi.json, same load and body
 *   4. cold start: function bundles' size and import time over bare Node
 *   6. the published package: tarball and unpacked size, install time, `uai validate` vs ajv-cli
 *   7. worst shapes: each POST route's worst adversarial body against its floor, before and after issue 33
 * `-- --only package` runs step 6 alone and splices its section and goal rows into the report.
 * Prints the report and writes it to BENCHMARKS.md (or --out). It stops by itself: a watchdog
 * ends the run (and its child servers) if it ever overruns.
 */
import { cpus, loadavg, platform, release } from 'node:os';
import { writeFileSync } from 'node:fs';
import { benchBuild } from './build.ts';
import { bundleFigures, CONNECTIONS, loadFigures, loadSeconds } from './http.ts';
import { prismBench } from './prism.ts';
import { adapterBench } from './adapters.ts';
import { renderReport, type BenchResult } from './report.ts';
import { NOTES } from './notes.ts';

const argv = process.argv.slice(2);
const smoke = argv.includes('--smoke');
const outIndex = argv.indexOf('--out');
const out = outIndex >= 0 ? argv[outIndex + 1]! : 'BENCHMARKS.md';
const started = Date.now();

const watchdog = setTimeout(
  () => {
    console.error(`bench: over its ${smoke ? 170 : 840} s bound, stopping`);
    process.exit(2);
  },
  (smoke ? 170 : 840) * 1000,
);
watchdog.unref();

const step = async <T>(name: string, fn: () => T | Promise<T>): Promise<T> => {
  const t = Date.now();
  process.stderr.write(`bench: ${name}...`);
  const r = await fn();
  process.stderr.write(` ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
  return r;
};

const loadAtStart = loadavg();
// `--only package`: the package's figures alone, spliced into the report (its section and its goal rows).
if (argv.includes('--only') && argv[argv.indexOf('--only') + 1] === 'package') {
  const { benchPackage } = await import('./package.ts');
  const { spliceReport } = await import('./splice.ts');
  const figures = await step('package', () => benchPackage({ smoke }));
  spliceReport(out, figures, { loadAtStart, loadAtEnd: loadavg(), node: process.version, cores: cpus().length });
  console.log(`bench: wrote the package figures into ${out}`);
  process.exit(0);
}
const build = await step('build', () => benchBuild({ run: !smoke }));
// The engine modules need the generated validators, which the build writes: import them after it.
const { benchEngine } = await import('./engine.ts');
const { benchMockEngine } = await import('./mock-engine.ts');
const { benchStages } = await import('./stages.ts');
const { measureNetlifyZips } = await import('./netlify-zips.ts');
const { baselineStages } = await import('./baseline.ts');
const engine = await step('engine', () => benchEngine({ smoke }));
const stages = await step('engine stages', () => (smoke ? benchStages(20, 3) : benchStages()));
const baseline = smoke
  ? { skipped: 'smoke mode' }
  : await step('engine stages before/after (baseline worktree)', () => baselineStages(4));
const mock = await step('mock exchange (engine)', () => benchMockEngine({ smoke }));
const { mockBaselineStages } = await import('./baseline.ts');
const mockStages = smoke
  ? { skipped: 'smoke mode' }
  : await step('mock exchange stages before/after (baseline worktree)', () => mockBaselineStages(4));
const { benchWorstShapes } = await import('./worst-shapes.ts');
const worst = await step('worst shapes, before (issue 33) and after', () => benchWorstShapes({ smoke }));
const seconds = loadSeconds(smoke);
const {
  figures: load,
  body,
  held,
} = await step('HTTP load (ours), then held at half its rate', () => loadFigures(seconds, !smoke));
const adapters = await step('HTTP adapters (A/B)', () => adapterBench(body, seconds, !smoke));
const prism = await step('HTTP load (Prism)', () =>
  prismBench(body, seconds, { install: !smoke, warmup: !smoke, interleave: !smoke }),
);
const bundles = await step('cold start', () => bundleFigures(smoke ? 5 : 15));
// The archives Netlify uploads (zip-it-and-ship-it over the built functions); the full run only, after its build.
const zips = smoke ? [] : await step('netlify function archives', () => measureNetlifyZips());
const { benchPackage } = await import('./package.ts');
const packageFigures = await step('package', () => benchPackage({ smoke }));

const result: BenchResult = {
  mode: smoke ? 'smoke' : 'full',
  seconds,
  connections: CONNECTIONS,
  durationSeconds: Math.round((Date.now() - started) / 1000),
  machine: {
    cores: cpus().length,
    cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
    node: process.version,
    os: `${platform()} ${release()}`,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    loadAtStart,
    loadAtEnd: loadavg(),
  },
  engine,
  stages,
  baseline,
  mock,
  mockStages,
  load,
  held,
  adapters,
  prism,
  bundles,
  zips,
  build,
  package: packageFigures,
  worst,
};

const report = renderReport(result, NOTES);
writeFileSync(out, `${report}\n`);
console.log(report);
console.log(`\nbench: wrote ${out} in ${result.durationSeconds} s`);
clearTimeout(watchdog);
process.exit(0);
