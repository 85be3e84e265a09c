import type { ObjectDef } from '../model.ts';
import { PROFILE_ID_PATTERN } from '../profiles.ts';
import {
  CONFORMANCE_LEVEL_IDS,
  CONFORMANCE_STATUSES,
  CONSTRAINTS,
  INTENTS,
  MOCK_SCENARIOS,
  NOTICES,
  RESPONSE_STATUSES,
  TASK_STATES,
  TRUST_CHANNELS,
} from '../value-sets.ts';

const profileId = { kind: 'string', pattern: PROFILE_ID_PATTERN } as const;
const url = { kind: 'string', format: 'uri' } as const;
const text = { kind: 'string' } as const;

/** Bodies of the six profiles and the objects nested in them (spec 2.3, CONTRACT section 2). */
export const INTENT_REQUEST_BODY: ObjectDef = {
  name: 'uai.intent.request.v1',
  title: 'Intent request body',
  description: 'Asks the target to resolve an intent about a subject profile.',
  fields: [
    {
      key: 'intent',
      type: { kind: 'string', open: INTENTS },
      required: true,
      description: 'What is asked (open set; resolve-profile is registered).',
    },
    { key: 'subject', type: profileId, required: true, description: 'The profile the intent is about.' },
    {
      key: 'requested_profile',
      type: profileId,
      required: true,
      description: 'The profile whose artifacts are requested.',
    },
    {
      key: 'parameters',
      type: { kind: 'object', ref: 'request_parameters' },
      description: 'What to include in a completed result.',
    },
    {
      key: 'constraints',
      type: { kind: 'array', items: { kind: 'string', open: CONSTRAINTS } },
      description: 'Constraints on the answer (open set).',
    },
    { key: 'response_profile', type: profileId, required: true, description: 'The profile the answer must use.' },
  ],
};

export const REQUEST_PARAMETERS: ObjectDef = {
  name: 'request_parameters',
  title: 'Request parameters',
  description: 'Switches for what a completed response carries inline.',
  fields: [
    { key: 'include_schema', type: { kind: 'boolean' }, description: 'Include the JSON Schema of requested_profile.' },
    {
      key: 'include_example',
      type: { kind: 'boolean' },
      description: 'Include the published example of requested_profile.',
    },
    {
      key: 'include_field_registry',
      type: { kind: 'boolean' },
      description: 'Include the field order map of requested_profile.',
    },
  ],
};

export const INTENT_RESPONSE_BODY: ObjectDef = {
  name: 'uai.intent.response.v1',
  title: 'Intent response body',
  description: 'Answer to an intent request.',
  fields: [
    {
      key: 'status',
      type: { kind: 'string', enum: RESPONSE_STATUSES },
      required: true,
      description: 'accepted (asynchronous task started), completed (result inline) or rejected.',
    },
    { key: 'subject', type: text, description: 'The subject of the request, copied.' },
    {
      key: 'request_message_id',
      type: { kind: 'string', minLength: 1 },
      required: true,
      description: 'message_id of the request; equals conversation.parent_message_id.',
    },
    {
      key: 'result',
      type: { kind: 'object', ref: 'intent_result' },
      description: 'What was resolved, or where to follow it.',
    },
    {
      key: 'notices',
      type: { kind: 'array', items: { kind: 'string', open: NOTICES } },
      description: 'Notices to the requester (open set).',
    },
    {
      key: 'task_ref',
      type: { kind: 'string', minLength: 1 },
      description: 'Task reference; required when accepted, equal to delivery.task_ref.',
    },
  ],
};

export const INTENT_RESULT: ObjectDef = {
  name: 'intent_result',
  title: 'Intent result',
  description: 'Links and inline artifacts of an intent response.',
  fields: [
    { key: 'task_id', type: text, description: 'Task identifier; equals body.task_ref when accepted.' },
    { key: 'status_profile', type: profileId, description: 'Profile of the task status messages.' },
    { key: 'status_example_url', type: url, description: 'Example task status message.' },
    { key: 'response_profile', type: profileId, description: 'Profile of the final response.' },
    {
      key: 'follow_up_scenarios',
      type: { kind: 'array', items: { kind: 'string', enum: MOCK_SCENARIOS } },
      description: 'Further mock-exchange scenarios to try.',
    },
    { key: 'field_registry_url', type: url, description: 'The field registry.' },
    { key: 'mock_exchange_url', type: url, description: 'The mock-exchange route.' },
    {
      key: 'schema',
      type: { kind: 'json-object' },
      description: 'Inline JSON Schema of requested_profile (completed, include_schema).',
    },
    {
      key: 'example',
      type: { kind: 'json-object' },
      description: 'Inline example of requested_profile (completed, include_example).',
    },
    {
      key: 'field_order_map',
      type: { kind: 'json-object' },
      description: 'Inline field order map of requested_profile (completed, include_field_registry).',
    },
  ],
};

