import { answerMessage, capabilityStatement, checkExchangeAction, exchangeFixtures } from '../../engine/index.ts';
import { EXAMPLE_EPOCH } from '../../standard/release.ts';
import type { Route } from '../../service/routes.ts';
import type { RecordContext } from '../context.ts';
import { postProblems } from './action-operations.ts';
import { messageComponent } from './components.ts';
import { ref } from './schema-helpers.ts';
import { operationId, problemResponse, type Json } from './operation-parts.ts';

/**
 * The operations of the exchange check and the reference server (issue 13 of the roadmap's
 * current track), with the engine's own answers at the fixed example instant as examples.
 */
const at = () => new Date(Date.parse(EXAMPLE_EPOCH) + 60_000);
const noStore = { 'Cache-Control': { description: 'no-store', required: true, schema: { type: 'string' } } };
const json = (schema: Json, examples?: Json) => ({ 'application/json': { schema, ...(examples ? { examples } : {}) } });

function checkExchangeOperation(route: Route, ctx: RecordContext): Json {
  const pair = exchangeFixtures(ctx.site).valid[0]!;
  const body = { request: pair.request, response: pair.response, http_status: pair.http_status };
  const answer = checkExchangeAction(body, { site: ctx.site, now: at });
  return {
    requestBody: {
      required: true,
      content: json(ref('CheckExchangeRequest'), {
        accepted: { summary: 'The reference server accepting the published request', value: body },
      }),
    },
    responses: {
      '200': {
        description: 'The check ran; conforms says whether the exchange conforms.',
        headers: noStore,
        content: json(
          ref('CheckExchangeResult'),
          answer.ok ? { accepted: { summary: 'A conforming exchange', value: answer.body } } : undefined,
        ),
      },
      ...postProblems(),
    },
  };
}

/** A bare message in, a bare message out: 200 completed, 202 accepted, 400/404 a uai.error.v1 (or a problem for transport failures). */
function referenceServerPost(ctx: RecordContext): Json {
  const request = exchangeFixtures(ctx.site).valid[0]!.request;
  const accepted = answerMessage(request, { site: ctx.site, now: at });
  const message = (profile: string) => ({
    oneOf: [
      ref(messageComponent(profile)),
      { type: 'array', items: true, description: 'The same message keyless, for a keyless request.' },
    ],
  });
  const problems = postProblems() as Record<string, { content: Json; description: string }>;
  const withError = (status: string, description: string) => ({
    ...problems[status],
    description,
    content: {
      ...json(message('uai.error.v1')),
      ...(problems[status]?.content ?? problemResponse('route.not_found').content),
    },
  });
  return {
    requestBody: {
      required: true,
      content: json(
        { ...ref('AnyMessage'), description: 'One UAI-1 message: an object keyed, an array keyless.' },
        { request: { summary: 'The published intent request (async)', value: request } },
      ),
    },
    responses: {
      '200': {
        description: 'A sync request resolved inline: a completed uai.intent.response.v1.',
        headers: noStore,
        content: json(message('uai.intent.response.v1')),
      },
      '202': {
        description: 'An async request accepted as a task; poll /reference-server/tasks/{task_ref}.',
        headers: noStore,
        content: json(
          message('uai.intent.response.v1'),
          accepted.ok ? { accepted: { summary: 'Accepted as a task', value: accepted.message } } : undefined,
        ),
      },
      '400': withError(
        '400',
        'An invalid request message (a uai.error.v1 exchange.request_invalid or exchange.wrong_profile), or a request the transport refuses (problem+json).',
      ),
      '404': {
        description: 'An unregistered subject (a uai.error.v1 exchange.subject_unknown).',
        headers: noStore,
        content: json(message('uai.error.v1')),
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
      '405': problemResponse('request.method_not_allowed'),
    },
  };
}

function taskOperation(): Json {
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
        content: json(ref(messageComponent('uai.task.status.v1'))),
      },
      '404': problemResponse('exchange.task_unknown'),
      '405': problemResponse('request.method_not_allowed'),
    },
  };
}

/** The operation of a route this module describes, or undefined for the others. */
export function exchangeOperation(route: Route, ctx: RecordContext): Json | undefined {
  const parts: Json | undefined =
    route.id === 'check-exchange'
      ? checkExchangeOperation(route, ctx)
      : route.id === 'reference-server'
        ? referenceServerPost(ctx)
        : route.id === 'reference-server-capability'
          ? capabilityOperation(ctx)
          : route.id === 'reference-server-task'
            ? taskOperation()
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
