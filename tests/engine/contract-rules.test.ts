import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { publishedExamples, seal, type ValidatorResult } from '../../src/engine/index.ts';
import { CONFORMANCE_LEVEL_IDS } from '../../src/standard/value-sets.ts';
import { check, site } from './helpers.ts';
import { mutate, op } from './mutations.ts';

/**
 * The validator's verdict on each rule of CONTRACT sections 2-4 and the interface spec: a
 * published example broken in exactly one way (resealed, so the checksum is not what fails)
 * raises exactly the issues listed, and values the contract allows raise none.
 */
type Message = Record<string, any>;
type Edit = (m: Message) => void;

const examples = publishedExamples(site).map((e) => e.message as Message);
const example = (profile: string): Message => structuredClone(examples.find((m) => m.profile === profile)!);

const REQ = 'uai.intent.request.v1';
const RESP = 'uai.intent.response.v1';
const TASK = 'uai.task.status.v1';
const ERR = 'uai.error.v1';
const CONF = 'uai.conformance.result.v1';

/** Each issue as `severity code path`, sorted: the whole verdict in one comparable list. */
const verdict = (r: ValidatorResult): string[] =>
  [...r.errors, ...r.warnings].map((i) => `${i.severity} ${i.code} ${i.path}`).sort();

const edited = (profile: string, edit: Edit): Message => {
  const m = example(profile);
  edit(m);
  return seal(m) as Message;
};

const item = (code: string, severity: string, path: string) => ({ code, severity, path, message: 'One sentence.' });
/** A conformance result listing these items, its counts and status made to agree with them. */
const listing =
  (items: ReturnType<typeof item>[], level: string | undefined, listed?: number): Edit =>
  (m) => {
    m.body.issues = items;
    const errors = items.filter((i) => i.severity === 'error').length;
    m.body.summary.error_count = listed === undefined ? errors : errors + 2;
    m.body.summary.warning_count = items.length - errors;
    if (listed !== undefined) m.body.summary.issues_listed = listed;
    m.body.status = m.body.summary.error_count > 0 ? 'fail' : 'pass';
    if (level === undefined) delete m.body.conformance_level;
    else m.body.conformance_level = level;
  };

/** A cut list of these items whose counts say more than it lists; the status follows the counts. */
const counting =
  (items: ReturnType<typeof item>[], level: string, errors: number, warnings: number): Edit =>
  (m) => {
    listing(items, level, items.length)(m);
    Object.assign(m.body.summary, { error_count: errors, warning_count: warnings });
    m.body.status = errors > 0 ? 'fail' : 'pass';
  };

