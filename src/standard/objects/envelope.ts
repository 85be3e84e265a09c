import type { ObjectDef } from '../model.ts';
import { PROFILE_ID_PATTERN } from '../profiles.ts';
import {
  AUTH_SCHEMES,
  CANONICALIZATIONS,
  DELIVERY_MODES,
  DELIVERY_PRIORITIES,
  INTEGRITY_ALGORITHMS,
  INTEGRITY_VERSIONS,
  PARTY_ROLES,
  PARTY_TYPES,
  TRUST_CHANNELS,
} from '../value-sets.ts';
import { CHECKSUM_PATTERN, DID_PATTERN, EXTENSION_NAMESPACE_PATTERN, TRACEPARENT_PATTERN } from './patterns.ts';

/** The message envelope (spec 2.2, CONTRACT section 2). Field order is the keyless order. */
export const ENVELOPE: ObjectDef = {
  name: 'envelope',
  title: 'Message envelope',
  description: 'Top-level members shared by every UAI-1 message.',
  fields: [
    {
      key: 'uai_version',
      type: { kind: 'string', enum: ['1.0'] },
      required: true,
      description: 'Format version; "1.0" in UAI-1.',
      valueIssueCode: 'envelope.version_unsupported',
    },
    {
      key: 'profile',
      type: { kind: 'string', pattern: PROFILE_ID_PATTERN },
      required: true,
      description: 'Profile identifier of the form uai.<name>.v1; selects the body shape.',
      valueIssueCode: 'envelope.profile_unknown',
    },
    {
      key: 'message_id',
      type: { kind: 'string', minLength: 1 },
      required: true,
      description: 'Identifier of this message, unique for its sender.',
    },
    { key: 'source', type: { kind: 'object', ref: 'party' }, required: true, description: 'The sender.' },
    {
      key: 'target',
      type: { kind: 'object', ref: 'party' },
      required: true,
      description: 'The recipient, or the checked subject of a conformance record.',
    },
    {
      key: 'conversation',
      type: { kind: 'object', ref: 'conversation' },
      required: true,
      description: 'Links the message to its conversation and to the message it answers.',
    },
    {
      key: 'delivery',
      type: { kind: 'object', ref: 'delivery' },
      required: true,
      description: 'Delivery semantics: mode, priority, expiry, acknowledgements.',
    },
    {
      key: 'trust',
      type: { kind: 'object', ref: 'trust' },
      required: true,
      description: 'Trust and identity posture of the message (data, not HTTP authentication).',
    },
    {
      key: 'body',
      type: { kind: 'json-object' },
      required: true,
      description: 'Profile-specific content; its shape is given by the profile.',
    },
    {
      key: 'provenance',
      type: { kind: 'object', ref: 'provenance' },
      required: true,
      description: 'Origin and lineage of the message.',
    },
    {
      key: 'integrity',
      type: { kind: 'object', ref: 'integrity' },
      required: true,
      description: 'Checksum over the RFC 8785 canonical form of the message without this member.',
    },
    {
      key: 'extensions',
      type: { kind: 'array', items: { kind: 'object', ref: 'extension' } },
      description: 'Optional-feature markers.',
    },
  ],
};

export const PARTY: ObjectDef = {
  name: 'party',
  title: 'Party',
  description: 'A sender, recipient or checked subject.',
  fields: [
    { key: 'type', type: { kind: 'string', enum: PARTY_TYPES }, required: true, description: 'Kind of party.' },
    {
      key: 'id',
      type: { kind: 'string', minLength: 1 },
      required: true,
      description: 'Identifier of the party, or the message_id of a checked message.',
    },
    { key: 'label', type: { kind: 'string' }, description: 'Display label.' },
    { key: 'uri', type: { kind: 'string', format: 'uri' }, description: 'Address of the party.' },
    {
      key: 'did',
      type: { kind: 'string', pattern: DID_PATTERN },
      description: 'Decentralized identifier, did:<method>:<id> (W3C DID Core).',
      valueIssueCode: 'identity.did_invalid',
    },
    {
      key: 'role',
      type: { kind: 'string', open: PARTY_ROLES },
      description: 'Role of the party in this exchange (open set).',
    },
    {
      key: 'implementation',
      type: { kind: 'string' },
      description: 'Implementation name and version, or the profile of a checked record.',
    },
  ],
};

export const CONVERSATION: ObjectDef = {
  name: 'conversation',
  title: 'Conversation',
  description: 'Conversation linkage shared by all messages of one exchange.',
  fields: [
    {
      key: 'conversation_id',
      type: { kind: 'string', minLength: 1 },
      required: true,
      description: 'Shared by all messages of one exchange.',
    },
    { key: 'turn_id', type: { kind: 'string', minLength: 1 }, required: true, description: 'Identifier of this turn.' },
    {
      key: 'parent_message_id',
      type: { kind: 'string', minLength: 1 },
      description: 'The message replied to or checked; required when sequence > 1.',
    },
    {
      key: 'traceparent',
      type: { kind: 'string', pattern: TRACEPARENT_PATTERN },
      description: 'W3C Trace Context level 1 value: 00-<trace-id>-<span-id>-<flags>.',
      valueIssueCode: 'trace.traceparent_invalid',
    },
    {
      key: 'sequence',
      type: { kind: 'integer', minimum: 1 },
      required: true,
      description: 'Position in the conversation; 1 for a request.',
    },
  ],
};

