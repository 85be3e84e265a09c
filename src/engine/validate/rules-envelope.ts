/**
 * Envelope checks beyond the schema (CONTRACT section 4). Each runs only when the members it reads
 * have the right type; type problems are the schema stage's to report.
 */
import type { IssueDraft } from '../issues.ts';
import { PROFILE_IDS, PROFILE_ID_PATTERN, isProfileId } from '../../standard/profiles.ts';
import { DID_PATTERN, CHECKSUM_PATTERN, EXTENSION_NAMESPACE_PATTERN } from '../../standard/objects/patterns.ts';
import { REGISTERED_EXTENSIONS } from '../../standard/value-sets.ts';
import { echo, isRecord, own, ownRecord, ownString, type JsonObject } from '../json.ts';
import { hasZeroIds, parseTraceparent } from '../trace.ts';
import { compareInstants, parseInstant } from '../instant.ts';

const PROFILE_RE = new RegExp(PROFILE_ID_PATTERN);
const DID_RE = new RegExp(DID_PATTERN);
const CHECKSUM_RE = new RegExp(CHECKSUM_PATTERN);
const NAMESPACE_RE = new RegExp(EXTENSION_NAMESPACE_PATTERN);
const FAMILIES = new Set(PROFILE_IDS.map((id) => id.replace(/\.v[0-9]+$/, '')));
const REGISTERED_NAMESPACES = new Set<string>(REGISTERED_EXTENSIONS.map((e) => e.namespace));

/** Well-formed but not current: the family is known (a roadmap version change) or it is not. */
export function profileIssues(message: JsonObject): IssueDraft[] {
  const profile = own(message, 'profile');
  if (typeof profile !== 'string' || isProfileId(profile) || !PROFILE_RE.test(profile)) return [];
  const family = profile.replace(/\.v[0-9]+$/, '');
  if (FAMILIES.has(family)) {
    return [
      {
        code: 'envelope.profile_not_current',
        path: '/profile',
        message: `Only ${family}.v1 is in the current track; ${echo(profile)} is not supported.`,
        expected: `${family}.v1`,
        actual: echo(profile),
      },
    ];
  }
  return [
    {
      code: 'envelope.profile_unknown',
      path: '/profile',
      message: `The profile ${JSON.stringify(echo(profile))} is not in the UAI-1 profile family.`,
      expected: [...PROFILE_IDS],
      actual: echo(profile),
    },
  ];
}

/** integrity.checksum against the computed one (CONTRACT section 3); `expected` holds the right value. */
export function checksumIssues(message: JsonObject, computed: string | undefined): IssueDraft[] {
  const integrity = ownRecord(message, 'integrity');
  const checksum = ownString(integrity, 'checksum');
  if (!integrity || computed === undefined || checksum === undefined || !CHECKSUM_RE.test(checksum)) return [];
  // Another algorithm or canonicalization cannot be verified; those fields carry their own issue.
  if (own(integrity, 'algorithm') !== 'sha256' || own(integrity, 'canonicalization') !== 'jcs') return [];
  if (checksum === computed) return [];
  return [
    {
      code: 'integrity.checksum_mismatch',
      path: '/integrity/checksum',
      message: 'integrity.checksum does not match the canonical form of the message without integrity.',
      expected: computed,
      actual: checksum,
    },
  ];
}

/** W3C Trace Context level 1 section 3.2.2.3/3.2.2.4: all-zero trace-id or parent-id is invalid. */
export function traceIssues(message: JsonObject): IssueDraft[] {
  const out: IssueDraft[] = [];
  const conversation = ownRecord(message, 'conversation');
  const traceparent = ownString(conversation, 'traceparent');
  const parsed = parseTraceparent(traceparent);
  if (!parsed) return out;
  if (hasZeroIds(parsed)) {
    out.push({
      code: 'trace.traceparent_invalid',
      path: '/conversation/traceparent',
      message: 'The traceparent trace-id and parent-id must not be all zeros.',
      actual: traceparent,
    });
    return out;
  }
  const traceIdOfProvenance = ownString(ownRecord(message, 'provenance'), 'trace_id');
  if (traceIdOfProvenance !== undefined && traceIdOfProvenance !== parsed.traceId) {
    out.push({
      code: 'trace.trace_id_mismatch',
      path: '/provenance/trace_id',
      message: 'provenance.trace_id differs from the trace-id in conversation.traceparent.',
      expected: parsed.traceId,
      actual: echo(traceIdOfProvenance),
    });
  }
  return out;
}

