/**
 * Engine benchmark (issue 3): validate time per message next to the floor measured in the same
 * run (JSON.parse + canonicalize + sha256 + JSON.stringify of the same text), keyless overhead,
 * and the import time of the generated validators over bare Node.
 * Run: node_modules/.bin/node bench/engine.ts [--smoke]
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { messageToKeyless, publishedExamples, seal, validateMessage } from '../src/engine/index.ts';
import { siteFor } from '../src/standard/urls.ts';
import { floorOf } from './floor.ts';
import { cpuMicrosPerCall, median, pairedMicros, round } from './stats.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const site = siteFor();
const now = new Date('2026-11-02T10:00:00Z');

export interface SizeFigures {
  size: string;
  bytes: number;
  floor_us: number;
  validate_us: number;
  ratio: number;
  validate_min_us: number;
  validate_max_us: number;
  keyless_us: number;
  keyless_overhead: number;
}
export interface EngineFigures {
  sizes: SizeFigures[];
  import_ms: { validators: number; bare: number; over_bare: number; runs: number };
}

/** Median per-call CPU microseconds over `batches` batches of `n` calls. */
function time(fn: () => void, n: number, batches: number): { median: number; min: number; max: number } {
  const per = cpuMicrosPerCall(fn, n, batches);
  return { median: median(per), min: Math.min(...per), max: Math.max(...per) };
}

export function messages(): { size: string; message: Record<string, unknown> }[] {
  const examples = publishedExamples(site);
  const capability = examples.find((e) => e.profile === 'uai.capability.statement.v1')!.message;
  const request = examples.find((e) => e.profile === 'uai.intent.request.v1')!.message as Record<string, any>;
  const typical = structuredClone(request);
  typical.provenance.lineage = Array.from({ length: 8 }, (_, i) => ({
    stage: `stage-${i}`,
    actor_id: 'agent-requester-01',
    model_id: 'example-model-2026-10',
    note: 'Checked the subject profile and planned the follow-up.',
  }));
  const large = structuredClone(request);
  large.provenance.lineage = Array.from({ length: 700 }, (_, i) => ({
    stage: `stage-${i}`,
    actor_id: `agent-${i % 7}`,
    model_id: 'example-model-2026-10',
    note: `Step ${i}: refined the plan and recorded the outcome.`,
  }));
  return [
    { size: 'small', message: capability },
    { size: 'typical', message: seal(typical) },
    { size: 'large', message: seal(large) },
  ];
}

function importTime(runs: number): EngineFigures['import_ms'] {
  const node = join(root, 'node_modules/.bin/node');
  const generated = join(root, 'src/engine/generated/schema-validators.js');
  // Time from process start to the end of the import, as the process sees it (performance.now
  // counts from process start), minus the same for an empty script.
  const full = (code: string) => {
    const r = spawnSync(node, ['--input-type=module', '-e', `${code};console.log(performance.now())`], {
      encoding: 'utf8',
    });
    return Number(r.stdout.trim());
  };
  const withImport: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    withImport.push(full(`await import(${JSON.stringify(`file://${generated}`)})`));
    bare.push(full(''));
  }
  const v = median(withImport);
  const b = median(bare);
  return { validators: round(v), bare: round(b), over_bare: round(v - b), runs };
}

export function benchEngine(options: { smoke?: boolean } = {}): EngineFigures {
  const smoke = options.smoke ?? false;
  const sizes: SizeFigures[] = [];
  for (const { size, message } of messages()) {
    const text = JSON.stringify(message);
    const keylessText = JSON.stringify(messageToKeyless(message));
    const n = smoke ? 20 : size === 'large' ? 100 : 2000;
    const batches = smoke ? 3 : 15;
    // Floor and validate in alternating batches on the CPU clock; the ratio is the median of the pairs'.
    const paired = pairedMicros(
      () => floorOf(text),
      () => {
        JSON.stringify(validateMessage(JSON.parse(text), { mode: 'keyed-json', site, now }));
      },
      n,
      batches,
    );
    const floor = { median: median(paired.a) };
    const validate = { median: median(paired.b), min: Math.min(...paired.b), max: Math.max(...paired.b) };
    const keyless = time(
      () => {
        JSON.stringify(validateMessage(JSON.parse(keylessText), { mode: 'keyless-json', site, now }));
      },
      n,
      batches,
    );
    sizes.push({
      size,
      bytes: Buffer.byteLength(text),
      floor_us: round(floor.median),
      validate_us: round(validate.median),
      ratio: round(median(paired.ratios), 2),
      validate_min_us: round(validate.min),
      validate_max_us: round(validate.max),
      keyless_us: round(keyless.median),
      keyless_overhead: round(keyless.median / validate.median, 2),
    });
  }
  return { sizes, import_ms: importTime(smoke ? 3 : 15) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = benchEngine({ smoke: process.argv.includes('--smoke') });
  console.log(JSON.stringify(figures, null, 2));
  console.log('\nsize     bytes   floor µs  validate µs  ratio  (min-max µs)      keyless µs  keyless/keyed');
  for (const s of figures.sizes) {
    console.log(
      `${s.size.padEnd(8)} ${String(s.bytes).padStart(6)}  ${String(s.floor_us).padStart(8)}  ${String(s.validate_us).padStart(11)}  ${String(s.ratio).padStart(5)}  (${s.validate_min_us}-${s.validate_max_us})`.padEnd(
        76,
      ) + `${String(s.keyless_us).padStart(10)}  ${s.keyless_overhead}`,
    );
  }
  const i = figures.import_ms;
  console.log(
    `\nimport of generated validators: ${i.validators} ms vs bare node ${i.bare} ms -> ${i.over_bare} ms over bare (median of ${i.runs})`,
  );
  console.log('goal: validate <= 1.3x floor; import <= 15 ms over bare');
}
