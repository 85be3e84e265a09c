import type { ConformanceLevelId } from './levels.ts';

/**
 * The error registry (spec section 7, CONTRACT sections 4 and 8): every issue code the validator
 * can report and every error code the HTTP layer or a uai.error.v1 message can carry.
 * Clients use these codes instead of local failure vocabularies.
 */
export interface IssueCodeEntry<C extends string = string> {
  readonly code: C;
  readonly severity: 'error' | 'warning';
  /** The conformance level this check guards (schema codes guard L1 on envelope paths and L2 on body paths). */
  readonly level: ConformanceLevelId;
  readonly title: string;
  readonly description: string;
  readonly fix: string;
}

export interface ErrorCodeEntry<C extends string = string> {
  readonly code: C;
  readonly status: number;
  readonly title: string;
  readonly description: string;
  /** Where the code appears: an HTTP problem response, a uai.error.v1 body, or both. */
  readonly used_in: readonly ('http-problem' | 'uai.error.v1')[];
  readonly retryable: boolean;
}

const issue = <const C extends string>(
  code: C,
  severity: IssueCodeEntry['severity'],
  level: ConformanceLevelId,
  title: string,
  description: string,
  fix: string,
): IssueCodeEntry<C> => ({ code, severity, level, title, description, fix });

// `as const` keeps every code a literal type, so IssueCodeId below lists them and a misspelled code
// anywhere in the engine is a type error, not a run-time surprise.
export const ISSUE_CODES = [
  // L0: can the input be read as a message at all?
  issue(
    'message.not_object',
    'error',
    'L0',
    'Message is not a JSON object',
    'In keyed-json mode a message must be a JSON object.',
    'Send the message as a JSON object, or use normalization_mode keyless-json for an array.',
  ),
  issue(
    'message.too_deep',
    'error',
    'L0',
    'Message nests too deeply',
    'The message nests objects or arrays deeper than 64 levels.',
    'Flatten the structure; no UAI-1 field nests deeper than a few levels.',
  ),
  issue(
    'message.not_canonicalizable',
    'error',
    'L0',
    'Message has no RFC 8785 canonical form',
    'A string holds a lone surrogate or a number is outside the IEEE 754 double range, so no canonical form or checksum exists.',
    'Use well-formed Unicode strings and finite numbers.',
  ),
  issue(
    'message.duplicate_member',
    'error',
    'L0',
    'Duplicate member name',
    'An object of the message holds the same member name more than once. RFC 8259 section 4 leaves the meaning to each parser and I-JSON (RFC 7493 section 2.3), on which RFC 8785 canonicalization and the checksum rest, forbids it, so the message has no single meaning. Reported once per repeated name, at its JSON Pointer, when the JSON text is at hand (POST /v1/validate and uai validate).',
    'Keep one member per name in every object.',
  ),
  issue(
    'keyless.shape_mismatch',
    'error',
    'L0',
    'Keyless shape does not match the order map',
    'In keyless-json mode the message, or a nested object position, is not a JSON array as its order map requires.',
    'Encode each object as an array ordered by its compact_field_order_map in the field registry.',
  ),
  issue(
    'keyless.overflow',
    'error',
    'L0',
    'Keyless array has more positions than its map',
    'A keyless array holds more positions than the ordered_fields of its order map.',
    'Drop the extra positions; a keyless array never exceeds its map.',
  ),
  issue(
    'keyless.required_null',
    'error',
    'L0',
    'Required position is null or missing',
    'A keyless array has null, or no value, at an index listed in required_indexes.',
    'Fill every required index of the order map.',
  ),
  // L1: envelope.
  issue(
    'schema.required',
    'error',
    'L1',
    'Required member missing',
    'A member the schema requires is absent.',
    'Add the member named in the issue.',
  ),
  issue(
    'schema.type',
    'error',
    'L1',
    'Wrong JSON type',
    'A member has a JSON type other than the one the schema gives.',
    'Use the type shown in expected.',
  ),
  issue(
    'schema.value_not_allowed',
    'error',
    'L1',
    'Value outside a closed set',
    'A member of a closed value set holds a value the field registry does not list.',
    'Use one of the values in expected.',
  ),
  issue(
    'schema.format',
    'error',
    'L1',
    'Malformed value',
    'A member breaks its format: an RFC 3986 URI (with a scheme), an RFC 3339 date-time or full-date.',
    'Write the value in the format named in expected.',
  ),
  issue(
    'schema.pattern',
    'error',
    'L1',
    'Value does not match its pattern',
    'A string breaks the pattern its schema gives (for example a profile identifier).',
    'Match the pattern in expected.',
  ),
  issue(
    'schema.range',
    'error',
    'L1',
    'Number out of range',
    'A number is below the minimum or above the maximum of its field.',
    'Use a number within the range in expected.',
  ),
  issue(
    'schema.length',
    'error',
    'L1',
    'Too short or too long',
    'A string or array is shorter or longer than its field allows (for example an empty identifier).',
    'Give the member at least the length in expected.',
  ),
  issue(
    'envelope.version_unsupported',
    'error',
    'L1',
    'Unsupported uai_version',
    'uai_version is not "1.0", the format version of UAI-1.',
    'Set uai_version to "1.0".',
  ),
  issue(
    'envelope.profile_unknown',
    'error',
    'L1',
    'Unknown profile',
    'profile is not an identifier of the UAI-1 profile family.',
    'Use a profile listed in the registry.',
  ),
  issue(
    'envelope.profile_not_current',
    'error',
    'L1',
    'Profile version not current',
    'profile names a known profile at a version outside the current track of the roadmap.',
    'Use the .v1 identifier of the profile; other versions are not supported yet.',
  ),
  issue(
    'field.alias_key',
    'error',
    'L1',
    'Key spelled as an alias',
    'A key is another spelling (camelCase, kebab-case) of a registered key; keys are used exactly as written.',
    'Rename the key to the registered spelling given in expected.',
  ),
  // L2: profile rules.
  issue(
    'conversation.parent_missing',
    'error',
    'L2',
    'Reply without parent_message_id',
    'conversation.sequence is greater than 1 but parent_message_id is absent.',
    'Set parent_message_id to the message this one answers.',
  ),
  issue(
    'extension.namespace_invalid',
    'error',
    'L2',
    'Malformed extension namespace',
    'An extension namespace is not a URN of the form urn:<ns>:ext:<name>.',
    'Write the namespace as urn:<ns>:ext:<name>.',
  ),
  issue(
    'extension.critical_unknown',
    'error',
    'L2',
    'Critical extension not registered',
    'An extension marked critical uses a namespace this release does not register, so receivers must reject it.',
    'Use a registered namespace, or mark the extension critical: false.',
  ),
  issue(
    'response.task_ref_missing',
    'error',
    'L2',
    'Accepted response without task_ref',
    'An intent response with status accepted has no body.task_ref.',
    'Set body.task_ref, delivery.task_ref and body.result.task_id to the task reference.',
  ),
  issue(
    'response.task_ref_mismatch',
    'error',
    'L2',
    'task_ref values disagree',
    'body.task_ref, delivery.task_ref and body.result.task_id do not all hold the same value.',
    'Use one task reference in all three places.',
  ),
  issue(
    'task.state_inconsistent',
    'error',
    'L2',
    'Task status fields do not fit the state',
    'A task status lacks the field its state requires: result_ref when completed, blocking_reason when input-required, error_code when failed.',
    'Add the field the state requires.',
  ),
  issue(
    'conformance.summary_mismatch',
    'error',
    'L2',
    'Summary counts differ from issues',
    'summary.error_count or summary.warning_count differ from the issues listed, or status disagrees with them.',
    'Count the issues by severity; status is fail exactly when there are errors.',
  ),
  issue(
    'error.code_unpublished',
    'error',
    'L2',
    'Error code not published',
    'A uai.error.v1 code, or a task status error_code, is not in the error registry.',
    'Use a code from error_codes in the error registry.',
  ),
  // L3: integrity, identifiers, trace context.
  issue(
    'integrity.checksum_mismatch',
    'error',
    'L3',
    'Checksum does not match',
    'integrity.checksum differs from sha256 over the RFC 8785 canonical form of the message without integrity.',
    'Recompute the checksum after the last change to the message; expected holds the right value.',
  ),
  issue(
    'integrity.checksum_malformed',
    'error',
    'L3',
    'Malformed checksum',
    'integrity.checksum is not sha256: followed by 64 lowercase hex digits.',
    'Write the checksum as sha256:<64 lowercase hex digits>.',
  ),
  issue(
    'integrity.algorithm_unsupported',
    'error',
    'L3',
    'Unsupported integrity algorithm',
    'integrity.algorithm is not sha256.',
    'Set integrity.algorithm to "sha256".',
  ),
  issue(
    'integrity.canonicalization_unsupported',
    'error',
    'L3',
    'Unsupported canonicalization',
    'integrity.canonicalization is not jcs (RFC 8785).',
    'Set integrity.canonicalization to "jcs".',
  ),
  issue(
    'integrity.version_unsupported',
    'error',
    'L3',
    'Unsupported integrity version',
    'integrity.version is not 2.',
    'Set integrity.version to 2.',
  ),
  issue(
    'trace.traceparent_invalid',
    'error',
    'L3',
    'Invalid traceparent',
    'conversation.traceparent is not a W3C Trace Context level 1 value (00-<32 hex>-<16 hex>-<2 hex>, ids not all zero).',
    'Generate the traceparent with a W3C Trace Context library.',
  ),
  issue(
    'identity.did_invalid',
    'error',
    'L3',
    'Invalid DID',
    'A did member breaks the W3C DID syntax did:<method>:<method-specific-id>.',
    'Use a DID such as did:web:example.org.',
  ),
  // Warnings keep a message from L4 (exchange-ready) without making it invalid.
  issue(
    'field.unknown_member',
    'warning',
    'L4',
    'Unknown member',
    'A member is not registered for its object; receivers may ignore it.',
    'Remove the member, or carry it in an extension.',
  ),
  issue(
    'field.unregistered_value',
    'warning',
    'L4',
    'Unregistered value in an open set',
    'A value of an open set (party role, intent, constraint, notice) is not registered.',
    'Use a registered value where one fits.',
  ),
  issue(
    'trace.trace_id_mismatch',
    'warning',
    'L4',
    'trace_id differs from traceparent',
    'provenance.trace_id differs from the trace-id inside conversation.traceparent.',
    'Use the traceparent trace-id as provenance.trace_id.',
  ),
  issue(
    'delivery.expiry_not_after_issue',
    'warning',
    'L4',
    'Expires before it was issued',
    'delivery.expires_at is not after provenance.issued_at, compared as exact RFC 3339 instants (offsets applied, every fraction digit, a leap second after :59). When either timestamp is malformed, only its schema.format issue is reported, not this one.',
    'Set expires_at later than issued_at.',
  ),
  issue(
    'response.request_ref_mismatch',
    'warning',
    'L4',
    'request_message_id differs from parent',
    'body.request_message_id differs from conversation.parent_message_id.',
    'Both name the request being answered.',
  ),
  issue(
    'trust.reference_missing',
    'warning',
    'L4',
    'Trust channel without its reference',
    'The credentialed channel has no credential_ref, or the signed-envelope channel has no signature_ref.',
    'Add the reference the channel expects.',
  ),
  issue(
    'intent.profile_unregistered',
    'warning',
    'L4',
    'Request names an unregistered profile',
    'subject, requested_profile or response_profile of an intent request is not a registered profile, so a reference server would answer 404.',
    'Name profiles listed in the registry.',
  ),
] as const;

