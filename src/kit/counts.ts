import type { VerdictCounts } from '../engine/index.ts';
import type { KitVerdict } from './verdicts.ts';

/** The counts a kit report opens with, server or client side. */
export function countVerdicts(checks: readonly KitVerdict[]): VerdictCounts {
  const failed = checks.filter((v) => v.status === 'fail');
  return {
    pass: checks.filter((v) => v.status === 'pass').length,
    fail: failed.length,
    skip: checks.filter((v) => v.status === 'skip').length,
    must_fail: failed.filter((v) => v.severity === 'must').length,
    should_fail: failed.filter((v) => v.severity === 'should').length,
  };
}
