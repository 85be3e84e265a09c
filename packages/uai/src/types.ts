/**
 * TypeScript types of every UAI-1 message (format 1.0), written from the field model by
 * scripts/package/message-types.ts. Do not edit: regenerate.
 */

/** Message envelope: Top-level members shared by every UAI-1 message. */
export interface Envelope<P extends ProfileId = ProfileId, B = { [member: string]: unknown }> {
  /** Profile identifier: selects the body shape. */
  profile: P;
  /** Profile-specific content. */
  body: B;
  /** Format version; "1.0" in UAI-1. */
  uai_version: '1.0';
  /** Identifier of this message, unique for its sender. */
  message_id: string;
  /** The sender. */
  source: Party;
  /** The recipient, or the checked subject of a conformance record. */
  target: Party;
  /** Links the message to its conversation and to the message it answers. */
  conversation: Conversation;
  /** Delivery semantics: mode, priority, expiry, acknowledgements. */
  delivery: Delivery;
  /** Trust and identity posture of the message (data, not HTTP authentication). */
  trust: Trust;
  /** Origin and lineage of the message. */
  provenance: Provenance;
  /** Checksum over the RFC 8785 canonical form of the message without this member. */
  integrity: Integrity;
  /** Optional-feature markers. */
  extensions?: Extension[];
}

/** Party: A sender, recipient or checked subject. */
export interface Party {
  /** Kind of party. */
  type: 'agent' | 'service' | 'message' | 'human' | 'tool';
  /** Identifier of the party, or the message_id of a checked message. */
  id: string;
  /** Display label. */
  label?: string;
  /** Address of the party. */
  uri?: string;
  /** Decentralized identifier, did:<method>:<id> (W3C DID Core). */
  did?: string;
  /** Role of the party in this exchange (open set). */
  role?:
    | 'requesting-agent'
    | 'public-record-gateway'
    | 'conformance-checker'
    | 'checked-record'
    | 'reference-server'
    | (string & {});
  /** Implementation name and version, or the profile of a checked record. */
  implementation?: string;
}

/** Conversation: Conversation linkage shared by all messages of one exchange. */
export interface Conversation {
  /** Shared by all messages of one exchange. */
  conversation_id: string;
  /** Identifier of this turn. */
  turn_id: string;
  /** The message replied to or checked; required when sequence > 1. */
  parent_message_id?: string;
  /** W3C Trace Context level 1 value: 00-<trace-id>-<span-id>-<flags>. */
  traceparent?: string;
  /** Position in the conversation; 1 for a request. */
  sequence: number;
}

/** Delivery: How the message is to be delivered and answered. */
export interface Delivery {
  /** sync or async. */
  mode: 'sync' | 'async';
  /** interactive, routine or bulk. */
  priority?: 'interactive' | 'routine' | 'bulk';
  /** ISO 8601 instant after which the message is stale; after provenance.issued_at. */
  expires_at?: string;
  /** Whether the sender expects a reply message. */
  reply_requested?: boolean;
  /** Whether the recipient must acknowledge receipt. */
  ack_required?: boolean;
  /** Task reference; present on an asynchronous acceptance. */
  task_ref?: string;
}

/** Trust: Trust and identity posture of the message. */
export interface Trust {
  /** Trust channel; see the trust-channels record. */
  channel: 'credentialed' | 'signed-envelope' | 'public';
  /** Authentication scheme used inside the channel. */
  auth_scheme: 'did+vc' | 'jws' | 'validator-record' | 'none';
  /** The acting principal, usually a DID. */
  principal?: string;
  /** Reference to a credential; expected on the credentialed channel. */
  credential_ref?: string;
  /** Reference to a signature; expected on the signed-envelope channel. */
  signature_ref?: string;
  /** Replay-window identifier. */
  replay_window_id?: string;
}

/** Provenance: Origin and lineage of the message. */
export interface Provenance {
  /** Trace identifier; equals the traceparent trace-id when both are present. */
  trace_id?: string;
  /** Trace identifier of the parent trace. */
  parent_trace_id?: string;
  /** ISO 8601 instant the message was issued. */
  issued_at: string;
  /** URN-style log reference. */
  log_ref?: string;
  /** Agent that produced the message. */
  agent_id?: string;
  /** Model that produced the message. */
  model_id?: string;
  /** Confidence from 0 to 1. */
  confidence?: number;
  /** Stages the message went through. */
  lineage?: LineageItem[];
}

/** Lineage step: One step in the lineage of a message. */
export interface LineageItem {
  /** Name of the stage. */
  stage: string;
  /** Who acted at this stage. */
  actor_id?: string;
  /** Model used at this stage, if any. */
  model_id?: string;
  /** Free note. */
  note?: string;
}

/** Integrity: Checksum over the RFC 8785 canonical form of the message without its integrity member (CONTRACT section 3). */
export interface Integrity {
  /** Integrity block version; 2. */
  version: 2;
  /** Hash algorithm; sha256. */
  algorithm: 'sha256';
  /** Canonicalization; jcs (RFC 8785). */
  canonicalization: 'jcs';
  /** sha256: + lowercase hex SHA-256 of the canonical message without integrity. */
  checksum: string;
}

