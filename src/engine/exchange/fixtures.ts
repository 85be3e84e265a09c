/**
 * Exchange fixtures of the conformance pack: (request, response) pairs that the exchange rules
 * must judge as published. Valid pairs are the reference server's answers to the published
 * request in each scenario; each broken pair changes one thing of a valid answer (resealed, so
 * only the rule sees it) and names the rules it must fail. Built at a fixed instant, so the pack
 * is reproducible.
 */
import type { EngineContext } from '../api.ts';
import { seal } from '../canonical.ts';
import { mockExchange } from '../mock-exchange/index.ts';
import type { JsonObject } from '../json.ts';
import { exampleSources, EXAMPLE_IDS } from '../../standard/examples.ts';
import { OWN_IDS, type ExchangeRuleId } from '../../standard/exchange-rules.ts';
import { EXAMPLE_EPOCH } from '../../standard/release.ts';
import { links, type Site } from '../../standard/urls.ts';
import type { MockScenario } from '../../standard/value-sets.ts';

export interface ExchangePairFixture {
  readonly id: string;
  readonly description: string;
  readonly request: JsonObject;
  readonly response: JsonObject;
  readonly http_status: number;
  /** For a task status: the accepted answer it follows. */
  readonly previous?: JsonObject;
  /** The rules this pair must fail; empty for a valid pair. */
  readonly fails: readonly ExchangeRuleId[];
}

type Json = Record<string, unknown>;

interface Pair {
  readonly request: Json;
  readonly response: Json;
}

/** One change to a pair: the member at a pointer of the request or the response is set from its old value, or removed. */
interface Edit {
  readonly in: keyof Pair;
  readonly pointer: string;
  /** The new value from the old one and the pair; undefined removes the member. */
  readonly to: (old: unknown, pair: Pair) => unknown;
}

function applyEdit(pair: Pair, edit: Edit): void {
  const segments = edit.pointer.slice(1).split('/');
  const last = segments.pop()!;
  let parent: unknown = pair[edit.in];
  for (const key of segments) parent = (parent as Json)[key];
  const target = parent as Json;
  const value = edit.to(target[last], pair);
  if (value === undefined) delete target[last];
  else target[last] = value;
}

interface Break {
  readonly rule: ExchangeRuleId;
  readonly scenario: MockScenario;
  readonly description: string;
  readonly edits?: readonly Edit[];
  /** The HTTP status the broken answer is sent with, when that is the fault. */
  readonly status?: number;
  /** The response is a task status following the accepted answer. */
  readonly taskStatus?: boolean;
  /** The task status follows a completed status of the same task instead of the accepted answer. */
  readonly afterCompleted?: boolean;
}

const inResponse = (pointer: string, value: unknown): Edit => ({ in: 'response', pointer, to: () => value });
const mapResponse = (pointer: string, to: Edit['to']): Edit => ({ in: 'response', pointer, to });

const BREAKS: readonly Break[] = [
  {
    rule: 'exchange.http_status',
    scenario: 'accepted-task',
    description: 'an accepted answer sent with HTTP 200',
    status: 200,
  },
  {
    rule: 'exchange.response_profile',
    scenario: 'completed-response',
    description: 'the request names another response profile',
    edits: [{ in: 'request', pointer: '/body/response_profile', to: () => 'uai.capability.statement.v1' }],
  },
  {
    rule: 'exchange.conversation_id',
    scenario: 'accepted-task',
    description: 'a new conversation id',
    edits: [inResponse('/conversation/conversation_id', 'conv-other')],
  },
  {
    rule: 'exchange.parent_message_id',
    scenario: 'typed-error',
    description: 'the parent is not the request',
    edits: [inResponse('/conversation/parent_message_id', 'msg-other')],
  },
  {
    rule: 'exchange.sequence',
    scenario: 'accepted-task',
    description: 'the sequence is not the request sequence plus 1',
    edits: [mapResponse('/conversation/sequence', (n) => (n as number) + 1)],
  },
  {
    rule: 'exchange.new_turn',
    scenario: 'accepted-task',
    description: "the answer in the request's turn",
    edits: [mapResponse('/conversation/turn_id', (_old, pair) => (pair.request.conversation as Json).turn_id)],
  },
  {
    rule: 'exchange.target_is_requester',
    scenario: 'completed-response',
    description: 'answered to another party',
    edits: [inResponse('/target/id', 'agent:someone-else')],
  },
  {
    rule: 'exchange.source_not_requester',
    scenario: 'accepted-task',
    description: 'the requester answers itself',
    edits: [mapResponse('/source', (_old, pair) => structuredClone(pair.response.target))],
  },
  {
    rule: 'exchange.delivery_copied',
    scenario: 'accepted-task',
    description: 'the expiry moved',
    edits: [inResponse('/delivery/expires_at', '2031-01-01T00:00:00Z')],
  },
  {
    rule: 'exchange.reply_not_requested',
    scenario: 'accepted-task',
    description: 'a reply requested on acceptance',
    edits: [inResponse('/delivery/reply_requested', true)],
  },
  {
    rule: 'exchange.task_ref_set',
    scenario: 'accepted-task',
    description: 'no delivery.task_ref',
    edits: [mapResponse('/delivery/task_ref', () => undefined)],
  },
  {
    rule: 'exchange.task_ref_agrees',
    scenario: 'accepted-task',
    description: 'result.task_id differs from delivery.task_ref',
    edits: [inResponse('/body/result/task_id', 'task-other')],
  },
  {
    rule: 'exchange.subject_copied',
    scenario: 'completed-response',
    description: 'another subject',
    edits: [inResponse('/body/subject', 'uai.error.v1')],
  },
  {
    rule: 'exchange.trace_id_copied',
    scenario: 'typed-error',
    description: 'a new trace',
    edits: [inResponse('/provenance/trace_id', 'f'.repeat(32))],
  },
  {
    rule: 'exchange.trace_continued',
    scenario: 'completed-response',
    description: "the request's traceparent dropped",
    edits: [mapResponse('/conversation/traceparent', () => undefined)],
  },
  {
    rule: 'exchange.request_message_id',
    scenario: 'accepted-task',
    description: 'request_message_id names another request',
    edits: [inResponse('/body/request_message_id', 'msg-other')],
  },
  {
    rule: 'exchange.trust_signed',
    scenario: 'accepted-task',
    description: 'an acceptance on the public channel',
    edits: [inResponse('/trust', { channel: 'public', auth_scheme: 'jws' })],
  },
  {
    rule: 'exchange.completed_without_task',
    scenario: 'completed-response',
    description: 'a task_ref on a completed answer',
    edits: [inResponse('/body/task_ref', 'task-1')],
  },
  {
    rule: 'exchange.error_code_published',
    scenario: 'typed-error',
    description: 'an unpublished error code',
    edits: [inResponse('/body/code', 'made.up')],
  },
  {
    rule: 'exchange.error_status',
    scenario: 'typed-error',
    description: "a code sent with another status than the registry's",
    edits: [inResponse('/body/status', 503)],
    status: 503,
  },
  {
    rule: 'exchange.error_retryable',
    scenario: 'typed-error',
    description: 'a code the registry gives as not retryable sent as retryable',
    edits: [inResponse('/body/retryable', true)],
  },
  {
    rule: 'exchange.task_matches',
    scenario: 'accepted-task',
    taskStatus: true,
    description: 'the status of another task',
    edits: [inResponse('/body/task_id', 'task-other')],
  },
  {
    rule: OWN_IDS,
    scenario: 'completed-response',
    description: "the answer carries the request's message_id",
    edits: [mapResponse('/message_id', (_old, pair) => pair.request.message_id)],
  },
  {
    rule: 'exchange.task_transition',
    scenario: 'accepted-task',
    taskStatus: true,
    afterCompleted: true,
    description: 'working again after the task completed',
    edits: [],
  },
];

