/**
 * The checks of the implementation test kit (`uai test <endpoint>`): what a live UAI-1 server is
 * held to, each with a stable id that reports and baselines name. The exchange rules are checked
 * on every exchange the kit makes; the other checks look at the capability statement, at the
 * messages and media types of the answers, at task polling, and at hostile requests, which must
 * be refused with a typed error carrying a published code. The transport checks hold every
 * answer to HTTP framing and to the kit's bounds: what a server does on the wire is judged, never
 * a reason for the kit to hang, grow or crash.
 */
import { EXCHANGE_RULES } from './exchange-rules.ts';

export type KitCategory = 'capability' | 'transport' | 'message' | 'exchange' | 'task' | 'hostile';

export interface KitCheck {
  readonly id: string;
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
) => ({ id, category, section, severity, title }) as const satisfies KitCheck;

/** Hostile requests: each must be refused (4xx) with a uai.error.v1 or a problem carrying a published code. */
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
 * reads of an answer, with the answer itself (never a redirect the kit would have to follow, never
 * an interim response first).
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
    'must',
    'No interim (1xx) response precedes the answer (the kit asks for none)',
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
  check(
    'message.own_ids',
    'message',
    'spec section 2.2 (message_id)',
    'must',
    "Every answer is a message of its own: its message_id is neither a request's nor another answer's",
  ),
  check(
    'message.keyless_shape',
    'message',
    'CONTRACT section 5',
    'must',
    'A keyless request is answered with a keyless message',
  ),
  ...EXCHANGE_RULES.map((r) => check(r.id, 'exchange', r.section, r.severity, r.title)),
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