export const DELIVERY: ObjectDef = {
  name: 'delivery',
  title: 'Delivery',
  description: 'How the message is to be delivered and answered.',
  fields: [
    { key: 'mode', type: { kind: 'string', enum: DELIVERY_MODES }, required: true, description: 'sync or async.' },
    {
      key: 'priority',
      type: { kind: 'string', enum: DELIVERY_PRIORITIES },
      description: 'interactive, routine or bulk.',
    },
    {
      key: 'expires_at',
      type: { kind: 'string', format: 'date-time' },
      description: 'ISO 8601 instant after which the message is stale; after provenance.issued_at.',
    },
    { key: 'reply_requested', type: { kind: 'boolean' }, description: 'Whether the sender expects a reply message.' },
    { key: 'ack_required', type: { kind: 'boolean' }, description: 'Whether the recipient must acknowledge receipt.' },
    {
      key: 'task_ref',
      type: { kind: 'string', minLength: 1 },
      description: 'Task reference; present on an asynchronous acceptance.',
    },
  ],
};

export const TRUST: ObjectDef = {
  name: 'trust',
  title: 'Trust',
  description: 'Trust and identity posture of the message.',
  fields: [
    {
      key: 'channel',
      type: { kind: 'string', enum: TRUST_CHANNELS },
      required: true,
      description: 'Trust channel; see the trust-channels record.',
    },
    {
      key: 'auth_scheme',
      type: { kind: 'string', enum: AUTH_SCHEMES },
      required: true,
      description: 'Authentication scheme used inside the channel.',
    },
    { key: 'principal', type: { kind: 'string' }, description: 'The acting principal, usually a DID.' },
    {
      key: 'credential_ref',
      type: { kind: 'string', format: 'uri' },
      description: 'Reference to a credential; expected on the credentialed channel.',
    },
    {
      key: 'signature_ref',
      type: { kind: 'string', format: 'uri' },
      description: 'Reference to a signature; expected on the signed-envelope channel.',
    },
    { key: 'replay_window_id', type: { kind: 'string' }, description: 'Replay-window identifier.' },
  ],
};

export const LINEAGE_ITEM: ObjectDef = {
  name: 'lineage_item',
  title: 'Lineage step',
  description: 'One step in the lineage of a message.',
  fields: [
    { key: 'stage', type: { kind: 'string' }, required: true, description: 'Name of the stage.' },
    { key: 'actor_id', type: { kind: 'string' }, description: 'Who acted at this stage.' },
    { key: 'model_id', type: { kind: 'string' }, description: 'Model used at this stage, if any.' },
    { key: 'note', type: { kind: 'string' }, description: 'Free note.' },
  ],
};

export const PROVENANCE: ObjectDef = {
  name: 'provenance',
  title: 'Provenance',
  description: 'Origin and lineage of the message.',
  fields: [
    {
      key: 'trace_id',
      type: { kind: 'string' },
      description: 'Trace identifier; equals the traceparent trace-id when both are present.',
    },
    { key: 'parent_trace_id', type: { kind: 'string' }, description: 'Trace identifier of the parent trace.' },
    {
      key: 'issued_at',
      type: { kind: 'string', format: 'date-time' },
      required: true,
      description: 'ISO 8601 instant the message was issued.',
    },
    { key: 'log_ref', type: { kind: 'string' }, description: 'URN-style log reference.' },
    { key: 'agent_id', type: { kind: 'string' }, description: 'Agent that produced the message.' },
    { key: 'model_id', type: { kind: 'string' }, description: 'Model that produced the message.' },
    { key: 'confidence', type: { kind: 'number', minimum: 0, maximum: 1 }, description: 'Confidence from 0 to 1.' },
    {
      key: 'lineage',
      type: { kind: 'array', items: { kind: 'object', ref: 'lineage_item' } },
      description: 'Stages the message went through.',
    },
  ],
};

export const INTEGRITY: ObjectDef = {
  name: 'integrity',
  title: 'Integrity',
  description:
    'Checksum over the RFC 8785 canonical form of the message without its integrity member (CONTRACT section 3).',
  fields: [
    {
      key: 'version',
      type: { kind: 'integer', enum: INTEGRITY_VERSIONS },
      required: true,
      description: 'Integrity block version; 2.',
      valueIssueCode: 'integrity.version_unsupported',
    },
    {
      key: 'algorithm',
      type: { kind: 'string', enum: INTEGRITY_ALGORITHMS },
      required: true,
      description: 'Hash algorithm; sha256.',
      valueIssueCode: 'integrity.algorithm_unsupported',
    },
    {
      key: 'canonicalization',
      type: { kind: 'string', enum: CANONICALIZATIONS },
      required: true,
      description: 'Canonicalization; jcs (RFC 8785).',
      valueIssueCode: 'integrity.canonicalization_unsupported',
    },
    {
      key: 'checksum',
      type: { kind: 'string', pattern: CHECKSUM_PATTERN },
      required: true,
      description: 'sha256: + lowercase hex SHA-256 of the canonical message without integrity.',
      valueIssueCode: 'integrity.checksum_malformed',
    },
  ],
};

export const EXTENSION: ObjectDef = {
  name: 'extension',
  title: 'Extension',
  description: 'Marks an optional feature the message uses.',
  fields: [
    {
      key: 'namespace',
      type: { kind: 'string', pattern: EXTENSION_NAMESPACE_PATTERN },
      required: true,
      description: 'URN of the form urn:<ns>:ext:<name>.',
      valueIssueCode: 'extension.namespace_invalid',
    },
    { key: 'purpose', type: { kind: 'string' }, description: 'Why the extension is used.' },
    {
      key: 'critical',
      type: { kind: 'boolean' },
      description: 'When true, a receiver that does not know the namespace must reject the message.',
    },
  ],
};

export const ENVELOPE_PARTS: readonly ObjectDef[] = [
  ENVELOPE,
  PARTY,
  CONVERSATION,
  DELIVERY,
  TRUST,
  PROVENANCE,
  LINEAGE_ITEM,
  INTEGRITY,
  EXTENSION,
];