/** The same task status, completed (with the result_ref the state requires): a message and a turn of its own. */
function completedStatus(site: Site, status: Json): Json {
  const conversation = status.conversation as Json;
  return seal({
    ...status,
    message_id: `${String(status.message_id)}-completed`,
    conversation: { ...conversation, turn_id: `${String(conversation.turn_id)}-completed` },
    body: { ...(status.body as Json), state: 'completed', result_ref: links(site).schema('uai.task.status.v1') },
  });
}

/** The task status that follows an accepted answer: the published example, relinked to it. */
function followingStatus(site: Site, request: Json, accepted: Json): Json {
  const status = structuredClone(exampleSources(site).find((e) => e.profile === 'uai.task.status.v1')!.message) as Json;
  const at = (m: Json, key: string) => m[key] as Json;
  status.conversation = {
    ...at(status, 'conversation'),
    conversation_id: at(request, 'conversation').conversation_id,
    parent_message_id: accepted.message_id,
  };
  status.target = structuredClone(request.source);
  status.provenance = { ...at(status, 'provenance'), trace_id: at(request, 'provenance').trace_id };
  status.delivery = { ...at(status, 'delivery'), task_ref: at(accepted, 'delivery').task_ref };
  const { result_ref: _done, ...body } = at(status, 'body');
  status.body = {
    ...body,
    task_id: at(accepted, 'delivery').task_ref,
    request_message_id: request.message_id,
    state: 'working',
  };
  return seal(status);
}

export function exchangeFixtures(site: Site): { valid: ExchangePairFixture[]; invalid: ExchangePairFixture[] } {
  const context: EngineContext = { site, now: () => new Date(Date.parse(EXAMPLE_EPOCH) + 60_000) };
  const request = seal(
    structuredClone(exampleSources(site).find((e) => e.message.message_id === EXAMPLE_IDS.request)!.message),
  ) as Json;
  const answer = (scenario: MockScenario) => {
    const result = mockExchange({ message: request, scenario, format: 'exchange' }, context);
    return { response: result.response_message, status: result.http_status };
  };
  const valid: ExchangePairFixture[] = (['accepted-task', 'completed-response', 'typed-error'] as const).map(
    (scenario) => {
      const { response, status } = answer(scenario);
      return {
        id: `exchange-${scenario}`,
        description: `The reference server's ${scenario} answer to the published request.`,
        request,
        response,
        http_status: status,
        fails: [],
      };
    },
  );
  const accepted = answer('accepted-task').response;
  valid.push({
    id: 'exchange-task-status',
    description: 'A working task status that follows the accepted answer.',
    request,
    response: followingStatus(site, request, accepted),
    http_status: 200,
    previous: accepted,
    fails: [],
  });

  const invalid = BREAKS.map((b): ExchangePairFixture => {
    const base = b.taskStatus
      ? { response: followingStatus(site, request, accepted), status: 200 }
      : answer(b.scenario);
    const pair: Pair = { request: structuredClone(request), response: structuredClone(base.response) };
    for (const edit of b.edits ?? []) applyEdit(pair, edit);
    const status = b.status ?? base.status;
    return {
      id: `exchange-${b.rule.replace(/^exchange\./, '').replaceAll(/[._]/g, '-')}`,
      description: b.description,
      request: seal(pair.request),
      response: seal(pair.response),
      http_status: status,
      ...(b.taskStatus ? { previous: b.afterCompleted ? completedStatus(site, base.response) : accepted } : {}),
      fails: [b.rule],
    };
  });
  return { valid, invalid };
}
