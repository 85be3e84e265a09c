/**
 * Bounded issue lists (docs/contract.md, "Limits"): a result counts every distinct issue exactly
 * but lists only the first ISSUE_LIST_LIMIT in the stable order (path, then code). A hostile
 * message of 256 KiB can raise hundreds of thousands of issues; listing them all made answers a
 * hundred times larger than the request and the work to seal them quadratic in practice.
 * Counting stays linear: one pass, a set for de-duplication where two stages or two schemas can
 * raise the same issue, a bounded heap for the listed ones.
 */
import { issueCode } from '../../standard/codes.ts';
import { ISSUE_LIST_LIMIT } from '../../standard/limits.ts';
import { levelBelow, type ConformanceLevelId } from '../../standard/levels.ts';
import type { Site } from '../../standard/urls.ts';
import { compareIssues, toIssue, type Issue, type IssueDraft } from '../issues.ts';
import { wellFormed } from '../json.ts';
import { guardedLevel } from './levels.ts';
import { SchemaIssue } from './schema.ts';

export interface IssueTally {
  /** The first `limit` distinct issues in the stable order, with severity and help_url. */
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
 * Counts the distinct issues among the drafts (one per path and code) and lists the first
 * `limit` of them. Paths are made well-formed before they are compared, so that every listed
 * issue can be sealed into a conformance record.
 */
export function tallyIssues(drafts: readonly IssueDraft[], site: Site, limit: number = ISSUE_LIST_LIMIT): IssueTally {
  const seen = new CodesByPath();
  const kept = new SmallestItems<IssueDraft>(limit, compareIssues);
  const broken = new Set<ConformanceLevelId>();
  let errorCount = 0;
  let warningCount = 0;
  // Codes some other stage also raises: a deep schema issue with one of them is looked up in full.
  const shared = new Set<string>();
  for (const draft of drafts) if (!(draft instanceof SchemaIssue)) shared.add(draft.code);
  let previous: IssueDraft | undefined;
  for (const draft of drafts) {
    const path = wellFormed(draft.path);
    if (draft instanceof SchemaIssue && draft.deep && path === draft.path && !shared.has(draft.code)) {
      // A deep schema issue repeats only right after itself (SchemaIssue.deep): no set needed.
      const again = previous !== undefined && previous.code === draft.code && previous.path === path;
      previous = draft;
      if (again) continue;
    } else if (!seen.add(path, draft.code)) continue;
    const severity = issueCode(draft.code).severity;
    if (severity === 'error') errorCount++;
    else warningCount++;
    broken.add(guardedLevel({ code: draft.code, severity, path }));
    kept.offer(path === draft.path ? draft : { ...plain(draft), path });
  }
  const listed = kept.sorted().map((d) => toIssue(site, { ...plain(d), message: wellFormed(d.message) }));
  return { listed, errorCount, warningCount, level: levelBelow(broken) };
}
