/**
 * The checks of the implementation test kit: what a live UAI-1 server is held to (`uai test
 * <endpoint>`, side server) and what a client is held to (`uai test-client --command`, side
 * client), each with a stable id that reports and baselines name. The exchange rules are checked
 * on every exchange the kit makes; the other checks look at the capability statement, at the
 * messages and media types of the answers, at task polling, and at hostile requests, which must
 * be refused with a typed error carrying a published code. The transport checks hold every
 * answer to HTTP framing and to the kit's bounds: what a server does on the wire is judged, never
 * a reason for the kit to hang, grow or crash.
 */
import { EXCHANGE_RULES, exchangeRule, OWN_IDS } from './exchange-rules.ts';

export type KitCategory =
  | 'capability'
  | 'transport'
  | 'message'
  | 'exchange'
  | 'task'
  | 'hostile'
  | 'client-run'
  | 'client-request'
  | 'client-conversation'
  | 'client-polling'
  | 'client-retry'
  | 'client-scope';

/** Which implementation a check judges: a server (`uai test`) or a client (`uai test-client`). */
export type KitSide = 'server' | 'client';

export interface KitCheck {
  readonly id: string;
  readonly side: KitSide;
  readonly category: KitCategory;
  readonly section: string;
  readonly severity: 'must' | 'should';
  readonly title: string;
}

const check = <Id extends string>(
  id: Id,
  category: KitCategory,
  section: string,
  severity: KitCheck['severity'],
  title: string,
) => ({ id, side: 'server', category, section, severity, title }) as const satisfies KitCheck;

const clientCheck = <Id extends `client.${string}`>(
  id: Id,
  category: KitCategory,
  section: string,
  severity: KitCheck['severity'],
  title: string,
) => ({ id, side: 'client', category, section, severity, title }) as const satisfies KitCheck;

/** Hostile requests: each must be refused (4xx) with a uai.error.v1 or a problem carrying a published code (of that kind, by the registry's used_in). */
export const HOSTILE_CHECKS = [
  check(
    'hostile.checksum_mismatch',
    'hostile',
    'CONTRACT section 3',
    'must',
    'A request whose checksum does not match is refused',
  ),
  check(
    'hostile.profile_unknown',
    'hostile',
    'CONTRACT section 2',
    'must',
    'A request with an unknown profile is refused',
  ),
  check(
    'hostile.version_unsupported',
    'hostile',
    'spec section 9',
    'must',
    'A request with uai_version other than 1.0 is refused',
  ),
  check(
    'hostile.alias_key',
    'hostile',
    'CONTRACT section 4',
    'must',
    'A request with a key spelled as an alias (messageId) is refused',
  ),
  check(
    'hostile.too_deep',
    'hostile',
    'CONTRACT section 8',
    'must',
    'A request nesting deeper than 64 levels is refused',
  ),
  check('hostile.malformed_json', 'hostile', 'CONTRACT section 8', 'must', 'A body that is not JSON is refused'),
  check('hostile.media_type', 'hostile', 'CONTRACT section 8', 'must', 'A body sent as text/plain is refused'),
] as const;

/**
 * The wire: each request answered in full within the kit's per-request timeout, within the 4 MB it
 * reads of an answer, with the answer itself (never a redirect the kit would have to follow). An
 * interim response first is only a should: HTTP lets a server send one unasked and its clients
 * must read past it (RFC 9110 section 15.2), but many clients do not; a 101 is no interim answer
 * but a switch nobody asked for (RFC 9110 section 7.8), after which no answer comes.
 */
export const TRANSPORT_CHECKS = [
  check(
    'transport.answered',
    'transport',
    'RFC 9112 section 6.3; CONTRACT section 8',
    'must',
    'Every request is answered in full within the timeout: headers and the whole body, no reset, as many bytes as Content-Length says',
  ),
  check(
    'transport.size_limit',
    'transport',
    'CONTRACT section 8',
    'must',
    'Every answer is at most 4 MB (the kit stops reading there)',
  ),
  check(
    'transport.no_redirect',
    'transport',
    'RFC 9110 section 15.4; CONTRACT section 8',
    'must',
    'The endpoint answers itself: no 3xx redirect (the kit follows none)',
  ),
  check(
    'transport.no_interim',
    'transport',
    'RFC 9110 section 15.2',
    'should',
    'No interim (1xx) response precedes the answer: the kit asks for none, and clients that do not expect one are common, though HTTP allows them',
  ),
] as const;

export const KIT_CHECKS = [
  check(
    'capability.reachable',
    'capability',
    'CONTRACT section 2',
    'must',
    'GET of the capability statement answers 200 with JSON',
  ),
  check(
    'capability.valid',
    'capability',
    'CONTRACT section 2',
    'must',
    'The capability statement is a valid uai.capability.statement.v1 message',
  ),
  check(
    'capability.names_endpoint',
    'capability',
    'CONTRACT section 2',
    'should',
    'The capability statement lists the endpoint under test',
  ),
  ...TRANSPORT_CHECKS,
  check(
    'message.valid',
    'message',
    'CONTRACT sections 3 and 4',
    'must',
    'Every message the server answers with validates with 0 errors, checksum included',
  ),
  check(
    'message.warning_free',
    'message',
    'CONTRACT section 4',
    'should',
    'Every message the server answers with has 0 warnings',
  ),
  check(
    'message.media_type',
    'message',
    'spec section 4',
    'must',
    'Every answer is sent as JSON (application/json or a +json type)',
  ),
  check(
    'message.encoding',
    'message',
    'RFC 8259 section 8.1; RFC 7493 section 2.1',
    'must',
    'Every JSON answer is UTF-8 text of one JSON value: no byte order mark, nothing before the value, no charset other than utf-8',
  ),
  check(OWN_IDS, 'message', exchangeRule(OWN_IDS).section, 'must', exchangeRule(OWN_IDS).title),
  check(
    'message.keyless_shape',
    'message',
    'CONTRACT section 5',
    'must',
    'A keyless request is answered with a keyless message',
  ),
  check(
    'message.source_addressed',
    'message',
    'spec 2.2; spec 4.2 rule 6',
    'should',
    "Every message the server answers with comes from the party its capability statement names (the statement's source type and id), to whom the kit addressed its requests",
  ),
  ...EXCHANGE_RULES.filter((r) => r.id !== OWN_IDS).map((r) => check(r.id, 'exchange', r.section, r.severity, r.title)),
  check(
    'task.pollable',
    'task',
    'transport binding https-async-callback',
    'must',
    'An accepted task can be polled and answers a valid uai.task.status.v1',
  ),
  ...HOSTILE_CHECKS,
] as const;

