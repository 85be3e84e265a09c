/**
 * Before and after in the same run: the per-stage timing of a check (bench/stages.ts) on the
 * engine as it was when issue 15 was filed and on this checkout, in alternating fresh processes on
 * the same machine, so that the comparison does not depend on how loaded the machine was on
 * another day. The old engine is checked out at BASELINE_COMMIT into a temporary git worktree
 * (removed afterwards) and timed by its own bench/stages.ts, which measures the same stages under
 * the same names; the only change made to it is its clock: CPU time of the process, as now
 * (the harness of that commit timed wall-clock time).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { NODE } from './http.ts';
import type { MockStageFigures } from './mock-stages.ts';
import type { StageFigures } from './stages.ts';
import { median, round } from './stats.ts';
import { inWorktree } from './worktree.ts';

/** The commit that added bench/stages.ts, before any of issue 15's changes to the engine. */
export const BASELINE_COMMIT = '46f63c6a4fa895f513eb8b11e61373e64fad62a1';

export type Medians = Pick<StageFigures, 'stagesUs' | 'validateUs' | 'floorUs' | 'ratio' | 'mockUs'>;

export type BaselineFigures =
  | { readonly commit: string; readonly rounds: number; readonly before: Medians; readonly after: Medians }
  | { readonly skipped: string };

/** The first line of `script --json` run in a fresh process in `dir`: its figures. */
function figuresIn<T>(script: string, dir: string): T {
  const out = spawnSync(NODE, [script, '--json'], { cwd: dir, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`${script} failed in ${dir}: ${out.stderr}`);
  return JSON.parse(out.stdout.split('\n')[0]!) as T;
}

/** `rounds` fresh runs of `script` on each engine, alternating: the older one (in `dir`), then this checkout. */
function alternating<T>(script: string, dir: string, rounds: number): { before: T[]; after: T[] } {
  const before: T[] = [];
  const after: T[] = [];
  for (let i = 0; i < rounds; i++) {
    before.push(figuresIn<T>(script, dir));
    after.push(figuresIn<T>(script, resolve('.')));
  }
  return { before, after };
}

function medians(runs: readonly StageFigures[]): Medians {
  const m = (pick: (f: StageFigures) => number) => round(median(runs.map(pick)), 2);
  const names = Object.keys(runs[0]!.stagesUs);
  return {
    stagesUs: Object.fromEntries(names.map((n) => [n, m((f) => f.stagesUs[n]!)])),
    validateUs: m((f) => f.validateUs),
    floorUs: m((f) => f.floorUs),
    // Both harnesses report these two medians; the newer one also pairs batches, the older does not.
    ratio: m((f) => f.validateUs / f.floorUs),
    mockUs: m((f) => f.mockUs),
  };
}

/** Runs the stages of the baseline and of this checkout `rounds` times each, alternating. */
export function baselineStages(rounds = 4): BaselineFigures {
  const root = resolve('.');
  return inWorktree(
    BASELINE_COMMIT,
    (dir) => {
      const { before, after } = alternating<StageFigures>('bench/stages.ts', dir, rounds);
      return { commit: BASELINE_COMMIT, rounds, before: medians(before), after: medians(after) };
    },
    (dir) => {
      // The current harness helpers (a superset of the old ones), and the old stages on the CPU clock.
      copyFileSync(join(root, 'bench/stats.ts'), join(dir, 'bench/stats.ts'));
      const stagesFile = join(dir, 'bench/stages.ts');
      const wallClock = "import { median, microsPerCall, round } from './stats.ts';";
      const source = readFileSync(stagesFile, 'utf8');
      if (!source.includes(wallClock)) throw new Error('the baseline bench/stages.ts is not the expected one');
      writeFileSync(
        stagesFile,
        source.replace(wallClock, "import { median, cpuMicrosPerCall as microsPerCall, round } from './stats.ts';"),
      );
    },
  );
}

/**
 * The mock exchange's stages before this round's cuts to it: the engine at MOCK_BASELINE_COMMIT
 * (the last commit before them) timed by this checkout's bench/mock-stages.ts, copied into its
 * worktree (the file reads either engine), alternating with this checkout in fresh processes.
 */
export const MOCK_BASELINE_COMMIT = '8012227c1fe82d9aaae4d24f2fd9b5c9f94cb58f';

export type MockBaselineFigures =
  | {
      readonly commit: string;
      readonly rounds: number;
      readonly before: MockStageFigures;
      readonly after: MockStageFigures;
    }
  | { readonly skipped: string };

function mockMedians(runs: readonly MockStageFigures[]): MockStageFigures {
  const m = (pick: (f: MockStageFigures) => number) => round(median(runs.map(pick)), 2);
  return {
    bytes: runs[0]!.bytes,
    stagesUs: Object.fromEntries(Object.keys(runs[0]!.stagesUs).map((n) => [n, m((f) => f.stagesUs[n]!)])),
    wholeUs: m((f) => f.wholeUs),
  };
}

export function mockBaselineStages(rounds = 4): MockBaselineFigures {
  const root = resolve('.');
  return inWorktree(
    MOCK_BASELINE_COMMIT,
    (dir) => {
      const { before, after } = alternating<MockStageFigures>('bench/mock-stages.ts', dir, rounds);
      return { commit: MOCK_BASELINE_COMMIT, rounds, before: mockMedians(before), after: mockMedians(after) };
    },
    (dir) => {
      for (const file of ['bench/stats.ts', 'bench/mock-stages.ts']) copyFileSync(join(root, file), join(dir, file));
    },
  );
}
