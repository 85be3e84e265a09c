import {
  ERROR_CODE_SHAPES,
  ISSUE_CODE_SHAPES,
  type ErrorCodeId,
  type ErrorCodeShape,
  type IssueCodeId,
  type IssueCodeShape,
} from './code-shapes.ts';

export { isIssueCode, isPublishedErrorCode, type ErrorCodeId, type IssueCodeId } from './code-shapes.ts';

/**
 * The error registry (spec section 7, CONTRACT sections 4 and 8) as published: the codes of
 * code-shapes.ts with what each means and how to fix it. Clients use these codes instead of local
 * failure vocabularies. A code's prose is keyed by the code, so a code without it, or prose for no
 * code, is a type error.
 */
export interface IssueCodeEntry<C extends string = string> extends IssueCodeShape<C> {
  readonly description: string;
  readonly fix: string;
}

export interface ErrorCodeEntry<C extends string = string> extends ErrorCodeShape<C> {
  readonly description: string;
}

export type IssueCode = IssueCodeEntry<IssueCodeId>;
export type ErrorCode = ErrorCodeEntry<ErrorCodeId>;

const ISSUE_TEXTS: { readonly [C in IssueCodeId]: Pick<IssueCodeEntry, 'description' | 'fix'> } = {
  'message.not_object': {
    description: 'In keyed-json mode a message must be a JSON object.',
    fix: 'Send the message as a JSON object, or use normalization_mode keyless-json for an array.',
  },
  'message.too_deep': {
    description:
      'The message nests objects or arrays deeper than 64 levels, or the path to one of them (its member names and array indexes, one more character per level) is longer than 512 characters.',
    fix: 'Flatten the structure and shorten the names; no UAI-1 field nests deeper than a few levels.',
  },
  'message.not_canonicalizable': {
    description:
      'A string holds a lone surrogate or a number is outside the IEEE 754 double range, so no canonical form or checksum exists.',
    fix: 'Use well-formed Unicode strings and finite numbers.',
  },
  'message.duplicate_member': {
    description:
      'An object of the message holds the same member name more than once. RFC 8259 section 4 leaves the meaning to each parser and I-JSON (RFC 7493 section 2.3), on which RFC 8785 canonicalization and the checksum rest, forbids it, so the message has no single meaning. Reported once per repeated name, at its JSON Pointer, when the JSON text is at hand (POST /v1/validate and uai validate).',
    fix: 'Keep one member per name in every object.',
  },
  'keyless.shape_mismatch': {
    description:
      'In keyless-json mode the message, or a nested object position, is not a JSON array as its order map requires.',
    fix: 'Encode each object as an array ordered by its compact_field_order_map in the field registry.',
  },
  'keyless.overflow': {
    description: 'A keyless array holds more positions than the ordered_fields of its order map.',
    fix: 'Drop the extra positions; a keyless array never exceeds its map.',
  },
  'keyless.required_null': {
    description: 'A keyless array has null, or no value, at an index listed in required_indexes.',
    fix: 'Fill every required index of the order map.',
  },
  'schema.required': {
    description: 'A member the schema requires is absent.',
    fix: 'Add the member named in the issue.',
  },
  'schema.type': {
    description: 'A member has a JSON type other than the one the schema gives.',
    fix: 'Use the type shown in expected.',
  },
  'schema.value_not_allowed': {
    description: 'A member of a closed value set holds a value the field registry does not list.',
    fix: 'Use one of the values in expected.',
  },
  'schema.format': {
    description: 'A member breaks its format: an RFC 3986 URI (with a scheme), an RFC 3339 date-time or full-date.',
    fix: 'Write the value in the format named in expected.',
  },
  'schema.pattern': {
    description: 'A string breaks the pattern its schema gives (for example a profile identifier).',
    fix: 'Match the pattern in expected.',
  },
  'schema.range': {
    description: 'A number is below the minimum or above the maximum of its field.',
    fix: 'Use a number within the range in expected.',
  },
  'schema.length': {
    description: 'A string or array is shorter or longer than its field allows (for example an empty identifier).',
    fix: 'Give the member at least the length in expected.',
  },
  'envelope.version_unsupported': {
    description: 'uai_version is not "1.0", the format version of UAI-1.',
    fix: 'Set uai_version to "1.0".',
  },
  'envelope.profile_unknown': {
    description: 'profile is not an identifier of the UAI-1 profile family.',
    fix: 'Use a profile listed in the registry.',
  },
  'envelope.profile_not_current': {
    description: 'profile names a known profile at a version outside the current track of the roadmap.',
    fix: 'Use the .v1 identifier of the profile; other versions are not supported yet.',
  },
  'field.alias_key': {
    description:
      'A key is another spelling (camelCase, kebab-case) of a registered key; keys are used exactly as written.',
    fix: 'Rename the key to the registered spelling given in expected.',
  },
  'conversation.parent_missing': {
    description: 'conversation.sequence is greater than 1 but parent_message_id is absent.',
    fix: 'Set parent_message_id to the message this one answers.',
  },
  'extension.namespace_invalid': {
    description: 'An extension namespace is not a URN of the form urn:<ns>:ext:<name>.',
    fix: 'Write the namespace as urn:<ns>:ext:<name>.',
  },
  'extension.critical_unknown': {
    description:
      'An extension marked critical uses a namespace this release does not register, so receivers must reject it.',
    fix: 'Use a registered namespace, or mark the extension critical: false.',
  },
  'response.task_ref_missing': {
    description: 'An intent response with status accepted has no body.task_ref.',
    fix: 'Set body.task_ref, delivery.task_ref and body.result.task_id to the task reference.',
  },
  'response.task_ref_mismatch': {
    description:
      'body.task_ref, delivery.task_ref and body.result.task_id do not all hold the same value; or a task status carries a delivery.task_ref other than its body.task_id.',
    fix: 'Use one task reference in every place that names the task.',
  },
  'task.state_inconsistent': {
    description:
      'A task status lacks the field its state requires: result_ref when completed, blocking_reason when input-required, error_code when failed.',
    fix: 'Add the field the state requires.',
  },
  'conformance.summary_mismatch': {
    description:
      'summary.error_count or summary.warning_count differ from the issues listed, or status or conformance_level disagrees with them.',
    fix: 'Count the issues by severity; status is fail exactly when there are errors, and conformance_level is the level the issues allow.',
  },
  'error.code_unpublished': {
    description:
      'A task status error_code is not in the error registry, or a uai.error.v1 code is not, or is published for HTTP problem documents only (its used_in).',
    fix: 'Use a code from error_codes in the error registry; in a uai.error.v1 body, one whose used_in includes uai.error.v1.',
  },
  'issue.code_unpublished': {
    description:
      "An issue item of a typed error's errors or of a conformance result's issues has a code its list may not hold. A typed error's items are the validator's findings: codes of issue_codes. A conformance result's items are the validator's or the test kit's: codes of issue_codes, test_checks or conversation_rules. The error_codes name a whole problem or uai.error.v1 body, never one of its items.",
    fix: 'Use a code from issue_codes in the error registry; in a conformance result, also from test_checks or conversation_rules.',
  },
  'issue.help_url_mismatch': {
    description:
      "An issue item's help_url is not the anchor of its code on the error-registry page: an http or https URL whose path ends in /error-registry/, with no query, and whose fragment is the item's code. The origin may be any, since a message made by another deployment links to its own site.",
    fix: 'Set help_url to <origin>/error-registry/#<code>, with the code of the same item.',
  },
  'issue.severity_mismatch': {
    description:
      "An issue item's severity is not its code's: a code of issue_codes carries the severity the registry gives it, and a failed test_checks or conversation_rules check of level must is an error (one of level should is a warning, or an error when it was not exercised).",
    fix: 'Take the severity from the error registry: the severity of the issue code, or error for a failed must check.',
  },
  'integrity.checksum_mismatch': {
    description:
      'integrity.checksum differs from sha256 over the RFC 8785 canonical form of the message without integrity.',
    fix: 'Recompute the checksum after the last change to the message; expected holds the right value.',
  },
  'integrity.checksum_malformed': {
    description: 'integrity.checksum is not sha256: followed by 64 lowercase hex digits.',
    fix: 'Write the checksum as sha256:<64 lowercase hex digits>.',
  },
  'integrity.algorithm_unsupported': {
    description: 'integrity.algorithm is not sha256.',
    fix: 'Set integrity.algorithm to "sha256".',
  },
  'integrity.canonicalization_unsupported': {
    description: 'integrity.canonicalization is not jcs (RFC 8785).',
    fix: 'Set integrity.canonicalization to "jcs".',
  },
  'integrity.version_unsupported': {
    description: 'integrity.version is not 2.',
    fix: 'Set integrity.version to 2.',
  },
  'trace.traceparent_invalid': {
    description:
      'conversation.traceparent is not a W3C Trace Context level 1 value (00-<32 hex>-<16 hex>-<2 hex>, ids not all zero).',
    fix: 'Generate the traceparent with a W3C Trace Context library.',
  },
  'identity.did_invalid': {
    description: 'A did member breaks the W3C DID syntax did:<method>:<method-specific-id>.',
    fix: 'Use a DID such as did:web:example.org.',
  },
  'field.unknown_member': {
    description: 'A member is not registered for its object; receivers may ignore it.',
    fix: 'Remove the member, or carry it in an extension.',
  },
  'field.unregistered_value': {
    description: 'A value of an open set (party role, intent, constraint, notice) is not registered.',
    fix: 'Use a registered value where one fits.',
  },
  'trace.trace_id_mismatch': {
    description: 'provenance.trace_id differs from the trace-id inside conversation.traceparent.',
    fix: 'Use the traceparent trace-id as provenance.trace_id.',
  },
  'delivery.expiry_not_after_issue': {
    description:
      'delivery.expires_at is not after provenance.issued_at, compared as exact RFC 3339 instants (offsets applied, every fraction digit, a leap second after :59). When either timestamp is malformed, only its schema.format issue is reported, not this one.',
    fix: 'Set expires_at later than issued_at.',
  },
  'response.request_ref_mismatch': {
    description: 'body.request_message_id differs from conversation.parent_message_id.',
    fix: 'Both name the request being answered.',
  },
  'trust.reference_missing': {
    description: 'The credentialed channel has no credential_ref, or the signed-envelope channel has no signature_ref.',
    fix: 'Add the reference the channel expects.',
  },
  'intent.profile_unregistered': {
    description:
      'subject, requested_profile or response_profile of an intent request is not a registered profile, so a reference server would answer 404.',
    fix: 'Name profiles listed in the registry.',
  },
  'intent.response_profile_unanswered': {
    description:
      'response_profile of an intent request names a registered profile other than uai.intent.response.v1, the one an intent request is answered with, so a reference server declines it (422 exchange.intent_unprocessable).',
    fix: 'Set response_profile to uai.intent.response.v1.',
  },
  'message.number_imprecise': {
    description:
      'A number of the message is one its IEEE 754 double does not hold, so the canonical form (RFC 8785 section 3.2.2.3) and integrity.checksum hold another number: 9007199254740993 is read as 9007199254740992, 0.30000000000000001 as 0.3. A reader that keeps numbers exact computes another checksum (I-JSON, RFC 7493 section 2.2). expected is the canonical form, actual the number as written. Found in the JSON text (POST /v1/validate, uai validate), once per number, for the first 1,000.',
    fix: 'Write the number as its canonical form (expected), or carry a value that needs every digit as a string.',
  },
};

