import type { IssueDraft } from '../issues.ts';
import { errorCode, isIssueCode, isPublishedErrorCode, ISSUE_CODE_SHAPES } from '../../standard/code-shapes.ts';
import { LEVEL_IDS, levelBelow, type ConformanceLevelId } from '../../standard/levels.ts';
import { INTENT_ANSWER_PROFILE, isProfileId, isUnregisteredProfileId } from '../../standard/profiles.ts';
import { echo, isRecord, own, ownRecord, ownString, type JsonObject } from '../json.ts';
import { guardedLevel } from './levels.ts';
import { ERROR_ITEM_CODES, issueItemIssues, RESULT_ITEM_CODES } from './rules-issue-items.ts';

/**
 * Profile rules beyond the body schemas (CONTRACT sections 2 and 4), one function per profile.
 * Each reads only members of the right type; the schema stage reports the others.
 */
type BodyRule = (body: JsonObject, message: JsonObject) => IssueDraft[];

/**
 * A request naming unregistered profiles would get a 404 from a reference server, and one asking
 * for its answer in a profile an intent request is not answered with a 422: exchange-ready (L4)
 * means a mock exchange would accept it (CONTRACT section 7).
 */
const intentRequest: BodyRule = (body) => {
  const out: IssueDraft[] = [];
  const answer = ownString(body, 'response_profile');
  if (answer !== undefined && isProfileId(answer) && answer !== INTENT_ANSWER_PROFILE)
    out.push({
      code: 'intent.response_profile_unanswered',
      path: '/body/response_profile',
      message: `body.response_profile asks for the answer as ${answer}; an intent request is answered as ${INTENT_ANSWER_PROFILE}, so a reference server declines it.`,
      expected: INTENT_ANSWER_PROFILE,
      actual: answer,
    });
  for (const key of ['subject', 'requested_profile', 'response_profile']) {
    const v = ownString(body, key);
    // A malformed id already fails its pattern; only well-formed, unregistered ids warn here.
    if (isUnregisteredProfileId(v)) {
      out.push({
        code: 'intent.profile_unregistered',
        path: `/body/${key}`,
        message: `body.${key} names ${v}, which is not a registered profile.`,
        actual: v,
      });
    }
  }
  return out;
};

/**
 * A reference that can be compared: an empty one breaks its schema's minLength (schema.length), and
 * that is its one issue, not also a disagreement with every reference it should equal.
 */
const reference = (obj: JsonObject | undefined, key: string): string | undefined => {
  const v = ownString(obj, key);
  return v === '' ? undefined : v;
};

/** task_ref rules: required when accepted; body, delivery and result.task_id agree. */
const intentResponse: BodyRule = (body, message) => {
  const out: IssueDraft[] = [];
  const bodyRef = reference(body, 'task_ref');
  if (own(body, 'status') === 'accepted' && !Object.hasOwn(body, 'task_ref')) {
    out.push({
      code: 'response.task_ref_missing',
      path: '/body/task_ref',
      message: 'An accepted response must carry body.task_ref.',
      expected: 'task_ref',
    });
  }
  const deliveryRef = reference(ownRecord(message, 'delivery'), 'task_ref');
  const resultRef = ownString(ownRecord(body, 'result'), 'task_id');
  const taskRef = bodyRef ?? deliveryRef;
  if (taskRef !== undefined) {
    const others: [string, string | undefined][] = [
      ['/delivery/task_ref', deliveryRef],
      ['/body/result/task_id', resultRef],
    ];
    for (const [path, value] of others) {
      if (value !== undefined && value !== taskRef) {
        out.push({
          code: 'response.task_ref_mismatch',
          path,
          message: 'body.task_ref, delivery.task_ref and body.result.task_id must hold the same task reference.',
          expected: echo(taskRef),
          actual: echo(value),
        });
      }
    }
  }
  const requestId = reference(body, 'request_message_id');
  const parent = reference(ownRecord(message, 'conversation'), 'parent_message_id');
  if (requestId !== undefined && parent !== undefined && requestId !== parent) {
    out.push({
      code: 'response.request_ref_mismatch',
      path: '/body/request_message_id',
      message: 'body.request_message_id differs from conversation.parent_message_id.',
      expected: echo(parent),
      actual: echo(requestId),
    });
  }
  return out;
};

/** Fields each task state requires (the registry entry publishes states and transitions). */
const STATE_FIELDS: Readonly<Record<string, string>> = {
  completed: 'result_ref',
  'input-required': 'blocking_reason',
  failed: 'error_code',
};

