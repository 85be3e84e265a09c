/**
 * Which paths of a checked message its issues touch, over every issue, listed or not. The
 * reference server copies a request value only when no issue sits at it or below it, and the
 * exchange rules require a copy on the same condition; a result lists only the first issues
 * (issue-list.ts), so reading the listed ones would miss a flagged value past the cut.
 */
import { issueCode } from '../../standard/codes.ts';
import type { IssueDraft } from '../issues.ts';

/** Whether an issue sits at the path or below it (an error about the whole message flags every path). */
export type IssueFlags = (path: string) => boolean;

const draftsOf = new WeakMap<object, readonly IssueDraft[]>();

/** Called by the pipeline: the drafts behind a result, kept as long as the result is. */
export function rememberDrafts(result: object, drafts: readonly IssueDraft[]): void {
  draftsOf.set(result, drafts);
}

/** The members up to two levels deep that hold an issue: one pass, neighbours sharing a prefix skipped. */
function shallowPrefixes(drafts: readonly IssueDraft[]): Set<string> {
  const prefixes = new Set<string>();
  let last1 = '';
  let last2 = '';
  for (const { path } of drafts) {
    if (path === '') continue;
    const second = path.indexOf('/', 1);
    const first = second < 0 ? path : path.slice(0, second);
    if (first !== last1) prefixes.add((last1 = first));
    if (second < 0) continue;
    const third = path.indexOf('/', second + 1);
    const two = third < 0 ? path : path.slice(0, third);
    if (two !== last2) prefixes.add((last2 = two));
  }
  return prefixes;
}

const depth = (path: string): number => {
  let n = 0;
  for (let i = path.indexOf('/'); i >= 0; i = path.indexOf('/', i + 1)) n++;
  return n;
};

/**
 * The flags of a result made by this engine. A result from elsewhere (parsed from JSON) has only
 * its listed issues, which are all of them unless issues_listed says the list was cut.
 */
export function issueFlags(result: {
  readonly errors: readonly IssueDraft[];
  readonly warnings: readonly IssueDraft[];
}): IssueFlags {
  const drafts = draftsOf.get(result) ?? [...result.errors, ...result.warnings];
  const whole = drafts.some((d) => d.path === '' && issueCode(d.code)?.severity === 'error');
  let prefixes: Set<string> | undefined;
  return (path) => {
    if (whole || path === '') return whole || drafts.length > 0;
    if (depth(path) <= 2) return (prefixes ??= shallowPrefixes(drafts)).has(path);
    return drafts.some((d) => d.path === path || d.path.startsWith(`${path}/`));
  };
}
