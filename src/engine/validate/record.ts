/**
 * The conformance record (spec 4.1, CONTRACT section 4): a uai.conformance.result.v1 message from
 * the validator about one checked message. Whatever the checked message holds, the record must
 * validate back with 0 errors and 0 warnings, so every value copied from it is checked first and
 * replaced by a safe fallback when it would not fit.
 */
import { sealBuiltOverForm } from '../canonical.ts';
import { constantForm, jcs, jcsNumber, jcsString } from '../jcs.ts';
import { integrityBlock } from '../../standard/integrity.ts';
import type { Issue } from '../issues.ts';
import type { ConformanceLevelId } from '../../standard/levels.ts';
import { ENVELOPE_SCHEMA_ID, isProfileId, type ProfileId } from '../../standard/profiles.ts';
import { RELEASE, UAI_VERSION } from '../../standard/release.ts';
import { links, serviceDid, type Links, type Site } from '../../standard/urls.ts';
import { isRecord, own, ownRecord, ownString, wellFormed, type JsonObject } from '../json.ts';
import { isoSeconds } from '../time.ts';
import { allZeros, parseTraceparent } from '../trace.ts';
import { nextSequence } from '../exchange/next-turn.ts';

export interface RecordInput {
  readonly site: Site;
  readonly checked: unknown;
  readonly checkedAt: string;
  /** 64 hex digits identifying the checked input (its canonical hash, or a fallback digest). */
  readonly digest: string;
  readonly issues: readonly Issue[];
  readonly errorCount: number;
  readonly warningCount: number;
  readonly level: ConformanceLevelId | null;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** A copied identifier: a non-empty, well-formed string, else the fallback. */
const idOr = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value !== '' ? wellFormed(value) : fallback;

function traceOf(checked: JsonObject, digest: string): { traceparent?: string; traceId?: string } {
  const parent = parseTraceparent(ownString(ownRecord(checked, 'conversation'), 'traceparent'));
  if (parent && !allZeros(parent.traceId) && !allZeros(parent.parentId)) {
    // Same trace, a new span for the check (never all zeros: the digest span ends in 1).
    return { traceparent: `00-${parent.traceId}-${digest.slice(0, 15)}1-${parent.flags}`, traceId: parent.traceId };
  }
  const traceId = ownString(ownRecord(checked, 'provenance'), 'trace_id');
  return traceId !== undefined && traceId !== '' ? { traceId: wellFormed(traceId) } : {};
}

/**
 * The artifacts block of a conformance result: where to read about the checked profile, or about
 * the envelope and the lists when the profile is not one of the registry's.
 */
export function resultArtifacts(l: Links, profile: ProfileId | undefined) {
  return {
    catalog_url: l.catalog,
    schema_url: l.schema(profile ?? ENVELOPE_SCHEMA_ID),
    registry_url: profile ? l.registryEntry(profile) : l.registry,
    example_url: profile ? l.example(profile) : l.examples,
    field_registry_url: l.fieldRegistry,
    transport_bindings_url: l.transportBindings,
    trust_channels_url: l.trustChannels,
    conformance_levels_url: l.conformanceLevels,
    error_registry_url: l.errorRegistry,
    validate_url: l.validate,
  };
}

/** The blocks of a record that depend only on the site (and the checked profile): built and canonicalized once. */
interface ConstantBlocks {
  readonly source: JsonObject;
  readonly extensions: readonly JsonObject[];
  readonly artifacts: Map<ProfileId | undefined, JsonObject>;
}

const constantBlocks = new WeakMap<Links, ConstantBlocks>();

function blocksFor(site: Site, l: Links): ConstantBlocks {
  let blocks = constantBlocks.get(l);
  if (!blocks) {
    blocks = {
      source: constantForm({
        type: 'service',
        id: 'uai-validator',
        label: `${RELEASE} validator`,
        uri: l.validate,
        did: serviceDid(site, 'validator'),
        role: 'conformance-checker',
        implementation: `uai-validator/${UAI_VERSION}`,
      }),
      extensions: constantForm([
        {
          namespace: 'urn:uai:ext:evidence',
          purpose: 'Validator evidence about one checked message.',
          critical: false,
        },
      ]),
      artifacts: new Map(),
    };
    constantBlocks.set(l, blocks);
  }
  return blocks;
}

function artifactsBlock(blocks: ConstantBlocks, l: Links, profile: ProfileId | undefined): JsonObject {
  let block = blocks.artifacts.get(profile);
  if (!block) {
    block = constantForm(resultArtifacts(l, profile));
    blocks.artifacts.set(profile, block);
  }
  return block;
}

/** Counts of every issue; issues_listed says the record lists fewer (the issue limit). */
function summaryBlock(input: RecordInput, checkedAt: string): JsonObject {
  const summary: JsonObject = { error_count: input.errorCount, warning_count: input.warningCount };
  if (input.issues.length < input.errorCount + input.warningCount) summary.issues_listed = input.issues.length;
  summary.checked_at = checkedAt;
  return summary;
}

/** The sealed uai.conformance.result.v1 record of one check; validates back with 0 errors and 0 warnings. */
/** The record's message_id: the first 16 hex digits of the checked message's digest (or its issues'). */
export const recordMessageId = (digest: string): string => `chk-${digest.slice(0, 16)}`;

export function conformanceRecord(input: RecordInput): JsonObject {
  const { site, checkedAt, digest } = input;
  const l = links(site);
  const blocks = blocksFor(site, l);
  const checked: JsonObject = isRecord(input.checked) ? input.checked : {};
  const profile = own(checked, 'profile');
  const known = isProfileId(profile);
  const conversation = ownRecord(checked, 'conversation');
  const sequence = conversation ? own(conversation, 'sequence') : undefined;
  const checkedId = idOr(own(checked, 'message_id'), 'unknown');
  const checkedProfile = idOr(profile, 'unknown');
  const short = digest.slice(0, 16);
  const messageId = recordMessageId(digest);
  const trace = traceOf(checked, digest);
  const conversationPart: JsonObject = {
    conversation_id: idOr(conversation ? own(conversation, 'conversation_id') : undefined, `conv-${short}`),
    turn_id: `turn-chk-${short}`,
    parent_message_id: checkedId,
  };
  if (trace.traceparent) conversationPart.traceparent = trace.traceparent;
  // Spec 4.1: the checked sequence plus 1. A checked message without one the record can add 1 to
  // exactly (none, not an integer, or past 2^53 - 1: exchange/next-turn.ts) gets 1.
  conversationPart.sequence = nextSequence(sequence) ?? 1;
  const body: JsonObject = {
    status: input.errorCount > 0 ? 'fail' : 'pass',
    checked_profile: checkedProfile,
    issues: input.issues,
    summary: summaryBlock(input, checkedAt),
    artifacts: artifactsBlock(blocks, l, known ? profile : undefined),
    target_message_ref: checkedId,
  };
  if (input.level !== null) body.conformance_level = input.level;
  const provenance: JsonObject = {};
  if (trace.traceId !== undefined) provenance.trace_id = trace.traceId;
  provenance.issued_at = checkedAt;
  provenance.log_ref = `urn:uai:log:${messageId}`;
  provenance.agent_id = 'uai-validator';
  const expiresAt = isoSeconds(new Date(Date.parse(checkedAt) + WEEK_MS));
  const record: JsonObject = {
    uai_version: UAI_VERSION,
    profile: 'uai.conformance.result.v1',
    message_id: messageId,
    source: blocks.source,
    target: { type: 'message', id: checkedId, role: 'checked-record', implementation: checkedProfile },
    conversation: conversationPart,
    delivery: { mode: 'sync', priority: 'routine', expires_at: expiresAt, reply_requested: false, ack_required: false },
    trust: {
      channel: 'signed-envelope',
      auth_scheme: 'validator-record',
      principal: serviceDid(site, 'validator'),
      signature_ref: `${l.validate}#sig-${messageId}`,
    },
    body,
    provenance,
    integrity: integrityBlock(''),
    extensions: blocks.extensions,
  };
  return sealBuiltOverForm(record, recordForm(record));
}

/**
 * The RFC 8785 form of a record built above, without its integrity member: its members written
 * in canonical order by hand instead of found by the generic walk (jcs.ts), which reads every
 * object's keys, sorts them and dispatches on each value. Two records are checked per mock
 * exchange; this cuts each seal about in half. The constant blocks are looked up (constantForm),
 * the issues serialized by the walk. Optional members are written when the record holds them.
 * tests/engine/record-form.test.ts holds it equal to jcsWithout(record, 'integrity').
 */
export function recordForm(record: JsonObject): string {
  const q = jcsString;
  const body = record.body as JsonObject;
  const summary = body.summary as JsonObject;
  const conversation = record.conversation as JsonObject;
  const delivery = record.delivery as JsonObject;
  const provenance = record.provenance as JsonObject;
  const target = record.target as JsonObject;
  const trust = record.trust as JsonObject;
  return (
    `{"body":{"artifacts":${jcs(body.artifacts)},"checked_profile":${q(body.checked_profile as string)}` +
    (body.conformance_level === undefined ? '' : `,"conformance_level":${q(body.conformance_level as string)}`) +
    `,"issues":${jcs(body.issues)},"status":${q(body.status as string)}` +
    `,"summary":{"checked_at":${q(summary.checked_at as string)},"error_count":${jcsNumber(summary.error_count as number)}` +
    (summary.issues_listed === undefined ? '' : `,"issues_listed":${jcsNumber(summary.issues_listed as number)}`) +
    `,"warning_count":${jcsNumber(summary.warning_count as number)}}` +
    `,"target_message_ref":${q(body.target_message_ref as string)}}` +
    `,"conversation":{"conversation_id":${q(conversation.conversation_id as string)}` +
    `,"parent_message_id":${q(conversation.parent_message_id as string)}` +
    `,"sequence":${jcsNumber(conversation.sequence as number)}` +
    (conversation.traceparent === undefined ? '' : `,"traceparent":${q(conversation.traceparent as string)}`) +
    `,"turn_id":${q(conversation.turn_id as string)}}` +
    `,"delivery":{"ack_required":${jcs(delivery.ack_required)},"expires_at":${q(delivery.expires_at as string)}` +
    `,"mode":${q(delivery.mode as string)},"priority":${q(delivery.priority as string)}` +
    `,"reply_requested":${jcs(delivery.reply_requested)}}` +
    `,"extensions":${jcs(record.extensions)},"message_id":${q(record.message_id as string)}` +
    `,"profile":${q(record.profile as string)}` +
    `,"provenance":{"agent_id":${q(provenance.agent_id as string)},"issued_at":${q(provenance.issued_at as string)}` +
    `,"log_ref":${q(provenance.log_ref as string)}` +
    (provenance.trace_id === undefined ? '' : `,"trace_id":${q(provenance.trace_id as string)}`) +
    `},"source":${jcs(record.source)}` +
    `,"target":{"id":${q(target.id as string)},"implementation":${q(target.implementation as string)}` +
    `,"role":${q(target.role as string)},"type":${q(target.type as string)}}` +
    `,"trust":{"auth_scheme":${q(trust.auth_scheme as string)},"channel":${q(trust.channel as string)}` +
    `,"principal":${q(trust.principal as string)},"signature_ref":${q(trust.signature_ref as string)}}` +
    `,"uai_version":${q(record.uai_version as string)}}`
  );
}
