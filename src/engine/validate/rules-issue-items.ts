import type { IssueDraft } from '../issues.ts';
import { isIssueCode, isPublishedErrorCode, issueCode } from '../../standard/code-shapes.ts';
import { isUri } from '../../standard/formats/uri.ts';
import { codeAnchor, ERROR_REGISTRY_PAGE } from '../../standard/urls.ts';
import { PUBLISHED_CHECK_IDS, PUBLISHED_CHECK_LEVELS } from '../generated/published-checks.js';
import { childPath } from '../pointer.ts';
import { echo, isRecord, ownString } from '../json.ts';

/**
 * The issue items a message carries (CONTRACT section 4): a conformance result's `issues` and a
 * typed error's `errors`. Their shape, the path's RFC 6901 syntax included, is the schema's
 * (issue_item); what needs the error registry is here: the code is one its list may hold, and
 * help_url is that code's anchor on the error-registry page.
 */
export interface ItemCodes {
  readonly holds: (code: string) => boolean;
  /** What the list may hold, as the issue's `expected` says it. */
  readonly expected: string;
}

/**
 * A typed error's items are the validator's findings behind it. The registry's error_codes name a
 * whole problem or error body (its `code`), never one of its items.
 */
export const ERROR_ITEM_CODES: ItemCodes = {
  holds: isIssueCode,
  expected: 'a code of issue_codes in the error registry',
};

// The ids alone (generated from src/standard/conversation-rules.ts): the checks' titles stay out of the functions.
const CHECK_IDS = new Set<string>(PUBLISHED_CHECK_IDS);
const MUST_CHECK_IDS = new Set<string>(PUBLISHED_CHECK_IDS.filter((_, i) => PUBLISHED_CHECK_LEVELS[i] === 'm'));

/**
 * The severity an item of `code` must carry, when the registry settles it: an issue code's own; a
 * failed must check is an error. A should check is a warning, or an error when it was not exercised
 * (the kit's results), so either is right; an unpublished code is issue.code_unpublished's.
 */
function severityOf(code: string): 'error' | 'warning' | undefined {
  if (isIssueCode(code)) return issueCode(code).severity;
  return MUST_CHECK_IDS.has(code) ? 'error' : undefined;
}

/**
 * A conformance result's items are the validator's findings or the test kit's: the kit seals its
 * verdict as a conformance result whose issues are its failed checks (test_checks, and the
 * conversation rules uai proxy judges).
 */
export const RESULT_ITEM_CODES: ItemCodes = {
  holds: (code) => isIssueCode(code) || CHECK_IDS.has(code),
  expected: 'a code of issue_codes, test_checks or conversation_rules in the error registry',
};

/**
 * Whether a help_url is the anchor of `code` on an error-registry page: http or https, a path
 * ending in /error-registry/ (a deployment may serve its pages under a prefix), no query, and the
 * code as the fragment. The origin is not compared: a message made by another deployment links to
 * its own site (docs/contract.md, section 4).
 */
export function isCodeHelp(helpUrl: string, code: string): boolean {
  const hash = helpUrl.indexOf('#');
  // The fragment first: it settles most mismatches without parsing the URL.
  if (hash < 0 || helpUrl.slice(hash + 1) !== codeAnchor(code)) return false;
  let url: URL;
  try {
    url = new URL(helpUrl);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.pathname.endsWith(ERROR_REGISTRY_PAGE) &&
    // No query, not even an empty one (URL reads `?#` as no search).
    !helpUrl.slice(0, hash).includes('?')
  );
}

/** The issues of one list of issue items at `listPath` (`/body/issues`, `/body/errors`). */
export function issueItemIssues(items: unknown, listPath: string, codes: ItemCodes): IssueDraft[] {
  if (!Array.isArray(items)) return [];
  const out: IssueDraft[] = [];
  const list = listPath.slice(1).replaceAll('/', '.');
  items.forEach((item, i) => {
    if (!isRecord(item)) return;
    const code = ownString(item, 'code');
    // An empty or mistyped code is the schema's (schema.length, schema.type).
    if (code === undefined || code === '') return;
    const at = childPath(listPath, i);
    if (!codes.holds(code))
      out.push({
        code: 'issue.code_unpublished',
        path: `${at}/code`,
        message: isPublishedErrorCode(code)
          ? `The code ${JSON.stringify(code)} is an error code, which names a whole problem or error body, not an item of ${list}.`
          : `The code ${JSON.stringify(echo(code))} is not one an item of ${list} may hold.`,
        expected: codes.expected,
        actual: echo(code),
      });
    const severity = ownString(item, 'severity');
    const registered = codes.holds(code) ? severityOf(code) : undefined;
    // A severity outside error and warning is the schema's (schema.enum).
    if (registered !== undefined && (severity === 'error' || severity === 'warning') && severity !== registered)
      out.push({
        code: 'issue.severity_mismatch',
        path: `${at}/severity`,
        message: isIssueCode(code)
          ? `The error registry gives ${code} the severity ${registered}.`
          : `${code} is a must check in the error registry: a failed one is an error.`,
        expected: registered,
        actual: severity,
      });
    const help = ownString(item, 'help_url');
    // A help_url that is no URI at all is the schema's (schema.format).
    if (help !== undefined && isUri(help) && !isCodeHelp(help, code))
      out.push({
        code: 'issue.help_url_mismatch',
        path: `${at}/help_url`,
        message: `help_url is not the anchor of ${JSON.stringify(echo(code))} on the error-registry page.`,
        expected: `<origin>${ERROR_REGISTRY_PAGE}#${codeAnchor(String(echo(code)))}`,
        actual: echo(help),
      });
  });
  return out;
}
