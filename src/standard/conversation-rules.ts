/**
 * The rules of a whole conversation: what holds across the exchanges of one recording (the
 * traffic `uai proxy` sees between a client and a server), not within one request and its answer.
 * Each names the side it judges: a client rule judges what the client sent, a server rule what
 * the server answered. Published in the error registry beside the kit's checks; the checks
 * themselves live in the engine (src/engine/exchange/conversation.ts).
 */
import { TEST_CHECKS, type KitCheck } from './kit-checks.ts';

const rule = <Id extends `conversation.${string}`>(
  id: Id,
  side: KitCheck['side'],
  category: KitCheck['category'],
  section: string,
  severity: KitCheck['severity'],
  title: string,
) => ({ id, side, category, section, severity, title }) as const satisfies KitCheck;

/** The ids of the conversation rules, by name: the engine names a rule through this table. */
export const CONVERSATION = {
  freshIds: 'conversation.fresh_ids',
  followUp: 'conversation.follow_up',
  opensUnparented: 'conversation.opens_unparented',
  waitsForAnswer: 'conversation.waits_for_answer',
  answerIds: 'conversation.answer_ids',
  taskKnown: 'conversation.task_known',
  pollStops: 'conversation.poll_stops',
  taskFollowed: 'conversation.task_followed',
  retryAfter: 'conversation.retry_after',
} as const;

export const CONVERSATION_RULES = [
  rule(
    CONVERSATION.freshIds,
    'client',
    'client-conversation',
    'spec 2.2',
    'must',
    'Every request has a message id no earlier message of the conversation has (only a retry after 429 or 503 resends the same message)',
  ),
  rule(
    CONVERSATION.followUp,
    'client',
    'client-conversation',
    'spec 2.2; spec 4.2 rules 3 and 4',
    'must',
    'A request in a conversation already answered names the last answer as its parent and carries the next sequence',
  ),
  rule(
    CONVERSATION.opensUnparented,
    'client',
    'client-conversation',
    'spec 2.2 (conversation.parent_message_id)',
    'should',
    'A request at sequence 1 opens its conversation and names no parent_message_id: it replies to no message',
  ),
  rule(
    CONVERSATION.waitsForAnswer,
    'client',
    'client-retry',
    'spec 2.2 (message_id)',
    'must',
    'A request is not sent while an earlier request of its conversation is unanswered (no copy of it under a fresh id)',
  ),
  rule(
    CONVERSATION.answerIds,
    'server',
    'message',
    'spec 2.2',
    'must',
    'Every answer has a message id no earlier message of the conversation has (only a task status read again in the same state repeats it)',
  ),
  rule(
    CONVERSATION.taskKnown,
    'client',
    'client-polling',
    'transport binding https-async-callback',
    'must',
    'A poll asks for a task an acceptance of the conversation gave',
  ),
  rule(
    CONVERSATION.pollStops,
    'client',
    'client-polling',
    'transport binding https-async-callback',
    'must',
    'A task is not polled again once a poll answered a final state',
  ),
  rule(
    CONVERSATION.taskFollowed,
    'client',
    'client-polling',
    'transport binding https-async-callback',
    'should',
    'A task the client polls is polled until it answers a final state (completed, failed or canceled)',
  ),
  rule(
    CONVERSATION.retryAfter,
    'client',
    'client-retry',
    'CONTRACT section 8',
    'must',
    'After a 429 or 503 with Retry-After, nothing of its kind (a message, a poll) is sent before that time',
  ),
] as const;

export type ConversationRuleId = (typeof CONVERSATION_RULES)[number]['id'];

/** Every rule the error registry publishes with its side: the kit's checks, then the conversation rules. */
export const PUBLISHED_CHECKS: readonly KitCheck[] = [...TEST_CHECKS, ...CONVERSATION_RULES];
