/**
 * The worst shapes of issue 33 per route (bench/worst-shape-bodies.ts), timed on the route
 * cores in process as the functions run them, next to the floor of the same bytes (bench/floor.ts)
 * in the same process: first every shape once on this checkout, then the four highest of each
 * route by ratio to the floor `reps` times each, to find each route's worst by its median ratio;
 * that shape's runs are the "after" figures, and it is timed again on the
 * engine at BEFORE_COMMIT ("before", the last commit before issue 33's changes, in a temporary
 * worktree). The old engine can take minutes on one shape, so each of its runs is a child process
 * stopped after `capSeconds`: its figure is then "> cap".
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FULL_BUDGET, formatVariants, SMALL_BUDGET, worstShapes, type WorstShape } from './worst-shape-bodies.ts';
import { NODE } from './http.ts';
import { median, spread, type Spread } from './stats.ts';
import type { ShapeTiming } from './worst-shape-child.ts';
import { inWorktree } from './worktree.ts';

/** The last commit before issue 33's changes to the engine. */
export const BEFORE_COMMIT = '5fb6706977b9ca68dfbcc84c87060c2bf38de0a3';
const CHILD = resolve(import.meta.dirname, 'worst-shape-child.ts');
/** How many of the scan's worst shapes per route are timed again before one is picked. */
const CANDIDATES = 4;

export interface WorstRun {
  /** ms per POST (CPU), and the POST / floor ratio of each rep with its neighbouring floor. */
  readonly ms: Spread;
  readonly floorMs: Spread;
  readonly ratio: Spread;
  readonly status: number;
  readonly answerBytes: number;
}

export interface WorstRoute {
  readonly route: string;
  readonly shape: string;
  readonly bytes: number;
  readonly after: WorstRun;
  /** Undefined when not measured (smoke mode, no baseline commit); `overSeconds` when stopped at the cap. */
  readonly before?: WorstRun | { readonly overSeconds: number; readonly floorMs: number };
}

/** CONTRACT section 8: no input may make a function take more than this much CPU. */
export const CPU_BOUND_MS = 100;

/** The shapes, in every format, whose fastest of three runs took more CPU than CPU_BOUND_MS. */
export interface OverBound {
  readonly bodies: number;
  readonly over: readonly { readonly name: string; readonly ms: number; readonly floorMs: number }[];
}

export interface WorstFigures {
  readonly shapes: number;
  readonly overBound: OverBound;
  readonly routes: readonly WorstRoute[];
  readonly before: string;
  readonly capSeconds: number;
}

/** Runs the child on `shapes` in `cwd`; stops it after `capSeconds`. Returns the lines it wrote. */
function timeShapes(shapes: readonly WorstShape[], cwd: string, reps: number, capSeconds: number): ShapeTiming[] {
  const dir = mkdtempSync(join(tmpdir(), 'uai-worst-'));
  try {
    const file = join(dir, 'shapes.json');
    writeFileSync(file, JSON.stringify(shapes));
    const run = spawnSync(NODE, [CHILD, file, String(reps)], {
      cwd,
      encoding: 'utf8',
      timeout: capSeconds * 1000,
      maxBuffer: 1 << 26,
    });
    if (run.status !== 0 && run.signal === null) throw new Error(`worst shapes in ${cwd}: ${run.stderr}`);
    return run.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as ShapeTiming);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function runOf(t: ShapeTiming): WorstRun {
  return {
    ms: spread(t.cpuMs, 1),
    floorMs: spread(t.floorMs, 2),
    ratio: spread(
      t.cpuMs.map((ms, i) => ms / t.floorMs[i]!),
      1,
    ),
    status: t.status,
    answerBytes: t.answerBytes,
  };
}

export function benchWorstShapes(options: { smoke: boolean }): WorstFigures {
  const shapes = worstShapes(options.smoke ? SMALL_BUDGET : FULL_BUDGET);
  const reps = options.smoke ? 2 : 4;
  const capSeconds = 8;
  const root = resolve('.');
  // The scan: every shape once; the first call of each route warms its code, so the worst is
  // picked by the ratio to the floor, which a cold first call inflates least on large bodies.
  const scan = timeShapes(shapes, root, 1, 240);
  // One sample is noisy where the floor is a millisecond or two: the scan's CANDIDATES highest
  // per route are timed `reps` times each, and the worst by median ratio is the route's row.
  const byRoute = new Map<string, ShapeTiming[]>();
  for (const t of scan) {
    const held = byRoute.get(t.route);
    if (held) held.push(t);
    else byRoute.set(t.route, [t]);
  }
  const ratioOf = (t: ShapeTiming) => t.cpuMs[0]! / t.floorMs[0]!;
  const candidates = [...byRoute.values()].flatMap((ts) =>
    [...ts].sort((a, b) => ratioOf(b) - ratioOf(a)).slice(0, CANDIDATES),
  );
  const timed = timeShapes(
    candidates.map((t) => shapes.find((s) => s.name === t.name)!),
    root,
    reps,
    240,
  );
  const medianRatio = (t: ShapeTiming) => median(t.cpuMs.map((ms, i) => ms / t.floorMs[i]!));
  const worst = new Map<string, ShapeTiming>();
  for (const t of timed) {
    const held = worst.get(t.route);
    if (!held || medianRatio(t) > medianRatio(held)) worst.set(t.route, t);
  }
  const picked = [...worst.values()].map((t) => shapes.find((s) => s.name === t.name)!);
  // The contract's absolute bound, over every shape in every format: one run each, and a body over
  // the bound in it is timed twice more; it counts when its fastest run is over too (a run the
  // machine slowed down does not).
  const variants = shapes.flatMap(formatVariants);
  const all = [...shapes, ...variants];
  const suspects = [...scan, ...timeShapes(variants, root, 1, 240)].filter((t) => t.cpuMs[0]! > CPU_BOUND_MS);
  const rechecked = suspects.length
    ? timeShapes(
        suspects.map((t) => all.find((s) => s.name === t.name)!),
        root,
        2,
        240,
      )
    : [];
  const overBound: OverBound = {
    bodies: all.length,
    over: rechecked
      .map((t) => {
        const first = suspects.find((x) => x.name === t.name)!;
        const runs = [first.cpuMs[0]!, ...t.cpuMs];
        const fastest = runs.indexOf(Math.min(...runs));
        return { name: t.name, ms: runs[fastest]!, floorMs: [first.floorMs[0]!, ...t.floorMs][fastest]! };
      })
      .filter((o) => o.ms > CPU_BOUND_MS)
      .sort((a, b) => b.ms - a.ms),
  };
  const after = new Map([...worst.values()].map((t) => [t.name, t]));
  const before = options.smoke
    ? undefined
    : inWorktree(BEFORE_COMMIT, (dir) =>
        picked.map((shape) => timeShapes([shape], dir, Math.min(reps, 3), capSeconds)[0]),
      );
  const routes = picked.map((shape, i): WorstRoute => {
    const a = after.get(shape.name)!;
    const b = before && !('skipped' in before) ? before[i] : undefined;
    return {
      route: shape.route,
      shape: shape.name.slice(shape.route.length + 1),
      bytes: a.bytes,
      after: runOf(a),
      ...(before && !('skipped' in before)
        ? { before: b ? runOf(b) : { overSeconds: capSeconds, floorMs: median(a.floorMs) } }
        : {}),
    };
  });
  return {
    shapes: shapes.length,
    overBound,
    routes,
    before: options.smoke ? 'smoke mode' : before && 'skipped' in before ? before.skipped : BEFORE_COMMIT,
    capSeconds,
  };
}
