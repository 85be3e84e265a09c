/**
 * Task references of the reference server. The server keeps no state (it runs as a function), so
 * a reference carries what a task status needs to link back to its request: the conversation,
 * the request, the requester, the trace, what was asked, and when it was accepted. It is opaque
 * to clients: `task-` and the base64url of a small JSON array.
 *
 * The array has ten members, or eleven when the request's provenance.trace_id is no trace the
 * status continues (not 32 lowercase hex): the eleventh carries it as sent, so the status copies it
 * (exchange.trace_id_copied). References written before the eleventh was added still read the same.
 */
import { isRecord, own, ownRecord } from '../json.ts';
import { nextSequence } from '../exchange/next-turn.ts';
import { parseTraceparent } from '../trace.ts';
import { isProfileId } from '../../standard/profiles.ts';
import { DELIVERY_PRIORITIES, PARTY_TYPES } from '../../standard/value-sets.ts';

export interface TaskTicket {
  readonly conversationId: string;
  readonly requestMessageId: string;
  readonly requesterType: string;
  readonly requesterId: string;
  /** The trace the status continues: a W3C trace-id (32 lowercase hex, not all zeros). */
  readonly traceId: string | null;
  /**
   * The request's provenance.trace_id as sent, when it is no trace-id the status continues (any
   * string the schema allows, "" too); when set, traceId is null. Otherwise the status carries traceId.
   */
  readonly sentTraceId: string | null;
  readonly sequence: number;
  readonly subject: string;
  readonly priority: string | null;
  /** Seconds since the epoch at which the task was accepted. */
  readonly acceptedAt: number;
}

const PREFIX = 'task-';
/**
 * The longest reference issued, so that the polling URL it ends stays within the URL lengths
 * servers and proxies commonly take (8 KB); a request whose reference would be longer is not
 * taken as a task (holdTask). A longer reference was not issued here.
 */
export const MAX_REF = 4096;

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The length of a reference to `bytes`: base64 without padding writes 4 characters per 3 bytes. */
const refLength = (bytes: Uint8Array): number => PREFIX.length + Math.ceil((bytes.length * 4) / 3);

