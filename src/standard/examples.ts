import type { ProfileId } from './profiles.ts';
import { integrityBlock } from './integrity.ts';
import { referenceServerParty, referenceServerTrust } from './parties.ts';
import { EXAMPLE_EPOCH, RELEASE, UAI_VERSION } from './release.ts';
import { links, serviceDid, type Site } from './urls.ts';

/**
 * One example message per profile (CONTRACT section 9), written once here. Each is an exchange
 * between a requesting agent and this service's reference server, at fixed instants so that
 * builds are reproducible. `integrity` holds a placeholder: the records layer seals every example
 * with the engine's checksum, so no checksum is ever pasted.
 */
export type Message = Record<string, unknown>;

export interface ExampleSource {
  readonly profile: ProfileId;
  readonly title: string;
  readonly description: string;
  readonly message: Message;
}

const UNSEALED = integrityBlock('');
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const traceparent = (span: string) => `00-${TRACE_ID}-${span}-01`;
/**
 * Expiry of the published exchange: far enough ahead that the examples can be sent to the mock
 * exchange as they are (it copies expires_at into its response, spec 4.2 rule 7).
 */
const EXAMPLE_EXPIRY = '2030-01-01T00:00:00Z';
/** The exchange's later instants, one and two minutes after EXAMPLE_EPOCH (the request's issued_at). */
const AFTER_ONE_MINUTE = '2026-11-01T09:01:00Z';
const AFTER_TWO_MINUTES = '2026-11-01T09:02:00Z';

export const EXAMPLE_IDS = {
  conversation: 'conv-2026-11-01-0001',
  request: 'msg-req-0001',
  response: 'msg-res-0002',
  status: 'msg-sta-0003',
  error: 'msg-err-0002',
  capability: 'msg-cap-0001',
  conformance: 'msg-chk-0002',
  task: 'task-0001',
} as const;

function requester() {
  return {
    type: 'agent',
    id: 'agent-requester-01',
    label: 'Example requesting agent',
    uri: 'https://agents.example.org/requester',
    did: 'did:web:agents.example.org:requester',
    role: 'requesting-agent',
    implementation: 'example-agent/1.4.2',
  };
}

function gateway(site: Site) {
  return {
    type: 'service',
    id: 'uai-public-records',
    label: `${RELEASE} public record gateway`,
    uri: site.base,
    did: serviceDid(site),
    role: 'public-record-gateway',
    implementation: `uai-records/${UAI_VERSION}`,
  };
}

function provenance(agent: string, issuedAt: string, span: string) {
  return {
    trace_id: TRACE_ID,
    parent_trace_id: TRACE_ID,
    issued_at: issuedAt,
    log_ref: `urn:uai:log:${span}`,
    agent_id: agent,
  };
}