const ERROR_DESCRIPTIONS: { readonly [C in ErrorCodeId]: string } = {
  'request.malformed_json': 'The request body is not valid JSON; detail gives the parser position when known.',
  'request.invalid':
    'The request is JSON but not a valid request: message missing, a member of the wrong type, or an unknown scenario, format or mode. The local server also answers it to a request that is not valid HTTP/1.1: a request target that is neither a path nor an absolute URL, or a malformed request line, header line, Content-Length or Transfer-Encoding. A body sent in more than 16,384 pieces (HTTP chunks or network reads) gets it too: send it with Content-Length, or in chunks of 16 bytes or more.',
  'request.too_deep': 'The request body nests deeper than 65 levels, one more than a message may nest.',
  'route.not_found': 'No route of the REST surface has this path.',
  'request.method_not_allowed':
    'The route exists but not for this method; the Allow header lists the methods it takes.',
  'request.timeout':
    'The local server did not receive the request headers within 10 seconds or the whole request within 30 seconds; it answers this where a response is still possible and closes the connection.',
  'request.too_large': 'The request body is over 262,144 bytes; it was rejected before parsing.',
  'request.unsupported_media_type':
    'The request Content-Type is not application/json or a +json type, names a charset other than UTF-8 (RFC 8259 section 8.1), or the body has a Content-Encoding the service does not decode (gzip and any other but identity).',
  'request.rate_limited':
    'More than 120 POST requests in a minute from one client address to one route; Retry-After says when to retry.',
  'request.headers_too_large':
    'The request line and header fields together are over 16 KB (16,384 bytes; a long URL counts too). The local server answers this and closes the connection.',
  'server.internal': 'The service failed unexpectedly; the request may be retried.',
  'exchange.task_unknown':
    'The reference server issued no task with this reference; use task references exactly as received.',
  'exchange.request_invalid':
    'The mock exchange received a request message that fails validation; errors lists the issues.',
  'exchange.wrong_profile': 'The mock exchange answers uai.intent.request.v1 messages only.',
  'exchange.subject_unknown': 'The request subject is not a registered profile.',
  'exchange.intent_unprocessable':
    'The reference server understood the request but will not resolve it (the typed-error scenario simulates this).',
  'task.execution_failed': 'An accepted task ended in the failed state; the task status carries this code.',
};

