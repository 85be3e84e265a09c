/**
 * The kit's verdict as a message: a sealed uai.conformance.result.v1 about the implementation, whose
 * checksum anyone can verify with `uai validate`. One builder for both sides: the side supplies the
 * subject (the party the result is about, the profile it was judged by, the message it refers to).
 * Each failing check is an issue whose code is the check id (published in the error registry's
 * test_checks) and whose severity follows the check: must -> error, should -> warning. A check that
 * applies but was not exercised is an error whatever its level (nothing was seen, so nothing
 * passed), and a run that stopped early says so in its issues: such a result is never a pass.
 */
import { isoSeconds, resultArtifacts, seal } from '../../engine/index.ts';
import { KIT_IMPLEMENTATION } from '../../standard/implementations.ts';
import { integrityBlock } from '../../standard/integrity.ts';
import type { ProfileId } from '../../standard/profiles.ts';
import { RELEASE, UAI_VERSION } from '../../standard/release.ts';
import { links, type Site } from '../../standard/urls.ts';
import { failsRun, type KitVerdict } from './verdict.ts';

/** The kit as a party: the source of its requests and of its results. */
export const KIT_PARTY = {
  type: 'tool',
  id: 'uai-test-kit',
  label: `${RELEASE} implementation test kit`,
  role: 'requesting-agent',
  implementation: KIT_IMPLEMENTATION,
} as const;

/** What a result is about, as the side that ran the checks names it. */
export interface ResultSubject {
  /** The implementation: a service at its endpoint, or a client named by its package URL. */
  readonly target: {
    readonly type: 'service' | 'agent';
    readonly id: string;
    readonly label: string;
    readonly uri?: string;
    readonly implementation: string;
  };
  /** The profile of the messages the implementation was judged by (its artifacts are linked). */
  readonly checkedProfile: ProfileId;
  /** body.target_message_ref: the message the result refers to, or the implementation's own id. */
  readonly messageRef: string;
  /** The evidence extension's purpose. */
  readonly purpose: string;
}

export interface ResultRun {
  readonly site: Site;
  /** 32 hex digits: the run's trace id and the root of the result's ids. */
  readonly runId: string;
  readonly now: Date;
  /** Why the run stopped early, when it did. */
  readonly aborted?: string;
  /**
   * What tells this result from the run's other results, when it has any (uai proxy seals one per
   * side): a message's id is its own (spec section 2.2), so two results of one run never share one.
   */
  readonly resultOf?: string;
}

const WEEK_MS = 7 * 24 * 3600 * 1000;

export function resultMessage(
  verdicts: readonly KitVerdict[],
  subject: ResultSubject,
  run: ResultRun,
): Record<string, unknown> {
  const { runId, now } = run;
  const of = run.resultOf ? `-${run.resultOf}` : '';
  const l = links(run.site);
  const failed = verdicts.filter((v) => v.status === 'fail' || v.status === 'not_exercised');
  const stopped = run.aborted ? ` The run stopped early: ${run.aborted.slice(0, 200)}.` : '';
  const issues = failed
    .map((v) => ({
      code: v.id,
      severity: failsRun(v) ? 'error' : 'warning',
      path: '',
      message: (v.status === 'not_exercised'
        ? `${v.title}: not exercised.${v.evidence[0] ? ` ${v.evidence[0].slice(0, 200)}` : ''}${stopped}`
        : `${v.title}: not met.${v.evidence[0] ? ` ${v.evidence[0].slice(0, 200)}` : ''}`
      ).toWellFormed(),
      help_url: l.codeHelp(v.id),
    }))
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const errors = issues.filter((i) => i.severity === 'error').length;
  return seal({
    uai_version: UAI_VERSION,
    profile: 'uai.conformance.result.v1',
    message_id: `msg-kit-result-${runId.slice(0, 16)}${of}`,
    source: { ...KIT_PARTY, role: 'conformance-checker' },
    target: { ...subject.target },
    conversation: {
      conversation_id: `conv-kit-${runId.slice(0, 16)}`,
      turn_id: `turn-kit-result-${runId.slice(16, 24)}${of}`,
      traceparent: `00-${runId}-${runId.slice(16)}-01`,
      sequence: 1,
    },
    delivery: {
      mode: 'sync',
      priority: 'routine',
      expires_at: isoSeconds(new Date(now.getTime() + WEEK_MS)),
      reply_requested: false,
      ack_required: false,
    },
    trust: { channel: 'public', auth_scheme: 'none' },
    body: {
      status: errors > 0 || run.aborted ? 'fail' : 'pass',
      checked_profile: subject.checkedProfile,
      issues,
      summary: { error_count: errors, warning_count: issues.length - errors, checked_at: isoSeconds(now) },
      artifacts: resultArtifacts(l, subject.checkedProfile),
      target_message_ref: subject.messageRef,
    },
    provenance: { trace_id: runId, issued_at: isoSeconds(now), agent_id: 'uai-test-kit' },
    integrity: integrityBlock(''),
    extensions: [{ namespace: 'urn:uai:ext:evidence', purpose: subject.purpose, critical: false }],
  });
}