function fromBase64url(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

export function encodeTaskRef(t: TaskTicket): string {
  return PREFIX + base64url(ticketBytes(t));
}

/** The UTF-8 of the JSON array a reference carries. */
function ticketBytes(t: TaskTicket): Uint8Array {
  const fields = [
    1,
    t.conversationId,
    t.requestMessageId,
    t.requesterType,
    t.requesterId,
    t.traceId,
    t.sequence,
    t.subject,
    t.priority,
    t.acceptedAt,
    // Left out when null: the ten members every reference had before.
    ...(t.sentTraceId === null ? [] : [t.sentTraceId]),
  ];
  return new TextEncoder().encode(JSON.stringify(fields));
}

/** A non-empty, well-formed (no lone surrogate) string: a forged reference must not break the seal. */
const str = (v: unknown): v is string => typeof v === 'string' && v !== '' && v.isWellFormed();
/** A well-formed string, "" too: provenance.trace_id has no minLength. */
const anyString = (v: unknown): v is string => typeof v === 'string' && v.isWellFormed();
const oneOf =
  (set: readonly string[]) =>
  (v: unknown): v is string =>
    typeof v === 'string' && set.includes(v);
const TRACE_ID = /^(?!0{32})[0-9a-f]{32}$/;
/** A request's sequence with exact sequences for the two turns after it (acceptance, then status). */
const isSequence = (q: unknown): q is number => nextSequence(nextSequence(q)) !== undefined;

/** The ticket inside a reference this server issued, or undefined for anything else. */
export function decodeTaskRef(ref: string): TaskTicket | undefined {
  if (!ref.startsWith(PREFIX) || ref.length > MAX_REF) return undefined;
  const text = fromBase64url(ref.slice(PREFIX.length));
  let v: unknown;
  try {
    v = text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(v) || (v.length !== 10 && v.length !== 11) || v[0] !== 1) return undefined;
  const [, c, m, rt, ri, t, q, s, p, a, sent = null] = v as unknown[];
  if (!str(c) || !str(m) || !oneOf(PARTY_TYPES)(rt) || !str(ri) || !isProfileId(s)) return undefined;
  if (t !== null && !(typeof t === 'string' && TRACE_ID.test(t))) return undefined;
  // Written only as holdTask writes it: beside no trace, and no trace-id itself (that is traceId).
  if (v.length === 11 && !(t === null && anyString(sent) && !TRACE_ID.test(sent))) return undefined;
  if (p !== null && !oneOf(DELIVERY_PRIORITIES)(p)) return undefined;
  // Issued by a clock past 1970: an earlier instant, forged, would date the status before year 0
  // (`-001199-...`), which no date-time holds, and the status would not validate.
  if (!isSequence(q) || !Number.isSafeInteger(a) || (a as number) < 0) return undefined;
  return {
    conversationId: c,
    requestMessageId: m,
    requesterType: rt,
    requesterId: ri,
    traceId: t,
    sentTraceId: sent as string | null,
    sequence: q,
    subject: s,
    priority: p,
    acceptedAt: a as number,
  };
}

/** The reference of the task a request is taken as, or why the server cannot hold that task. */
export type HeldTask = { readonly ok: true; readonly ref: string } | { readonly ok: false; readonly detail: string };

/**
 * The task a request is taken as. The server keeps no state, so the task lives in its reference:
 * a request whose identifiers would make the reference longer than MAX_REF, or whose sequence
 * leaves no exact sequence for the task status two turns later, cannot be held, and the detail
 * says why (the reference server answers it with exchange.intent_unprocessable).
 */
export function holdTask(request: unknown, now: Date): HeldTask {
  const ticket = ticketFor(request, now);
  if (!ticket) {
    const q = isRecord(request) ? own(ownRecord(request, 'conversation') ?? {}, 'sequence') : undefined;
    return {
      ok: false,
      detail:
        Number.isInteger(q) && (q as number) >= 1 && !isSequence(q)
          ? `The reference server cannot hold this request as a task: a task status comes two turns after the request, and conversation.sequence ${String(q)} + 2 is past 2^53 (9007199254740992), beyond which JSON numbers do not hold every integer. Continue in a new conversation, or send delivery.mode sync to have the request resolved inline.`
          : 'The reference server cannot hold this request as a task: its task reference is made from the request conversation, message_id, source, body.subject and conversation.sequence, and one of them is missing or not usable.',
    };
  }
  // Measured before it is written: a request's identifiers may take most of a 256 KiB body.
  const bytes = ticketBytes(ticket);
  const length = refLength(bytes);
  if (length > MAX_REF)
    return {
      ok: false,
      detail: `The reference server cannot hold this request as a task: it keeps no state, so a task reference carries the request's conversation_id, message_id, source.id and provenance.trace_id, and these would make it ${length} characters, over the ${MAX_REF} it issues (the polling URL ends with it). Send shorter identifiers, or delivery.mode sync to have the request resolved inline.`,
    };
  return { ok: true, ref: PREFIX + base64url(bytes) };
}

/**
 * The trace a task status continues: the request's traceparent trace-id (exchange.trace_continued),
 * else its provenance.trace_id. Where the two differ the request was warned (trace.trace_id_mismatch)
 * and its trace_id is not copied, as the mock exchange does not copy it.
 */
function traceOf(traceId: unknown, traceparent: unknown): string | null {
  const parent = typeof traceparent === 'string' ? parseTraceparent(traceparent) : undefined;
  if (parent && TRACE_ID.test(parent.traceId)) return parent.traceId;
  return typeof traceId === 'string' && TRACE_ID.test(traceId) ? traceId : null;
}

/** The ticket of an accepted request: read from the request message the server has validated. */
function ticketFor(request: unknown, now: Date): TaskTicket | undefined {
  if (!isRecord(request)) return undefined;
  const at = (...path: string[]): unknown =>
    path.reduce<unknown>((v, k) => (isRecord(v) ? own(v, k) : undefined), request);
  const [c, m, rt, ri, t, tp, q, s, p] = [
    at('conversation', 'conversation_id'),
    at('message_id'),
    at('source', 'type'),
    at('source', 'id'),
    at('provenance', 'trace_id'),
    at('conversation', 'traceparent'),
    at('conversation', 'sequence'),
    at('body', 'subject'),
    at('delivery', 'priority'),
  ];
  if (!str(c) || !str(m) || !oneOf(PARTY_TYPES)(rt) || !str(ri) || !isProfileId(s) || !isSequence(q)) return undefined;
  const trace = traceOf(t, tp);
  return {
    conversationId: c,
    requestMessageId: m,
    requesterType: rt,
    requesterId: ri,
    traceId: trace,
    // With no trace to continue, nothing the request's trace_id could disagree with: copied as sent,
    // as the mock exchange copies it into the accepted answer.
    sentTraceId: trace === null && anyString(t) ? t : null,
    sequence: q,
    subject: s,
    priority: oneOf(DELIVERY_PRIORITIES)(p) ? p : null,
    acceptedAt: Math.floor(now.getTime() / 1000),
  };
}
