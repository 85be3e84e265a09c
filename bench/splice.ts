/**
 * `npm run bench -- --only package`: the package's figures measured alone, written into an
 * existing report in place of its own (section 6 and the package rows of the Goals table), so the
 * other sections keep the figures of their own full run. The section says when and under what
 * load it was measured.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { PackageFigures } from './package.ts';
import { goalRow, packageGoals, packageSection } from './report.ts';

export interface SpliceMachine {
  readonly loadAtStart: readonly number[];
  readonly loadAtEnd: readonly number[];
  readonly node: string;
  readonly cores: number;
}

const HEADING = '## 6. The package (@uai-1/uai)';

export function spliceReport(file: string, figures: PackageFigures, m: SpliceMachine): void {
  const lines = readFileSync(file, 'utf8').split('\n');
  const goals = packageGoals(figures);
  const names = new Set(goals.map((g) => g.goal));
  // The Goals table: drop this package's old rows, append the new ones at the table's end.
  const kept = lines.filter((l) => !names.has(l.split(' | ')[0]!.replace(/^\| /, '')));
  const goalsAt = kept.indexOf('## Goals');
  let end = goalsAt + 3;
  while (kept[end]?.startsWith('|')) end++;
  kept.splice(end, 0, ...goals.map(goalRow));
  // Section 6: replaced where it is, else put before the findings (or at the end).
  const start = kept.indexOf(HEADING);
  if (start >= 0) {
    const next = kept.findIndex((l, i) => i > start && l.startsWith('## '));
    kept.splice(start, (next < 0 ? kept.length : next) - start);
  }
  const load = (xs: readonly number[]) => xs.map((x) => x.toFixed(2)).join(' / ');
  const measured = `Measured alone by \`npm run bench -- --only package\` at ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}, Node ${m.node}, ${m.cores} cores, load average at start ${load(m.loadAtStart)}, at end ${load(m.loadAtEnd)}${m.loadAtStart[0]! > m.cores ? ' (a busy shared machine: wall times inflated; read the ratios and the CPU times)' : ''}.`;
  const at = start >= 0 ? start : kept.indexOf('## Findings and what limits the rest');
  kept.splice(at < 0 ? kept.length : at, 0, ...packageSection(figures, measured));
  writeFileSync(file, kept.join('\n'));
}