/** [what is broken or allowed, profile, edit, the exact issues it raises] */
const CASES: [string, string, Edit, string[]][] = [
  // Values the contract allows.
  ['published request as is', REQ, () => {}, []],
  ['extensions absent', REQ, (m) => delete m.extensions, []],
  ['extensions empty', REQ, (m) => (m.extensions = []), []],
  ['party type human, the least used of its closed set', REQ, (m) => (m.source.type = 'human'), []],
  ['priority bulk', REQ, (m) => (m.delivery.priority = 'bulk'), []],
  [
    'public channel with auth_scheme none and no references',
    REQ,
    (m) => (m.trust = { channel: 'public', auth_scheme: 'none' }),
    [],
  ],
  ['sequence 1 with a parent', REQ, (m) => (m.conversation.parent_message_id = 'msg-0'), []],
  [
    'traceparent flags ff (level 1 ignores unknown flags)',
    REQ,
    (m) => (m.conversation.traceparent = m.conversation.traceparent.replace(/-01$/, '-ff')),
    [],
  ],
  ['lower-case t and z, a leap second', REQ, (m) => (m.delivery.expires_at = '2030-12-31t23:59:60z'), []],
  [
    'offset -00:00 and a long fraction',
    REQ,
    (m) => (m.provenance.issued_at = '2026-11-01T09:00:00.123456789012-00:00'),
    [],
  ],
  ['confidence at both ends', REQ, (m) => (m.provenance.confidence = 0), []],
  ['unicode in free text and ids', REQ, (m) => ((m.source.label = 'Agent 🤖 ü \u2028'), (m.message_id = 'ид-😀')), []],
  [
    'empty parameters, constraints and lineage',
    REQ,
    (m) => ((m.body.parameters = {}), (m.body.constraints = []), (m.provenance.lineage = [])),
    [],
  ],
  [
    'a 2-character and a 32-character extension NID',
    REQ,
    (m) => (m.extensions = [{ namespace: 'urn:ab:ext:x' }, { namespace: `urn:${'a'.repeat(32)}:ext:x` }]),
    [],
  ],
  ['error status at both ends', ERR, (m) => (m.body.status = 599), []],
  [
    'task input-required with its reason',
    TASK,
    (m) => ((m.body.state = 'input-required'), (m.body.blocking_reason = 'Needs a profile id.')),
    [],
  ],
  [
    'task failed with a published error code',
    TASK,
    (m) => ((m.body.state = 'failed'), (m.body.error_code = 'task.execution_failed')),
    [],
  ],
  [
    'completed response without task_ref',
    RESP,
    (m) => (
      (m.body.status = 'completed'),
      delete m.body.task_ref,
      delete m.delivery.task_ref,
      delete m.body.result.task_id
    ),
    [],
  ],

  // Envelope (CONTRACT section 2).
  ['uai_version 1.1', REQ, (m) => (m.uai_version = '1.1'), ['error envelope.version_unsupported /uai_version']],
  ['unknown profile', REQ, (m) => (m.profile = 'uai.foo.v1'), ['error envelope.profile_unknown /profile']],
  [
    'profile of a version not current',
    REQ,
    (m) => (m.profile = 'uai.intent.request.v2'),
    ['error envelope.profile_not_current /profile'],
  ],
  ['message_id missing', REQ, (m) => delete m.message_id, ['error schema.required /message_id']],
  ['party id missing', REQ, (m) => delete m.target.id, ['error schema.required /target/id']],
  [
    'party type outside its closed set',
    REQ,
    (m) => (m.source.type = 'robot'),
    ['error schema.value_not_allowed /source/type'],
  ],
  [
    'party role outside its open set',
    REQ,
    (m) => (m.source.role = 'auditor'),
    ['warning field.unregistered_value /source/role'],
  ],
  ['sequence 0', REQ, (m) => (m.conversation.sequence = 0), ['error schema.range /conversation/sequence']],
  [
    'sequence 2 without a parent',
    REQ,
    (m) => (m.conversation.sequence = 2),
    ['error conversation.parent_missing /conversation/parent_message_id'],
  ],
  [
    'delivery mode outside its closed set',
    REQ,
    (m) => (m.delivery.mode = 'SYNC'),
    ['error schema.value_not_allowed /delivery/mode'],
  ],
  [
    'auth_scheme outside its closed set',
    REQ,
    (m) => (m.trust.auth_scheme = 'oauth'),
    ['error schema.value_not_allowed /trust/auth_scheme'],
  ],
  ['issued_at missing', REQ, (m) => delete m.provenance.issued_at, ['error schema.required /provenance/issued_at']],
  [
    'issued_at without an offset',
    REQ,
    (m) => (m.provenance.issued_at = '2026-11-01T09:00:00'),
    ['error schema.format /provenance/issued_at'],
  ],
  [
    'expires_at at the instant of issue, written at another offset',
    REQ,
    (m) => (m.delivery.expires_at = '2026-11-01T10:00:00+01:00'),
    ['warning delivery.expiry_not_after_issue /delivery/expires_at'],
  ],
  [
    'intent outside its open set',
    REQ,
    (m) => (m.body.intent = 'summarize'),
    ['warning field.unregistered_value /body/intent'],
  ],
  [
    "a capability operation's intent outside the same open set",
    'uai.capability.statement.v1',
    (m) => (m.body.operations[0].intent = 'summarize'),
    ['warning field.unregistered_value /body/operations/0/intent'],
  ],
  ['unknown member', REQ, (m) => (m.body.x_note = 1), ['warning field.unknown_member /body/x_note']],
  ['alias key', REQ, (m) => ((m.messageId = m.message_id), delete m.message_id), ['error field.alias_key /messageId']],

  // Integrity, identifiers and trace context (L3).
  [
    'traceparent in upper-case hex',
    REQ,
    (m) => (m.conversation.traceparent = m.conversation.traceparent.toUpperCase()),
    ['error trace.traceparent_invalid /conversation/traceparent'],
  ],
  [
    'traceparent with an all-zero parent id',
    REQ,
    (m) => (m.conversation.traceparent = m.conversation.traceparent.replace(/-[0-9a-f]{16}-/, '-0000000000000000-')),
    ['error trace.traceparent_invalid /conversation/traceparent'],
  ],
  [
    'trace_id other than the traceparent trace id',
    REQ,
    (m) => (m.provenance.trace_id = '4bf92f3577b34da6a3ce929d0e0e4737'),
    ['warning trace.trace_id_mismatch /provenance/trace_id'],
  ],
  [
    'party DID without a method-specific id',
    REQ,
    (m) => (m.source.did = 'did:web:'),
    ['error identity.did_invalid /source/did'],
  ],
  [
    'principal that breaks DID syntax',
    REQ,
    (m) => (m.trust.principal = 'did:Web:x'),
    ['error identity.did_invalid /trust/principal'],
  ],
  [
    'credentialed without credential_ref',
    REQ,
    (m) => delete m.trust.credential_ref,
    ['warning trust.reference_missing /trust/credential_ref'],
  ],

  // Extensions: the NID of urn:<ns>:ext:<name> is RFC 8141's, 2 to 32 characters, no hyphen at its ends.
  [
    'namespace not urn:<ns>:ext:<name>',
    REQ,
    (m) => (m.extensions[0].namespace = 'urn:uai:delivery'),
    ['error extension.namespace_invalid /extensions/0/namespace'],
  ],
  [
    'namespace with a 1-character NID',
    REQ,
    (m) => (m.extensions[0].namespace = 'urn:x:ext:delivery'),
    ['error extension.namespace_invalid /extensions/0/namespace'],
  ],
  [
    'namespace with a 33-character NID',
    REQ,
    (m) => (m.extensions[0].namespace = `urn:${'a'.repeat(33)}:ext:x`),
    ['error extension.namespace_invalid /extensions/0/namespace'],
  ],
  [
    'namespace whose NID ends in a hyphen',
    REQ,
    (m) => (m.extensions[0].namespace = 'urn:uai-:ext:delivery'),
    ['error extension.namespace_invalid /extensions/0/namespace'],
  ],
  [
    'namespace whose NID starts with a hyphen',
    REQ,
    (m) => (m.extensions[0].namespace = 'urn:-uai:ext:delivery'),
    ['error extension.namespace_invalid /extensions/0/namespace'],
  ],
  [
    'critical extension not registered',
    REQ,
    (m) => ((m.extensions[0].namespace = 'urn:acme:ext:x'), (m.extensions[0].critical = true)),
    ['error extension.critical_unknown /extensions/0/namespace'],
  ],
  [
    // Every item is judged, not the first alone, and a critical one with a registered namespace is fine.
    'critical extensions after others, registered and not',
    REQ,
    (m) =>
      m.extensions.push(
        { namespace: 'urn:uai:ext:evidence', purpose: 'registered, critical', critical: true },
        { namespace: 'urn:acme:ext:one', purpose: 'unknown, not critical', critical: false },
        { namespace: 'urn:acme:ext:two', purpose: 'unknown, critical', critical: true },
        { namespace: 'urn:acme:ext:three', purpose: 'unknown, critical', critical: true },
      ),
    [
      'error extension.critical_unknown /extensions/3/namespace',
      'error extension.critical_unknown /extensions/4/namespace',
    ],
  ],

  // Response rules: an empty reference is its schema issue alone, not also a disagreement.
  [
    'accepted response without task_ref',
    RESP,
    (m) => delete m.body.task_ref,
    ['error response.task_ref_missing /body/task_ref'],
  ],
  [
    'delivery.task_ref disagrees',
    RESP,
    (m) => (m.delivery.task_ref = 'task-other'),
    ['error response.task_ref_mismatch /delivery/task_ref'],
  ],
  [
    'result.task_id disagrees',
    RESP,
    (m) => (m.body.result.task_id = 'task-other'),
    ['error response.task_ref_mismatch /body/result/task_id'],
  ],
  [
    'request_message_id other than the parent',
    RESP,
    (m) => (m.body.request_message_id = 'msg-other'),
    ['warning response.request_ref_mismatch /body/request_message_id'],
  ],
  ['empty body.task_ref', RESP, (m) => (m.body.task_ref = ''), ['error schema.length /body/task_ref']],
  ['empty delivery.task_ref', RESP, (m) => (m.delivery.task_ref = ''), ['error schema.length /delivery/task_ref']],
  [
    'empty request_message_id',
    RESP,
    (m) => (m.body.request_message_id = ''),
    ['error schema.length /body/request_message_id'],
  ],
  [
    'empty parent_message_id',
    RESP,
    (m) => (m.conversation.parent_message_id = ''),
    ['error schema.length /conversation/parent_message_id'],
  ],

  // Task status, typed error.
  [
    'completed task without result_ref',
    TASK,
    (m) => delete m.body.result_ref,
    ['error task.state_inconsistent /body/result_ref'],
  ],
  [
    'input-required task without its reason',
    TASK,
    (m) => (m.body.state = 'input-required'),
    ['error task.state_inconsistent /body/blocking_reason'],
  ],
  [
    'failed task without error_code',
    TASK,
    (m) => (m.body.state = 'failed'),
    ['error task.state_inconsistent /body/error_code'],
  ],
  [
    'task error_code that is an issue code',
    TASK,
    (m) => ((m.body.state = 'failed'), (m.body.error_code = 'schema.required')),
    ['error error.code_unpublished /body/error_code'],
  ],
  ['progress above 1', TASK, (m) => (m.body.progress = 1.5), ['error schema.range /body/progress']],
  ['error status 600', ERR, (m) => (m.body.status = 600), ['error schema.range /body/status']],
  [
    'error code not published',
    ERR,
    (m) => (m.body.code = 'exchange.teapot'),
    ['error error.code_unpublished /body/code'],
  ],

  // Conformance result: counts, status and level agree with the issues listed.
  [
    'pass with an error listed',
    CONF,
    (m) => (m.body.issues = [item('schema.required', 'error', '/x')]),
    [
      'error conformance.summary_mismatch /body/conformance_level',
      'error conformance.summary_mismatch /body/status',
      'error conformance.summary_mismatch /body/summary/error_count',
    ],
  ],
  ['L4 claimed with no issues', CONF, listing([], 'L4'), []],
  [
    'L3 claimed with no issues',
    CONF,
    listing([], 'L3'),
    ['error conformance.summary_mismatch /body/conformance_level'],
  ],
  ['level left out', CONF, listing([item('field.unknown_member', 'warning', '/x')], undefined), []],
  ['L3 claimed with a warning', CONF, listing([item('field.unknown_member', 'warning', '/x')], 'L3'), []],
  [
    'L4 claimed with a warning',
    CONF,
    listing([item('field.unknown_member', 'warning', '/x')], 'L4'),
    ['error conformance.summary_mismatch /body/conformance_level'],
  ],
  [
    'L2 claimed with a checksum mismatch',
    CONF,
    listing([item('integrity.checksum_mismatch', 'error', '/integrity/checksum')], 'L2'),
    [],
  ],
  [
    'L3 claimed with a checksum mismatch',
    CONF,
    listing([item('integrity.checksum_mismatch', 'error', '/integrity/checksum')], 'L3'),
    ['error conformance.summary_mismatch /body/conformance_level'],
  ],
  ['L1 claimed with a body schema error', CONF, listing([item('schema.required', 'error', '/body/x')], 'L1'), []],
  [
    'L2 claimed with a body schema error',
    CONF,
    listing([item('schema.required', 'error', '/body/x')], 'L2'),
    ['error conformance.summary_mismatch /body/conformance_level'],
  ],
  [
    'L0 claimed for a message that reaches no rung',
    CONF,
    listing([item('message.not_object', 'error', '')], 'L0'),
    ['error conformance.summary_mismatch /body/conformance_level'],
  ],
  [
    'no level for a message that reaches no rung',
    CONF,
    listing([item('message.not_object', 'error', '')], undefined),
    [],
  ],
  [
    'cut list: a level below what the listed issues allow',
    CONF,
    listing([item('integrity.checksum_mismatch', 'error', '/integrity/checksum')], 'L1', 1),
    [],
  ],
  [
    'cut list: a level above what the listed issues allow',
    CONF,
    listing([item('integrity.checksum_mismatch', 'error', '/integrity/checksum')], 'L4', 1),
    ['error conformance.summary_mismatch /body/conformance_level'],
  ],
  [
    'cut list: a warning listed while a counted error is not (cut by path, as the earlier text said)',
    CONF,
    listing(
      [
        item('integrity.checksum_mismatch', 'error', '/integrity/checksum'),
        item('field.unknown_member', 'warning', '/x'),
      ],
      'L2',
      2,
    ),
    [],
  ],
  [
    'cut list: every counted error listed, then warnings',
    CONF,
    (m) => {
      listing(
        [
          item('integrity.checksum_mismatch', 'error', '/integrity/checksum'),
          item('field.unknown_member', 'warning', '/x'),
        ],
        'L2',
        2,
      )(m);
      m.body.summary.error_count = 1;
      m.body.summary.warning_count = 5;
    },
    [],
  ],
  // A cut list's counts cap the level as listed issues do: every error guards L3 or below (so one
  // means at most L2), and L4 is L3 with zero warnings.
  [
    'cut list: nothing listed, an error counted, L4 claimed',
    CONF,
    counting([], 'L4', 1, 0),
    ['error conformance.summary_mismatch /body/conformance_level'],
  ],
  [
    'cut list: nothing listed, an error counted, L3 claimed',
    CONF,
    counting([], 'L3', 1, 0),
    ['error conformance.summary_mismatch /body/conformance_level'],
  ],
  ['cut list: nothing listed, an error counted, L2 claimed', CONF, counting([], 'L2', 1, 0), []],
  [
    'cut list: nothing listed, a warning counted, L4 claimed',
    CONF,
    counting([], 'L4', 0, 1),
    ['error conformance.summary_mismatch /body/conformance_level'],
  ],
  [
    'cut list: the warning listed and the counted error not, L3 claimed',
    CONF,
    counting([item('field.unknown_member', 'warning', '/x')], 'L3', 1, 1),
    ['error conformance.summary_mismatch /body/conformance_level'],
  ],
  ['test-kit check ids do not rank a message', CONF, listing([item('transport.answered', 'error', '')], 'L4'), []],
  // An item's severity is its code's (issue.severity_mismatch): an issue code's own, error for a failed must check.
  [
    'an error code listed as a warning',
    CONF,
    listing([item('integrity.checksum_mismatch', 'warning', '/integrity/checksum')], 'L3'),
    ['error issue.severity_mismatch /body/issues/0/severity'],
  ],
  [
    'a warning code listed as an error',
    CONF,
    listing([item('field.unknown_member', 'error', '/x')], 'L3'),
    ['error issue.severity_mismatch /body/issues/0/severity'],
  ],
  [
    'a must check listed as a warning',
    CONF,
    listing([item('transport.answered', 'warning', '')], 'L4'),
    ['error issue.severity_mismatch /body/issues/0/severity'],
  ],
  ['a must check listed as an error', CONF, listing([item('transport.answered', 'error', '')], 'L4'), []],
  ['a should check listed as a warning', CONF, listing([item('transport.no_interim', 'warning', '')], 'L4'), []],
  [
    'a should check listed as an error (not exercised)',
    CONF,
    listing([item('transport.no_interim', 'error', '')], 'L4'),
    [],
  ],
  [
    'a typed error whose item calls a warning finding an error',
    ERR,
    (m) => (m.body.errors[0].severity = 'error'),
    ['error issue.severity_mismatch /body/errors/0/severity'],
  ],
];

