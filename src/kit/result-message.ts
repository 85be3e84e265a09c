/**
 * The kit's verdict as a message: a sealed uai.conformance.result.v1 about the implementation
 * (target type service), whose checksum anyone can verify with `uai validate`. Each failing check
 * is an issue whose code is the check id (published in the error registry's test_checks) and whose
 * severity follows the check: must -> error, should -> warning. A check that applies but was not
 * exercised is an error whatever its level (nothing was seen, so nothing passed), and a run that
 * stopped early says so in its issues: such a result is never a pass.
 */
import { resultArtifacts, seal, valueAt } from '../engine/index.ts';
import { integrityBlock } from '../standard/integrity.ts';
import { RELEASE, UAI_VERSION } from '../standard/release.ts';
import { links, type Site } from '../standard/site.ts';
import type { Observations } from './observe.ts';
import { KIT_PARTY } from './requests.ts';
import { failsRun, type KitVerdict } from './verdicts.ts';

const iso = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
const WEEK_MS = 7 * 24 * 3600 * 1000;

function subject(obs: Observations): { name?: string; messageId?: string } {
  const json = obs.capability.answer?.json;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const name = text(valueAt(json, '/body/name'));
  const messageId = text(valueAt(json, '/message_id'));
  return { ...(name ? { name } : {}), ...(messageId ? { messageId } : {}) };
}

export function resultMessage(
  verdicts: readonly KitVerdict[],
  obs: Observations,
  site: Site,
  runId: string,
  now: Date,
): Record<string, unknown> {
  const l = links(site);
  const failed = verdicts.filter((v) => v.status === 'fail' || v.status === 'not_exercised');
  const stopped = obs.aborted ? ` The run stopped early: ${obs.aborted.slice(0, 200)}.` : '';
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
  const { name, messageId } = subject(obs);
  const id = `msg-kit-result-${runId.slice(0, 16)}`;
  return seal({
    uai_version: UAI_VERSION,
    profile: 'uai.conformance.result.v1',
    message_id: id,
    source: { ...KIT_PARTY, role: 'conformance-checker' },
    target: {
      type: 'service',
      id: obs.endpoint,
      label: name ?? obs.endpoint,
      uri: obs.endpoint,
      implementation: name ?? 'unknown implementation',
    },
    conversation: {
      conversation_id: `conv-kit-${runId.slice(0, 16)}`,
      turn_id: `turn-kit-result-${runId.slice(16, 24)}`,
      traceparent: `00-${runId}-${runId.slice(16)}-01`,
      sequence: 1,
    },
    delivery: {
      mode: 'sync',
      priority: 'routine',
      expires_at: iso(new Date(now.getTime() + WEEK_MS)),
      reply_requested: false,
      ack_required: false,
    },
    trust: { channel: 'public', auth_scheme: 'none' },
    body: {
      status: errors > 0 || obs.aborted ? 'fail' : 'pass',
      checked_profile: 'uai.capability.statement.v1',
      issues,
      summary: { error_count: errors, warning_count: issues.length - errors, checked_at: iso(now) },
      artifacts: resultArtifacts(l, 'uai.capability.statement.v1'),
      target_message_ref: messageId ?? obs.endpoint,
    },
    provenance: { trace_id: runId, issued_at: iso(now), agent_id: 'uai-test-kit' },
    integrity: integrityBlock(''),
    extensions: [
      {
        namespace: 'urn:uai:ext:evidence',
        purpose: `${RELEASE} implementation test kit evidence about one endpoint.`,
        critical: false,
      },
    ],
  });
}
