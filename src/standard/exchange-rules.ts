/**
 * The linkage rules of one exchange (spec 4.2 rules 1-13, CONTRACT sections 2 and 6): what a
 * response must (or should) carry over from the request it answers. Each rule has a stable id
 * that test kits, reports and baselines name, the section it enforces, and the kinds of response
 * it applies to. The checks themselves live in the engine (src/engine/exchange/).
 */

/** What a response is, read from its profile and body.status. */
export const RESPONSE_KINDS = ['accepted', 'completed', 'rejected', 'error', 'task-status'] as const;
export type ResponseKind = (typeof RESPONSE_KINDS)[number];

export interface ExchangeRule {
  readonly id: string;
  readonly section: string;
  /** must: a conforming implementation never breaks it; should: a recommendation. */
  readonly severity: 'must' | 'should';
  readonly title: string;
  readonly appliesTo: readonly ResponseKind[];
}

/** The rule of identity's id: a message check of the kit as well as an exchange rule. */
export const OWN_IDS = 'message.own_ids';

const ANSWERS: readonly ResponseKind[] = ['accepted', 'completed', 'rejected', 'error'];
const LINKED: readonly ResponseKind[] = [...ANSWERS, 'task-status'];

const rule = <Id extends string>(
  id: Id,
  section: string,
  severity: ExchangeRule['severity'],
  title: string,
  appliesTo: readonly ResponseKind[],
) => ({ id, section, severity, title, appliesTo }) as const satisfies ExchangeRule;

export const EXCHANGE_RULES = [
  rule(
    'exchange.http_status',
    'spec 4.2 rule 1; CONTRACT section 6',
    'must',
    'The HTTP status fits the answer: 202 accepted, 200 completed, the error body status for uai.error.v1',
    ANSWERS,
  ),
  rule(
    'exchange.response_profile',
    'spec 4.2 rule 2; CONTRACT section 6',
    'must',
    'The direct answer to a request is the response profile the request names, or uai.error.v1',
    LINKED,
  ),
  rule(
    'exchange.conversation_id',
    'spec 4.2 rule 3',
    'must',
    'conversation.conversation_id is copied from the request',
    LINKED,
  ),
  rule(
    'exchange.parent_message_id',
    'spec 4.2 rule 4',
    'must',
    'conversation.parent_message_id is the request message_id',
    ANSWERS,
  ),
  rule('exchange.sequence', 'spec 4.2 rule 5', 'must', 'conversation.sequence is the request sequence plus 1', ANSWERS),
  // The spec calls turn_id "Identifier of this turn" and gives an answer the next position (rule 5),
  // so an answer is a turn of its own; it never says so in as many words, hence a should.
  rule(
    'exchange.new_turn',
    'spec section 2.2 (conversation.turn_id)',
    'should',
    "The answer is a turn of its own: its conversation.turn_id is neither the request's nor that of the message it follows",
    LINKED,
  ),
  rule('exchange.target_is_requester', 'spec 4.2 rule 6', 'must', 'The response target is the request source', LINKED),
  rule(
    'exchange.source_not_requester',
    'spec 4.2 rule 6',
    'must',
    'The response source is the answering party, not the requester',
    LINKED,
  ),
  rule(
    'exchange.delivery_copied',
    'spec 4.2 rule 7',
    'must',
    'delivery.mode, delivery.priority and delivery.expires_at (the same instant) are copied from the request',
    ANSWERS,
  ),
  rule(
    'exchange.reply_not_requested',
    'spec 4.2 rule 8',
    'must',
    'An accepted response sets delivery.reply_requested to false',
    ['accepted'],
  ),
  rule('exchange.task_ref_set', 'spec 4.2 rule 8', 'must', 'An accepted response sets delivery.task_ref', ['accepted']),
  rule(
    'exchange.task_ref_agrees',
    'spec 4.2 rule 9',
    'must',
    'body.task_ref and body.result.task_id equal delivery.task_ref',
    ['accepted'],
  ),
  rule('exchange.subject_copied', 'spec 4.2 rule 10', 'must', 'body.subject is copied from the request', [
    'accepted',
    'completed',
    'rejected',
  ]),
  rule(
    'exchange.trace_id_copied',
    'spec 4.2 rule 10',
    'must',
    'provenance.trace_id is copied from the request',
    LINKED,
  ),
  rule(
    'exchange.trace_continued',
    'spec section 2.2 (conversation.traceparent); W3C Trace Context level 1',
    'should',
    "An answer to a request that carries a traceparent carries one too, with the request's trace-id",
    LINKED,
  ),
  rule(
    'exchange.request_message_id',
    'spec 4.2 rule 11',
    'must',
    'body.request_message_id is the request message_id',
    LINKED,
  ),
  rule(
    'exchange.trust_signed',
    'spec 4.2 rule 12',
    'should',
    'An accepted response is a signed envelope (trust.channel signed-envelope, auth_scheme jws)',
    ['accepted'],
  ),
  rule(
    'exchange.completed_without_task',
    'CONTRACT section 6',
    'must',
    'A completed response carries no task_ref (body or delivery)',
    ['completed'],
  ),
  rule(
    'exchange.error_code_published',
    'CONTRACT sections 2 and 6',
    'must',
    'A uai.error.v1 answer carries a code published in the error registry',
    ['error'],
  ),
  rule(
    'exchange.error_status',
    'CONTRACT section 9 (error registry); RFC 9457 section 4.2',
    'should',
    "A uai.error.v1 answer's body.status is the status the error registry gives its code",
    ['error'],
  ),
  rule(
    'exchange.error_retryable',
    'CONTRACT section 9 (error registry); CONTRACT section 2 (uai.error.v1)',
    'should',
    "A uai.error.v1 answer's body.retryable is the value the error registry gives its code, and retry_after_seconds comes only with a retryable error",
    ['error'],
  ),
  rule(
    'exchange.task_matches',
    'CONTRACT section 2',
    'must',
    'A task status names the task the accepted response issued',
    ['task-status'],
  ),
  rule(
    'exchange.task_transition',
    'CONTRACT section 2',
    'must',
    'A task status only moves to a state reachable along the published transitions (terminal states stay)',
    ['task-status'],
  ),
  // The one rule of identity, checked on every exchange and, by the test kit, across its whole run
  // (the kit lists it among its message checks: its evidence spans exchanges).
  rule(
    OWN_IDS,
    'spec section 2.2 (message_id)',
    'must',
    "Every answer is a message of its own: its message_id is neither a request's, nor the capability statement's, nor another answer's (only a task status read again in the same state repeats it)",
    LINKED,
  ),
] as const;

export type ExchangeRuleId = (typeof EXCHANGE_RULES)[number]['id'];

const byId = new Map<string, ExchangeRule>(EXCHANGE_RULES.map((r) => [r.id, r]));
export const exchangeRule = (id: ExchangeRuleId): ExchangeRule => byId.get(id)!;