/** Extension: Marks an optional feature the message uses. */
export interface Extension {
  /** URN of the form urn:<ns>:ext:<name>. */
  namespace: string;
  /** Why the extension is used. */
  purpose?: string;
  /** When true, a receiver that does not know the namespace must reject the message. */
  critical?: boolean;
}

/** Issue item: One finding of the validator, or one cause of a typed error. */
export interface IssueItem {
  /** A published issue code (error registry). */
  code: string;
  /** error or warning. */
  severity: 'error' | 'warning';
  /** RFC 6901 JSON Pointer into the keyed message; "" for the whole message. */
  path: string;
  /** One plain sentence. */
  message: string;
  /** What the rule expects, when it helps. */
  expected?: unknown;
  /** What the message holds, when it helps. */
  actual?: unknown;
  /** The JSON Schema keyword, when the issue comes from a schema. */
  keyword?: string;
  /** The code's anchor on the error-registry page. */
  help_url?: string;
}

/** Intent request body: Asks the target to resolve an intent about a subject profile. */
export interface IntentRequestBody {
  /** What is asked (open set; resolve-profile is registered). */
  intent: 'resolve-profile' | (string & {});
  /** The profile the intent is about. */
  subject: string;
  /** The profile whose artifacts are requested. */
  requested_profile: string;
  /** What to include in a completed result. */
  parameters?: RequestParameters;
  /** Constraints on the answer (open set). */
  constraints?: Array<'public-record-only' | 'trace-linked' | 'validator-ready' | (string & {})>;
  /** The profile the answer must use. */
  response_profile: string;
}

/** Request parameters: Switches for what a completed response carries inline. */
export interface RequestParameters {
  /** Include the JSON Schema of requested_profile. */
  include_schema?: boolean;
  /** Include the published example of requested_profile. */
  include_example?: boolean;
  /** Include the field order map of requested_profile. */
  include_field_registry?: boolean;
}

/** Intent response body: Answer to an intent request. */
export interface IntentResponseBody {
  /** accepted (asynchronous task started), completed (result inline) or rejected. */
  status: 'accepted' | 'completed' | 'rejected';
  /** The subject of the request, copied. */
  subject?: string;
  /** message_id of the request; equals conversation.parent_message_id. */
  request_message_id: string;
  /** What was resolved, or where to follow it. */
  result?: IntentResult;
  /** Notices to the requester (open set). */
  notices?: Array<
    | 'accepted-task-started'
    | 'use-task-status-example-for-shape-checks'
    | 'reference-surface-response'
    | 'completed-inline-result'
    | 'typed-error-simulated'
    | (string & {})
  >;
  /** Task reference; required when accepted, equal to delivery.task_ref. */
  task_ref?: string;
}

/** Intent result: Links and inline artifacts of an intent response. */
export interface IntentResult {
  /** Task identifier; equals body.task_ref when accepted. */
  task_id?: string;
  /** Profile of the task status messages. */
  status_profile?: string;
  /** Example task status message. */
  status_example_url?: string;
  /** Profile of the final response. */
  response_profile?: string;
  /** Further mock-exchange scenarios to try. */
  follow_up_scenarios?: Array<'accepted-task' | 'completed-response' | 'typed-error'>;
  /** The field registry. */
  field_registry_url?: string;
  /** The mock-exchange route. */
  mock_exchange_url?: string;
  /** Inline JSON Schema of requested_profile (completed, include_schema). */
  schema?: { [member: string]: unknown };
  /** Inline example of requested_profile (completed, include_example). */
  example?: { [member: string]: unknown };
  /** Inline field order map of requested_profile (completed, include_field_registry). */
  field_order_map?: { [member: string]: unknown };
}

/** Task status body: Progress of an accepted asynchronous task. */
export interface TaskStatusBody {
  /** The task; equals the task_ref of the acceptance. */
  task_id: string;
  /** Task state; see the registry for transitions. */
  state: 'accepted' | 'working' | 'input-required' | 'completed' | 'failed' | 'canceled';
  /** When the state last changed. */
  updated_at: string;
  /** Fraction done, 0 to 1. */
  progress?: number;
  /** Human-readable status. */
  status_message?: string;
  /** The request that started the task. */
  request_message_id?: string;
  /** Where the result is; required when completed. */
  result_ref?: string;
  /** What input is needed; required when input-required. */
  blocking_reason?: string;
  /** A published error code; required when failed. */
  error_code?: string;
}

/** Typed error body: A typed, path-aware failure. */
export interface ErrorBody {
  /** HTTP-style status, 400 to 599. */
  status: number;
  /** A published error code. */
  code: string;
  /** Short summary of the error code. */
  title: string;
  /** Whether the same request may succeed later. */
  retryable: boolean;
  /** What went wrong this time. */
  detail?: string;
  /** The request that failed. */
  request_message_id?: string;
  /** Issue items behind the error. */
  errors?: IssueItem[];
  /** When to retry, if retryable. */
  retry_after_seconds?: number;
}

