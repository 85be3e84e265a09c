/**
 * The requests the kit sends: every one a fresh, correctly sealed uai.intent.request.v1 (new
 * message, conversation and trace ids per run), addressed to the party the capability statement
 * names, asking to resolve a profile the server declares. Hostile variants break one thing each.
 */
import { isoSeconds, isRecord, MAX_DEPTH, messageToKeyless, seal } from '../../engine/index.ts';
import { integrityBlock } from '../../standard/integrity.ts';
import { RELEASE, UAI_VERSION } from '../../standard/release.ts';
import { KIT_PARTY } from '../judge/result.ts';

export type Json = Record<string, unknown>;

export interface RequestPlan {
  /** Hex, 32 digits: the root of every id the kit makes, its trace ids among them. */
  readonly runId: string;
  readonly now: Date;
  /** The party that answers (the capability statement's source), or a stand-in for the endpoint. */
  readonly target: Json;
  /** A profile the server declares it supports, resolved by every request. */
  readonly subject: string;
}

/**
 * The label the kit's requests carry as their source: text whose RFC 8785 form is not what common
 * JSON writers give (non-ASCII left as it is where Python's json.dumps escapes it, `<`, `>` and `&`
 * left as they are where Go's json.Marshal escapes them, a character outside the BMP, which some
 * writers give as two escapes), so a server that checks a checksum over its own JSON writer's text
 * instead of the canonical form refuses a valid request and fails, and one that seals an answer
 * echoing it so gets a checksum the kit refuses.
 */
export const REQUEST_LABEL = `${RELEASE} implementation test kit: “Müller & Søn” <R&D> 🧪`;

/**
 * The confidence the kit's requests state (provenance.confidence): a number RFC 8785 writes as
 * `0.00001` and Python's json.dumps as `1e-05` (it turns to exponents below 1e-4, where ECMAScript
 * waits until 1e-7), so a server that checks checksums over json.dumps text, even with
 * ensure_ascii=False, which the label alone does not catch, refuses a valid request and fails.
 */
export const REQUEST_CONFIDENCE = 0.00001;

/** A well-formed profile id that no registry lists: a server must answer it with a typed error. */
export const UNREGISTERED_SUBJECT = 'uai.unregistered.subject.v1';

/**
 * What varies from one request to the next, so that an answer built from an earlier request, or
 * from constants, shows (spec 4.2 rules 7 and 10 copy these): each request's own trace (the run's
 * trace id with the request's number in its last digits), priority and expiry.
 */
const PRIORITIES = ['interactive', 'routine', 'bulk'] as const;
const traceOf = (plan: RequestPlan, n: number) =>
  `${plan.runId.slice(0, 28)}${(n % 0x10000).toString(16).padStart(4, '0')}`.replace(/^0{32}$/, `${'0'.repeat(31)}1`);

/** A request that follows an answer in its conversation: the answer as parent, the next sequence, a turn of its own. */
export interface FollowUp {
  readonly conversationId: string;
  readonly parentId: string;
  readonly sequence: number;
}

export function intentRequest(
  plan: RequestPlan,
  n: number,
  mode: 'sync' | 'async',
  subject = plan.subject,
  follows?: FollowUp,
): Json {
  const span = `${plan.runId.slice(0, 12)}${n.toString(16).padStart(4, '0')}`.replace(/^0{16}$/, '0000000000000001');
  const trace = traceOf(plan, n);
  return seal({
    uai_version: UAI_VERSION,
    profile: 'uai.intent.request.v1',
    message_id: `msg-kit-${plan.runId.slice(0, 16)}-${n}`,
    source: { ...KIT_PARTY, label: REQUEST_LABEL },
    target: plan.target,
    conversation: {
      conversation_id: follows?.conversationId ?? `conv-kit-${plan.runId.slice(0, 16)}-${n}`,
      turn_id: `turn-kit-${n}`,
      ...(follows ? { parent_message_id: follows.parentId } : {}),
      traceparent: `00-${trace}-${span}-01`,
      sequence: follows?.sequence ?? 1,
    },
    delivery: {
      mode,
      priority: PRIORITIES[n % PRIORITIES.length],
      expires_at: isoSeconds(new Date(plan.now.getTime() + 3_600_000 + n * 60_000)),
      reply_requested: true,
      ack_required: false,
    },
    trust: { channel: 'public', auth_scheme: 'none' },
    body: {
      intent: 'resolve-profile',
      subject,
      requested_profile: subject,
      parameters: { include_schema: false, include_example: false, include_field_registry: false },
      constraints: ['public-record-only', 'trace-linked'],
      response_profile: 'uai.intent.response.v1',
    },
    provenance: {
      trace_id: trace,
      issued_at: isoSeconds(plan.now),
      agent_id: 'uai-test-kit',
      confidence: REQUEST_CONFIDENCE,
    },
    integrity: integrityBlock(''),
  });
}

/**
 * The form the kit's messages take at an endpoint: keyless when the capability statement declares
 * https-json-keyless there and not https-json-keyed (a keyed body is not what such an endpoint
 * takes, and refusing it is no fault), keyed otherwise, as when there is no statement to read.
 */
export type RequestForm = 'keyed' | 'keyless';

export const requestForm = (bindings: readonly string[]): RequestForm =>
  bindings.includes('https-json-keyless') && !bindings.includes('https-json-keyed') ? 'keyless' : 'keyed';

