/** The few Markdown and number formats every section of BENCHMARKS.md writes with. */
export const row = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;
export const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
export const fmt = (n: number | undefined, d = 1) => (n === undefined || Number.isNaN(n) ? 'n/a' : n.toFixed(d));

/** A row of the Goals table: what is aimed at, the run's figure, and whether it is met. */
export interface Goal {
  readonly goal: string;
  readonly figure: string;
  readonly met: boolean | undefined;
}