describe('each contract rule, broken alone, raises exactly its issues', () => {
  it.each(CASES)('%s (%s)', (_name, profile, edit, expected) => {
    expect(verdict(check(edited(profile, edit)))).toEqual([...expected].sort());
  });
});

describe('a checksum the message does not say how to verify', () => {
  /**
   * Another algorithm or canonicalization is its own error; a checksum computed some other way
   * cannot be called a mismatch as well (CONTRACT section 3). Not resealed: the checksum is wrong.
   */
  it.each([
    ['algorithm', 'sha512', 'error integrity.algorithm_unsupported /integrity/algorithm'],
    ['canonicalization', 'other', 'error integrity.canonicalization_unsupported /integrity/canonicalization'],
  ])('integrity.%s %s with a wrong checksum: its own issue alone', (member, value, issue) => {
    const m = example(REQ);
    m.integrity[member] = value;
    m.integrity.checksum = `sha256:${'0'.repeat(64)}`;
    expect(verdict(check(m))).toEqual([issue]);
    m.integrity[member] = member === 'algorithm' ? 'sha256' : 'jcs';
    expect(verdict(check(m))).toEqual(['error integrity.checksum_mismatch /integrity/checksum']);
  });
});

describe("a conformance record's level", () => {
  /** The validator's own record about any message is the oracle: its level is the one its issues allow. */
  it("is the validator's own, and any other level of the same record is summary_mismatch (2,000 runs)", () => {
    fc.assert(
      fc.property(
        fc.nat(examples.length - 1),
        fc.array(op, { minLength: 1, maxLength: 4 }),
        fc.nat(),
        (which, ops, pick) => {
          const record = structuredClone(check(mutate(examples[which]!, ops)).conformance_record) as Message;
          const own = record.body.conformance_level as string | undefined;
          expect(verdict(check(record))).toEqual([]);
          const others = CONFORMANCE_LEVEL_IDS.filter((l) => l !== own);
          record.body.conformance_level = others[pick % others.length];
          const cut = record.body.summary.issues_listed !== undefined;
          const above =
            own === undefined ||
            CONFORMANCE_LEVEL_IDS.indexOf(record.body.conformance_level) > CONFORMANCE_LEVEL_IDS.indexOf(own as never);
          expect(verdict(check(seal(record)))).toEqual(
            !cut || above ? ['error conformance.summary_mismatch /body/conformance_level'] : [],
          );
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
