/**
 * The reference server of the HTTPS JSON binding (transport bindings https-json-keyed and
 * https-json-keyless): a bare UAI-1 message in, a bare message out, with the HTTP status a real
 * implementation would send. It answers as the mock exchange does (spec 4.2, CONTRACT section 6),
 * choosing the answer from the request itself: a sync request is resolved inline (200), an
 * async one is accepted as a task (202), and a request it cannot take gets a uai.error.v1 (400,
 * 404; 422 for a valid one it cannot hold as a task, task-ref.ts). The body's JSON type selects
 * the shape: an object is keyed, an array is keyless, and the answer comes back in the same shape.
 */
import type { EngineContext } from '../api.ts';
import type { MockScenario } from '../../standard/value-sets.ts';
import { messageFromKeyless, messageToKeyless } from '../keyless.ts';
import { mockExchange } from '../mock-exchange/index.ts';
import { isRecord, own, ownRecord, type JsonObject } from '../json.ts';
import { holdTask } from './task-ref.ts';

export type ReferenceAnswer =
  | { readonly ok: true; readonly status: number; readonly message: unknown }
  | { readonly ok: false; readonly code: 'request.invalid'; readonly detail: string };

/**
 * A body shaped as the other POST routes take a message, {"message": ...} without uai_version:
 * the commonest way to send the reference server something that is not a message.
 */
const isWrapped = (message: JsonObject): boolean =>
  Object.hasOwn(message, 'message') && !Object.hasOwn(message, 'uai_version');
const WRAPPED_HINT =
  'The body looks like a {"message": ...} wrapper; the reference server takes the message itself as the body.';

/**
 * `scenario` overrides the choice by delivery mode: the client test kit's scripted servers use it to
 * answer a request with the typed error (uai.error.v1) whatever it asked. `text`: the body as
 * posted, when at hand, so that a keyed message's repeated member names are judged as the validator
 * judges them (a keyless body's are not mapped: its text is not the message's).
 */
export function answerMessage(
  body: unknown,
  context: EngineContext,
  scenario?: MockScenario,
  text?: string,
): ReferenceAnswer {
  const keyless = Array.isArray(body);
  const message = keyless ? messageFromKeyless(body).value : body;
  if (!isRecord(message)) {
    const detail = keyless
      ? 'The keyless message does not convert to a message object; its top-level positions must follow the envelope order map of the field registry.'
      : 'The body must be one UAI-1 message: a JSON object (keyed) or a JSON array (keyless).';
    return { ok: false, code: 'request.invalid', detail };
  }
  const delivery = isRecord(message) ? ownRecord(message, 'delivery') : undefined;
  const chosen = scenario ?? (delivery && own(delivery, 'mode') === 'sync' ? 'completed-response' : 'accepted-task');
  // Every reference handed out must be one the task route reads back: a request the server cannot
  // hold as a task is declined with a typed error instead (422 exchange.intent_unprocessable).
  // An invalid request is still refused as such (400/404): the mock's refusal comes first.
  const task = chosen === 'accepted-task' ? holdTask(message, context.now()) : undefined;
  const result = mockExchange(
    { message, scenario: task?.ok === false ? 'typed-error' : chosen, format: 'message' },
    context,
    {
      ...(task?.ok ? { taskRef: task.ref } : {}),
      ...(task?.ok === false ? { declined: task.detail } : {}),
      ...(text !== undefined && !keyless ? { text } : {}),
      ...(isWrapped(message) ? { refusalHint: WRAPPED_HINT } : {}),
      ...(keyless ? { keyless: body } : {}),
    },
  );
  const response = result.response_message;
  return { ok: true, status: result.http_status, message: keyless ? messageToKeyless(response) : response };
}
