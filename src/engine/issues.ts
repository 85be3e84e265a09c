import { issueCode, type IssueCodeId } from '../standard/code-shapes.ts';
import { links, type Site } from '../standard/urls.ts';

/** One finding (CONTRACT section 4). The only issue shape in the engine; HTTP shells never invent their own. */
export interface Issue {
  code: IssueCodeId;
  severity: 'error' | 'warning';
  path: string;
  message: string;
  expected?: unknown;
  actual?: unknown;
  keyword?: string;
  help_url: string;
}

export type IssueDraft = Omit<Issue, 'severity' | 'help_url'>;

/** Fills severity and help_url from the error registry; an unpublished code is a programming error. */
export function toIssue(site: Site, draft: IssueDraft): Issue {
  const entry = issueCode(draft.code);
  // help_url is set last so that items keep the issue_item field order.
  const issue = { code: draft.code, severity: entry.severity, path: draft.path, message: draft.message } as Issue;
  if (draft.expected !== undefined) issue.expected = draft.expected;
  if (draft.actual !== undefined) issue.actual = draft.actual;
  if (draft.keyword !== undefined) issue.keyword = draft.keyword;
  issue.help_url = links(site).codeHelp(draft.code);
  return issue;
}

/**
 * An issue as one line of text, `code at path: message` (the root path written `/`): how the
 * command, the kits and the report of implementations show a finding in plain text.
 */
export const issueLine = (issue: { readonly code: string; readonly path: string; readonly message: string }): string =>
  `${issue.code} at ${issue.path || '/'}: ${issue.message}`;

/** Stable order of issues: by path, then code (CONTRACT section 4). */
export const compareIssues = (a: Pick<Issue, 'path' | 'code'>, b: Pick<Issue, 'path' | 'code'>): number =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : a.code < b.code ? -1 : a.code > b.code ? 1 : 0;

/** Sorts in place by compareIssues and returns the array. */
export const sortIssues = <T extends Pick<Issue, 'path' | 'code'>>(issues: T[]): T[] => issues.sort(compareIssues);