/** A message as the body text of its form. */
export const messageText = (message: Json, form: RequestForm): string =>
  JSON.stringify(form === 'keyless' ? messageToKeyless(message) : message);

/** A hostile request: the body text sent, its media type, and the valid request it was made from. */
export interface HostileRequest {
  readonly text: string;
  readonly mediaType: string;
  /** The valid request the body breaks one thing of: its ids are the ids the body carries. */
  readonly basis: Json;
}

/**
 * Hostile kinds whose body a server reads as a UAI-1 1.0 message before refusing it: its typed
 * error answers that message, so the linkage rules hold it, as uai proxy holds every answer. Not
 * version 2.0 (its members, and a keyless array's positions, mean nothing under 1.0's maps), nor
 * the alias key (no message_id to name as parent, so no sequence after it), and not a body nested
 * too deep, malformed JSON or text/plain, refused before any message is read.
 */
export const READ_AS_MESSAGE: ReadonlySet<string> = new Set(['hostile.checksum_mismatch', 'hostile.profile_unknown']);

/**
 * The party a capability statement names (its source's type and id, both strings): whom the kit
 * addresses its requests to. Undefined without one, and the kit then addresses the endpoint itself.
 */
export function statementParty(statement: unknown): { type: string; id: string } | undefined {
  const source = isRecord(statement) ? statement.source : undefined;
  // The kit's requests are addressed to it and sealed: a lone surrogate has no canonical form.
  return isRecord(source) &&
    typeof source.type === 'string' &&
    typeof source.id === 'string' &&
    source.type.isWellFormed() &&
    source.id.isWellFormed()
    ? { type: source.type, id: source.id }
    : undefined;
}

/** Hostile kinds that keyless JSON cannot carry: a misspelled member name needs names, and positions have none. */
export const KEYED_ONLY_HOSTILE: ReadonlySet<string> = new Set(['hostile.alias_key']);

type Make = (good: Json, form: RequestForm) => { text: string; mediaType: string };

const json = (message: Json, form: RequestForm) => ({
  text: messageText(message, form),
  mediaType: 'application/json',
});

const MAKE: readonly (readonly [string, Make])[] = [
  [
    'hostile.checksum_mismatch',
    (good, form) =>
      json({ ...good, integrity: { ...(good.integrity as Json), checksum: `sha256:${'0'.repeat(64)}` } }, form),
  ],
  ['hostile.profile_unknown', (good, form) => json(seal({ ...good, profile: 'uai.unknown.thing.v1' }), form)],
  ['hostile.version_unsupported', (good, form) => json(seal({ ...good, uai_version: '2.0' }), form)],
  [
    'hostile.alias_key',
    // The alias beside the registered key, not instead of it: without message_id any server that
    // requires it refuses the body, alias check or none; with both, only an alias check does.
    (good) => json(seal({ ...good, messageId: good.message_id }), 'keyed'),
  ],
  [
    'hostile.too_deep',
    (good, form) =>
      form === 'keyless'
        ? // Positions have no free-form slot: the deep value takes the position after the request's
          // last, where extensions go. Nesting past the limit is refused while the body is parsed,
          // before any position is read.
          { text: JSON.stringify([...messageToKeyless(good), arrays(TOO_DEEP - 1)]), mediaType: 'application/json' }
        : json(
            {
              ...good,
              // Three levels above it: the message, its extensions array, the extension.
              extensions: [
                { namespace: 'urn:kit:ext:deep', purpose: 'deep', critical: false, deep: arrays(TOO_DEEP - 3) },
              ],
            },
            form,
          ),
  ],
  [
    'hostile.malformed_json',
    (good, form) => ({ text: messageText(good, form).slice(0, 200), mediaType: 'application/json' }),
  ],
  ['hostile.media_type', (good, form) => ({ text: messageText(good, form), mediaType: 'text/plain' })],
];

/**
 * Each hostile request, made from a valid request of its own, numbered from `first`: with ids of
 * its own, so a server that refuses a repeated message_id (as a replay) refuses none of them for
 * that reason, and each is judged for the one thing it breaks. In the keyless form, the kinds it
 * can carry, broken in the keyless array, so that a keyless-only endpoint is seen refusing what a
 * keyless body breaks rather than refusing a keyed body it never takes.
 */
export function hostileRequests(
  plan: RequestPlan,
  first: number,
  form: RequestForm = 'keyed',
): Record<string, HostileRequest> {
  return Object.fromEntries(
    MAKE.filter(([id]) => form === 'keyed' || !KEYED_ONLY_HOSTILE.has(id)).map(([id, make], i) => {
      const basis = intentRequest(plan, first + i, 'async');
      return [id, { ...make(basis, form), basis }];
    }),
  );
}

/**
 * How deep the hostile body nests: the least depth every POST route of CONTRACT section 8 refuses
 * as `request.too_deep`, one past the 64 a message may nest and the one level more a body may take
 * for a {"message": ...} wrapper. Just past the limit, so a server whose own limit is far above the
 * contract's (100, 1,000) accepts it and fails.
 */
export const TOO_DEEP = MAX_DEPTH + 2;

/** `levels` arrays nested in one another, a string at the bottom. */
const arrays = (levels: number): unknown =>
  Array.from({ length: levels }).reduce<unknown>((inner) => [inner], 'bottom');
