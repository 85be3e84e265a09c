/**
 * Bounded issue lists (docs/contract.md, "Limits"): a result counts every distinct issue exactly
 * but lists only ISSUE_LIST_LIMIT of them, errors before warnings, each the first in the stable
 * order (path, then code), and stops once their paths pass ISSUE_PATH_CHARS_LIMIT characters. The
 * errors come first because they are what makes a message fail: a hundred warnings at early paths
 * must not leave an invalid message with an empty `errors`. The listed ones are then sorted in the
 * stable order again. A hostile
 * message of 256 KiB can raise hundreds of thousands of issues; listing them all made answers a
 * hundred times larger than the request and the work to seal them quadratic in practice.
 * Counting stays linear: one pass, a set for de-duplication where two stages or two schemas can
 * raise the same issue, a bounded heap for the listed ones.
 */
import { issueCode, type IssueCodeId, type IssueCodeShape } from '../../standard/code-shapes.ts';
import { ISSUE_LIST_LIMIT, ISSUE_PATH_CHARS_LIMIT } from '../../standard/limits.ts';
import { levelBelow, type ConformanceLevelId } from '../../standard/levels.ts';
import type { Site } from '../../standard/urls.ts';
import { compareIssues, toIssue, type Issue, type IssueDraft } from '../issues.ts';
import { wellFormed } from '../json.ts';
import { guardedLevel, errorLevel } from './levels.ts';
import type { SchemaFindings } from './schema.ts';
import { TextFindings } from './text-findings.ts';

export interface IssueTally {
  /** `limit` distinct issues, errors before warnings, in the stable order, with severity and help_url. */
  readonly listed: Issue[];
  readonly errorCount: number;
  readonly warningCount: number;
  /** The conformance level over every issue, listed or not. */
  readonly level: ConformanceLevelId | null;
}

/**
 * The `limit` smallest items under `compare`, in order, from one pass over any number of items:
 * a max-heap of the kept ones, so an item costs O(log limit) whatever the input's order.
 */
export class SmallestItems<T> {
  private readonly heap: T[] = [];
  private readonly limit: number;
  private readonly compare: (a: T, b: T) => number;

  constructor(limit: number, compare: (a: T, b: T) => number) {
    this.limit = limit;
    this.compare = compare;
  }

  offer(item: T): void {
    const { heap, compare } = this;
    if (heap.length < this.limit) {
      heap.push(item);
      this.up(heap.length - 1);
    } else if (this.limit > 0 && compare(item, heap[0]!) < 0) {
      heap[0] = item;
      this.down(0);
    }
  }

  /**
   * The kept item an offered one must come before to be kept, or undefined while every offered item
   * is kept: an item can be compared before it is built.
   */
  get bar(): T | undefined {
    return this.heap.length < this.limit ? undefined : this.heap[0];
  }

  sorted(): T[] {
    return [...this.heap].sort(this.compare);
  }

  private up(i: number): void {
    const { heap, compare } = this;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (compare(heap[i]!, heap[parent]!) <= 0) return;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  private down(i: number): void {
    const { heap, compare } = this;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let largest = i;
      if (left < heap.length && compare(heap[left]!, heap[largest]!) > 0) largest = left;
      if (right < heap.length && compare(heap[right]!, heap[largest]!) > 0) largest = right;
      if (largest === i) return;
      [heap[i], heap[largest]] = [heap[largest]!, heap[i]!];
      i = largest;
    }
  }
}

/**
 * The codes seen at each path: one lookup by path, with no key built per issue (most paths carry
 * one code, so the second and later ones go in a short list).
 */
class CodesByPath {
  private readonly codes = new Map<string, string | string[]>();

  /** Records the pair; false when it was there already. */
  add(path: string, code: string): boolean {
    const had = this.codes.get(path);
    if (had === undefined) this.codes.set(path, code);
    else if (had === code) return false;
    else if (typeof had === 'string') this.codes.set(path, [had, code]);
    else if (had.includes(code)) return false;
    else had.push(code);
    return true;
  }
}

