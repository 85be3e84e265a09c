/**
 * How a poll of an accepted task is answered, one rule for `uai test` and `uai proxy`: 200 with a
 * uai.task.status.v1 message in the keyed shape, or 429 or 503 to be polled again later. Each
 * fault is said with the rule it breaks, so an implementer reads why, not only what was sent.
 */
import { asksAgainLater, isRecord } from '../../engine/index.ts';

/**
 * Why the answer to a poll is no status of the task, or undefined when it is one. A 429 or 503 is
 * a fault only where it was taken as the poll's answer: `uai test` waits out a Retry-After of a
 * few seconds and polls again, and judges one it did not wait out as it came; the proxy judges a
 * paced poll by what its error says, and does not ask here.
 */
export function pollFault(status: number, json: unknown): string | undefined {
  if (asksAgainLater(status))
    return `answered HTTP ${status} with no Retry-After the kit waits out (none, or longer than its wait), so taken as the poll's answer: a poll is answered 200 with the task's status`;
  if (status !== 200)
    return `answered HTTP ${status}: a poll reads the task's status and is answered 200 whatever the task's state (the GET is done, RFC 9110 section 15.3.1; 202 is for a request still being processed), or 429 or 503 with Retry-After to be polled later`;
  if (Array.isArray(json))
    return 'a keyless array: tasks are polled in the https-async-callback binding, whose shape is keyed (GET /v1/transport-bindings), whichever binding the task was asked in';
  if (!isRecord(json) || json.profile !== 'uai.task.status.v1') return 'not a uai.task.status.v1 message';
  return undefined;
}