/** Capability statement body: What a party supports. */
export interface CapabilityStatementBody {
  /** Name of the implementation. */
  name: string;
  /** Profile identifiers the party accepts or emits. */
  supported_profiles: string[];
  /** Where the party listens. */
  endpoints: CapabilityEndpoint[];
  /** Intents the party resolves. */
  operations?: CapabilityOperation[];
  /** Trust channels the party accepts. */
  trust_channels?: Array<'credentialed' | 'signed-envelope' | 'public'>;
  /** Authentication schemes the party accepts. */
  security_schemes?: string[];
  /** Conformance level the party claims. */
  conformance_level?: 'L0' | 'L1' | 'L2' | 'L3' | 'L4';
}

/** Endpoint: One address of a party, with its transport binding. */
export interface CapabilityEndpoint {
  /** Transport binding id. */
  binding: string;
  /** Address. */
  url: string;
  /** Media type accepted there. */
  media_type?: string;
}

/** Operation: One intent the party resolves. */
export interface CapabilityOperation {
  /** The intent (an open set, as a request's body.intent). */
  intent: 'resolve-profile' | (string & {});
  /** Profile of the request. */
  request_profile: string;
  /** Profiles of possible answers. */
  response_profiles: string[];
}

/** Conformance result body: Validator evidence about one checked message. */
export interface ConformanceResultBody {
  /** pass or fail. */
  status: 'pass' | 'fail';
  /** Profile of the checked message. */
  checked_profile: string;
  /** Every finding; empty on pass. */
  issues: IssueItem[];
  /** Counts and time of the check. */
  summary: ConformanceSummary;
  /** Records the check used. */
  artifacts?: ConformanceArtifacts;
  /** message_id of the checked message. */
  target_message_ref: string;
  /** Highest conformance level the checked message reaches. */
  conformance_level?: 'L0' | 'L1' | 'L2' | 'L3' | 'L4';
}

/** Conformance summary: Counts of a check; they equal the issues listed unless issues_listed says the list was cut. */
export interface ConformanceSummary {
  /** Number of issues with severity error. */
  error_count: number;
  /** Number of issues with severity warning. */
  warning_count: number;
  /** How many issues the record lists, present only when the list was cut at the validator's issue limit, which lists errors before warnings: the counts then exceed it and count every issue. */
  issues_listed?: number;
  /** When the check ran. */
  checked_at: string;
}

/** Conformance artifacts: URLs of the records a check relied on. */
export interface ConformanceArtifacts {
  /** URL of the catalog record. */
  catalog_url?: string;
  /** URL of the schema record. */
  schema_url?: string;
  /** URL of the registry record. */
  registry_url?: string;
  /** URL of the example record. */
  example_url?: string;
  /** URL of the field registry record. */
  field_registry_url?: string;
  /** URL of the transport bindings record. */
  transport_bindings_url?: string;
  /** URL of the trust channels record. */
  trust_channels_url?: string;
  /** URL of the conformance levels record. */
  conformance_levels_url?: string;
  /** URL of the error registry record. */
  error_registry_url?: string;
  /** URL of the validate record. */
  validate_url?: string;
}

/** The profiles of UAI-1. */
export type ProfileId =
  | 'uai.intent.request.v1'
  | 'uai.intent.response.v1'
  | 'uai.task.status.v1'
  | 'uai.error.v1'
  | 'uai.capability.statement.v1'
  | 'uai.conformance.result.v1';

/** The body type of each profile. */
export interface BodyOf {
  'uai.intent.request.v1': IntentRequestBody;
  'uai.intent.response.v1': IntentResponseBody;
  'uai.task.status.v1': TaskStatusBody;
  'uai.error.v1': ErrorBody;
  'uai.capability.statement.v1': CapabilityStatementBody;
  'uai.conformance.result.v1': ConformanceResultBody;
}

/** Intent request: Asks a party to resolve an intent about a subject profile. */
export type IntentRequestMessage = Envelope<'uai.intent.request.v1', IntentRequestBody>;

/** Intent response: Answers an intent request: accepted (asynchronous task), completed (synchronous result) or rejected. */
export type IntentResponseMessage = Envelope<'uai.intent.response.v1', IntentResponseBody>;

/** Task status: Reports the progress of an accepted asynchronous task. */
export type TaskStatusMessage = Envelope<'uai.task.status.v1', TaskStatusBody>;

/** Typed error: A typed, path-aware failure with a published error code. */
export type ErrorMessage = Envelope<'uai.error.v1', ErrorBody>;

/** Capability statement: States what a party supports: profiles, operations, endpoints, bindings and trust. */
export type CapabilityStatementMessage = Envelope<'uai.capability.statement.v1', CapabilityStatementBody>;

/** Conformance result: Validator evidence about one checked message. */
export type ConformanceResultMessage = Envelope<'uai.conformance.result.v1', ConformanceResultBody>;

/** Any UAI-1 message, discriminated by profile. */
export type Message = { [P in ProfileId]: Envelope<P, BodyOf[P]> }[ProfileId];
