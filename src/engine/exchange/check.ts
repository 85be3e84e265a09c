/**
 * Exchange checks (spec 4.2, CONTRACT sections 2 and 6): does a response answer its request as
 * a conforming server must? One verdict per published rule, in the rule table's order, so that
 * the mock exchange, the hosted check, the offline CLI and the test kit judge pairs alike.
 * Message-level validity is the validator's job; these rules only look at the linkage.
 */
import { EXCHANGE_RULES } from '../../standard/exchange-rules.ts';
import { messageIssueFlags } from '../validate/pipeline.ts';
import { NOT_FLAGGING } from '../validate/issue-flags.ts';
import { echo, shown } from '../json.ts';
import { responseKind, valueAt } from './kind.ts';
import { CHECKS, NOT_JUDGED } from './rules.ts';
import type { ExchangeCheck, ExchangeFinding, ExchangeVerdict } from './types.ts';

export interface ExchangeInput {
  readonly request: unknown;
  readonly response: unknown;
  readonly httpStatus?: number;
  /** For a task status: the accepted response, or the task status, it follows. */
  readonly previous?: unknown;
  /**
   * The request's own validation issues (errors and warnings); see ExchangePair.flagged. Without
   * these and requestFlags the request (keyed) is validated here, so that a caller who brings no
   * validation gets the verdicts of one who does: each rule leaves alone what the validator flags.
   */
  readonly requestIssues?: readonly { readonly path: string; readonly severity: string; readonly code?: string }[];
  /** The same over every issue, listed or not (issueFlags of the request's result); preferred when given. */
  readonly requestFlags?: (path: string) => boolean;
}

/**
 * A path is flagged when an issue sits at it or below it; an error about the whole message
 * flags everything. The reference server's reader (mock-exchange/linkage.ts) copies by the same rule.
 */
function flaggedBy(issues: NonNullable<ExchangeInput['requestIssues']>): (path: string) => boolean {
  const whole = issues.some((i) => i.path === '' && i.severity === 'error');
  const flagging = issues.filter((i) => i.code === undefined || !NOT_FLAGGING.has(i.code));
  return (path) => whole || flagging.some((i) => i.path === path || i.path.startsWith(`${path}/`));
}

/** Why a response is none of the kinds an exchange answers with, pointing at what makes it so. */
function notAnAnswer(response: unknown): ExchangeFinding {
  const profile = valueAt(response, '/profile');
  const kinds =
    'uai.intent.response.v1 (body.status accepted, completed or rejected), uai.task.status.v1 or uai.error.v1';
  if (profile === 'uai.intent.response.v1') {
    const status = valueAt(response, '/body/status');
    return {
      path: '/body/status',
      message: `The answer is none of the kinds an exchange answers with: body.status ${shown(status) ?? 'is absent'}; an answer is ${kinds}.`,
      expected: ['accepted', 'completed', 'rejected'],
      ...(status !== undefined ? { actual: status } : {}),
    };
  }
  return {
    path: typeof response === 'object' && response !== null ? '/profile' : '',
    message: `The answer is none of the kinds an exchange answers with: ${typeof profile === 'string' ? `profile ${echo(profile) as string}` : 'no profile'}; an answer is ${kinds}.`,
    expected: ['uai.intent.response.v1', 'uai.task.status.v1', 'uai.error.v1'],
    ...(profile !== undefined ? { actual: profile } : {}),
  };
}

export function checkExchange(input: ExchangeInput): ExchangeCheck {
  const kind = responseKind(input.response);
  const flagged =
    input.requestFlags ??
    (input.requestIssues !== undefined ? flaggedBy(input.requestIssues) : messageIssueFlags(input.request));
  const verdicts: ExchangeVerdict[] = EXCHANGE_RULES.map((rule) => {
    const base = { id: rule.id, section: rule.section, severity: rule.severity, title: rule.title };
    // An answer of no known kind is judged by the one rule about kinds; the others cannot read it.
    if (kind === undefined && rule.id === 'exchange.response_profile')
      return { ...base, status: 'fail', findings: [notAnAnswer(input.response)] };
    if (kind === undefined || !(rule.appliesTo as readonly string[]).includes(kind))
      return { ...base, status: 'skip', findings: [] };
    const findings = CHECKS[rule.id]({ ...input, kind, flagged });
    if (findings === NOT_JUDGED) return { ...base, status: 'skip', findings: [] };
    return { ...base, status: findings.length ? 'fail' : 'pass', findings };
  });
  const failed = verdicts.filter((v) => v.status === 'fail');
  const mustFail = failed.filter((v) => v.severity === 'must').length;
  return {
    response_kind: kind ?? null,
    conforms: kind !== undefined && mustFail === 0,
    counts: {
      pass: verdicts.filter((v) => v.status === 'pass').length,
      fail: failed.length,
      skip: verdicts.filter((v) => v.status === 'skip').length,
      must_fail: mustFail,
      should_fail: failed.length - mustFail,
    },
    verdicts,
  };
}