const taskStatus: BodyRule = (body, message) => {
  const out: IssueDraft[] = [];
  // The task a status is about, named twice: a client polling by delivery.task_ref reads another task's.
  const taskId = reference(body, 'task_id');
  const deliveryRef = reference(ownRecord(message, 'delivery'), 'task_ref');
  if (taskId !== undefined && deliveryRef !== undefined && deliveryRef !== taskId)
    out.push({
      code: 'response.task_ref_mismatch',
      path: '/delivery/task_ref',
      message: "A task status's delivery.task_ref must be its body.task_id, the task it is about.",
      expected: echo(taskId),
      actual: echo(deliveryRef),
    });
  const state = own(body, 'state');
  const need = typeof state === 'string' && Object.hasOwn(STATE_FIELDS, state) ? STATE_FIELDS[state] : undefined;
  if (need !== undefined && !Object.hasOwn(body, need)) {
    out.push({
      code: 'task.state_inconsistent',
      path: `/body/${need}`,
      message: `A task in state ${String(state)} must carry body.${need}.`,
      expected: need,
    });
  }
  const errorCode = ownString(body, 'error_code');
  if (errorCode !== undefined && !isPublishedErrorCode(errorCode))
    out.push(unpublishedErrorCode('/body/error_code', errorCode));
  return out;
};

const error: BodyRule = (body) => {
  const out = issueItemIssues(own(body, 'errors'), '/body/errors', ERROR_ITEM_CODES);
  const code = ownString(body, 'code');
  if (code === undefined || code === '') return out;
  if (!isPublishedErrorCode(code)) out.push(unpublishedErrorCode('/body/code', code));
  else if (!errorCode(code).used_in.includes('uai.error.v1'))
    // The registry publishes where each code comes (used_in), and a client dispatches on the code
    // where it reads it: a code published for HTTP problem documents only is not one an error body
    // may carry (the kits judge an answer's error body the same way, src/kit/judge/refusal.ts).
    out.push({
      code: 'error.code_unpublished',
      path: '/body/code',
      message: `The error code ${JSON.stringify(code)} is published for HTTP problem documents only, not for uai.error.v1 bodies.`,
      expected: 'a code whose used_in includes uai.error.v1',
      actual: code,
    });
  return out;
};

/** error.code_unpublished: an error code (an error body's, or a task's error_code) the registry does not publish. */
function unpublishedErrorCode(path: string, code: string): IssueDraft {
  return {
    code: 'error.code_unpublished',
    path,
    message: `The error code ${JSON.stringify(echo(code))} is not in the error registry.`,
    actual: echo(code),
  };
}

/**
 * Summary counts and status must agree with the issues listed. A list cut at the issue limit
 * says so in summary.issues_listed: then the counts may exceed what is listed, never fall below
 * it, and the status follows the counts. Which issues a cut list keeps is not checked: this
 * service keeps errors first, but a record cut by path, as the earlier text of the contract said,
 * counts and states its failure all the same and stays valid.
 */
const conformance: BodyRule = (body) => {
  const issues = own(body, 'issues');
  const summary = ownRecord(body, 'summary');
  const out = issueItemIssues(issues, '/body/issues', RESULT_ITEM_CODES);
  if (!Array.isArray(issues) || !summary) return out;
  const count = (severity: string) => issues.filter((i) => isRecord(i) && own(i, 'severity') === severity).length;
  const errors = count('error');
  const warnings = count('warning');
  const mismatch = (path: string, actual: unknown, expected: unknown, message: string) =>
    out.push({ code: 'conformance.summary_mismatch', path, message, expected, actual: echo(actual) });
  const check = (path: string, actual: unknown, expected: unknown, what: string) => {
    if (actual !== undefined && actual !== expected)
      mismatch(path, actual, expected, `${what} disagrees with the issues listed.`);
  };
  const errorCount = own(summary, 'error_count');
  const warningCount = own(summary, 'warning_count');
  const listed = own(summary, 'issues_listed');
  levelClaim(body, issues, Number.isInteger(listed) ? { errors: errorCount, warnings: warningCount } : undefined, out);
  const counted = Number.isInteger(errorCount) && Number.isInteger(warningCount);
  if (Number.isInteger(listed)) {
    const total = counted ? (errorCount as number) + (warningCount as number) : undefined;
    check('/body/summary/issues_listed', listed, issues.length, 'summary.issues_listed');
    if (total !== undefined && (listed as number) >= total)
      mismatch(
        '/body/summary/issues_listed',
        listed,
        `< ${total}`,
        'summary.issues_listed is present only when fewer issues are listed than counted.',
      );
    const atLeast = (path: string, actual: unknown, floor: number, what: string) => {
      if (Number.isInteger(actual) && (actual as number) < floor)
        mismatch(path, actual, `>= ${floor}`, `${what} is lower than the issues listed.`);
    };
    atLeast('/body/summary/error_count', errorCount, errors, 'summary.error_count');
    atLeast('/body/summary/warning_count', warningCount, warnings, 'summary.warning_count');
    const failing = Number.isInteger(errorCount) ? (errorCount as number) > 0 : errors > 0;
    const status = own(body, 'status');
    if (status === 'pass' || status === 'fail') check('/body/status', status, failing ? 'fail' : 'pass', 'status');
    return out;
  }
  if (Number.isInteger(errorCount)) check('/body/summary/error_count', errorCount, errors, 'summary.error_count');
  if (Number.isInteger(warningCount))
    check('/body/summary/warning_count', warningCount, warnings, 'summary.warning_count');
  const status = own(body, 'status');
  if (status === 'pass' || status === 'fail') check('/body/status', status, errors > 0 ? 'fail' : 'pass', 'status');
  return out;
};

