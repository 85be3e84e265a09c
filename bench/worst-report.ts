/** The worst shapes' goal rows and section of BENCHMARKS.md (figures from bench/worst-shapes.ts). */
import { fmt, row, type Goal } from './markdown.ts';
import { CPU_BOUND_MS, type WorstFigures, type WorstRoute } from './worst-shapes.ts';

/** Issue 33, item 1: every route's worst shape within 10x the floor of the same bytes. */
export const WORST_TIMES_FLOOR = 10;

const range = (s: { min: number; max: number }) => `${fmt(s.min)}-${fmt(s.max)}`;

function beforeText(r: WorstRoute): string {
  if (!r.before) return 'not measured';
  if ('overSeconds' in r.before)
    return `> ${r.before.overSeconds} s (> ${fmt((r.before.overSeconds * 1000) / r.before.floorMs, 0)}x)`;
  return `${fmt(r.before.ms.median)} ms (${fmt(r.before.ratio.median)}x)`;
}

export function worstGoals(w: WorstFigures): Goal[] {
  const { over, bodies } = w.overBound;
  const worst = over[0];
  return [
    ...w.routes.map((r) => ({
      goal: `POST /v1/${r.route} worst shape <= ${WORST_TIMES_FLOOR}x its floor`,
      figure: `${fmt(r.after.ratio.median)}x (${range(r.after.ratio)}; ${r.shape}; before: ${beforeText(r)})`,
      met: r.after.ratio.median <= WORST_TIMES_FLOOR,
    })),
    {
      goal: `every worst-shape POST <= ${CPU_BOUND_MS} ms of CPU (CONTRACT section 8), fastest of 3 runs`,
      figure: worst
        ? `${over.length} of ${bodies} bodies over; the most ${fmt(worst.ms)} ms (floor ${fmt(worst.floorMs, 1)} ms, \`${worst.name}\`)`
        : `none of ${bodies} bodies over`,
      met: over.length === 0,
    },
  ];
}

export function worstSection(w: WorstFigures): string[] {
  const before =
    w.before.length === 40
      ? `the engine at commit ${w.before.slice(0, 7)} (the last before issue 33's changes, in a temporary git worktree; each of its runs a child process stopped after ${w.capSeconds} s)`
      : `the engine before issue 33: not measured (${w.before})`;
  return [
    '## 7. Worst shapes (issue 33)',
    '',
    `The ${w.shapes} adversarial bodies of bench/worst-shape-bodies.ts (every route, profile and family, each filled to just under the 256 KiB body limit), posted to the route cores in process as the functions run them (\`postToCore\`), CPU time per POST next to the floor of the same bytes (JSON.parse + canonicalize + sha256 + JSON.stringify, bench/floor.ts) in the same process. Every shape is timed once; the four with the highest ratio to the floor on each route are then timed again, four times each (twice in smoke mode), in a fresh process, and the one with the highest median ratio is the route's worst: its runs are the after figures, and it is timed again on ${before}. Ratios are per POST against the floor run next to it; min-max over the runs.`,
    '',
    row([
      'route',
      'worst shape',
      'body bytes',
      'status',
      'answer bytes',
      'after ms (min-max)',
      'floor ms',
      'after / floor (min-max)',
      'before',
    ]),
    row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...w.routes.map((r) =>
      row([
        `POST /v1/${r.route}`,
        `\`${r.shape}\``,
        r.bytes,
        r.after.status,
        r.after.answerBytes,
        `${fmt(r.after.ms.median)} (${range(r.after.ms)})`,
        fmt(r.after.floorMs.median, 2),
        `${fmt(r.after.ratio.median)}x (${range(r.after.ratio)})`,
        beforeText(r),
      ]),
    ),
    '',
    overBoundText(w),
    '',
  ];
}

/** The bodies over the contract's CPU bound, costliest first (docs/contract.md, "Where the 100 ms bound is not met"). */
function overBoundText(w: WorstFigures): string {
  const { over, bodies } = w.overBound;
  const head = `Every body above and its summary, record and SARIF variants (${bodies} in all), each timed once, and again twice when over ${CPU_BOUND_MS} ms of CPU: `;
  if (!over.length) return `${head}none took more than ${CPU_BOUND_MS} ms in its fastest run.`;
  const costliest = over
    .slice(0, 5)
    .map((o) => `\`${o.name}\` ${fmt(o.ms)} ms (floor ${fmt(o.floorMs, 1)} ms)`)
    .join(', ');
  return `${head}${over.length} took more than ${CPU_BOUND_MS} ms in their fastest run (docs/contract.md, "Where the 100 ms bound is not met"); the costliest: ${costliest}.`;
}
