/**
 * Which paths of a checked message its issues touch, over every issue, listed or not. The
 * reference server copies a request value only when no issue sits at it or below it, and the
 * exchange rules require a copy on the same condition; a result lists only the first issues
 * (issue-list.ts), so reading the listed ones would miss a flagged value past the cut.
 */
import { issueCode } from '../../standard/code-shapes.ts';
import type { IssueDraft } from '../issues.ts';
import type { IssueParts } from './issue-list.ts';
import type { SchemaFindings } from './schema.ts';
import { TextFindings } from './text-findings.ts';

/** Whether an issue sits at the path or below it (an error about the whole message flags every path). */
export type IssueFlags = (path: string) => boolean;

/**
 * Issues that say how a value stands to another member of its message, not that the value is
 * wrong, so they flag nothing: delivery.expiry_not_after_issue compares the expiry with the
 * request's issued_at, which an answer does not copy (its sender dates it), so the expiry is
 * copied all the same (spec section 4.2 rule 7) into an answer that is valid. Not among them:
 * trace.trace_id_mismatch, since an answer that copied the trace_id and continued the traceparent
 * would carry the same mismatch (docs/decisions.md, "Exchange rules").
 */
export const NOT_FLAGGING: ReadonlySet<string> = new Set(['delivery.expiry_not_after_issue']);

/**
 * The issues behind a result ride on it as a hidden member: not enumerable, so JSON, spreads and
 * structuredClone leave it out. A WeakMap keyed by the result did the same job, but its entries
 * outlive the result until a full collection, so a run over 20,000 files held every checked
 * message twice as long (peak memory doubled).
 */
const ISSUES = Symbol('issues');

/** Called by the pipeline: the issues behind a result, kept as long as the result is. */
export function rememberIssues(result: object, parts: IssueParts): void {
  Object.defineProperty(result, ISSUES, { value: parts });
}

/**
 * Visits the path of every issue as head + tail (the paths of schema findings and of the text's
 * findings are never joined: see SchemaFindings and TextFindings), with its code, until `visit` returns true.
 */
function somePath(parts: IssueParts, visit: (head: string, tail: string, code: string) => boolean): boolean {
  for (const part of parts) {
    if (Array.isArray(part)) {
      for (const d of part) if (visit(d.path, '', d.code)) return true;
      continue;
    }
    let found = false;
    if (part instanceof TextFindings) {
      part.forEach((head, tail) => {
        found ||= visit(head, tail, part.code);
      });
      if (found) return true;
      continue;
    }
    (part as SchemaFindings).forEach((code, error, _deep, tail) => {
      found ||= visit(error.instancePath, tail, code);
    });
    if (found) return true;
  }
  return false;
}

/** Whether head + tail is `path` or lies below it. */
function covers(head: string, tail: string, path: string): boolean {
  if (head.length >= path.length) {
    return head.startsWith(path) && (head.length === path.length || head.charCodeAt(path.length) === 0x2f);
  }
  const joined = head + tail;
  return joined === path || joined.startsWith(`${path}/`);
}

/** `/name`, the first member of a non-empty pointer. */
const firstMember = (path: string): string => {
  const second = path.indexOf('/', 1);
  return second < 0 ? path : path.slice(0, second);
};

/**
 * The issues' paths grouped by the message member they lie in. Copy rules ask about a handful of
 * paths, so a question scans only its member's group; a hostile wide array fills one group, and
 * no string is made per issue (a run of issues in one member is recognised by its prefix).
 */
class PathsByMember {
  private readonly groups = new Map<string, { heads: string[]; tails: string[] }>();

  constructor(parts: IssueParts) {
    let member = '';
    let group: { heads: string[]; tails: string[] } | undefined;
    somePath(parts, (head, tail, code) => {
      if (NOT_FLAGGING.has(code)) return false;
      const path = head === '' ? tail : head;
      if (path === '') return false;
      const same =
        group !== undefined &&
        path.startsWith(member) &&
        (path.length === member.length || path.charCodeAt(member.length) === 0x2f);
      if (!same) {
        member = firstMember(path);
        group = this.groups.get(member);
        if (!group) this.groups.set(member, (group = { heads: [], tails: [] }));
      }
      group!.heads.push(head);
      group!.tails.push(tail);
      return false;
    });
  }

  /** Whether an issue lies at a non-empty path or below it. */
  has(path: string): boolean {
    const group = this.groups.get(firstMember(path));
    if (!group) return false;
    const { heads, tails } = group;
    for (let i = 0; i < heads.length; i++) if (covers(heads[i]!, tails[i]!, path)) return true;
    return false;
  }
}

/**
 * The flags of a result made by this engine. A result from elsewhere (parsed from JSON) has only
 * its listed issues, which are all of them unless issues_listed says the list was cut.
 */
export function issueFlags(result: {
  readonly errors: readonly IssueDraft[];
  readonly warnings: readonly IssueDraft[];
}): IssueFlags {
  return flagsOfParts((result as { [ISSUES]?: IssueParts })[ISSUES] ?? [[...result.errors, ...result.warnings]]);
}

/** The flags of the issues behind a result, before there is one (pipeline.ts messageIssueFlags). */
export function flagsOfParts(parts: IssueParts): IssueFlags {
  let whole: boolean | undefined;
  let index: PathsByMember | undefined;
  const answers = new Map<string, boolean>();
  return (path) => {
    whole ??= somePath(
      parts,
      (head, tail, code) => head === '' && tail === '' && issueCode(code)?.severity === 'error',
    );
    if (whole) return true;
    if (path === '') return somePath(parts, (_head, _tail, code) => !NOT_FLAGGING.has(code));
    let answer = answers.get(path);
    if (answer === undefined) answers.set(path, (answer = (index ??= new PathsByMember(parts)).has(path)));
    return answer;
  };
}
