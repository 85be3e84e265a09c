import { guardsByPath, issueCode } from '../../standard/code-shapes.ts';
import { levelBelow, type ConformanceLevelId } from '../../standard/levels.ts';
import type { Issue } from '../issues.ts';

/**
 * Conformance level (CONTRACT section 7): the highest rung whose guards, and those of every rung
 * below, no issue breaks. Each code's rung comes from the error registry; schema.* codes and
 * keyless.required_null and field.alias_key (guardsByPath) guard L1 on envelope paths and L2 inside the body (`/body/...`; a missing or mistyped body itself is
 * an envelope failure). Every warning guards L4 (L4 = L3 with zero warnings).
 *
 * When L0 itself fails (not an object, too deep, no canonical form, keyless shape broken) the
 * message reaches no rung: the result reports conformance_level null and the conformance record
 * omits body.conformance_level (the published set is L0-L4; "none" is not a level).
 */
export function guardedLevel(issue: Pick<Issue, 'code' | 'severity' | 'path'>): ConformanceLevelId {
  if (issue.severity === 'warning') return 'L4';
  return errorLevel(issue.code, issue.path.startsWith('/body/'));
}

/** The rung an error guards, given whether its path lies inside the body (only guardsByPath codes care). */
export function errorLevel(code: string, inBody: boolean): ConformanceLevelId {
  if (guardsByPath(code)) return inBody ? 'L2' : 'L1';
  return issueCode(code)?.level ?? 'L0';
}

export function conformanceLevel(
  issues: readonly Pick<Issue, 'code' | 'severity' | 'path'>[],
): ConformanceLevelId | null {
  return levelBelow(issues.map(guardedLevel));
}
