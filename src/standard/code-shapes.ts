import type { ConformanceLevelId } from './levels.ts';

/**
 * The error registry (spec section 7, CONTRACT sections 4 and 8) as the engine reads it: every
 * issue code the validator can report and every error code the HTTP layer or a uai.error.v1
 * message can carry, with severity, level, status and title. The descriptions and fixes the
 * registry publishes are added in codes.ts, so the functions that never show them do not carry
 * them (like the field model's shapes in model.ts).
 */
export interface IssueCodeShape<C extends string = string> {
  readonly code: C;
  readonly severity: 'error' | 'warning';
  /** The conformance level this check guards (codes of guardsByPath guard L1 on envelope paths and L2 on body paths). */
  readonly level: ConformanceLevelId;
  readonly title: string;
}

export interface ErrorCodeShape<C extends string = string> {
  readonly code: C;
  readonly status: number;
  readonly title: string;
  /** Where the code appears: an HTTP problem response, a uai.error.v1 body, or both. */
  readonly used_in: readonly ('http-problem' | 'uai.error.v1')[];
  readonly retryable: boolean;
}

const issue = <const C extends string>(
  code: C,
  severity: IssueCodeShape['severity'],
  level: ConformanceLevelId,
  title: string,
): IssueCodeShape<C> => ({ code, severity, level, title });

// `as const` keeps every code a literal type, so IssueCodeId below lists them and a misspelled code
// anywhere in the engine is a type error, not a run-time surprise.
export const ISSUE_CODE_SHAPES = [
  // L0: can the input be read as a message at all?
  issue('message.not_object', 'error', 'L0', 'Message is not a JSON object'),
  issue('message.too_deep', 'error', 'L0', 'Message nests too deeply'),
  issue('message.not_canonicalizable', 'error', 'L0', 'Message has no RFC 8785 canonical form'),
  issue('message.duplicate_member', 'error', 'L0', 'Duplicate member name'),
  issue('keyless.shape_mismatch', 'error', 'L0', 'Keyless shape does not match the order map'),
  issue('keyless.overflow', 'error', 'L0', 'Keyless array has more positions than its map'),
  // The keyless twin of schema.required: the array normalized (L0), a required member did not come,
  // so it guards what schema.required guards (guardsByPath below).
  issue('keyless.required_null', 'error', 'L1', 'Required position is null or missing'),
  // L1: envelope.
  issue('schema.required', 'error', 'L1', 'Required member missing'),
  issue('schema.type', 'error', 'L1', 'Wrong JSON type'),
  issue('schema.value_not_allowed', 'error', 'L1', 'Value outside a closed set'),
  issue('schema.format', 'error', 'L1', 'Malformed value'),
  issue('schema.pattern', 'error', 'L1', 'Value does not match its pattern'),
  issue('schema.range', 'error', 'L1', 'Number out of range'),
  issue('schema.length', 'error', 'L1', 'Too short or too long'),
  issue('envelope.version_unsupported', 'error', 'L1', 'Unsupported uai_version'),
  issue('envelope.profile_unknown', 'error', 'L1', 'Unknown profile'),
  issue('envelope.profile_not_current', 'error', 'L1', 'Profile version not current'),
  issue('field.alias_key', 'error', 'L1', 'Key spelled as an alias'),
  // Envelope requirements too (CONTRACT section 2 lists them with the envelope's members): a reply's
  // parent, and an extension's namespace, reported instead of the envelope schema's pattern error.
  issue('conversation.parent_missing', 'error', 'L1', 'Reply without parent_message_id'),
  issue('extension.namespace_invalid', 'error', 'L1', 'Malformed extension namespace'),
  // L2: profile rules.
  issue('extension.critical_unknown', 'error', 'L2', 'Critical extension not registered'),
  issue('response.task_ref_missing', 'error', 'L2', 'Accepted response without task_ref'),
  issue('response.task_ref_mismatch', 'error', 'L2', 'task_ref values disagree'),
  issue('task.state_inconsistent', 'error', 'L2', 'Task status fields do not fit the state'),
  issue('conformance.summary_mismatch', 'error', 'L2', 'Summary counts differ from issues'),
  issue('error.code_unpublished', 'error', 'L2', 'Error code not published'),
  issue('issue.code_unpublished', 'error', 'L2', 'Issue item code not published'),
  issue('issue.help_url_mismatch', 'error', 'L2', "help_url is not the code's anchor"),
  issue('issue.severity_mismatch', 'error', 'L2', "Issue item severity differs from its code's"),
  // L3: integrity, identifiers, trace context.
  issue('integrity.checksum_mismatch', 'error', 'L3', 'Checksum does not match'),
  issue('integrity.checksum_malformed', 'error', 'L3', 'Malformed checksum'),
  issue('integrity.algorithm_unsupported', 'error', 'L3', 'Unsupported integrity algorithm'),
  issue('integrity.canonicalization_unsupported', 'error', 'L3', 'Unsupported canonicalization'),
  issue('integrity.version_unsupported', 'error', 'L3', 'Unsupported integrity version'),
  issue('trace.traceparent_invalid', 'error', 'L3', 'Invalid traceparent'),
  issue('identity.did_invalid', 'error', 'L3', 'Invalid DID'),
  // Warnings keep a message from L4 (exchange-ready) without making it invalid.
  issue('field.unknown_member', 'warning', 'L4', 'Unknown member'),
  issue('field.unregistered_value', 'warning', 'L4', 'Unregistered value in an open set'),
  issue('trace.trace_id_mismatch', 'warning', 'L4', 'trace_id differs from traceparent'),
  issue('delivery.expiry_not_after_issue', 'warning', 'L4', 'Expires before it was issued'),
  issue('response.request_ref_mismatch', 'warning', 'L4', 'request_message_id differs from parent'),
  issue('trust.reference_missing', 'warning', 'L4', 'Trust channel without its reference'),
  issue('intent.profile_unregistered', 'warning', 'L4', 'Request names an unregistered profile'),
  issue('intent.response_profile_unanswered', 'warning', 'L4', 'Request asks for an answer in another profile'),
  issue('message.number_imprecise', 'warning', 'L4', 'Number a double does not hold'),
] as const;

