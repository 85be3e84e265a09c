import { constantForm, jcs, jcsNumber, jcsString } from '../jcs.ts';
import type { Issue } from '../issues.ts';
import { errorCode, type ErrorCodeId } from '../../standard/code-shapes.ts';
import { integrityBlock } from '../../standard/integrity.ts';
import { UAI_VERSION } from '../../standard/release.ts';
import { links, type Site } from '../../standard/urls.ts';
import { isRecord, own, type JsonObject } from '../json.ts';
import type { ProfileArtifacts } from './artifacts.ts';
import type { ExchangeIds } from './ids.ts';
import type { Linkage } from './linkage.ts';
import { sealWithKnownForm, type CanonicalForms } from '../validate/canonical-forms.ts';

/** The three response messages of the reference server (spec 4.2, CONTRACT section 6), sealed. */
const MOCK_EXTENSIONS = constantForm([
  { namespace: 'urn:uai:ext:mock-exchange', purpose: 'Produced by the reference mock exchange.', critical: false },
]);
const PLACEHOLDER_INTEGRITY = integrityBlock('');

/** A response message and the canonical forms its sealing computed, for its check (validateSealed). */
export interface SealedResponse {
  readonly message: JsonObject;
  readonly forms: CanonicalForms;
}

function message(profile: string, ids: ExchangeIds, link: Linkage, body: JsonObject, bodyForm: string): SealedResponse {
  const built: JsonObject = {
    uai_version: UAI_VERSION,
    profile,
    message_id: ids.messageId,
    source: link.source,
    target: link.target,
    conversation: link.conversation,
    delivery: link.delivery,
    trust: link.trust,
    body,
    provenance: link.provenance,
    integrity: PLACEHOLDER_INTEGRITY,
    extensions: MOCK_EXTENSIONS,
  };
  return { message: built, forms: sealWithKnownForm(built, ...envelopeForm(built, bodyForm)) };
}

/**
 * The RFC 8785 form of a response built above, without its integrity member, as the members that
 * sort before `integrity` and those after it: written in canonical order by hand instead of found
 * by the generic walk (jcs.ts), which reads every object's keys, sorts them and dispatches on each
 * value, as recordForm does for conformance records (validate/record.ts). The body's form comes
 * from its builder below; the blocks linkage.ts writes have their optional members written when
 * they hold them. tests/engine/exchange/answer-form.test.ts holds it equal to jcsWithout(message,
 * 'integrity') in every scenario.
 */
function envelopeForm(m: JsonObject, bodyForm: string): [before: string, after: string] {
  const q = jcsString;
  const conversation = m.conversation as JsonObject;
  const delivery = m.delivery as JsonObject;
  const provenance = m.provenance as JsonObject;
  const target = m.target as JsonObject;
  const trust = m.trust as JsonObject;
  const before =
    `"body":${bodyForm}` +
    `,"conversation":{"conversation_id":${q(conversation.conversation_id as string)}` +
    `,"parent_message_id":${q(conversation.parent_message_id as string)}` +
    `,"sequence":${jcsNumber(conversation.sequence as number)}` +
    (conversation.traceparent === undefined ? '' : `,"traceparent":${q(conversation.traceparent as string)}`) +
    `,"turn_id":${q(conversation.turn_id as string)}}` +
    `,"delivery":{"ack_required":${jcs(delivery.ack_required)}` +
    (delivery.expires_at === undefined ? '' : `,"expires_at":${q(delivery.expires_at as string)}`) +
    `,"mode":${q(delivery.mode as string)}` +
    (delivery.priority === undefined ? '' : `,"priority":${q(delivery.priority as string)}`) +
    `,"reply_requested":${jcs(delivery.reply_requested)}` +
    (delivery.task_ref === undefined ? '' : `,"task_ref":${q(delivery.task_ref as string)}`) +
    `},"extensions":${jcs(m.extensions)}`;
  const after =
    `"message_id":${q(m.message_id as string)},"profile":${q(m.profile as string)}` +
    `,"provenance":{"agent_id":${q(provenance.agent_id as string)},"issued_at":${q(provenance.issued_at as string)}` +
    `,"log_ref":${q(provenance.log_ref as string)}` +
    (provenance.trace_id === undefined ? '' : `,"trace_id":${q(provenance.trace_id as string)}`) +
    `},"source":${jcs(m.source)}` +
    `,"target":{` +
    (target.did === undefined ? '' : `"did":${q(target.did as string)},`) +
    `"id":${q(target.id as string)}` +
    (target.implementation === undefined ? '' : `,"implementation":${q(target.implementation as string)}`) +
    (target.label === undefined ? '' : `,"label":${q(target.label as string)}`) +
    (target.role === undefined ? '' : `,"role":${q(target.role as string)}`) +
    `,"type":${q(target.type as string)}` +
    (target.uri === undefined ? '' : `,"uri":${q(target.uri as string)}`) +
    `},"trust":{"auth_scheme":${q(trust.auth_scheme as string)},"channel":${q(trust.channel as string)}` +
    `,"principal":${q(trust.principal as string)},"signature_ref":${q(trust.signature_ref as string)}}` +
    `,"uai_version":${q(m.uai_version as string)}`;
  return [before, after];
}

