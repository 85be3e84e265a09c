/** The held-load goal row and table of BENCHMARKS.md (figures from bench/held-load.ts). */
import type { HeldSeries } from './held-load.ts';
import { fmt, row, type Goal } from './markdown.ts';

/** Issue 37: latency at a load the service can carry, half its saturated rate. */
export const HELD_P99_MS = 5;

/** "3.10 (runs 2.90-4.20)": the median run's p99 with the spread of every run's. */
const p99OfRuns = (h: HeldSeries) =>
  h.p99Runs.length > 1
    ? `${fmt(h.p99Ms, 2)} (runs ${fmt(Math.min(...h.p99Runs), 2)}-${fmt(Math.max(...h.p99Runs), 2)})`
    : fmt(h.p99Ms, 2);

const percent = (share: number) => `${fmt(share * 100, 1)}%`;

/** The run of a route by name (validate, the static peer at validate's rate, mock-exchange). */
const named = (held: readonly HeldSeries[], prefix: string) => held.find((h) => h.name.startsWith(prefix));

export function heldGoals(held: readonly HeldSeries[]): Goal[] {
  const v = named(held, 'POST /v1/validate');
  const peer = named(held, 'GET ');
  if (!v) return [];
  return [
    {
      goal: `POST /v1/validate p99 <= ${HELD_P99_MS} ms at half the saturated rate (open loop), 0 errors, 0 non-2xx`,
      figure: `p99 ${p99OfRuns(v)} ms at ${v.rate} req/s, median of ${v.p99Runs.length} run${v.p99Runs.length === 1 ? '' : 's'}${peer ? `; the static route at the same rate p99 ${p99OfRuns(peer)} ms (${fmt(v.p99Ms / peer.p99Ms, 2)}x)` : ''}${v.server ? `; the server's event loop thread on a core ${percent(v.server.busyShare)} of that run (${fmt(v.server.cpuUsPerAnswer, 1)} µs of CPU per answer)` : ''}; ${v.errors} errors, ${v.non2xx} non-2xx`,
      met: v.p99Ms <= HELD_P99_MS && v.errors === 0 && v.non2xx === 0,
    },
  ];
}

/** The held-load table's columns: the route, then figures (right-aligned). */
const HELD_COLUMNS = [
  'route',
  'rate req/s',
  'answered req/s',
  'p50 ms',
  'p99 ms (runs min-max)',
  'p99 per second, min-max',
  'p99.9 ms',
  'max ms',
  'send lag p99 ms',
  'server CPU µs per answer',
  'server on a core',
  'server waiting for a core',
  'errors',
  'non-2xx',
];

export function heldSection(held: readonly HeldSeries[]): string[] {
  if (held.length === 0) return [];
  return [
    '### Latency at a held load (open loop)',
    '',
    "Each POST route at half the median rate it saturated at in the runs above, and the static route at validate's rate as the peer, same server, right after them (bench/held-load.ts, heldSeries): each route first runs 2 s at its rate, not counted (as wrk2 discards its calibration), then 5 s runs alternate between the routes, three per route in full mode; each row is the route's run with the median p99, with the p99 of every run and, for that run, of each of its seconds; errors and non-2xx count every run. Requests leave on a fixed schedule whatever the answers, over as many keep-alive connections as that takes, and each latency runs from the request's scheduled time, so a stall is charged to every request that waited behind it (no coordinated omission). The generator runs in a fresh process of its own (bench/held-child.ts), as wrk2 does, not in the bench process that holds every earlier step's figures, whose collections would be charged to the server; it writes prepared bytes on raw keep-alive connections, sleeps on a timer between sends and runs on the same 2 cores as the server; its lateness (send lag) is inside the latencies. The server columns are the server's event loop thread over the same run (Linux's /proc/<pid>/schedstat of its main thread): CPU per answer, and the shares of the run's wall time it spent on a core and runnable but waiting for one; a p99 far above the static route's with that thread on a core most of the run is queueing at that load, not a stall.",
    '',
    row(HELD_COLUMNS),
    row(HELD_COLUMNS.map((_, i) => (i === 0 ? '---' : '---:'))),
    ...held.map((h) =>
      row([
        h.name,
        h.rate,
        h.achievedRate,
        fmt(h.p50Ms, 2),
        p99OfRuns(h),
        `${fmt(h.p99PerSecond.min, 2)}-${fmt(h.p99PerSecond.max, 2)}`,
        fmt(h.p999Ms, 2),
        fmt(h.maxMs, 2),
        fmt(h.sendLagP99Ms, 2),
        h.server ? fmt(h.server.cpuUsPerAnswer, 1) : 'n/a',
        h.server ? percent(h.server.busyShare) : 'n/a',
        h.server ? percent(h.server.waitShare) : 'n/a',
        h.errors,
        h.non2xx,
      ]),
    ),
    '',
  ];
}
