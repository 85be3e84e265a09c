import {
  answerMessage,
  capabilityStatement,
  checkExchangeAction,
  exchangeFixtures,
  seal,
  TASK_RUN_SECONDS,
  taskStatus,
  type ExchangePairFixture,
} from '../../engine/index.ts';
import { EXAMPLE_EPOCH } from '../../standard/release.ts';
import type { Route } from '../../service/routes.ts';
import type { RecordContext } from '../context.ts';
import { invalidMessage, postProblems } from './action-operations.ts';
import { hasRef, withoutEmbeddedSchema } from './examples.ts';
import { messageComponent } from './components.ts';
import { ref, type Json } from './schema-helpers.ts';
import { operationId, problemResponse, transportProblems } from './operation-parts.ts';

/**
 * The operations of the exchange check and the reference server (issue 13 of the roadmap's
 * current track), with the engine's own answers at the fixed example instant as examples.
 */
const at = () => new Date(Date.parse(EXAMPLE_EPOCH) + 60_000);
const noStore = { 'Cache-Control': { description: 'no-store', required: true, schema: { type: 'string' } } };
const json = (schema: Json, examples?: Json) => ({ 'application/json': { schema, ...(examples ? { examples } : {}) } });

/** The request of a fixture pair as the check takes it. */
const checkBody = (pair: ExchangePairFixture): Json => ({
  request: pair.request,
  response: pair.response,
  http_status: pair.http_status,
  ...(pair.previous ? { previous: pair.previous } : {}),
});

/** Each valid pair of the exchange fixtures, and the first broken one, with the engine's verdict on it. */
function checkExchangeOperation(ctx: RecordContext): Json {
  const fixtures = exchangeFixtures(ctx.site);
  // Pairs with a JSON Schema inside (a completed answer embeds the subject's) cannot be shown literally.
  const literal = (pairs: ExchangePairFixture[]) => pairs.filter((p) => !hasRef(checkBody(p)));
  const pairs = [...literal(fixtures.valid), literal(fixtures.invalid)[0]!];
  const requests: Json = {};
  const answers: Json = {};
  for (const pair of pairs) {
    const summary = pair.fails.length ? `A broken exchange: ${pair.description}` : pair.description;
    const body = checkBody(pair);
    const answer = checkExchangeAction(body, { site: ctx.site, now: at });
    if (!answer.ok) throw new Error(`The exchange fixture ${pair.id} is refused: ${answer.detail}`);
    requests[pair.id] = { summary, value: body };
    answers[pair.id] = { summary, value: answer.body };
  }
  return {
    requestBody: { required: true, content: json(ref('CheckExchangeRequest'), requests) },
    responses: {
      '200': {
        description: 'The check ran; conforms says whether the exchange conforms.',
        headers: noStore,
        content: json(ref('CheckExchangeResult'), answers),
      },
      ...postProblems(ctx.site),
    },
  };
}

/** A request the reference server answers at once: the published request, sealed again with delivery.mode sync. */
const syncRequest = (request: Json): Json =>
  seal({ ...request, delivery: { ...(request.delivery as Json), mode: 'sync' } }) as Json;

/** The published request about the next version of its subject, which no registered profile is. */
const unknownSubjectRequest = (request: Json): Json => {
  const body = request.body as Json;
  const subject = String(body.subject).replace(/\.v(\d+)$/, (_, v: string) => `.v${Number(v) + 1}`);
  return seal({ ...request, body: { ...body, subject } }) as Json;
};

/** The published request at the last safe sequence, 2^53 - 1: no exact sequence is left for a task status. */
const lastSequenceRequest = (request: Json): Json => {
  const conversation = { ...(request.conversation as Json), sequence: Number.MAX_SAFE_INTEGER };
  return seal({ ...request, conversation: { ...conversation, parent_message_id: 'msg-answer-before' } }) as Json;
};

function referenceAnswer(ctx: RecordContext, request: unknown, status: number): unknown {
  const answer = answerMessage(request, { site: ctx.site, now: at });
  if (!answer.ok || answer.status !== status)
    throw new Error(`The reference server does not answer ${status} to the example request`);
  return answer.message;
}