export function exampleSources(site: Site): ExampleSource[] {
  const l = links(site);
  const request: Message = {
    uai_version: UAI_VERSION,
    profile: 'uai.intent.request.v1',
    message_id: EXAMPLE_IDS.request,
    source: requester(),
    target: gateway(site),
    conversation: {
      conversation_id: EXAMPLE_IDS.conversation,
      turn_id: 'turn-0001',
      traceparent: traceparent('00f067aa0ba902b7'),
      sequence: 1,
    },
    delivery: {
      mode: 'async',
      priority: 'interactive',
      expires_at: EXAMPLE_EXPIRY,
      reply_requested: true,
      ack_required: false,
    },
    trust: {
      channel: 'credentialed',
      auth_scheme: 'did+vc',
      principal: 'did:web:agents.example.org:requester',
      credential_ref: 'https://agents.example.org/credentials/requester.vc.json',
      replay_window_id: 'rw-2026-11-01',
    },
    body: {
      intent: 'resolve-profile',
      subject: 'uai.task.status.v1',
      requested_profile: 'uai.task.status.v1',
      parameters: { include_schema: true, include_example: true, include_field_registry: true },
      constraints: ['public-record-only', 'trace-linked', 'validator-ready'],
      response_profile: 'uai.intent.response.v1',
    },
    provenance: {
      ...provenance('agent-requester-01', EXAMPLE_EPOCH, 'req-0001'),
      model_id: 'example-model-2026-10',
      confidence: 0.93,
      lineage: [
        {
          stage: 'planned',
          actor_id: 'agent-requester-01',
          model_id: 'example-model-2026-10',
          note: 'Needs the task status shape before polling.',
        },
      ],
    },
    integrity: UNSEALED,
    extensions: [
      { namespace: 'urn:uai:ext:delivery', purpose: 'Asks for polling rather than callbacks.', critical: false },
    ],
  };

  const response: Message = {
    uai_version: UAI_VERSION,
    profile: 'uai.intent.response.v1',
    message_id: EXAMPLE_IDS.response,
    source: referenceServerParty(site),
    target: requester(),
    conversation: {
      conversation_id: EXAMPLE_IDS.conversation,
      turn_id: 'turn-0002',
      parent_message_id: EXAMPLE_IDS.request,
      traceparent: traceparent('b7ad6b7169203331'),
      sequence: 2,
    },
    delivery: {
      mode: 'async',
      priority: 'interactive',
      expires_at: EXAMPLE_EXPIRY,
      reply_requested: false,
      ack_required: false,
      task_ref: EXAMPLE_IDS.task,
    },
    trust: referenceServerTrust(site, EXAMPLE_IDS.response),
    body: {
      status: 'accepted',
      subject: 'uai.task.status.v1',
      request_message_id: EXAMPLE_IDS.request,
      result: {
        task_id: EXAMPLE_IDS.task,
        status_profile: 'uai.task.status.v1',
        status_example_url: l.example('uai.task.status.v1'),
        response_profile: 'uai.intent.response.v1',
        follow_up_scenarios: ['completed-response', 'typed-error'],
        field_registry_url: l.fieldRegistry,
        mock_exchange_url: l.mockExchange,
      },
      notices: ['accepted-task-started', 'use-task-status-example-for-shape-checks', 'reference-surface-response'],
      task_ref: EXAMPLE_IDS.task,
    },
    provenance: provenance('uai-reference-server', AFTER_ONE_MINUTE, 'res-0002'),
    integrity: UNSEALED,
    extensions: [
      { namespace: 'urn:uai:ext:mock-exchange', purpose: 'Produced by the reference mock exchange.', critical: false },
    ],
  };

  const status: Message = {
    uai_version: UAI_VERSION,
    profile: 'uai.task.status.v1',
    message_id: EXAMPLE_IDS.status,
    source: referenceServerParty(site),
    target: requester(),
    conversation: {
      conversation_id: EXAMPLE_IDS.conversation,
      turn_id: 'turn-0003',
      parent_message_id: EXAMPLE_IDS.response,
      traceparent: traceparent('e457b5a2e4d86bd1'),
      sequence: 3,
    },
    delivery: {
      mode: 'async',
      priority: 'routine',
      expires_at: EXAMPLE_EXPIRY,
      reply_requested: false,
      ack_required: false,
      task_ref: EXAMPLE_IDS.task,
    },
    trust: referenceServerTrust(site, EXAMPLE_IDS.status),
    body: {
      task_id: EXAMPLE_IDS.task,
      state: 'completed',
      updated_at: AFTER_TWO_MINUTES,
      progress: 1,
      status_message: 'Profile artifacts resolved.',
      request_message_id: EXAMPLE_IDS.request,
      result_ref: l.schema('uai.task.status.v1'),
    },
    provenance: provenance('uai-reference-server', AFTER_TWO_MINUTES, 'sta-0003'),
    integrity: UNSEALED,
  };

  const error: Message = {
    uai_version: UAI_VERSION,
    profile: 'uai.error.v1',
    message_id: EXAMPLE_IDS.error,
    source: referenceServerParty(site),
    target: requester(),
    conversation: {
      conversation_id: EXAMPLE_IDS.conversation,
      turn_id: 'turn-0002',
      parent_message_id: EXAMPLE_IDS.request,
      traceparent: traceparent('53995c3f42cd8ad8'),
      sequence: 2,
    },
    delivery: {
      mode: 'async',
      priority: 'interactive',
      expires_at: EXAMPLE_EXPIRY,
      reply_requested: false,
      ack_required: false,
    },
    trust: referenceServerTrust(site, EXAMPLE_IDS.error),
    body: {
      status: 422,
      code: 'exchange.intent_unprocessable',
      title: 'Intent cannot be processed',
      retryable: false,
      detail: 'The reference server declines to resolve this intent (simulated failure).',
      request_message_id: EXAMPLE_IDS.request,
      errors: [
        {
          code: 'field.unregistered_value',
          severity: 'warning',
          path: '/body/intent',
          message: 'The intent is not one the reference server resolves.',
          expected: ['resolve-profile'],
          actual: 'summarize-profile',
          help_url: l.codeHelp('field.unregistered_value'),
        },
      ],
    },
    provenance: provenance('uai-reference-server', AFTER_ONE_MINUTE, 'err-0002'),
    integrity: UNSEALED,
  };

  const capability: Message = {
    uai_version: UAI_VERSION,
    profile: 'uai.capability.statement.v1',
    message_id: EXAMPLE_IDS.capability,
    source: referenceServerParty(site),
    target: { type: 'agent', id: 'any-implementer', label: 'Any implementer', role: 'requesting-agent' },
    conversation: {
      conversation_id: 'conv-capability-0001',
      turn_id: 'turn-0001',
      traceparent: traceparent('0af7651916cd43dd'),
      sequence: 1,
    },
    delivery: { mode: 'sync', priority: 'routine', reply_requested: false, ack_required: false },
    trust: { channel: 'public', auth_scheme: 'none' },
    body: {
      name: `${RELEASE} reference server`,
      supported_profiles: ['uai.intent.request.v1', 'uai.intent.response.v1', 'uai.task.status.v1', 'uai.error.v1'],
      // Where it speaks the bindings: a bare message POSTed to the reference server, keyed or keyless,
      // and its accepted tasks polled under /tasks/.
      endpoints: [
        { binding: 'https-json-keyed', url: l.referenceServer, media_type: 'application/json' },
        { binding: 'https-json-keyless', url: l.referenceServer, media_type: 'application/json' },
        { binding: 'https-async-callback', url: `${l.referenceServer}/tasks/`, media_type: 'application/json' },
      ],
      operations: [
        {
          intent: 'resolve-profile',
          request_profile: 'uai.intent.request.v1',
          response_profiles: ['uai.intent.response.v1', 'uai.error.v1'],
        },
      ],
      trust_channels: ['signed-envelope', 'public'],
      security_schemes: ['jws', 'none'],
      conformance_level: 'L4',
    },
    provenance: provenance('uai-reference-server', EXAMPLE_EPOCH, 'cap-0001'),
    integrity: UNSEALED,
  };

  return [
    {
      profile: 'uai.intent.request.v1',
      title: 'Ask for the task status profile',
      description:
        'A requesting agent asks the public record gateway to resolve the uai.task.status.v1 profile, with schema, example and field order map inline.',
      message: request,
    },
    {
      profile: 'uai.intent.response.v1',
      title: 'Accepted as an asynchronous task',
      description:
        'The reference server accepts the request and starts a task; task_ref appears in delivery, body and result.',
      message: response,
    },
    {
      profile: 'uai.task.status.v1',
      title: 'Task completed',
      description: 'The task of the accepted response has completed; result_ref points at the result.',
      message: status,
    },
    {
      profile: 'uai.error.v1',
      title: 'Typed error for an unprocessable intent',
      description: 'The reference server declines the request with a published code and the issue behind it.',
      message: error,
    },
    {
      profile: 'uai.capability.statement.v1',
      title: 'Reference server capability statement',
      description: 'What the mock reference server supports: profiles, endpoints, operations and trust.',
      message: capability,
    },
  ];
}