/** Makes the shapes of the error codes that appear in one place: HTTP problems or uai.error.v1 bodies. */
const appearingIn =
  (where: ErrorCodeShape['used_in'][number]) =>
  <const C extends string>(code: C, status: number, title: string, retryable = false): ErrorCodeShape<C> => ({
    code,
    status,
    title,
    used_in: [where],
    retryable,
  });
const problem = appearingIn('http-problem');
const typed = appearingIn('uai.error.v1');

export const ERROR_CODE_SHAPES = [
  problem('request.malformed_json', 400, 'Malformed JSON'),
  problem('request.invalid', 400, 'Invalid request'),
  problem('request.too_deep', 400, 'Request nests too deeply'),
  problem('route.not_found', 404, 'No such route'),
  problem('request.method_not_allowed', 405, 'Method not allowed'),
  problem('request.timeout', 408, 'Request timeout', true),
  problem('request.too_large', 413, 'Request too large'),
  problem('request.unsupported_media_type', 415, 'Unsupported media type'),
  problem('request.rate_limited', 429, 'Too many requests', true),
  problem('request.headers_too_large', 431, 'Request headers too large'),
  problem('server.internal', 500, 'Internal error', true),
  problem('exchange.task_unknown', 404, 'Unknown task'),
  typed('exchange.request_invalid', 400, 'Request message invalid'),
  typed('exchange.wrong_profile', 400, 'Not an intent request'),
  typed('exchange.subject_unknown', 404, 'Unknown subject'),
  typed('exchange.intent_unprocessable', 422, 'Intent cannot be processed'),
  typed('task.execution_failed', 500, 'Task failed', true),
] as const;

/** Every published issue code, as a type. */
export type IssueCodeId = (typeof ISSUE_CODE_SHAPES)[number]['code'];
/** Every published error code (HTTP problems and uai.error.v1 bodies), as a type. */
export type ErrorCodeId = (typeof ERROR_CODE_SHAPES)[number]['code'];

/**
 * Whether a code guards L1 on envelope paths and L2 inside the body (CONTRACT section 7: L1 is the
 * envelope schema, L2 the body schema): the schema's codes; keyless.required_null, a required
 * member missing as the keyless form says it; and field.alias_key, a member spelled as an alias,
 * reported instead of the schema's missing member, so a body key misspelled guards what a body key
 * left out guards. Every other code guards its own level.
 */
export const guardsByPath = (code: string): boolean =>
  code.startsWith('schema.') || code === 'keyless.required_null' || code === 'field.alias_key';

const issueByCode = new Map<string, IssueCodeShape<IssueCodeId>>(ISSUE_CODE_SHAPES.map((c) => [c.code, c]));
const errorByCode = new Map<string, ErrorCodeShape<ErrorCodeId>>(ERROR_CODE_SHAPES.map((c) => [c.code, c]));

/** The shape of a code; a published code always has one, any other string none. */
export function issueCode(code: IssueCodeId): IssueCodeShape<IssueCodeId>;
export function issueCode(code: string): IssueCodeShape<IssueCodeId> | undefined;
export function issueCode(code: string): IssueCodeShape<IssueCodeId> | undefined {
  return issueByCode.get(code);
}
export function errorCode(code: ErrorCodeId): ErrorCodeShape<ErrorCodeId>;
export function errorCode(code: string): ErrorCodeShape<ErrorCodeId> | undefined;
export function errorCode(code: string): ErrorCodeShape<ErrorCodeId> | undefined {
  return errorByCode.get(code);
}
export const isIssueCode = (code: unknown): code is IssueCodeId => typeof code === 'string' && issueByCode.has(code);
export const isPublishedErrorCode = (code: unknown): code is ErrorCodeId =>
  typeof code === 'string' && errorByCode.has(code);