/** A draft's fields as a plain object (a draft may compute its words on read, as schema issues do). */
function plain(d: IssueDraft): IssueDraft {
  const out: IssueDraft = { code: d.code, path: d.path, message: d.message };
  if (d.expected !== undefined) out.expected = d.expected;
  if (d.actual !== undefined) out.actual = d.actual;
  if (d.keyword !== undefined) out.keyword = d.keyword;
  return out;
}

/**
 * The issues of a check in their stages' order: drafts, and the findings of the schema stage and
 * of the scans of the text (repeated names, imprecise numbers), read in place.
 */
export type IssueParts = readonly (readonly IssueDraft[] | SchemaFindings | TextFindings)[];

/** The sign of compareIssues' path order between `head + tail` and `path`, without joining them. */
export function comparePathParts(head: string, tail: string, path: string): number {
  return headOrder(head, path) || compareTail(tail, path, head.length);
}

/**
 * The order of `head` against `path`, 0 when path starts with it: otherwise the first difference
 * lies within head (or path ends first), and the tail cannot change the order.
 */
const headOrder = (head: string, path: string): number => (path.startsWith(head) ? 0 : head < path ? -1 : 1);

/** The sign of the order between `tail` and the rest of `path` from `from`. */
function compareTail(tail: string, path: string, from: number): number {
  for (let i = 0, j = from; ; i++, j++) {
    const a = i < tail.length ? tail.charCodeAt(i) : -1;
    const b = j < path.length ? path.charCodeAt(j) : -1;
    if (a !== b) return a < b ? -1 : 1;
    if (a < 0) return 0;
  }
}

/**
 * Counts the distinct issues (one per path and code) and lists `limit` of them: the first errors,
 * then the first warnings while there is room. Paths are made well-formed before they are
 * compared, so that every listed issue can be sealed into a conformance record.
 */
