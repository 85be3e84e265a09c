import { ISSUE_LIST_LIMIT, type Issue, type ValidatorResult } from '../../src/engine/index.ts';
import { ISSUE_PATH_CHARS_LIMIT } from '../../src/standard/limits.ts';

const byPathThenCode = (a: Issue, b: Issue): number =>
  a.path === b.path ? (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) : a.path < b.path ? -1 : 1;

/**
 * The issues a bounded answer lists, worked out from the unbounded check's full list
 * (docs/contract.md, "Limits"): `limit` of them, errors before warnings, each the first by path
 * then code, up to the one whose path takes the listed paths past ISSUE_PATH_CHARS_LIMIT
 * characters; listed by path then code.
 */
export function expectedListed(truth: ValidatorResult, limit: number = ISSUE_LIST_LIMIT): Issue[] {
  const all = [...[...truth.errors].sort(byPathThenCode), ...[...truth.warnings].sort(byPathThenCode)];
  const budget = limit === Infinity ? Infinity : ISSUE_PATH_CHARS_LIMIT;
  let chars = 0;
  let n = 0;
  while (n < Math.min(all.length, limit) && chars <= budget) chars += all[n++]!.path.length;
  return all.slice(0, n).sort(byPathThenCode);
}

/** How many issues a bounded answer lists (expectedListed). */
export const firstListed = (truth: ValidatorResult): number => expectedListed(truth).length;