// Pure: a bundle that reads one of the two lists (SARIF reads the issue codes) carries only its prose.
/** Every issue code with its prose, in the registry's order (the members in the order published). */
export const ISSUE_CODES: readonly IssueCode[] = /* @__PURE__ */ ISSUE_CODE_SHAPES.map(
  ({ code, severity, level, title }) => ({
    code,
    severity,
    level,
    title,
    description: ISSUE_TEXTS[code].description,
    fix: ISSUE_TEXTS[code].fix,
  }),
);

/** Every error code with its description, in the registry's order (the members in the order published). */
export const ERROR_CODES: readonly ErrorCode[] = /* @__PURE__ */ ERROR_CODE_SHAPES.map(
  ({ code, status, title, used_in, retryable }) => ({
    code,
    status,
    title,
    description: ERROR_DESCRIPTIONS[code],
    used_in,
    retryable,
  }),
);

/** The registry entry of a code; a published code always has one, any other string none. */
export function issueCode(code: IssueCodeId): IssueCode;
export function issueCode(code: string): IssueCode | undefined;
export function issueCode(code: string): IssueCode | undefined {
  return ISSUE_CODES.find((c) => c.code === code);
}
export function errorCode(code: ErrorCodeId): ErrorCode;
export function errorCode(code: string): ErrorCode | undefined;
export function errorCode(code: string): ErrorCode | undefined {
  return ERROR_CODES.find((c) => c.code === code);
}