const problem = <const C extends string>(
  code: C,
  status: number,
  title: string,
  description: string,
  retryable = false,
): ErrorCodeEntry<C> => ({ code, status, title, description, used_in: ['http-problem'], retryable });
const typed = <const C extends string>(
  code: C,
  status: number,
  title: string,
  description: string,
  retryable = false,
): ErrorCodeEntry<C> => ({ code, status, title, description, used_in: ['uai.error.v1'], retryable });

export const ERROR_CODES = [
  problem(
    'request.malformed_json',
    400,
    'Malformed JSON',
    'The request body is not valid JSON; detail gives the parser position when known.',
  ),
  problem(
    'request.invalid',
    400,
    'Invalid request',
    'The request is JSON but not a valid request: message missing, a member of the wrong type, or an unknown scenario, format or mode.',
  ),
  problem('request.too_deep', 400, 'Request nests too deeply', 'The request body nests deeper than 64 levels.'),
  problem('route.not_found', 404, 'No such route', 'No route of the REST surface has this path.'),
  problem(
    'request.method_not_allowed',
    405,
    'Method not allowed',
    'The route exists but not for this method; the Allow header lists the methods it takes.',
  ),
  problem(
    'request.timeout',
    408,
    'Request timeout',
    'The local server did not receive the request headers within 10 seconds or the whole request within 30 seconds; it answers this where a response is still possible and closes the connection.',
    true,
  ),
  problem(
    'request.too_large',
    413,
    'Request too large',
    'The request body is over 262,144 bytes; it was rejected before parsing.',
  ),
  problem(
    'request.unsupported_media_type',
    415,
    'Unsupported media type',
    'The request Content-Type is not application/json or a +json type, names a charset other than UTF-8 (RFC 8259 section 8.1), or the body has a Content-Encoding the service does not decode (gzip and any other but identity).',
  ),
  problem(
    'request.rate_limited',
    429,
    'Too many requests',
    'More than 120 POST requests in a minute from one client address to one route; Retry-After says when to retry.',
    true,
  ),
  problem(
    'server.internal',
    500,
    'Internal error',
    'The service failed unexpectedly; the request may be retried.',
    true,
  ),
  problem(
    'exchange.task_unknown',
    404,
    'Unknown task',
    'The reference server issued no task with this reference; use task references exactly as received.',
  ),
  typed(
    'exchange.request_invalid',
    400,
    'Request message invalid',
    'The mock exchange received a request message that fails validation; errors lists the issues.',
  ),
  typed(
    'exchange.wrong_profile',
    400,
    'Not an intent request',
    'The mock exchange answers uai.intent.request.v1 messages only.',
  ),
  typed('exchange.subject_unknown', 404, 'Unknown subject', 'The request subject is not a registered profile.'),
  typed(
    'exchange.intent_unprocessable',
    422,
    'Intent cannot be processed',
    'The reference server understood the request but will not resolve it (the typed-error scenario simulates this).',
  ),
  typed(
    'task.execution_failed',
    500,
    'Task failed',
    'An accepted task ended in the failed state; the task status carries this code.',
    true,
  ),
] as const;