export const TASK_STATUS_BODY: ObjectDef = {
  name: 'uai.task.status.v1',
  title: 'Task status body',
  description: 'Progress of an accepted asynchronous task.',
  fields: [
    {
      key: 'task_id',
      type: { kind: 'string', minLength: 1 },
      required: true,
      description: 'The task; equals the task_ref of the acceptance.',
    },
    {
      key: 'state',
      type: { kind: 'string', enum: TASK_STATES },
      required: true,
      description: 'Task state; see the registry for transitions.',
    },
    {
      key: 'updated_at',
      type: { kind: 'string', format: 'date-time' },
      required: true,
      description: 'When the state last changed.',
    },
    { key: 'progress', type: { kind: 'number', minimum: 0, maximum: 1 }, description: 'Fraction done, 0 to 1.' },
    { key: 'status_message', type: text, description: 'Human-readable status.' },
    { key: 'request_message_id', type: text, description: 'The request that started the task.' },
    { key: 'result_ref', type: url, description: 'Where the result is; required when completed.' },
    {
      key: 'blocking_reason',
      type: { kind: 'string', minLength: 1 },
      description: 'What input is needed; required when input-required.',
    },
    { key: 'error_code', type: text, description: 'A published error code; required when failed.' },
  ],
};

export const ERROR_BODY: ObjectDef = {
  name: 'uai.error.v1',
  title: 'Typed error body',
  description: 'A typed, path-aware failure.',
  fields: [
    {
      key: 'status',
      type: { kind: 'integer', minimum: 400, maximum: 599 },
      required: true,
      description: 'HTTP-style status, 400 to 599.',
    },
    { key: 'code', type: { kind: 'string', minLength: 1 }, required: true, description: 'A published error code.' },
    { key: 'title', type: text, required: true, description: 'Short summary of the error code.' },
    {
      key: 'retryable',
      type: { kind: 'boolean' },
      required: true,
      description: 'Whether the same request may succeed later.',
    },
    { key: 'detail', type: text, description: 'What went wrong this time.' },
    { key: 'request_message_id', type: text, description: 'The request that failed.' },
    {
      key: 'errors',
      type: { kind: 'array', items: { kind: 'object', ref: 'issue_item' } },
      description: 'Issue items behind the error.',
    },
    { key: 'retry_after_seconds', type: { kind: 'integer', minimum: 0 }, description: 'When to retry, if retryable.' },
  ],
};

export const CAPABILITY_BODY: ObjectDef = {
  name: 'uai.capability.statement.v1',
  title: 'Capability statement body',
  description: 'What a party supports.',
  fields: [
    { key: 'name', type: { kind: 'string', minLength: 1 }, required: true, description: 'Name of the implementation.' },
    {
      key: 'supported_profiles',
      type: { kind: 'array', items: profileId, minItems: 1 },
      required: true,
      description: 'Profile identifiers the party accepts or emits.',
    },
    {
      key: 'endpoints',
      type: { kind: 'array', items: { kind: 'object', ref: 'capability_endpoint' }, minItems: 1 },
      required: true,
      description: 'Where the party listens.',
    },
    {
      key: 'operations',
      type: { kind: 'array', items: { kind: 'object', ref: 'capability_operation' } },
      description: 'Intents the party resolves.',
    },
    {
      key: 'trust_channels',
      type: { kind: 'array', items: { kind: 'string', enum: TRUST_CHANNELS } },
      description: 'Trust channels the party accepts.',
    },
    {
      key: 'security_schemes',
      type: { kind: 'array', items: text },
      description: 'Authentication schemes the party accepts.',
    },
    {
      key: 'conformance_level',
      type: { kind: 'string', enum: CONFORMANCE_LEVEL_IDS },
      description: 'Conformance level the party claims.',
    },
  ],
};

