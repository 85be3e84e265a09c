import { ISSUE_LIST_LIMIT, type ValidatorResult } from '../../src/engine/index.ts';
import { ISSUE_PATH_CHARS_LIMIT } from '../../src/standard/limits.ts';

/**
 * How many issues a bounded answer lists, worked out from the unbounded check's full list
 * (docs/contract.md, "Limits"): the first ISSUE_LIST_LIMIT by path then code, up to the one whose
 * path takes the listed paths past ISSUE_PATH_CHARS_LIMIT characters.
 */
export function firstListed(truth: ValidatorResult): number {
  const all = [...truth.errors, ...truth.warnings].sort((a, b) =>
    a.path === b.path ? (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) : a.path < b.path ? -1 : 1,
  );
  let chars = 0;
  let n = 0;
  while (n < Math.min(all.length, ISSUE_LIST_LIMIT) && chars <= ISSUE_PATH_CHARS_LIMIT) chars += all[n++]!.path.length;
  return n;
}
