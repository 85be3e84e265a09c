/** Small statistics shared by the bench modules: every figure is a median with its min and max. */
export interface Spread {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly runs: number;
}

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export const round = (x: number, digits = 1): number => Math.round(x * 10 ** digits) / 10 ** digits;

export function spread(xs: readonly number[], digits = 1): Spread {
  if (xs.length === 0) return { median: NaN, min: NaN, max: NaN, runs: 0 };
  return {
    median: round(median(xs), digits),
    min: round(Math.min(...xs), digits),
    max: round(Math.max(...xs), digits),
    runs: xs.length,
  };
}

/** Microseconds per call of `fn`, one figure per batch of `n` calls, after one warm-up batch. */
export function microsPerCall(fn: () => void, n: number, batches: number): number[] {
  for (let i = 0; i < n; i += 1) fn();
  const per: number[] = [];
  for (let b = 0; b < batches; b += 1) {
    const t = process.hrtime.bigint();
    for (let i = 0; i < n; i += 1) fn();
    per.push(Number(process.hrtime.bigint() - t) / 1000 / n);
  }
  return per;
}

/**
 * Like microsPerCall, but CPU time of this process (user + system, GC threads included) instead of
 * wall time: on a shared, loaded machine wall time counts the time the process waited for a core.
 */
export function cpuMicrosPerCall(fn: () => void, n: number, batches: number): number[] {
  for (let i = 0; i < n; i += 1) fn();
  const per: number[] = [];
  for (let b = 0; b < batches; b += 1) {
    const t = process.cpuUsage();
    for (let i = 0; i < n; i += 1) fn();
    const d = process.cpuUsage(t);
    per.push((d.user + d.system) / n);
  }
  return per;
}

/**
 * Two functions timed in alternating batches (a, b, a, b, ...) on the CPU clock, with the ratio
 * b / a of each pair of neighbouring batches: a change of the machine's load during the run hits
 * both sides of a pair alike, so the median of the pair ratios is steadier than the ratio of two
 * medians measured one after the other.
 */
export function pairedMicros(
  a: () => void,
  b: () => void,
  n: number,
  batches: number,
): { a: number[]; b: number[]; ratios: number[] } {
  const cpu = (fn: () => void) => {
    const t = process.cpuUsage();
    for (let i = 0; i < n; i += 1) fn();
    const d = process.cpuUsage(t);
    return (d.user + d.system) / n;
  };
  cpu(a);
  cpu(b);
  const out = { a: [] as number[], b: [] as number[], ratios: [] as number[] };
  for (let i = 0; i < batches; i += 1) {
    const ta = cpu(a);
    const tb = cpu(b);
    out.a.push(ta);
    out.b.push(tb);
    out.ratios.push(tb / ta);
  }
  return out;
}
