/**
 * The envelope of every mock response: conversation linkage copied from the request (spec 4.2
 * rules 3-8, 10, 12). A copied value is taken only where the request's own validation reported
 * nothing at or below its path, and only when it has the right type, so that every response
 * validates back with 0 errors and 0 warnings (CONTRACT section 3) even for an invalid request.
 */
import type { IssueFlags } from '../validate/issue-flags.ts';
import { DID_PATTERN } from '../../standard/objects/patterns.ts';
import { referenceServerParty, referenceServerTrust } from '../../standard/parties.ts';
import { type Site } from '../../standard/urls.ts';
import { DELIVERY_MODES, DELIVERY_PRIORITIES, PARTY_ROLES, PARTY_TYPES } from '../../standard/value-sets.ts';
import { isRecord, own, wellFormed, type JsonObject } from '../json.ts';
import { isUri } from '../../standard/formats/uri.ts';
import { compareInstants, parseInstant, utcSecondText } from '../instant.ts';
import { issuedBefore, nextSequence } from '../exchange/next-turn.ts';
import { allZeros, parseTraceparent } from '../trace.ts';
import type { ExchangeIds } from './ids.ts';

export interface LinkageInput {
  readonly site: Site;
  readonly request: JsonObject;
  /** Where the request's validation found issues, over every issue, listed or not. */
  readonly flagged: IssueFlags;
  readonly ids: ExchangeIds;
  readonly now: Date;
}

const TRACE_ID_RE = /^[0-9a-f]{32}$/;
const DID_RE = new RegExp(DID_PATTERN);

/**
 * The member names of a JSON Pointer the engine reads (a literal of its own code, so a fixed set),
 * split once: a request is read at some fifteen of them, on every call.
 */
const POINTER_KEYS = new Map<string, readonly string[]>();

function pointerKeys(path: string): readonly string[] {
  let keys = POINTER_KEYS.get(path);
  if (keys === undefined) {
    keys = path.split('/').slice(1);
    POINTER_KEYS.set(path, keys);
  }
  return keys;
}

/** A reader of request values that refuses anything the request's validation complained about. */
export function safeReader(request: JsonObject, flagged: IssueFlags) {
  // An error about the whole message (not an object, too deep, no canonical form) flags every value.
  const clean = (path: string) => !flagged(path);
  const at = (path: string): unknown => {
    let v: unknown = request;
    for (const key of pointerKeys(path)) {
      if (!isRecord(v)) return undefined;
      v = own(v, key);
    }
    return v;
  };
  return {
    string(path: string): string | undefined {
      const v = at(path);
      return typeof v === 'string' && v !== '' && clean(path) ? wellFormed(v) : undefined;
    },
    /** A string the schema lets be empty (provenance.trace_id has no minLength): copied as sent, "" too. */
    text(path: string): string | undefined {
      const v = at(path);
      return typeof v === 'string' && clean(path) ? wellFormed(v) : undefined;
    },
    value(path: string): unknown {
      return clean(path) ? at(path) : undefined;
    },
    /** The value as parsed, flagged or not: for what the answer derives rather than copies. */
    raw(path: string): unknown {
      return at(path);
    },
  };
}

export type SafeReader = ReturnType<typeof safeReader>;

/** The mock service: this origin's reference server (rule 6). */
export const referenceServer = (site: Site): JsonObject => referenceServerParty(site);

/** The response target: the request source, registered members only, each copied only when clean (rule 6). */
function requester(read: SafeReader): JsonObject {
  const type = read.string('/source/type');
  const party: JsonObject = {
    type: type !== undefined && (PARTY_TYPES as readonly string[]).includes(type) ? type : 'agent',
    id: read.string('/source/id') ?? 'unknown-requester',
  };
  // Label and implementation may be empty (the schema sets no minimum): copied as sent, "" too.
  const label = read.text('/source/label');
  if (label !== undefined) party.label = label;
  const uri = read.string('/source/uri');
  // The validator's own uri check (RFC 3986), so a URI it accepted is never dropped.
  if (uri !== undefined && isUri(uri)) party.uri = uri;
  const did = read.string('/source/did');
  if (did !== undefined && DID_RE.test(did)) party.did = did;
  const role = read.string('/source/role');
  if (role !== undefined && (PARTY_ROLES as readonly string[]).includes(role)) party.role = role;
  const implementation = read.text('/source/implementation');
  if (implementation !== undefined) party.implementation = implementation;
  return party;
}

