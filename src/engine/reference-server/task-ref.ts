/**
 * Task references of the reference server. The server keeps no state (it runs as a function), so
 * a reference carries what a task status needs to link back to its request: the conversation,
 * the request, the requester, the trace, what was asked, and when it was accepted. It is opaque
 * to clients: `task-` and the base64url of a small JSON array.
 */
import { isRecord, own } from '../json.ts';
import { isProfileId } from '../../standard/profiles.ts';
import { DELIVERY_PRIORITIES, PARTY_TYPES } from '../../standard/value-sets.ts';

export interface TaskTicket {
  readonly conversationId: string;
  readonly requestMessageId: string;
  readonly requesterType: string;
  readonly requesterId: string;
  readonly traceId: string | null;
  readonly sequence: number;
  readonly subject: string;
  readonly priority: string | null;
  /** Seconds since the epoch at which the task was accepted. */
  readonly acceptedAt: number;
}

const PREFIX = 'task-';
/** A reference longer than this was not issued here (every member is bounded by the request limits). */
const MAX_REF = 4096;

function base64url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

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
  ];
  return PREFIX + base64url(JSON.stringify(fields));
}

/** A non-empty, well-formed (no lone surrogate) string: a forged reference must not break the seal. */
const str = (v: unknown): v is string => typeof v === 'string' && v !== '' && v.length <= 512 && v.isWellFormed();
const oneOf =
  (set: readonly string[]) =>
  (v: unknown): v is string =>
    typeof v === 'string' && set.includes(v);
const TRACE_ID = /^(?!0{32})[0-9a-f]{32}$/;
/** A request's sequence that leaves room for the two turns after it (acceptance, then status). */
const isSequence = (q: unknown): q is number =>
  Number.isSafeInteger(q) && (q as number) >= 1 && (q as number) <= Number.MAX_SAFE_INTEGER - 2;

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
  if (!Array.isArray(v) || v.length !== 10 || v[0] !== 1) return undefined;
  const [, c, m, rt, ri, t, q, s, p, a] = v as unknown[];
  if (!str(c) || !str(m) || !oneOf(PARTY_TYPES)(rt) || !str(ri) || !isProfileId(s)) return undefined;
  if (t !== null && !(typeof t === 'string' && TRACE_ID.test(t))) return undefined;
  if (p !== null && !oneOf(DELIVERY_PRIORITIES)(p)) return undefined;
  if (!isSequence(q) || !Number.isSafeInteger(a)) return undefined;
  return {
    conversationId: c,
    requestMessageId: m,
    requesterType: rt,
    requesterId: ri,
    traceId: t,
    sequence: q,
    subject: s,
    priority: p,
    acceptedAt: a as number,
  };
}

/** The ticket of an accepted request: read from the request message the server has validated. */
export function ticketFor(request: unknown, now: Date): TaskTicket | undefined {
  if (!isRecord(request)) return undefined;
  const at = (...path: string[]): unknown =>
    path.reduce<unknown>((v, k) => (isRecord(v) ? own(v, k) : undefined), request);
  const [c, m, rt, ri, t, q, s, p] = [
    at('conversation', 'conversation_id'),
    at('message_id'),
    at('source', 'type'),
    at('source', 'id'),
    at('provenance', 'trace_id'),
    at('conversation', 'sequence'),
    at('body', 'subject'),
    at('delivery', 'priority'),
  ];
  if (!str(c) || !str(m) || !oneOf(PARTY_TYPES)(rt) || !str(ri) || !isProfileId(s) || !isSequence(q)) return undefined;
  return {
    conversationId: c,
    requestMessageId: m,
    requesterType: rt,
    requesterId: ri,
    traceId: typeof t === 'string' && TRACE_ID.test(t) ? t : null,
    sequence: q,
    subject: s,
    priority: oneOf(DELIVERY_PRIORITIES)(p) ? p : null,
    acceptedAt: Math.floor(now.getTime() / 1000),
  };
}
