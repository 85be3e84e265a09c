import { guardsByPath } from '../standard/code-shapes.ts';
import { ERROR_CODES, ISSUE_CODES } from '../standard/codes.ts';
import { CONVERSATION_RULES } from '../standard/conversation-rules.ts';
import { TEST_CHECKS } from '../standard/kit-checks.ts';
import { ISSUE_ITEM } from '../standard/objects/issue-item.ts';
import { CONFORMANCE_LEVELS } from '../standard/levels.ts';
import { ROADMAP } from '../standard/roadmap.ts';
import { links } from '../standard/urls.ts';
import { TRANSPORT_BINDINGS } from '../standard/transport-bindings.ts';
import { TRUST_CHANNEL_RECORDS } from '../standard/trust-channels.ts';
import { recordHeader, type RecordContext } from './context.ts';

/** Records that publish a reference table of the standard as it is. */
export function transportBindingsRecord(ctx: RecordContext) {
  return {
    ...recordHeader(ctx, 'transport-bindings', '/transport-bindings/'),
    count: TRANSPORT_BINDINGS.length,
    bindings: TRANSPORT_BINDINGS,
  };
}

export function trustChannelsRecord(ctx: RecordContext) {
  return {
    ...recordHeader(ctx, 'trust-channels', '/trust-channels/'),
    note: 'Trust fields describe the posture of a message; they never authenticate the HTTP call (spec section 5).',
    count: TRUST_CHANNEL_RECORDS.length,
    channels: TRUST_CHANNEL_RECORDS,
  };
}

export function conformanceLevelsRecord(ctx: RecordContext) {
  return {
    ...recordHeader(ctx, 'conformance-levels', '/conformance-levels/'),
    count: CONFORMANCE_LEVELS.length,
    levels: CONFORMANCE_LEVELS.map((level) => ({
      ...level,
      issue_codes: ISSUE_CODES.filter((c) => c.level === level.id || (level.id === 'L2' && guardsByPath(c.code))).map(
        (c) => c.code,
      ),
    })),
    // Listed under L1 (their registry level) and L2 above: which one a finding guards is its path's.
    guarded_by_path: {
      rule: 'These codes guard L1 on envelope paths and L2 on paths under /body: a message whose only errors are these codes under /body reaches L1.',
      issue_codes: ISSUE_CODES.filter((c) => guardsByPath(c.code)).map((c) => c.code),
    },
  };
}

export function errorRegistryRecord(ctx: RecordContext) {
  const l = links(ctx.site);
  return {
    ...recordHeader(ctx, 'error-registry', '/error-registry/'),
    issue_item_fields: ISSUE_ITEM.fields.map((f) => f.key),
    problem_media_type: 'application/problem+json',
    issue_codes: ISSUE_CODES.map((c) => ({ ...c, help_url: l.codeHelp(c.code) })),
    error_codes: ERROR_CODES.map((c) => ({ ...c, type: l.codeHelp(c.code), help_url: l.codeHelp(c.code) })),
    // The checks of the implementation test kit, the exchange rules among them: the codes of the issues
    // in the kit's sealed conformance result, and the ids of POST /v1/check-exchange verdicts. Side
    // server: `uai test <endpoint>`; side client: `uai test-client --command <cmd>`.
    test_checks: TEST_CHECKS.map((c) => ({
      code: c.id,
      side: c.side,
      category: c.category,
      section: c.section,
      severity: c.severity,
      title: c.title,
      help_url: l.codeHelp(c.id),
    })),
    // The rules of a whole conversation, judged over what uai proxy records (uai check-exchange
    // --recording): the codes of the findings about either side beyond one exchange.
    conversation_rules: CONVERSATION_RULES.map((c) => ({
      code: c.id,
      side: c.side,
      category: c.category,
      section: c.section,
      severity: c.severity,
      title: c.title,
      help_url: l.codeHelp(c.id),
    })),
  };
}

export function roadmapRecord(ctx: RecordContext) {
  return {
    ...recordHeader(ctx, 'roadmap', '/roadmap/'),
    policy:
      'Only the current track is supported. Items in next, planned and research are intentions, not claims of support.',
    tracks: ROADMAP,
  };
}
