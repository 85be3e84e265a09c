/**
 * message.own_ids (spec section 2.2, message_id "Identifier of this message"): every answer is a
 * message of its own, so its message_id is neither the id of a request nor of another answer. The
 * one repeat the standard allows is a task status read again in the same state: a GET re-issues
 * the status of that state, and its issued_at may move on. Identical bytes are no excuse: a server
 * that serves one canned message to every request reuses one id for many answers.
 *
 * One implementation for both judges: POST /v1/check-exchange applies it to the messages of one
 * exchange (the request, the message a task status follows, the response), the test kit to every
 * request and answer of its run.
 */
import { shown } from '../json.ts';
import { valueAt } from './kind.ts';

/** A message an answer's id is compared with, and how a finding names it. */
export interface EarlierMessage {
  readonly label: string;
  readonly message: unknown;
}

/** The same task status read again: both uai.task.status.v1 of one task, in one state. */
export function sameTaskState(a: unknown, b: unknown): boolean {
  const status = (m: unknown) => valueAt(m, '/profile') === 'uai.task.status.v1';
  const task = valueAt(a, '/body/task_id');
  const state = valueAt(a, '/body/state');
  return (
    status(a) &&
    status(b) &&
    typeof task === 'string' &&
    typeof state === 'string' &&
    task === valueAt(b, '/body/task_id') &&
    state === valueAt(b, '/body/state')
  );
}

/** The earlier message whose message_id the answer carries (a same-state task status excepted), if any. */
export function reusedIdOf(answer: unknown, earlier: readonly EarlierMessage[]): EarlierMessage | undefined {
  const id = valueAt(answer, '/message_id');
  if (typeof id !== 'string') return undefined;
  return earlier.find((e) => valueAt(e.message, '/message_id') === id && !sameTaskState(e.message, answer));
}

/** The sentence a finding says about a reused id. */
export const reusedIdMessage = (id: unknown, of: EarlierMessage): string =>
  `message_id ${shown(id)} is already the id of ${of.label}; every answer has an id of its own (only a task status read again in the same state repeats it).`;