/** Fixed lists of the bodies: each answer gets its own copy, the forms are written once. */
const ACCEPTED_NOTICES = [
  'accepted-task-started',
  'use-task-status-example-for-shape-checks',
  'reference-surface-response',
];
const ACCEPTED_FOLLOW_UPS = ['completed-response', 'typed-error'];
const COMPLETED_NOTICES = ['completed-inline-result', 'reference-surface-response'];
const COMPLETED_FOLLOW_UPS = ['accepted-task', 'typed-error'];
const FORMS = {
  acceptedNotices: jcs(ACCEPTED_NOTICES)!,
  acceptedFollowUps: jcs(ACCEPTED_FOLLOW_UPS)!,
  completedNotices: jcs(COMPLETED_NOTICES)!,
  completedFollowUps: jcs(COMPLETED_FOLLOW_UPS)!,
};

/** accepted-task: 202, an asynchronous task (rules 2, 8, 9, 10, 11). */
export function acceptedResponse(
  site: Site,
  ids: ExchangeIds,
  link: Linkage,
  request: { subject: string; responseProfile: string },
): SealedResponse {
  const l = links(site);
  const q = jcsString;
  const body: JsonObject = {
    status: 'accepted',
    subject: request.subject,
    request_message_id: link.requestMessageId,
    result: {
      task_id: ids.taskRef,
      status_profile: 'uai.task.status.v1',
      status_example_url: l.example('uai.task.status.v1'),
      response_profile: request.responseProfile,
      follow_up_scenarios: [...ACCEPTED_FOLLOW_UPS],
      field_registry_url: l.fieldRegistry,
      mock_exchange_url: l.mockExchange,
    },
    notices: [...ACCEPTED_NOTICES],
    task_ref: ids.taskRef,
  };
  const form =
    `{"notices":${FORMS.acceptedNotices},"request_message_id":${q(link.requestMessageId)}` +
    `,"result":{"field_registry_url":${q(l.fieldRegistry)},"follow_up_scenarios":${FORMS.acceptedFollowUps}` +
    `,"mock_exchange_url":${q(l.mockExchange)},"response_profile":${q(request.responseProfile)}` +
    `,"status_example_url":${q(l.example('uai.task.status.v1'))},"status_profile":"uai.task.status.v1"` +
    `,"task_id":${q(ids.taskRef)}},"status":"accepted","subject":${q(request.subject)},"task_ref":${q(ids.taskRef)}}`;
  return message('uai.intent.response.v1', ids, link, body, form);
}

/** completed-response: 200, the result inline as the request's parameters ask (CONTRACT section 6). */
export function completedResponse(
  site: Site,
  ids: ExchangeIds,
  link: Linkage,
  request: {
    subject: string;
    responseProfile: string;
    requestedProfile: string;
    parameters: unknown;
    artifacts: ProfileArtifacts | undefined;
  },
): SealedResponse {
  const l = links(site);
  const q = jcsString;
  const wants = (key: string) => isRecord(request.parameters) && own(request.parameters, key) === true;
  const result: JsonObject = {
    status_profile: 'uai.task.status.v1',
    status_example_url: l.example('uai.task.status.v1'),
    response_profile: request.responseProfile,
    follow_up_scenarios: [...COMPLETED_FOLLOW_UPS],
    field_registry_url: l.fieldRegistry,
    mock_exchange_url: l.mockExchange,
  };
  if (request.artifacts && wants('include_schema')) result.schema = request.artifacts.schema;
  if (request.artifacts && wants('include_example')) result.example = request.artifacts.example;
  if (request.artifacts && wants('include_field_registry')) result.field_order_map = request.artifacts.fieldOrderMap;
  const form =
    `{"notices":${FORMS.completedNotices},"request_message_id":${q(link.requestMessageId)}` +
    `,"result":{` +
    (result.example === undefined ? '' : `"example":${jcs(result.example)},`) +
    (result.field_order_map === undefined ? '' : `"field_order_map":${jcs(result.field_order_map)},`) +
    `"field_registry_url":${q(l.fieldRegistry)},"follow_up_scenarios":${FORMS.completedFollowUps}` +
    `,"mock_exchange_url":${q(l.mockExchange)},"response_profile":${q(request.responseProfile)}` +
    (result.schema === undefined ? '' : `,"schema":${jcs(result.schema)}`) +
    `,"status_example_url":${q(l.example('uai.task.status.v1'))},"status_profile":"uai.task.status.v1"}` +
    `,"status":"completed","subject":${q(request.subject)}}`;
  return message(
    'uai.intent.response.v1',
    ids,
    link,
    {
      status: 'completed',
      subject: request.subject,
      request_message_id: link.requestMessageId,
      result,
      notices: [...COMPLETED_NOTICES],
    },
    form,
  );
}

/** A uai.error.v1 answer: the typed-error scenario (422) or a request the server cannot take (400/404). */
export function errorResponse(
  ids: ExchangeIds,
  link: Linkage,
  code: ErrorCodeId,
  detail: string,
  errors: readonly Issue[],
): SealedResponse {
  const entry = errorCode(code);
  const body: JsonObject = {
    status: entry.status,
    code,
    title: entry.title,
    retryable: entry.retryable,
    detail,
    request_message_id: link.requestMessageId,
  };
  if (errors.length) body.errors = errors;
  const q = jcsString;
  const form =
    `{"code":${q(code)},"detail":${q(detail)}` +
    (body.errors === undefined ? '' : `,"errors":${jcs(errors)}`) +
    `,"request_message_id":${q(link.requestMessageId)},"retryable":${jcs(entry.retryable)}` +
    `,"status":${jcsNumber(entry.status)},"title":${q(entry.title)}}`;
  return message('uai.error.v1', ids, link, body, form);
}