export function tallyIssues(parts: IssueParts, site: Site, limit: number = ISSUE_LIST_LIMIT): IssueTally {
  const seen = new CodesByPath();
  // One bounded heap per severity, each with its own remembered head (a part's issues share one).
  const kept = {
    error: new SmallestItems<IssueDraft>(limit, compareIssues),
    warning: new SmallestItems<IssueDraft>(limit, compareIssues),
  };
  const order = { error: new IssuePartsOrder(), warning: new IssuePartsOrder() };
  /** Whether an issue given as parts would be kept; no warning is, once `limit` errors are. */
  const wanted = (severity: IssueCodeShape['severity'], head: string, tail: string, code: string): boolean => {
    if (limit === 0 || (severity === 'warning' && kept.error.bar !== undefined)) return false;
    const bar = kept[severity].bar;
    return bar === undefined || order[severity].compare(head, tail, code, bar) < 0;
  };
  const broken = new Set<ConformanceLevelId>();
  let errorCount = 0;
  let warningCount = 0;

  const count = (severity: string, level: ConformanceLevelId): void => {
    if (severity === 'error') errorCount++;
    else warningCount++;
    broken.add(level);
  };
  /** Any draft: de-duplicated through the set of paths and codes. */
  const consider = (draft: IssueDraft): void => {
    const path = wellFormed(draft.path);
    if (!seen.add(path, draft.code)) return;
    const severity = issueCode(draft.code).severity;
    count(severity, guardedLevel({ code: draft.code, severity, path }));
    if (severity === 'warning' && kept.error.bar !== undefined) return;
    kept[severity].offer(path === draft.path ? draft : { ...plain(draft), path });
  };

  // Codes some other stage also raises: a deep schema issue with one of them goes through the set.
  const shared = new Set<string>();
  for (const part of parts) if (Array.isArray(part)) for (const d of part) shared.add(d.code);

  for (const part of parts) {
    if (Array.isArray(part)) {
      for (const draft of part) consider(draft);
      continue;
    }
    if (part instanceof TextFindings) {
      const { code } = part;
      if (!part.wellFormedPaths || !part.distinctPaths || shared.has(code)) {
        part.forEach((_head, _tail, k) => consider(part.draft(k)));
        continue;
      }
      // Distinct paths (text-findings.ts), of a code no other part raises: counted without the set.
      const severity = issueCode(code).severity;
      // Only the rungs of schema.* codes depend on the path.
      const level = guardedLevel({ code, severity, path: '' });
      part.forEach((head, tail, k) => {
        count(severity, level);
        if (wanted(severity, head, tail, code)) kept[severity].offer(part.draft(k));
      });
      continue;
    }
    const findings = part as SchemaFindings;
    // The fast path holds nothing per issue: the previous issue's parts for the neighbour check,
    // and the last checked instancePath (an item's errors share it).
    let previousCode: IssueCodeId | undefined;
    let previousHead = '';
    let previousTail = '';
    let checkedHead: string | undefined;
    let headWellFormed = true;
    findings.forEach((code, error, deep, tail) => {
      const head = error.instancePath;
      if (!findings.wellFormedPaths && head !== checkedHead) headWellFormed = (checkedHead = head).isWellFormed();
      if (!deep || !headWellFormed || shared.has(code)) {
        consider(findings.draft(code, error));
        return;
      }
      // A deep schema issue repeats only right after itself (SchemaFindings): no set needed. Its
      // head is two members deep or more, so the head alone says whether it lies in the body.
      if (code === previousCode && head === previousHead && tail === previousTail) return;
      previousCode = code;
      previousHead = head;
      previousTail = tail;
      const severity = issueCode(code).severity;
      count(severity, severity === 'warning' ? 'L4' : errorLevel(code, head.startsWith('/body/')));
      if (wanted(severity, head, tail, code)) kept[severity].offer(findings.draft(code, error));
    });
  }
  const errors = kept.error.sorted();
  const chosen = [...errors, ...kept.warning.sorted().slice(0, limit - errors.length)];
  // The path budget is spent in the same order, errors first; the list is then in the stable order.
  const first = withinPathChars(chosen, limit === Infinity ? Infinity : ISSUE_PATH_CHARS_LIMIT).sort(compareIssues);
  const listed = first.map((d) => toIssue(site, { ...plain(d), message: wellFormed(d.message) }));
  return { listed, errorCount, warningCount, level: levelBelow(broken) };
}

/**
 * The first drafts, up to and including the one whose path takes the listed paths past `chars`
 * characters: the lists of an answer then hold at most `chars` plus one path, and a path is part
 * of the request.
 */
export function withinPathChars<T extends { readonly path: string }>(drafts: readonly T[], chars: number): T[] {
  let used = 0;
  for (let i = 0; i < drafts.length; i++) {
    if (used > chars) return drafts.slice(0, i);
    used += drafts[i]!.path.length;
  }
  return [...drafts];
}

/**
 * compareIssues between an issue given as parts and a kept one. The issues of one object or item
 * share one head string, hundreds of characters long at the end of a long path, and the kept issue
 * to beat seldom changes: whether its path starts with the head is asked once per pair of them,
 * not once per issue.
 */
export class IssuePartsOrder {
  private head: string | undefined;
  private path: string | undefined;
  /** The order of the head against the path, 0 when the path starts with it. */
  private headSign = 0;

  compare(head: string, tail: string, code: string, kept: { readonly path: string; readonly code: string }): number {
    const { path } = kept;
    if (head !== this.head || path !== this.path) {
      this.head = head;
      this.path = path;
      this.headSign = headOrder(head, path);
    }
    const byPath = this.headSign || compareTail(tail, path, head.length);
    return byPath !== 0 ? byPath : code < kept.code ? -1 : code > kept.code ? 1 : 0;
  }
}