export interface Linkage {
  readonly source: JsonObject;
  readonly target: JsonObject;
  readonly conversation: JsonObject;
  readonly delivery: JsonObject;
  readonly trust: JsonObject;
  readonly provenance: JsonObject;
  /** True when the request had already expired and issued_at was moved before its expiry. */
  readonly issuedBeforeExpiry: boolean;
  readonly requestMessageId: string;
}

/** The response envelope parts copied or derived from the request (rules 3-8, 10, 12), each only when clean. */
export function linkage(input: LinkageInput, taskRef?: string): Linkage {
  const { site, ids } = input;
  const read = safeReader(input.request, input.flagged);
  const requestMessageId = read.string('/message_id') ?? 'unknown';

  // Rules 3-5 and the trace: same conversation, parent = request, next sequence, new span in the same trace.
  // The sequence is counted on, not copied: a whole number as parsed (a warning such as
  // message.number_imprecise may flag its text) is the one the request's conformance record and a
  // task's reference count on too (rule 13), so all three agree.
  const parsed = read.raw('/conversation/sequence');
  const sequence =
    Number.isSafeInteger(parsed) && (parsed as number) >= 1 ? parsed : read.value('/conversation/sequence');
  const conversation: JsonObject = {
    conversation_id: read.string('/conversation/conversation_id') ?? `conv-${ids.digest.slice(0, 16)}`,
    turn_id: ids.turnId,
    parent_message_id: requestMessageId,
  };
  const traceId = read.text('/provenance/trace_id');
  const parent = parseTraceparent(read.string('/conversation/traceparent'));
  // A traceparent only when its trace-id agrees with the copied trace_id (else trace.trace_id_mismatch).
  if (parent && (traceId === undefined || traceId === parent.traceId))
    conversation.traceparent = `00-${parent.traceId}-${ids.spanId}-${parent.flags}`;
  else if (!parent && traceId !== undefined && TRACE_ID_RE.test(traceId) && !allZeros(traceId))
    conversation.traceparent = `00-${traceId}-${ids.spanId}-01`;
  // Without a sequence it can add 1 to exactly, the answer is the one to a first request.
  conversation.sequence = nextSequence(sequence) ?? 2;

  // Rule 7 (copy mode, priority, expires_at) and rule 8 (no reply requested; the task reference).
  const mode = read.string('/delivery/mode');
  const delivery: JsonObject = {
    mode: mode !== undefined && (DELIVERY_MODES as readonly string[]).includes(mode) ? mode : 'sync',
  };
  const priority = read.string('/delivery/priority');
  if (priority !== undefined && (DELIVERY_PRIORITIES as readonly string[]).includes(priority))
    delivery.priority = priority;
  // Copied as written (an exact RFC 3339 instant). issued_at is the time of the call; when the
  // request has already expired, rule 7 still copies its expiry and the response is dated a whole
  // second before it, so that expires_at stays after issued_at (delivery.expiry_not_after_issue).
  // Only an expiry no date-time precedes is left out: no answer could be dated before it. The
  // exchange result's generated_at keeps the real time.
  const expiresText = read.string('/delivery/expires_at');
  const expires = expiresText !== undefined ? parseInstant(expiresText) : undefined;
  const nowSeconds = Math.floor(input.now.getTime() / 1000);
  const expired = expires && compareInstants(expires, { utcSeconds: nowSeconds, leap: false, fraction: '' }) <= 0;
  const issuedAt = expired ? issuedBefore(expires) : utcSecondText(nowSeconds);
  if (expires && issuedAt !== undefined) delivery.expires_at = expiresText;
  delivery.reply_requested = false;
  delivery.ack_required = false;
  if (taskRef !== undefined) delivery.task_ref = taskRef;
  const issuedBeforeExpiry = Boolean(expired && issuedAt !== undefined);

  const provenance: JsonObject = {};
  if (traceId !== undefined) provenance.trace_id = traceId; // rule 10
  provenance.issued_at = issuedAt ?? utcSecondText(nowSeconds);
  provenance.log_ref = `urn:uai:log:${ids.messageId}`;
  provenance.agent_id = 'uai-reference-server';

  return {
    source: referenceServer(site),
    target: requester(read),
    conversation,
    delivery,
    // Rule 12, with the reference the signed-envelope channel expects (trust.reference_missing).
    trust: referenceServerTrust(site, ids.messageId),
    provenance,
    issuedBeforeExpiry,
    requestMessageId,
  };
}
