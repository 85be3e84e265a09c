/**
 * The requests the kit sends: every one a fresh, correctly sealed uai.intent.request.v1 (new
 * message, conversation and trace ids per run), addressed to the party the capability statement
 * names, asking to resolve a profile the server declares. Hostile variants break one thing each.
 */
import { isoSeconds, seal } from '../../engine/index.ts';
import { integrityBlock } from '../../standard/integrity.ts';
import { UAI_VERSION } from '../../standard/release.ts';
import { KIT_PARTY } from '../judge/result.ts';

export type Json = Record<string, unknown>;

export interface RequestPlan {
  /** Hex, 32 digits: the run's trace id and the root of every id the kit makes. */
  readonly runId: string;
  readonly now: Date;
  /** The party that answers (the capability statement's source), or a stand-in for the endpoint. */
  readonly target: Json;
  /** A profile the server declares it supports, resolved by every request. */
  readonly subject: string;
}

/** A well-formed profile id that no registry lists: a server must answer it with a typed error. */
export const UNREGISTERED_SUBJECT = 'uai.unregistered.subject.v1';

export function intentRequest(plan: RequestPlan, n: number, mode: 'sync' | 'async', subject = plan.subject): Json {
  const span = `${plan.runId.slice(0, 12)}${n.toString(16).padStart(4, '0')}`.replace(/^0{16}$/, '0000000000000001');
  return seal({
    uai_version: UAI_VERSION,
    profile: 'uai.intent.request.v1',
    message_id: `msg-kit-${plan.runId.slice(0, 16)}-${n}`,
    source: { ...KIT_PARTY },
    target: plan.target,
    conversation: {
      conversation_id: `conv-kit-${plan.runId.slice(0, 16)}-${n}`,
      turn_id: `turn-kit-${n}`,
      traceparent: `00-${plan.runId}-${span}-01`,
      sequence: 1,
    },
    delivery: {
      mode,
      priority: 'interactive',
      expires_at: isoSeconds(new Date(plan.now.getTime() + 3_600_000)),
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
    provenance: { trace_id: plan.runId, issued_at: isoSeconds(plan.now), agent_id: 'uai-test-kit' },
    integrity: integrityBlock(''),
  });
}

/** A hostile request: the body text sent, its media type, and the valid request it was made from. */
export interface HostileRequest {
  readonly text: string;
  readonly mediaType: string;
  /** The valid request the body breaks one thing of: its ids are the ids the body carries. */
  readonly basis: Json;
}

/**
 * Each hostile request, made from a valid request of its own, numbered from `first`: with ids of
 * its own, so a server that refuses a repeated message_id (as a replay) refuses none of them for
 * that reason, and each is judged for the one thing it breaks.
 */
export function hostileRequests(plan: RequestPlan, first: number): Record<string, HostileRequest> {
  const made: [string, (good: Json) => { text: string; mediaType: string }][] = [
    [
      'hostile.checksum_mismatch',
      (good) => json({ ...good, integrity: { ...(good.integrity as Json), checksum: `sha256:${'0'.repeat(64)}` } }),
    ],
    ['hostile.profile_unknown', (good) => json(seal({ ...good, profile: 'uai.unknown.thing.v1' }))],
    ['hostile.version_unsupported', (good) => json(seal({ ...good, uai_version: '2.0' }))],
    [
      'hostile.alias_key',
      (good) => {
        const { message_id: id, ...rest } = good;
        return json(seal({ messageId: id, ...rest }));
      },
    ],
    [
      'hostile.too_deep',
      (good) =>
        json({
          ...good,
          extensions: [{ namespace: 'urn:kit:ext:deep', purpose: 'deep', critical: false, deep: DEEP }],
        }),
    ],
    ['hostile.malformed_json', (good) => ({ text: JSON.stringify(good).slice(0, 200), mediaType: 'application/json' })],
    ['hostile.media_type', (good) => ({ text: JSON.stringify(good), mediaType: 'text/plain' })],
  ];
  return Object.fromEntries(
    made.map(([id, make], i) => {
      const basis = intentRequest(plan, first + i, 'async');
      return [id, { ...make(basis), basis }];
    }),
  );
}

const json = (v: unknown) => ({ text: JSON.stringify(v), mediaType: 'application/json' });

/** 100 levels of arrays: past the 64 a request may nest (CONTRACT section 8). */
const DEEP: unknown = Array.from({ length: 100 }).reduce<unknown>((inner) => [inner], 'bottom');
