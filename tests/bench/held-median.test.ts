import { describe, expect, it } from 'vitest';
import { medianRun, type HeldFigures } from '../../bench/held-load.ts';

const run = (p99Ms: number, errors = 0, non2xx = 0): HeldFigures => ({
  name: 'POST /v1/validate',
  rate: 1000,
  achievedRate: 1000,
  sent: 5000,
  p50Ms: p99Ms / 4,
  p99Ms,
  p999Ms: p99Ms * 2,
  p99PerSecond: { min: p99Ms / 2, max: p99Ms * 3 },
  maxMs: p99Ms * 4,
  errors,
  non2xx,
  sendLagP99Ms: 1,
});

describe('medianRun: the held-load row of a route over several runs', () => {
  it('is the whole run with the median p99, every run listed in order', () => {
    const row = medianRun([run(9), run(3), run(5)]);
    expect(row.p99Ms).toBe(5);
    // Every other figure of the row comes from that same run, not from a mix of runs.
    expect([row.p50Ms, row.p999Ms, row.maxMs, row.p99PerSecond]).toEqual([1.25, 10, 20, { min: 2.5, max: 15 }]);
    expect(row.p99Runs).toEqual([9, 3, 5]);
  });

  it('takes the lower middle of an even count, and the one run of a single run', () => {
    expect(medianRun([run(8), run(2), run(6), run(4)]).p99Ms).toBe(4);
    expect(medianRun([run(7)]).p99Ms).toBe(7);
  });

  it('counts the errors and non-2xx answers of every run, not only the median one', () => {
    const row = medianRun([run(3, 2, 0), run(4, 0, 0), run(50, 0, 7)]);
    expect(row.p99Ms).toBe(4);
    expect([row.errors, row.non2xx]).toEqual([2, 7]);
  });
});
