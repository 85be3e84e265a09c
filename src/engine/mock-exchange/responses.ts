import { constantForm } from '../jcs.ts';
import type { Issue } from '../issues.ts';
import { errorCode, type ErrorCodeId } from '../../standard/code-shapes.ts';
import { integrityBlock } from '../../standard/integrity.ts';
import { UAI_VERSION } from '../../standard/release.ts';
import { links, type Site } from '../../standard/urls.ts';
import { isRecord, own, type JsonObject } from '../json.ts';
import type { ProfileArtifacts } from './artifacts.ts';
import type { ExchangeIds } from './ids.ts';
import type { Linkage } from './linkage.ts';
import { sealWithForms, type CanonicalForms } from '../validate/canonical-forms.ts';

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

function message(profile: string, ids: ExchangeIds, link: Linkage, body: JsonObject): SealedResponse {
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
  return { message: built, forms: sealWithForms(built) };
}

/** accepted-task: 202, an asynchronous task (rules 2, 8, 9, 10, 11). */
export function acceptedResponse(
  site: Site,
  ids: ExchangeIds,
  link: Linkage,
  request: { subject: string; responseProfile: string },
): SealedResponse {
  const l = links(site);
  return message('uai.intent.response.v1', ids, link, {
    status: 'accepted',
    subject: request.subject,
    request_message_id: link.requestMessageId,
    result: {
      task_id: ids.taskRef,
      status_profile: 'uai.task.status.v1',
      status_example_url: l.example('uai.task.status.v1'),
      response_profile: request.responseProfile,
      follow_up_scenarios: ['completed-response', 'typed-error'],
      field_registry_url: l.fieldRegistry,
      mock_exchange_url: l.mockExchange,
    },
    notices: ['accepted-task-started', 'use-task-status-example-for-shape-checks', 'reference-surface-response'],
    task_ref: ids.taskRef,
  });
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
  const wants = (key: string) => isRecord(request.parameters) && own(request.parameters, key) === true;
  const result: JsonObject = {
    status_profile: 'uai.task.status.v1',
    status_example_url: l.example('uai.task.status.v1'),
    response_profile: request.responseProfile,
    follow_up_scenarios: ['accepted-task', 'typed-error'],
    field_registry_url: l.fieldRegistry,
    mock_exchange_url: l.mockExchange,
  };
  if (request.artifacts && wants('include_schema')) result.schema = request.artifacts.schema;
  if (request.artifacts && wants('include_example')) result.example = request.artifacts.example;
  if (request.artifacts && wants('include_field_registry')) result.field_order_map = request.artifacts.fieldOrderMap;
  return message('uai.intent.response.v1', ids, link, {
    status: 'completed',
    subject: request.subject,
    request_message_id: link.requestMessageId,
    result,
    notices: ['completed-inline-result', 'reference-surface-response'],
  });
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
  return message('uai.error.v1', ids, link, body);
}