/** A bare message in, a bare message out: 200 completed, 202 accepted, 400/404/422 a uai.error.v1 (or a problem for transport failures). */
function referenceServerPost(ctx: RecordContext): Json {
  const request = exchangeFixtures(ctx.site).valid[0]!.request;
  const invalid = invalidMessage(ctx);
  const message = (profile: string) => ({
    oneOf: [
      ref(messageComponent(profile)),
      { type: 'array', items: true, description: 'The same message keyless, for a keyless request.' },
    ],
  });
  const cases = {
    sync: {
      summary: 'A sync request (without include_schema): completed inline',
      status: 200,
      value: syncRequest(withoutEmbeddedSchema(request)),
    },
    async: { summary: 'The published intent request (async): accepted as a task', status: 202, value: request },
    invalid: { summary: `An invalid request message (${invalid.description})`, status: 400, value: invalid.message },
    unknownSubject: {
      summary: 'A request about an unregistered subject',
      status: 404,
      value: unknownSubjectRequest(request),
    },
    unheld: {
      summary: 'An async request at conversation.sequence 2^53 - 1: no task can be held for it',
      status: 422,
      value: lastSequenceRequest(request),
    },
  };
  const answered = (key: keyof typeof cases) => ({
    [key]: { summary: cases[key].summary, value: referenceAnswer(ctx, cases[key].value, cases[key].status) },
  });
  const problems = postProblems(ctx.site);
  return {
    requestBody: {
      required: true,
      content: json(
        { ...ref('AnyMessage'), description: 'One UAI-1 message: an object keyed, an array keyless.' },
        Object.fromEntries(Object.entries(cases).map(([key, c]) => [key, { summary: c.summary, value: c.value }])),
      ),
    },
    responses: {
      '200': {
        description: 'A sync request resolved inline: a completed uai.intent.response.v1.',
        headers: noStore,
        content: json(message('uai.intent.response.v1'), answered('sync')),
      },
      '202': {
        description: 'An async request accepted as a task; poll /reference-server/tasks/{task_ref}.',
        headers: noStore,
        content: json(message('uai.intent.response.v1'), answered('async')),
      },
      '400': {
        ...problems['400'],
        description:
          'An invalid request message (a uai.error.v1 exchange.request_invalid or exchange.wrong_profile), or a request the transport refuses (problem+json).',
        content: { ...json(message('uai.error.v1'), answered('invalid')), ...problems['400']!.content },
      },
      '404': {
        description: 'An unregistered subject (a uai.error.v1 exchange.subject_unknown).',
        headers: noStore,
        content: json(message('uai.error.v1'), answered('unknownSubject')),
      },
      '422': {
        description:
          'A valid async request the reference server cannot hold as a task (a uai.error.v1 exchange.intent_unprocessable): the task reference carries the task, and these identifiers would make it longer than 4096 characters, or no exact sequence is left for the task status two turns later.',
        headers: noStore,
        content: json(message('uai.error.v1'), answered('unheld')),
      },
      ...Object.fromEntries(Object.entries(problems).filter(([status]) => status !== '400')),
    },
  };
}

function capabilityOperation(ctx: RecordContext): Json {
  return {
    responses: {
      '200': {
        description: 'The reference server capability statement.',
        headers: noStore,
        content: json(ref(messageComponent('uai.capability.statement.v1')), {
          statement: { summary: 'This deployment', value: capabilityStatement(ctx.site) },
        }),
      },
      '405': problemResponse(ctx.site, 'request.method_not_allowed'),
      ...transportProblems(ctx.site),
    },
  };
}

/** The status of the task the published request was accepted as: while it runs, and once it completed. */
function taskStatuses(ctx: RecordContext): Json {
  const request = exchangeFixtures(ctx.site).valid[0]!.request;
  const accepted = answerMessage(request, { site: ctx.site, now: at });
  const ref = accepted.ok ? (((accepted.message as Json).delivery as Json | undefined)?.task_ref as string) : '';
  const statusAt = (seconds: number) => {
    const answer = taskStatus(ref, { site: ctx.site, now: () => new Date(at().getTime() + seconds * 1000) });
    if (!answer.ok) throw new Error(`The accepted example task is unknown: ${answer.detail}`);
    return answer.message;
  };
  return {
    working: { summary: 'Polled right after acceptance: working', value: statusAt(0) },
    completed: { summary: `Polled ${TASK_RUN_SECONDS} s later: completed`, value: statusAt(TASK_RUN_SECONDS) },
  };
}

function taskOperation(ctx: RecordContext): Json {
  return {
    parameters: [
      {
        name: 'task_ref',
        in: 'path',
        required: true,
        description: 'The task_ref of an accepted answer of the reference server, as received.',
        schema: { type: 'string', minLength: 1 },
      },
    ],
    responses: {
      '200': {
        description: 'The task status: working at first, then completed with the subject registry entry as result_ref.',
        headers: noStore,
        content: json(ref(messageComponent('uai.task.status.v1')), taskStatuses(ctx)),
      },
      '404': problemResponse(ctx.site, 'exchange.task_unknown'),
      '405': problemResponse(ctx.site, 'request.method_not_allowed'),
      ...transportProblems(ctx.site),
    },
  };
}

/** The operation of a route this module describes, or undefined for the others. */
export function exchangeOperation(route: Route, ctx: RecordContext): Json | undefined {
  const parts: Json | undefined =
    route.id === 'check-exchange'
      ? checkExchangeOperation(ctx)
      : route.id === 'reference-server'
        ? referenceServerPost(ctx)
        : route.id === 'reference-server-capability'
          ? capabilityOperation(ctx)
          : route.id === 'reference-server-task'
            ? taskOperation(ctx)
            : undefined;
  return (
    parts && {
      operationId: operationId(route),
      summary: route.summary,
      description: route.purpose,
      tags: ['actions'],
      ...parts,
    }
  );
}
