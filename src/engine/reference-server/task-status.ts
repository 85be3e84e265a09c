/**
 * Polling a task of the reference server (transport binding https-async-callback): GET of a task
 * reference it issued answers a uai.task.status.v1 message. The task is the resolution of a
 * profile, so it runs for a moment and then completes with the subject's registry entry as its
 * result. Nothing is stored: the state follows from the time since acceptance, the linkage from
 * the reference (task-ref.ts).
 */
import type { EngineContext } from '../api.ts';
import { canonicalJson, seal, sha256Hex } from '../canonical.ts';
import { isoSeconds } from '../time.ts';
import type { JsonObject } from '../json.ts';
import { referenceServerParty, referenceServerTrust } from '../../standard/parties.ts';
import { integrityBlock } from '../../standard/integrity.ts';
import { UAI_VERSION } from '../../standard/release.ts';
import { links } from '../../standard/urls.ts';
import { decodeTaskRef, type TaskTicket } from './task-ref.ts';

/** How long a task stays working after acceptance. */
export const TASK_RUN_SECONDS = 2;

const PLACEHOLDER_INTEGRITY = integrityBlock('');

export type TaskStatusAnswer =
  | { readonly ok: true; readonly message: JsonObject }
  | { readonly ok: false; readonly code: 'exchange.task_unknown'; readonly detail: string };

function statusBody(ref: string, t: TaskTicket, completed: boolean, now: Date, resultRef: string): JsonObject {
  const updated = completed ? new Date((t.acceptedAt + TASK_RUN_SECONDS) * 1000) : new Date(t.acceptedAt * 1000);
  const body: JsonObject = {
    task_id: ref,
    state: completed ? 'completed' : 'working',
    updated_at: isoSeconds(updated < now ? updated : now),
    progress: completed ? 1 : 0.5,
    status_message: completed ? `Resolved ${t.subject}.` : `Resolving ${t.subject}.`,
    request_message_id: t.requestMessageId,
  };
  if (completed) body.result_ref = resultRef;
  return body;
}

export function taskStatus(ref: string, context: EngineContext): TaskStatusAnswer {
  const ticket = decodeTaskRef(ref);
  if (!ticket)
    return {
      ok: false,
      code: 'exchange.task_unknown',
      detail:
        'This reference server issued no task with that reference; use the task_ref of its accepted response as received.',
    };
  const { site } = context;
  const now = context.now();
  const completed = now.getTime() / 1000 >= ticket.acceptedAt + TASK_RUN_SECONDS;
  const digest = sha256Hex(canonicalJson({ task: ref, state: completed ? 'completed' : 'working' }));
  const messageId = `msg-status-${digest.slice(0, 24)}`;
  const l = links(site);
  const conversation: JsonObject = {
    conversation_id: ticket.conversationId,
    turn_id: `turn-status-${digest.slice(24, 40)}`,
    parent_message_id: ticket.requestMessageId,
  };
  if (ticket.traceId !== null) conversation.traceparent = `00-${ticket.traceId}-${digest.slice(44, 59)}1-01`;
  // Request, acceptance, then this status: two turns after the request.
  conversation.sequence = ticket.sequence + 2;
  const delivery: JsonObject = { mode: 'async' };
  if (ticket.priority !== null) delivery.priority = ticket.priority;
  Object.assign(delivery, { reply_requested: false, ack_required: false, task_ref: ref });
  const provenance: JsonObject = {};
  const traceId = ticket.sentTraceId ?? ticket.traceId;
  if (traceId !== null) provenance.trace_id = traceId;
  Object.assign(provenance, {
    issued_at: isoSeconds(now),
    log_ref: `urn:uai:log:${messageId}`,
    agent_id: 'uai-reference-server',
  });
  return {
    ok: true,
    message: seal({
      uai_version: UAI_VERSION,
      profile: 'uai.task.status.v1',
      message_id: messageId,
      source: referenceServerParty(site),
      target: { type: ticket.requesterType, id: ticket.requesterId },
      conversation,
      delivery,
      trust: referenceServerTrust(site, messageId),
      body: statusBody(ref, ticket, completed, now, l.registryEntry(ticket.subject)),
      provenance,
      integrity: PLACEHOLDER_INTEGRITY,
    }),
  };
}