/**
 * The highest rung any error guards (schema errors guard L1 or L2): one error, listed or only
 * counted, leaves a message below it. A counted warning guards L4 (L4 is L3 with zero warnings).
 */
const HIGHEST_ERROR_GUARD = ISSUE_CODE_SHAPES.filter((c) => c.severity === 'error')
  .map((c) => c.level)
  .reduce((high, level) => (LEVEL_IDS.indexOf(level) > LEVEL_IDS.indexOf(high) ? level : high));

/**
 * body.conformance_level against the level the listed validator findings allow (CONTRACT section
 * 7, levels.ts): equal to it, or, when the list was cut, not above it (an unlisted issue can only
 * lower it) nor above what its counts allow. A record of a message that reaches no rung leaves the
 * member out. Items coded with a test-kit check judge an implementation, not a message's rung, so
 * only issue codes count; an item whose own shape is wrong has its own issue and is left out.
 */
function levelClaim(
  body: JsonObject,
  issues: readonly unknown[],
  cut: { readonly errors: unknown; readonly warnings: unknown } | undefined,
  out: IssueDraft[],
): void {
  const claimed = own(body, 'conformance_level');
  const rank = typeof claimed === 'string' ? LEVEL_IDS.indexOf(claimed as ConformanceLevelId) : -1;
  if (rank < 0) return;
  const findings: ConformanceLevelId[] = [];
  for (const item of issues) {
    if (!isRecord(item)) continue;
    const code = own(item, 'code');
    const severity = own(item, 'severity');
    const path = own(item, 'path');
    if (isIssueCode(code) && (severity === 'error' || severity === 'warning') && typeof path === 'string')
      findings.push(guardedLevel({ code, severity, path }));
  }
  // A cut list's counts say there are issues it does not show: they cap the level as listed ones do.
  if (cut && typeof cut.errors === 'number' && cut.errors > 0) findings.push(HIGHEST_ERROR_GUARD);
  if (cut && typeof cut.warnings === 'number' && cut.warnings > 0) findings.push('L4');
  const allowed = levelBelow(findings);
  const ceiling = allowed === null ? -1 : LEVEL_IDS.indexOf(allowed);
  if (cut ? rank <= ceiling : rank === ceiling) return;
  out.push({
    code: 'conformance.summary_mismatch',
    path: '/body/conformance_level',
    message:
      allowed === null
        ? 'conformance_level is present, but the issues listed leave the message below L0, where the member is left out.'
        : `conformance_level disagrees with the issues ${cut ? 'listed and counted, which allow at most' : 'listed, which allow'} ${allowed}.`,
    expected: allowed === null ? 'absent' : cut ? `<= ${allowed}` : allowed,
    actual: echo(claimed),
  });
}

const RULES: Readonly<Record<string, BodyRule>> = {
  'uai.intent.request.v1': intentRequest,
  'uai.intent.response.v1': intentResponse,
  'uai.task.status.v1': taskStatus,
  'uai.error.v1': error,
  'uai.conformance.result.v1': conformance,
};

export function bodyIssues(message: JsonObject): IssueDraft[] {
  const profile = own(message, 'profile');
  const body = ownRecord(message, 'body');
  if (!body || typeof profile !== 'string' || !Object.hasOwn(RULES, profile)) return [];
  return RULES[profile]!(body, message);
}
