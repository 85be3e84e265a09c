import type { VerdictCounts } from '../../engine/index.ts';
import type { KitVerdict } from './verdict.ts';

/** The exchange rules' counts, and the checks that apply but were not exercised (each fails the run). */
export interface KitCounts extends VerdictCounts {
  readonly not_exercised: number;
}

/** The counts a kit report opens with, server or client side; failures split by severity. */
export function countVerdicts(checks: readonly KitVerdict[]): KitCounts {
  const failed = checks.filter((v) => v.status === 'fail');
  return {
    pass: checks.filter((v) => v.status === 'pass').length,
    fail: failed.length,
    not_exercised: checks.filter((v) => v.status === 'not_exercised').length,
    skip: checks.filter((v) => v.status === 'skip').length,
    must_fail: failed.filter((v) => v.severity === 'must').length,
    should_fail: failed.filter((v) => v.severity === 'should').length,
  };
}