/** Conversation and delivery linkage: a reply needs its parent; expires_at must come after issued_at. */
export function linkageIssues(message: JsonObject): IssueDraft[] {
  const out: IssueDraft[] = [];
  const conversation = ownRecord(message, 'conversation');
  const sequence = conversation ? own(conversation, 'sequence') : undefined;
  if (
    conversation &&
    Number.isInteger(sequence) &&
    (sequence as number) > 1 &&
    !Object.hasOwn(conversation, 'parent_message_id')
  ) {
    out.push({
      code: 'conversation.parent_missing',
      path: '/conversation/parent_message_id',
      message: `conversation.sequence is ${String(sequence)}, so parent_message_id is required.`,
      expected: 'parent_message_id',
    });
  }
  const expires = ownString(ownRecord(message, 'delivery'), 'expires_at');
  const issued = ownString(ownRecord(message, 'provenance'), 'issued_at');
  if (expires !== undefined && issued !== undefined) {
    // Exact RFC 3339 instants; a malformed one has its schema.format issue and no ordering issue.
    const e = parseInstant(expires);
    const i = parseInstant(issued);
    if (e && i && compareInstants(e, i) <= 0) {
      out.push({
        code: 'delivery.expiry_not_after_issue',
        path: '/delivery/expires_at',
        message: 'delivery.expires_at is not after provenance.issued_at.',
        expected: `after ${issued}`,
        actual: echo(expires),
      });
    }
  }
  return out;
}

/** Trust channel references (warning) and a DID-looking principal that breaks DID syntax. */
export function trustIssues(message: JsonObject): IssueDraft[] {
  const out: IssueDraft[] = [];
  const trust = ownRecord(message, 'trust');
  if (!trust) return out;
  const channel = own(trust, 'channel');
  const need =
    channel === 'credentialed' ? 'credential_ref' : channel === 'signed-envelope' ? 'signature_ref' : undefined;
  if (need && !Object.hasOwn(trust, need)) {
    out.push({
      code: 'trust.reference_missing',
      path: `/trust/${need}`,
      message: `The ${String(channel)} channel expects trust.${need}.`,
      expected: need,
    });
  }
  const principal = ownString(trust, 'principal');
  if (principal !== undefined && principal.startsWith('did:') && !DID_RE.test(principal)) {
    out.push({
      code: 'identity.did_invalid',
      path: '/trust/principal',
      message: 'trust.principal looks like a DID but breaks the W3C DID syntax.',
      actual: echo(principal),
    });
  }
  return out;
}

/** A critical extension must use a namespace this release registers (receivers must reject it otherwise). */
export function extensionIssues(message: JsonObject): IssueDraft[] {
  const extensions = own(message, 'extensions');
  if (!Array.isArray(extensions)) return [];
  const out: IssueDraft[] = [];
  extensions.forEach((ext, i) => {
    if (!isRecord(ext) || own(ext, 'critical') !== true) return;
    const namespace = ownString(ext, 'namespace');
    // A malformed namespace already has its own issue (extension.namespace_invalid).
    if (namespace === undefined || !NAMESPACE_RE.test(namespace) || REGISTERED_NAMESPACES.has(namespace)) return;
    out.push({
      code: 'extension.critical_unknown',
      path: `/extensions/${i}/namespace`,
      message: `The critical extension ${JSON.stringify(echo(namespace))} is not registered in this release.`,
      expected: [...REGISTERED_NAMESPACES],
      actual: echo(namespace),
    });
  });
  return out;
}