export const CAPABILITY_ENDPOINT: ObjectDef = {
  name: 'capability_endpoint',
  title: 'Endpoint',
  description: 'One address of a party, with its transport binding.',
  fields: [
    { key: 'binding', type: { kind: 'string', minLength: 1 }, required: true, description: 'Transport binding id.' },
    { key: 'url', type: url, required: true, description: 'Address.' },
    { key: 'media_type', type: text, description: 'Media type accepted there.' },
  ],
};

export const CAPABILITY_OPERATION: ObjectDef = {
  name: 'capability_operation',
  title: 'Operation',
  description: 'One intent the party resolves.',
  fields: [
    {
      key: 'intent',
      type: { kind: 'string', open: INTENTS, minLength: 1 },
      required: true,
      description: "The intent (an open set, as a request's body.intent).",
    },
    { key: 'request_profile', type: profileId, required: true, description: 'Profile of the request.' },
    {
      key: 'response_profiles',
      type: { kind: 'array', items: profileId },
      required: true,
      description: 'Profiles of possible answers.',
    },
  ],
};

export const CONFORMANCE_BODY: ObjectDef = {
  name: 'uai.conformance.result.v1',
  title: 'Conformance result body',
  description: 'Validator evidence about one checked message.',
  fields: [
    {
      key: 'status',
      type: { kind: 'string', enum: CONFORMANCE_STATUSES },
      required: true,
      description: 'pass or fail.',
    },
    { key: 'checked_profile', type: text, required: true, description: 'Profile of the checked message.' },
    {
      key: 'issues',
      type: { kind: 'array', items: { kind: 'object', ref: 'issue_item' } },
      required: true,
      description: 'Every finding; empty on pass.',
    },
    {
      key: 'summary',
      type: { kind: 'object', ref: 'conformance_summary' },
      required: true,
      description: 'Counts and time of the check.',
    },
    {
      key: 'artifacts',
      type: { kind: 'object', ref: 'conformance_artifacts' },
      description: 'Records the check used.',
    },
    { key: 'target_message_ref', type: text, required: true, description: 'message_id of the checked message.' },
    {
      key: 'conformance_level',
      type: { kind: 'string', enum: CONFORMANCE_LEVEL_IDS },
      description: 'Highest conformance level the checked message reaches.',
    },
  ],
};

export const CONFORMANCE_SUMMARY: ObjectDef = {
  name: 'conformance_summary',
  title: 'Conformance summary',
  description: 'Counts of a check; they equal the issues listed unless issues_listed says the list was cut.',
  fields: [
    {
      key: 'error_count',
      type: { kind: 'integer', minimum: 0 },
      required: true,
      description: 'Number of issues with severity error.',
    },
    {
      key: 'warning_count',
      type: { kind: 'integer', minimum: 0 },
      required: true,
      description: 'Number of issues with severity warning.',
    },
    {
      key: 'issues_listed',
      type: { kind: 'integer', minimum: 0 },
      required: false,
      description:
        "How many issues the record lists, present only when the list was cut at the validator's issue limit, which lists errors before warnings: the counts then exceed it and count every issue.",
    },
    {
      key: 'checked_at',
      type: { kind: 'string', format: 'date-time' },
      required: true,
      description: 'When the check ran.',
    },
  ],
};

const ARTIFACT_KEYS = [
  'catalog_url',
  'schema_url',
  'registry_url',
  'example_url',
  'field_registry_url',
  'transport_bindings_url',
  'trust_channels_url',
  'conformance_levels_url',
  'error_registry_url',
  'validate_url',
] as const;

export const CONFORMANCE_ARTIFACTS: ObjectDef = {
  name: 'conformance_artifacts',
  title: 'Conformance artifacts',
  description: 'URLs of the records a check relied on.',
  fields: ARTIFACT_KEYS.map((key) => ({
    key,
    type: url,
    description: `URL of the ${key.replace(/_url$/, '').replaceAll('_', ' ')} record.`,
  })),
};

export const BODY_OBJECTS: readonly ObjectDef[] = [
  INTENT_REQUEST_BODY,
  REQUEST_PARAMETERS,
  INTENT_RESPONSE_BODY,
  INTENT_RESULT,
  TASK_STATUS_BODY,
  ERROR_BODY,
  CAPABILITY_BODY,
  CAPABILITY_ENDPOINT,
  CAPABILITY_OPERATION,
  CONFORMANCE_BODY,
  CONFORMANCE_SUMMARY,
  CONFORMANCE_ARTIFACTS,
];