export type KitCheckId = (typeof KIT_CHECKS)[number]['id'];

/**
 * What a client is held to by `uai test-client`: judged on every request it makes to the kit's
 * scripted servers (src/kit/client), with the same validator as POST /v1/validate.
 */
export const CLIENT_CHECKS = [
  clientCheck(
    'client.completes',
    'client-run',
    'spec 4.2',
    'must',
    "The client finishes every scenario on its own within the time cap, holding the scenario's final answer",
  ),
  clientCheck(
    'client.message_valid',
    'client-request',
    'CONTRACT sections 3 and 4',
    'must',
    'Every request is a UAI-1 message that validates with 0 errors, checksum included',
  ),
  clientCheck(
    'client.message_warning_free',
    'client-request',
    'CONTRACT section 4',
    'should',
    'Every request message has 0 warnings',
  ),
  clientCheck(
    'client.request_profile',
    'client-request',
    'CONTRACT section 2',
    'must',
    'Every request is of a request profile the capability statement lists in its operations',
  ),
  clientCheck(
    'client.addressed',
    'client-request',
    'spec 2.2; CONTRACT section 2',
    'must',
    'Every request is addressed to the party of the capability statement (its source type and id)',
  ),
  clientCheck(
    'client.binding_form',
    'client-request',
    'CONTRACT section 5',
    'must',
    'Every request is sent in the media type and shape (keyed object, keyless array) of a binding the endpoint declares',
  ),
  clientCheck(
    'client.fresh_ids',
    'client-conversation',
    'spec 2.2',
    'must',
    'Every request has a fresh message id (only a retry after 429 or 503 resends the same message)',
  ),
  clientCheck(
    'client.opens_at_one',
    'client-conversation',
    'spec 2.2',
    'must',
    'A request that opens a conversation (the first with its conversation id) carries sequence 1',
  ),
  clientCheck(
    'client.opens_unparented',
    'client-conversation',
    'spec 2.2 (conversation.parent_message_id)',
    'should',
    'A request that opens a conversation at sequence 1 names no parent_message_id: it replies to no message',
  ),
  clientCheck(
    'client.follow_up',
    'client-conversation',
    'spec 2.2; spec 4.2 rules 3 and 4',
    'must',
    'A follow-up in an answered conversation carries its conversation id, the answer as parent and the next sequence',
  ),
  clientCheck(
    'client.new_turn',
    'client-conversation',
    'spec 2.2 (conversation.turn_id)',
    'should',
    'A follow-up is a turn of its own: its conversation.turn_id is that of no earlier message of its conversation',
  ),
  clientCheck(
    'client.poll_task_ref',
    'client-polling',
    'transport binding https-async-callback',
    'must',
    'Polls ask for the task reference an acceptance gave, at the polling URL the capability statement names',
  ),
  clientCheck(
    'client.poll_stops',
    'client-polling',
    'transport binding https-async-callback',
    'must',
    'A task is not polled again once a poll answered a terminal state',
  ),
  clientCheck(
    'client.poll_interval',
    'client-polling',
    'transport binding https-async-callback',
    'should',
    'Polls of one task are at least 1 second apart',
  ),
  clientCheck(
    'client.retry_after',
    'client-retry',
    'CONTRACT section 8',
    'must',
    'After a 429 or 503 with Retry-After, the client waits that long before it sends to that route again',
  ),
  clientCheck(
    'client.error_not_resent',
    'client-retry',
    'CONTRACT section 8',
    'must',
    'A request refused with a 4xx typed error (other than 429) is not sent again unchanged',
  ),
  clientCheck(
    'client.waits_for_answer',
    'client-retry',
    'spec 2.2 (message_id)',
    'must',
    'While a request is unanswered, the client sends no other request: it waits for the answer (no copy of it under a fresh id)',
  ),
  clientCheck(
    'client.quiet_after_final',
    'client-scope',
    'spec 4.2',
    'must',
    'Nothing is sent after the client has its final answer',
  ),
  clientCheck(
    'client.same_host',
    'client-scope',
    'CONTRACT section 1',
    'must',
    "Nothing is sent to any host but the endpoint's",
  ),
  clientCheck(
    'client.within_budget',
    'client-scope',
    'CONTRACT section 8',
    'must',
    "The client stays within the kit's budgets: per scenario 200 requests, 8 MiB of request bodies and 64 connections open at once; per run 1000 requests and 32 MiB",
  ),
] as const;

export type ClientCheckId = (typeof CLIENT_CHECKS)[number]['id'];

/** Every check of both sides, as the error registry and the pages publish them. */
export const TEST_CHECKS: readonly KitCheck[] = [...KIT_CHECKS, ...CLIENT_CHECKS];