/** Every published issue code, as a type. */
export type IssueCodeId = (typeof ISSUE_CODES)[number]['code'];
/** Every published error code (HTTP problems and uai.error.v1 bodies), as a type. */
export type ErrorCodeId = (typeof ERROR_CODES)[number]['code'];
export type IssueCode = IssueCodeEntry<IssueCodeId>;
export type ErrorCode = ErrorCodeEntry<ErrorCodeId>;

const issueByCode = new Map<string, IssueCode>(ISSUE_CODES.map((c) => [c.code, c]));
const errorByCode = new Map<string, ErrorCode>(ERROR_CODES.map((c) => [c.code, c]));

/** The registry entry of a code; a published code always has one, any other string none. */
export function issueCode(code: IssueCodeId): IssueCode;
export function issueCode(code: string): IssueCode | undefined;
export function issueCode(code: string): IssueCode | undefined {
  return issueByCode.get(code);
}
export function errorCode(code: ErrorCodeId): ErrorCode;
export function errorCode(code: string): ErrorCode | undefined;
export function errorCode(code: string): ErrorCode | undefined {
  return errorByCode.get(code);
}
export const isIssueCode = (code: unknown): code is IssueCodeId => typeof code === 'string' && issueByCode.has(code);
export const isPublishedErrorCode = (code: unknown): code is ErrorCodeId =>
  typeof code === 'string' && errorByCode.has(code);
