import type { IssueCodeId } from '../../standard/code-shapes.ts';
import type { IssueDraft } from '../issues.ts';

/**
 * Issues only the JSON text shows (repeated names, duplicates.ts; numbers a double cannot hold,
 * numbers.ts), read in place by the issue tally (issue-list.ts) and the copy flags
 * (issue-flags.ts) as the schema stage's findings are: each path as its container's pointer
 * (head) and `/token` (tail), joined only when the issue is listed. A hostile body raises
 * thousands of them at the end of a path of hundreds of characters; a joined path per issue,
 * hashed into the tally's set, cost ten times the floor.
 */
export abstract class TextFindings {
  /** The one code of these issues. */
  abstract readonly code: IssueCodeId;
  /** Whether every path is well-formed UTF-16, so that none changes when it is made well-formed. */
  abstract readonly wellFormedPaths: boolean;
  /** Whether forEach visits each path once, so that the tally counts them without a set. */
  abstract readonly distinctPaths: boolean;
  /** Each issue's path in two parts, made well-formed as a listed path is. */
  abstract forEach(visit: (head: string, tail: string, k: number) => void): void;
  /** The draft of the k-th issue. */
  abstract draft(k: number): IssueDraft;
}
