/**
 * The conformance pack's fixtures (CONTRACT section 9). Valid ones: every published example in
 * keyed, minified and keyless form with the canonical_hash it must give. Invalid ones: at least
 * one per issue code, each a small mutation of a sealed example (resealed unless the point is the
 * checksum) with exactly the codes it must raise. `text` fixtures carry JSON text that only a
 * parser can turn into the message (1e400, lone surrogates, repeated names, digits a double
 * loses), so the pack itself stays plain JSON.
 */
import { canonicalHash, seal } from '../canonical.ts';
import { messageToKeyless } from '../keyless.ts';
import type { Message } from '../../standard/examples.ts';
import type { Site } from '../../standard/urls.ts';
import { publishedExamples } from './examples.ts';

export type FixtureMode = 'keyed-json' | 'keyless-json';

export interface ValidFixture {
  readonly id: string;
  readonly profile: string;
  readonly form: 'keyed' | 'minified' | 'keyless' | 'edge';
  readonly mode: FixtureMode;
  /** The message (keyed object or keyless array); absent for minified fixtures, which carry `text`. */
  readonly message?: unknown;
  readonly text?: string;
  readonly canonical_hash: string;
}

export interface InvalidFixture {
  readonly id: string;
  readonly description: string;
  readonly mode: FixtureMode;
  readonly message?: unknown;
  /** JSON text to parse instead of `message`. */
  readonly text?: string;
  /** Exactly the codes the fixture raises, errors and warnings, sorted. */
  readonly expected_codes: readonly string[];
  /** How POST /v1/validate refuses the fixture before its validator reads it, when it does. */
  readonly route_refusal?: { readonly status: number; readonly code: string };
}

// Mutations edit a sealed message as plain JSON, member by member; typing every path would add nothing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Mutation = (m: any) => void;

const NUMBER_MARK = 987654321.5;
const STRING_MARK = '@@lone-surrogate@@';
const AMOUNT_WRITTEN = '12345678901234567890';
const AMOUNT_READ = Number(AMOUNT_WRITTEN);

/** The valid and invalid fixtures of the conformance pack for an origin. */
export function conformanceFixtures(site: Site): { valid: ValidFixture[]; invalid: InvalidFixture[] } {
  const examples = publishedExamples(site);
  const byProfile = (p: string) => examples.find((e) => e.profile === p)!.message;
  const request = byProfile('uai.intent.request.v1');
  const response = byProfile('uai.intent.response.v1');
  const status = byProfile('uai.task.status.v1');
  const error = byProfile('uai.error.v1');
  const conformance = byProfile('uai.conformance.result.v1');

  const valid: ValidFixture[] = examples.flatMap((e) => {
    const hash = canonicalHash(e.message);
    const base = `valid/${e.profile}`;
    return [
      {
        id: `${base}/keyed`,
        profile: e.profile,
        form: 'keyed' as const,
        mode: 'keyed-json' as const,
        message: e.message,
        canonical_hash: hash,
      },
      {
        id: `${base}/minified`,
        profile: e.profile,
        form: 'minified' as const,
        mode: 'keyed-json' as const,
        text: JSON.stringify(e.message),
        canonical_hash: hash,
      },
      {
        id: `${base}/keyless`,
        profile: e.profile,
        form: 'keyless' as const,
        mode: 'keyless-json' as const,
        message: messageToKeyless(e.message),
        canonical_hash: hash,
      },
    ];
  });

  const invalid: InvalidFixture[] = [];
  // A fixture given as text has no message member at all: the pack is plain JSON, with no undefined in it.
  const add = (code: string, description: string, message: unknown, extra: Partial<InvalidFixture> = {}) =>
    invalid.push({
      id: `invalid/${code}`,
      description,
      mode: 'keyed-json',
      ...(message === undefined ? {} : { message }),
      expected_codes: [code],
      ...extra,
    });
  const mutated = (base: Message, fn: Mutation, reseal = true): Message => {
    const copy = structuredClone(base);
    fn(copy);
    return reseal ? seal(copy) : copy;
  };
  const deep = (levels: number): unknown => {
    let v: unknown = 'bottom';
    for (let i = 0; i < levels; i += 1) v = [v];
    return v;
  };

  // L0: parseable.
  add('message.not_object', 'A keyless array sent in keyed-json mode.', messageToKeyless(request));
  add(
    'message.too_deep',
    'A lineage note nested 61 arrays deep: the message nests 65 levels, one past the limit of 64. POST /v1/validate refuses a body this deep before its validator reads it (400 request.too_deep); uai validate and the library report message.too_deep.',
    mutated(request, (m) => {
      m.provenance.lineage[0].note = deep(61);
    }),
    { route_refusal: { status: 400, code: 'request.too_deep' } },
  );
  const huge = mutated(response, (m) => {
    m.body.result.schema = { maximum: NUMBER_MARK };
  });
  add(
    'message.not_canonicalizable',
    'A number outside the IEEE 754 double range (1e400) in a free-form member.',
    undefined,
    { text: JSON.stringify(huge).replace(String(NUMBER_MARK), '1e400') },
  );
  const lone = mutated(request, (m) => {
    m.provenance.lineage[0].note = STRING_MARK;
  });
  invalid.push({
    id: 'invalid/message.not_canonicalizable/lone-surrogate',
    description: 'A string holding a lone surrogate.',
    mode: 'keyed-json',
    text: JSON.stringify(lone).replace(STRING_MARK, '\\ud800'),
    expected_codes: ['message.not_canonicalizable'],
  });
  // A repeated name with the same value: JSON.parse sees the sealed message, only the text shows it.
  const repeated = JSON.stringify(request).replace(
    '"delivery":{',
    `"delivery":{"mode":${JSON.stringify((request as { delivery: { mode: string } }).delivery.mode)},`,
  );
  add('message.duplicate_member', 'delivery.mode written twice (same value) in one object.', undefined, {
    text: repeated,
  });
  add('keyless.shape_mismatch', 'A keyed object sent in keyless-json mode.', request, { mode: 'keyless-json' });
  add(
    'keyless.overflow',
    'A keyless message with one position more than the envelope map.',
    [...messageToKeyless(request), ...Array(12 - messageToKeyless(request).length).fill(null), 'extra'],
    { mode: 'keyless-json' },
  );
  add(
    'keyless.required_null',
    'A keyless message with null at the message_id position.',
    messageToKeyless(
      mutated(request, (m) => {
        delete m.message_id;
      }),
    ),
    { mode: 'keyless-json' },
  );
  // L1: envelope.
  add(
    'schema.required',
    'delivery without its required mode.',
    mutated(request, (m) => {
      delete m.delivery.mode;
    }),
  );
  add(
    'schema.type',
    'delivery.reply_requested as a string.',
    mutated(request, (m) => {
      m.delivery.reply_requested = 'yes';
    }),
  );
  add(
    'schema.value_not_allowed',
    'delivery.priority outside its closed set.',
    mutated(request, (m) => {
      m.delivery.priority = 'urgent';
    }),
  );
  add(
    'schema.format',
    'delivery.expires_at that is not an RFC 3339 date-time.',
    mutated(request, (m) => {
      m.delivery.expires_at = 'tomorrow';
    }),
  );
  add(
    'schema.pattern',
    'body.subject that is not a profile identifier.',
    mutated(request, (m) => {
      m.body.subject = 'Task Status';
    }),
  );
  add(
    'schema.range',
    'provenance.confidence above 1.',
    mutated(request, (m) => {
      m.provenance.confidence = 1.5;
    }),
  );
  add(
    'schema.length',
    'An empty message_id.',
    mutated(request, (m) => {
      m.message_id = '';
    }),
  );
  add(
    'envelope.version_unsupported',
    'uai_version 2.0.',
    mutated(request, (m) => {
      m.uai_version = '2.0';
    }),
  );
  add(
    'envelope.profile_unknown',
    'A profile outside the UAI-1 family.',
    mutated(request, (m) => {
      m.profile = 'uai.weather.report.v1';
    }),
  );
  add(
    'envelope.profile_not_current',
    'A known profile at version v2.',
    mutated(request, (m) => {
      m.profile = 'uai.intent.request.v2';
    }),
  );
  add(
    'field.alias_key',
    'messageId instead of message_id.',
    mutated(request, (m) => {
      m.messageId = m.message_id;
      delete m.message_id;
    }),
  );
  // L2: profile rules.
  add(
    'conversation.parent_missing',
    'A reply (sequence 2) without parent_message_id.',
    mutated(response, (m) => {
      delete m.conversation.parent_message_id;
    }),
  );
  add(
    'extension.namespace_invalid',
    'An extension namespace that is not urn:<ns>:ext:<name>.',
    mutated(request, (m) => {
      m.extensions[0].namespace = 'delivery-hints';
    }),
  );
  add(
    'extension.critical_unknown',
    'A critical extension in an unregistered namespace.',
    mutated(request, (m) => {
      m.extensions[0] = { namespace: 'urn:acme:ext:priority', purpose: 'Vendor priority lanes.', critical: true };
    }),
  );
  add(
    'response.task_ref_missing',
    'An accepted response without body.task_ref.',
    mutated(response, (m) => {
      delete m.body.task_ref;
    }),
  );
  add(
    'response.task_ref_mismatch',
    'body.result.task_id differing from body.task_ref.',
    mutated(response, (m) => {
      m.body.result.task_id = 'task-9999';
    }),
  );
  add(
    'task.state_inconsistent',
    'A completed task without result_ref.',
    mutated(status, (m) => {
      delete m.body.result_ref;
    }),
  );
  add(
    'conformance.summary_mismatch',
    'A passing record whose summary counts one error.',
    mutated(conformance, (m) => {
      m.body.summary.error_count = 1;
    }),
  );
  add(
    'error.code_unpublished',
    'A typed error with an unpublished code.',
    mutated(error, (m) => {
      m.body.code = 'exchange.teapot';
    }),
  );
  // L3: integrity, identifiers, trace context.
  add(
    'integrity.checksum_mismatch',
    'A constraint removed after sealing.',
    mutated(
      request,
      (m) => {
        m.body.constraints.pop();
      },
      false,
    ),
  );
  add(
    'integrity.checksum_malformed',
    'A checksum in upper-case hex and too short.',
    mutated(
      request,
      (m) => {
        m.integrity.checksum = 'sha256:ABC123';
      },
      false,
    ),
  );
  add(
    'integrity.algorithm_unsupported',
    'integrity.algorithm sha512.',
    mutated(
      request,
      (m) => {
        m.integrity.algorithm = 'sha512';
      },
      false,
    ),
  );
  add(
    'integrity.canonicalization_unsupported',
    'integrity.canonicalization c14n.',
    mutated(
      request,
      (m) => {
        m.integrity.canonicalization = 'c14n';
      },
      false,
    ),
  );
  add(
    'integrity.version_unsupported',
    'integrity.version 1.',
    mutated(
      request,
      (m) => {
        m.integrity.version = 1;
      },
      false,
    ),
  );
  add(
    'trace.traceparent_invalid',
    'A traceparent whose trace-id is all zeros.',
    mutated(request, (m) => {
      m.conversation.traceparent = `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`;
    }),
  );
  add(
    'identity.did_invalid',
    'A source DID with a space and an upper-case method.',
    mutated(request, (m) => {
      m.source.did = 'did:Web:agents example';
    }),
  );
  // Warnings: valid, but not exchange-ready (L4).
  add(
    'field.unknown_member',
    'An unregistered body member.',
    mutated(request, (m) => {
      m.body.priority_hint = 'high';
    }),
  );
  add(
    'field.unregistered_value',
    'An intent outside the registered open set.',
    mutated(request, (m) => {
      m.body.intent = 'summarize-profile';
    }),
  );
  add(
    'trace.trace_id_mismatch',
    'provenance.trace_id differing from the traceparent trace-id.',
    mutated(request, (m) => {
      m.provenance.trace_id = 'a'.repeat(32);
    }),
  );
  add(
    'delivery.expiry_not_after_issue',
    'expires_at equal to issued_at.',
    mutated(request, (m) => {
      m.delivery.expires_at = m.provenance.issued_at;
    }),
  );
  add(
    'response.request_ref_mismatch',
    'body.request_message_id differing from parent_message_id.',
    mutated(response, (m) => {
      m.body.request_message_id = 'msg-req-9999';
    }),
  );
  add(
    'trust.reference_missing',
    'The credentialed channel without credential_ref.',
    mutated(request, (m) => {
      delete m.trust.credential_ref;
    }),
  );
  add(
    'intent.profile_unregistered',
    'A request about an unregistered (well-formed) profile.',
    mutated(request, (m) => {
      m.body.subject = 'uai.weather.report.v1';
    }),
  );
  add(
    'intent.response_profile_unanswered',
    'A request asking for its answer as a task status, a registered profile an intent request is not answered with.',
    mutated(request, (m) => {
      m.body.response_profile = 'uai.task.status.v1';
    }),
  );
  // An amount sealed as the double 12345678901234567000 and written with the digits it lost: the
  // checksum holds (it is over the double), only the text shows what a double cannot hold.
  const amount = mutated(response, (m) => {
    m.body.result.example = { amount: AMOUNT_READ };
  });
  add(
    'message.number_imprecise',
    'An amount in a free-form member written as 12345678901234567890, which a double holds as 12345678901234567000.',
    undefined,
    { text: JSON.stringify(amount).replace(String(AMOUNT_READ), AMOUNT_WRITTEN) },
  );
  // Combinations: several codes at once.
  add(
    'combined',
    'A response with several problems at once.',
    mutated(response, (m) => {
      m.delivery.priority = 'urgent';
      m.body.notices.push('new-notice');
      m.conversation.traceparent = 'not-a-traceparent';
    }),
    {
      id: 'invalid/combined/response',
      expected_codes: ['field.unregistered_value', 'schema.value_not_allowed', 'trace.traceparent_invalid'],
    },
  );
  // Issue items (L2) and the later schema fixtures come last: the recorded engine answers
  // (tests/engine/answers) give each fixture a mock-exchange scenario by its position.
  add(
    'issue.code_unpublished',
    'A typed error whose issue item carries the HTTP error code request.invalid, which names a whole problem, not an item.',
    mutated(error, (m) => {
      m.body.errors[0].code = 'request.invalid';
      m.body.errors[0].help_url = m.body.errors[0].help_url.replace(/#.*$/, '#request.invalid');
    }),
  );
  add(
    'issue.help_url_mismatch',
    "A typed error whose issue item links somewhere other than its code's anchor on the error-registry page.",
    mutated(error, (m) => {
      m.body.errors[0].help_url = 'https://evil.example/x';
    }),
  );
  add(
    'issue.severity_mismatch',
    'A typed error whose issue item calls a finding of a warning code (field.unregistered_value) an error.',
    mutated(error, (m) => {
      m.body.errors[0].severity = 'error';
    }),
  );
  // Schema codes on an issue item's path, a capability's trust channels and the reason a task
  // waits for input: one more fixture each, under its own id.
  const also = (code: string, name: string, description: string, message: unknown) =>
    invalid.push({ id: `invalid/${code}/${name}`, description, mode: 'keyed-json', message, expected_codes: [code] });
  const capability = byProfile('uai.capability.statement.v1');
  also(
    'schema.pattern',
    'issue-path',
    'An issue item whose path is not an RFC 6901 JSON Pointer (~2 is no escape).',
    mutated(error, (m) => {
      m.body.errors[0].path = '/body/a~2b';
    }),
  );
  also(
    'schema.value_not_allowed',
    'trust-channels',
    'A capability statement accepting a trust channel outside the closed set.',
    mutated(capability, (m) => {
      m.body.trust_channels = ['carrier-pigeon'];
    }),
  );
  also(
    'schema.length',
    'blocking-reason',
    'A task waiting for input with an empty blocking_reason.',
    mutated(status, (m) => {
      m.body.state = 'input-required';
      m.body.blocking_reason = '';
      delete m.body.result_ref;
    }),
  );
  // Second branches of rules the first fixture of a code shows one branch of: a validator that
  // checks only that branch passes every other fixture, so each branch has a fixture of its own.
  also(
    'trace.traceparent_invalid',
    'span-id-zero',
    'A traceparent whose parent-id (span id) is all zeros; its trace-id is fine.',
    mutated(request, (m) => {
      m.conversation.traceparent = `00-${m.provenance.trace_id}-${'0'.repeat(16)}-01`;
    }),
  );
  also(
    'identity.did_invalid',
    'method-case',
    'A source DID whose method is upper-case (did:WEB:...), with no other fault.',
    mutated(request, (m) => {
      m.source.did = 'did:WEB:agents.example.org:requester';
    }),
  );
  also(
    'identity.did_invalid',
    'trust-principal',
    'A trust principal (a DID by the spec) that breaks the DID syntax.',
    mutated(request, (m) => {
      m.trust.principal = 'did:web:agents example';
    }),
  );
  also(
    'integrity.checksum_malformed',
    'upper-case-hex',
    'The right checksum written in upper-case hex: right length, right value, wrong form.',
    mutated(
      request,
      (m) => {
        m.integrity.checksum = m.integrity.checksum.replace(/[0-9a-f]{64}$/, (hex: string) => hex.toUpperCase());
      },
      false,
    ),
  );
  also(
    'trust.reference_missing',
    'signed-envelope',
    'The signed-envelope channel without signature_ref.',
    mutated(status, (m) => {
      delete m.trust.signature_ref;
    }),
  );
  also(
    'task.state_inconsistent',
    'failed-without-error-code',
    'A failed task without error_code.',
    mutated(status, (m) => {
      m.body.state = 'failed';
      delete m.body.result_ref;
    }),
  );
  also(
    'task.state_inconsistent',
    'input-required-without-reason',
    'A task waiting for input without blocking_reason.',
    mutated(status, (m) => {
      m.body.state = 'input-required';
      delete m.body.result_ref;
    }),
  );
  also(
    'error.code_unpublished',
    'task-error-code',
    'A failed task whose error_code the registry does not publish.',
    mutated(status, (m) => {
      m.body.state = 'failed';
      m.body.error_code = 'exchange.teapot';
      delete m.body.result_ref;
    }),
  );
  also(
    'response.task_ref_mismatch',
    'delivery',
    'delivery.task_ref naming another task than body.task_ref.',
    mutated(response, (m) => {
      m.delivery.task_ref = 'task-9999';
    }),
  );
  also(
    'conformance.summary_mismatch',
    'warning-count',
    'A record whose summary counts a warning its issues do not hold.',
    mutated(conformance, (m) => {
      m.body.summary.warning_count += 1;
    }),
  );
  also(
    'conformance.summary_mismatch',
    'status',
    'A record with no issues whose status says fail.',
    mutated(conformance, (m) => {
      m.body.status = 'fail';
    }),
  );
  also(
    'conversation.parent_missing',
    'sequence-3',
    'A third turn (sequence 3) without parent_message_id.',
    mutated(status, (m) => {
      delete m.conversation.parent_message_id;
    }),
  );
  also(
    'delivery.expiry_not_after_issue',
    'offset',
    'expires_at written with a +02:00 offset: later as text, half an hour before issued_at as an instant.',
    mutated(request, (m) => {
      m.provenance.issued_at = '2026-11-01T09:00:00Z';
      m.delivery.expires_at = '2026-11-01T10:30:00+02:00';
    }),
  );
  also(
    'field.unknown_member',
    'nested',
    'An unregistered member three levels down, in a lineage item.',
    mutated(request, (m) => {
      m.provenance.lineage[0].mood = 'curious';
    }),
  );
  also(
    'field.unregistered_value',
    'party-role',
    'A source role outside the registered open set.',
    mutated(request, (m) => {
      m.source.role = 'night-watch';
    }),
  );
  also(
    'field.unregistered_value',
    'constraint',
    'A constraint outside the registered open set.',
    mutated(request, (m) => {
      m.body.constraints.push('low-carbon');
    }),
  );
  also(
    'schema.format',
    'uri',
    'A credential_ref that is no URI (no scheme).',
    mutated(request, (m) => {
      m.trust.credential_ref = 'no scheme here';
    }),
  );
  also(
    'field.alias_key',
    'nested',
    'conversation.conversationId instead of conversation.conversation_id.',
    mutated(request, (m) => {
      m.conversation.conversationId = m.conversation.conversation_id;
      delete m.conversation.conversation_id;
    }),
  );
  const keylessRequest = messageToKeyless(request) as unknown[];
  const conversationAt = keylessRequest.findIndex(
    (v) =>
      Array.isArray(v) &&
      v[0] === (request as { conversation: { conversation_id: string } }).conversation.conversation_id,
  );
  invalid.push({
    id: 'invalid/keyless.overflow/nested',
    description: 'A keyless message whose conversation array has one position more than its map.',
    mode: 'keyless-json',
    message: keylessRequest.map((v, i) => (i === conversationAt ? [...(v as unknown[]), null, null, 'extra'] : v)),
    expected_codes: ['keyless.overflow'],
  });
  const fraction = mutated(response, (m) => {
    m.body.result.example = { share: 0.3 };
  });
  invalid.push({
    id: 'invalid/message.number_imprecise/fraction',
    description: 'A share in a free-form member written as 0.30000000000000001, which a double holds as 0.3.',
    mode: 'keyed-json',
    text: JSON.stringify(fraction).replace('"share":0.3', '"share":0.30000000000000001'),
    expected_codes: ['message.number_imprecise'],
  });
  also(
    'schema.type',
    'closed-set',
    'delivery.priority as a number: the wrong type alone, not also a value outside the closed set.',
    mutated(request, (m) => {
      m.delivery.priority = 5;
    }),
  );
  also(
    'schema.length',
    'empty-reference',
    'An empty body.request_message_id: its length alone, not also a disagreement with parent_message_id.',
    mutated(response, (m) => {
      m.body.request_message_id = '';
    }),
  );
  // Further branches an independent review's lax validators still passed the pack without.
  also(
    'trace.traceparent_invalid',
    'upper-case-hex',
    'A traceparent written in upper-case hex (W3C Trace Context asks lower-case).',
    mutated(request, (m) => {
      m.conversation.traceparent = m.conversation.traceparent.toUpperCase();
    }),
  );
  also(
    'trace.traceparent_invalid',
    'version-ff',
    'A traceparent of version ff, which W3C Trace Context forbids.',
    mutated(request, (m) => {
      m.conversation.traceparent = m.conversation.traceparent.replace(/^00-/, 'ff-');
    }),
  );
  also(
    'response.task_ref_mismatch',
    'task-status',
    'A task status whose delivery.task_ref names another task than its body.task_id.',
    mutated(status, (m) => {
      m.delivery.task_ref = 'task-9999';
    }),
  );
  also(
    'issue.code_unpublished',
    'conformance-record',
    'A conformance record whose issue item carries a code the registry does not publish.',
    mutated(conformance, (m) => {
      const helpUrl = (error as { body: { errors: { help_url: string }[] } }).body.errors[0]!.help_url;
      m.body.status = 'fail';
      m.body.summary.error_count = 1;
      m.body.issues = [
        {
          code: 'acme.teapot',
          severity: 'error',
          path: '/body',
          message: 'A code no registry lists.',
          help_url: helpUrl.replace(/#.*$/, '#acme.teapot'),
        },
      ];
    }),
  );
  also(
    'intent.profile_unregistered',
    'requested-profile',
    'A request for an unregistered (well-formed) requested_profile.',
    mutated(request, (m) => {
      m.body.requested_profile = 'uai.weather.report.v1';
    }),
  );
  also(
    'field.unregistered_value',
    'target-role',
    'A target role outside the registered open set.',
    mutated(request, (m) => {
      m.target.role = 'night-watch';
    }),
  );
  also(
    'identity.did_invalid',
    'target-did',
    'A target DID with an empty method-specific id.',
    mutated(request, (m) => {
      m.target.did = 'did:web:';
    }),
  );
  also(
    'field.unknown_member',
    'root',
    'An unregistered member of the envelope itself.',
    mutated(request, (m) => {
      m.x_extra = true;
    }),
  );
  also(
    'extension.namespace_invalid',
    'upper-case-nid',
    'An extension namespace whose NID is upper-case (urn:Acme:ext:thing).',
    mutated(request, (m) => {
      m.extensions[0].namespace = 'urn:Acme:ext:thing';
    }),
  );
  also(
    'schema.format',
    'calendar',
    'An expires_at on a day February does not have (2030-02-30).',
    mutated(request, (m) => {
      m.delivery.expires_at = '2030-02-30T00:00:00Z';
    }),
  );
  also(
    'schema.range',
    'sequence-zero',
    'A conversation sequence of 0 (sequences start at 1).',
    mutated(request, (m) => {
      m.conversation.sequence = 0;
    }),
  );
  also(
    'error.code_unpublished',
    'issue-code',
    'A typed error whose body.code is an issue code: error bodies carry error codes.',
    mutated(error, (m) => {
      m.body.code = 'schema.required';
    }),
  );
  invalid.push({
    id: 'invalid/keyless.required_null/body',
    description:
      'A keyless request with null at the body.intent position: its level is L1, as a schema code under /body.',
    mode: 'keyless-json',
    message: messageToKeyless(
      mutated(request, (m) => {
        delete m.body.intent;
      }),
    ),
    expected_codes: ['keyless.required_null'],
  });
  invalid.push({
    id: 'invalid/keyless.required_null/nested',
    description: 'A keyless request with null at the conversation_id position of its conversation array.',
    mode: 'keyless-json',
    message: messageToKeyless(
      mutated(request, (m) => {
        delete m.conversation.conversation_id;
      }),
    ),
    expected_codes: ['keyless.required_null'],
  });
  // A required position left null is one finding among others: the rest of the message is still checked.
  invalid.push({
    id: 'invalid/combined/keyless-null-and-value',
    description:
      'A keyless request with null at the message_id position and a delivery.mode outside its closed set: both reported.',
    mode: 'keyless-json',
    message: messageToKeyless(
      mutated(request, (m) => {
        delete m.message_id;
        m.delivery.mode = 'sideways';
      }),
    ),
    expected_codes: ['keyless.required_null', 'schema.value_not_allowed'],
  });
  // The repeated name's last value is the one read (as JSON.parse reads it): an invalid first
  // value, written twice, is one repeated name and no other finding.
  invalid.push({
    id: 'invalid/message.duplicate_member/last-value-read',
    description:
      'delivery.mode written three times, "sideways" twice before the valid value: one issue for the name, and the last value is the one checked.',
    mode: 'keyed-json',
    text: JSON.stringify(request).replace('"delivery":{', '"delivery":{"mode":"sideways","mode":"sideways",'),
    expected_codes: ['message.duplicate_member'],
  });
  const twoHuge = mutated(response, (m) => {
    m.body.result.schema = { maximum: NUMBER_MARK, minimum: NUMBER_MARK + 1 };
    m.body.result.example = { note: 'x', extra_unknown_ok: true };
    m.x_extra = true;
  });
  invalid.push({
    id: 'invalid/message.not_canonicalizable/first-of-two',
    description:
      'Two numbers past the double range: one issue, at the first in member order; the other checks still run (an unknown member beside).',
    mode: 'keyed-json',
    text: JSON.stringify(twoHuge)
      .replace(String(NUMBER_MARK + 1), '-1e400')
      .replace(String(NUMBER_MARK), '1e400'),
    expected_codes: ['field.unknown_member', 'message.not_canonicalizable'],
  });
  // 1e400 where a number belongs is no fault of type; where a string belongs, it is one.
  const confidence = mutated(request, (m) => {
    m.provenance.confidence = NUMBER_MARK;
  });
  invalid.push({
    id: 'invalid/message.not_canonicalizable/typed-number',
    description:
      'provenance.confidence written as 1e400: a number where a number belongs, past the double range; no schema issue beside.',
    mode: 'keyed-json',
    text: JSON.stringify(confidence).replace(String(NUMBER_MARK), '1e400'),
    expected_codes: ['message.not_canonicalizable'],
  });
  const numberId = mutated(request, (m) => {
    m.message_id = NUMBER_MARK;
  });
  invalid.push({
    id: 'invalid/combined/number-for-a-string',
    description: 'message_id written as 1e400: a number past the double range, and a number where a string belongs.',
    mode: 'keyed-json',
    text: JSON.stringify(numberId).replace(String(NUMBER_MARK), '1e400'),
    expected_codes: ['message.not_canonicalizable', 'schema.type'],
  });
  // Two codes at one path, in code order; and the value checked is the last one written.
  const sideways = mutated(request, (m) => {
    m.delivery.mode = 'sideways';
  });
  invalid.push({
    id: 'invalid/combined/repeated-name-last-value',
    description:
      'delivery.mode written "async" and then "sideways": a repeated name, and the last value (the one read) outside the closed set, both at /delivery/mode.',
    mode: 'keyed-json',
    text: JSON.stringify(sideways).replace('"delivery":{', '"delivery":{"mode":"async",'),
    expected_codes: ['message.duplicate_member', 'schema.value_not_allowed'],
  });
  // Instants compare by their value: a fraction is a decimal fraction of a second, and no fraction is .0.
  also(
    'delivery.expiry_not_after_issue',
    'fraction-absent',
    'expires_at without a fraction, half a second before an issued_at with one: later as text, earlier as an instant.',
    mutated(request, (m) => {
      m.provenance.issued_at = '2026-11-01T09:00:00.5Z';
      m.delivery.expires_at = '2026-11-01T09:00:00Z';
    }),
  );
  also(
    'delivery.expiry_not_after_issue',
    'fraction-digits',
    'expires_at at .25 of a second, issued_at at .5: more digits, and earlier (0.25 < 0.5).',
    mutated(request, (m) => {
      m.provenance.issued_at = '2026-11-01T09:00:00.5Z';
      m.delivery.expires_at = '2026-11-01T09:00:00.25Z';
    }),
  );
  also(
    'error.code_unpublished',
    'task-issue-code',
    "A failed task whose error_code is an issue code: a task's error_code is one of the error registry's codes.",
    mutated(status, (m) => {
      m.body.state = 'failed';
      delete m.body.result_ref;
      m.body.error_code = 'schema.required';
    }),
  );
  also(
    'field.unknown_member',
    'utf16-order',
    'Two unregistered members, U+FFFF and U+1F600: listed by UTF-16 code units (the surrogate pair first), not by code points.',
    mutated(request, (m) => {
      m['\uffff'] = 1;
      m['\u{1F600}'] = 2;
    }),
  );
  also(
    'message.too_deep',
    'path-length',
    'An object in a free-form member whose path is 525 characters, past the 512 the path of an object or array may take, at no great depth: /body/result/example (20) and five names of 100, each with its slash; the sixth name, of a string, is not counted.',
    mutated(response, (m) => {
      let v: unknown = 'leaf';
      for (const c of 'fedcba') v = { [c.repeat(100)]: v };
      m.body.result.example = v;
    }),
  );
  // Branches a third review's lax validators passed the pack without: a shortcut each (a type read
  // loosely, a pattern unanchored, a rule checked in one place of several) that every other
  // fixture lets through.
  also(
    'schema.type',
    'boolean-integer',
    'conversation.sequence as true: a boolean is no integer, though a language where true is 1 takes it for one.',
    mutated(request, (m) => {
      m.conversation.sequence = true;
    }),
  );
  // 2.0 is the integer 2 (JSON Schema reads the value, not the digits): the sealed 2 and the text agree.
  const sequenceTwo = mutated(response, (m) => {
    delete m.conversation.parent_message_id;
  });
  invalid.push({
    id: 'invalid/conversation.parent_missing/sequence-written-2.0',
    description:
      'A reply whose sequence is written 2.0, without parent_message_id: 2.0 is the integer 2, so a reader that skips the rule for a number parsed as a float misses it.',
    mode: 'keyed-json',
    text: JSON.stringify(sequenceTwo).replace('"sequence":2', '"sequence":2.0'),
    expected_codes: ['conversation.parent_missing'],
  });
  also(
    'schema.value_not_allowed',
    'case',
    'delivery.mode ASYNC: closed sets compare exactly, so a case-insensitive comparison misses it.',
    mutated(request, (m) => {
      m.delivery.mode = 'ASYNC';
    }),
  );
  also(
    'envelope.version_unsupported',
    'minor',
    'uai_version 1.1: only 1.0 is supported, not every version that starts with 1.',
    mutated(request, (m) => {
      m.uai_version = '1.1';
    }),
  );
  also(
    'trace.traceparent_invalid',
    'final-newline',
    'A traceparent followed by a newline, which a pattern anchored with a $ that matches before a final newline lets through.',
    mutated(request, (m) => {
      m.conversation.traceparent += '\n';
    }),
  );
  also(
    'trace.traceparent_invalid',
    'trailing-field',
    'A version-00 traceparent with a fifth field (-extra) after its flags: version 00 has four fields, and a pattern without an end anchor misses it.',
    mutated(request, (m) => {
      m.conversation.traceparent += '-extra';
    }),
  );
  also(
    'trace.traceparent_invalid',
    'flags-not-hex',
    'A traceparent whose trace-flags are xy: two characters, but no hex.',
    mutated(request, (m) => {
      m.conversation.traceparent = `${m.conversation.traceparent.slice(0, -2)}xy`;
    }),
  );
  also(
    'trace.traceparent_invalid',
    'version-01',
    'A traceparent of version 01: UAI-1 takes version 00 only, where a W3C parser would read a later version it does not know.',
    mutated(request, (m) => {
      m.conversation.traceparent = m.conversation.traceparent.replace(/^00-/, '01-');
    }),
  );
  also(
    'identity.did_invalid',
    'percent',
    'A source DID whose method-specific id holds a % not followed by two hex digits (did:web:a%xy).',
    mutated(request, (m) => {
      m.source.did = 'did:web:a%xy';
    }),
  );
  also(
    'identity.did_invalid',
    'trailing-colon',
    'A source DID ending in a colon (did:web:example.org:): the method-specific id may not end with one.',
    mutated(request, (m) => {
      m.source.did = 'did:web:example.org:';
    }),
  );
  also(
    'extension.namespace_invalid',
    'nid-length',
    'An extension namespace whose NID is one character (urn:a:ext:delivery): an RFC 8141 NID has 2 to 32.',
    mutated(request, (m) => {
      m.extensions[0].namespace = 'urn:a:ext:delivery';
    }),
  );
  also(
    'extension.namespace_invalid',
    'name-case',
    'An extension namespace whose name after :ext: is not lower-case (urn:uai:ext:Delivery).',
    mutated(request, (m) => {
      m.extensions[0].namespace = 'urn:uai:ext:Delivery';
    }),
  );
  also(
    'issue.help_url_mismatch',
    'fragment-only',
    "A typed error whose issue item links to its code's anchor on another site: the right #fragment, the wrong page.",
    mutated(error, (m) => {
      m.body.errors[0].help_url = `https://evil.example/#${m.body.errors[0].code}`;
    }),
  );
  also(
    'issue.help_url_mismatch',
    'conformance-record',
    "A conformance record whose issue item links somewhere other than its code's anchor: the rule holds for conformance issues too, not only a typed error's.",
    mutated(conformance, (m) => {
      m.body.issues = [
        {
          code: 'field.unregistered_value',
          severity: 'warning',
          path: '/body/intent',
          message: 'The intent is not in the registered open set.',
          help_url: 'https://evil.example/x',
        },
      ];
      m.body.summary.warning_count = 1;
      m.body.conformance_level = 'L3';
    }),
  );
  also(
    'issue.severity_mismatch',
    'conformance-record',
    'A conformance record whose issue item calls a finding of a warning code (field.unregistered_value) an error: the rule holds for conformance issues too.',
    mutated(conformance, (m) => {
      m.body.issues = [
        {
          code: 'field.unregistered_value',
          severity: 'error',
          path: '/body/intent',
          message: 'The intent is not in the registered open set.',
        },
      ];
      m.body.status = 'fail';
      m.body.summary.error_count = 1;
      delete m.body.conformance_level;
    }),
  );
  also(
    'conformance.summary_mismatch',
    'level',
    'A record with no issues whose conformance_level claims L2: the level a record states must be the one its issues give.',
    mutated(conformance, (m) => {
      m.body.conformance_level = 'L2';
    }),
  );
  also(
    'conformance.summary_mismatch',
    'both-counts',
    'A record with no issues whose summary counts one error and two warnings: one issue for each count, not only the first.',
    mutated(conformance, (m) => {
      m.body.summary.error_count = 1;
      m.body.summary.warning_count = 2;
    }),
  );
  also(
    'response.task_ref_mismatch',
    'without-body-task-ref',
    'A completed response without body.task_ref whose body.result.task_id names another task than delivery.task_ref: the references agree with each other, not only with body.task_ref.',
    mutated(response, (m) => {
      m.body.status = 'completed';
      delete m.body.task_ref;
      m.body.result.task_id = 'task-0002';
    }),
  );
  // Repeated names, non-finite numbers and lone surrogates are looked for everywhere in the text.
  // The repeated name is mode, as in the other duplicate fixtures (delivery.mode comes first in the text).
  const steps = mutated(response, (m) => {
    m.body.result.example = { steps: [{ mode: 'fast' }] };
  });
  invalid.push({
    id: 'invalid/message.duplicate_member/array-item',
    description:
      'mode written twice (same value) in an array item of a free-form member: a repeated name inside an array item is one too.',
    mode: 'keyed-json',
    text: JSON.stringify(steps).replace('"steps":[{"mode":"fast"}]', '"steps":[{"mode":"fast","mode":"fast"}]'),
    expected_codes: ['message.duplicate_member'],
  });
  invalid.push({
    id: 'invalid/message.not_canonicalizable/negative',
    description:
      'provenance.confidence written as -1e400: past the double range on the negative side, which a test for +Infinity alone misses.',
    mode: 'keyed-json',
    text: JSON.stringify(confidence).replace(String(NUMBER_MARK), '-1e400'),
    expected_codes: ['message.not_canonicalizable'],
  });
  const loneName = mutated(request, (m) => {
    m.provenance.lineage[0][STRING_MARK] = 1;
  });
  invalid.push({
    id: 'invalid/combined/lone-surrogate-name',
    description:
      'A lineage item with a member named by a lone surrogate: a member name has no canonical form either, not only a string value; and the member is unregistered.',
    mode: 'keyed-json',
    text: JSON.stringify(loneName).replace(STRING_MARK, '\\ud800'),
    expected_codes: ['field.unknown_member', 'message.not_canonicalizable'],
  });
  also(
    'field.alias_key',
    'array-item',
    'provenance.lineage[0].actorId instead of actor_id: aliases are looked for inside array items too.',
    mutated(request, (m) => {
      m.provenance.lineage[0].actorId = m.provenance.lineage[0].actor_id;
      delete m.provenance.lineage[0].actor_id;
    }),
  );
  also(
    'field.alias_key',
    'lower-case',
    'messageid instead of message_id: an alias is any spelling that differs only in case and separators, not only camelCase.',
    mutated(request, (m) => {
      m.messageid = m.message_id;
      delete m.message_id;
    }),
  );
  also(
    'integrity.checksum_malformed',
    'trailing-digits',
    'The right checksum with two more hex digits after it: a pattern without an end anchor takes the first 64.',
    mutated(
      request,
      (m) => {
        m.integrity.checksum += '00';
      },
      false,
    ),
  );
  invalid.push({
    id: 'invalid/keyless.required_null/missing-position',
    description:
      'A keyless request whose conversation array stops before its required sequence position: a missing trailing position is empty as a null is.',
    mode: 'keyless-json',
    message: messageToKeyless(
      mutated(request, (m) => {
        delete m.conversation.sequence;
      }),
    ),
    expected_codes: ['keyless.required_null'],
  });
  invalid.push({
    id: 'invalid/combined/keyless-shape-and-type',
    description:
      'A keyless request with a string at the source position: keyless.shape_mismatch, and the string is then checked as the value it is (schema.type), not skipped.',
    mode: 'keyless-json',
    message: messageToKeyless(
      mutated(request, (m) => {
        m.source = 'agent';
      }),
    ),
    expected_codes: ['keyless.shape_mismatch', 'schema.type'],
  });
  invalid.push({
    id: 'invalid/combined/keyless-overflow-and-value',
    description:
      'A keyless request whose conversation array has one position too many and whose delivery.mode is outside its closed set: both reported, the overflow does not stop the check.',
    mode: 'keyless-json',
    message: (
      messageToKeyless(
        mutated(request, (m) => {
          m.delivery.mode = 'sideways';
        }),
      ) as unknown[]
    ).map((v, i) => (i === conversationAt ? [...(v as unknown[]), 'extra'] : v)),
    expected_codes: ['keyless.overflow', 'schema.value_not_allowed'],
  });
  also(
    'schema.required',
    'body',
    'A request without a body: the body member itself is an envelope path, so the message stays at L0 (not L1, as an error under /body would leave it).',
    mutated(request, (m) => {
      delete m.body;
    }),
  );
  also(
    'delivery.expiry_not_after_issue',
    'fraction-trailing-zero',
    'expires_at at .50 of a second, issued_at at .5: the same instant, later only as text.',
    mutated(request, (m) => {
      m.provenance.issued_at = '2026-11-01T09:00:00.5Z';
      m.delivery.expires_at = '2026-11-01T09:00:00.50Z';
    }),
  );
  also(
    'trace.trace_id_mismatch',
    'upper-case',
    'provenance.trace_id in upper-case hex: the trace-id compares exactly, so a case-insensitive comparison misses it.',
    mutated(request, (m) => {
      m.provenance.trace_id = m.provenance.trace_id.toUpperCase();
    }),
  );
  also(
    'intent.profile_unregistered',
    'response-profile',
    'A request asking for its answer in an unregistered (well-formed) response_profile.',
    mutated(request, (m) => {
      m.body.response_profile = 'uai.intent.answer.v1';
    }),
  );
  also(
    'field.unregistered_value',
    'capability-intent',
    "A capability statement's operation with an intent outside the registered open set.",
    mutated(capability, (m) => {
      m.body.operations[0].intent = 'summarize-profile';
    }),
  );
  also(
    'field.unknown_member',
    'body-nested',
    'An unregistered member of body.parameters: unknown members are looked for below the top level of the body too.',
    mutated(request, (m) => {
      m.body.parameters.include_everything = true;
    }),
  );
  // 1e-400 reads as 0, the value sealed: the checksum holds, and only the text shows the loss.
  const tiny = mutated(response, (m) => {
    m.body.result.example = { tiny: 0 };
  });
  invalid.push({
    id: 'invalid/message.number_imprecise/underflow',
    description:
      'A number in a free-form member written as 1e-400, which a double holds as 0: one significant digit, and still not the value written.',
    mode: 'keyed-json',
    text: JSON.stringify(tiny).replace('"tiny":0', '"tiny":1e-400'),
    expected_codes: ['message.number_imprecise'],
  });
  also(
    'error.code_unpublished',
    'problem-only-code',
    'A typed error whose code request.timeout the error registry publishes for HTTP problem documents only (used_in), not for uai.error.v1 bodies.',
    mutated(error, (m) => {
      m.body.code = 'request.timeout';
      m.body.status = 408;
      m.body.retryable = true;
    }),
  );
  valid.push(...edgeFixtures(request, response));
  return { valid, invalid };
}

/**
 * Valid messages at the edges of rules, which a validator that is strict in the wrong place
 * refuses: a leap second, two instants half a second apart, an integer written 1.0, nesting and a
 * path at their limits. Each has no issue and reaches L4, as the published examples do.
 */
function edgeFixtures(request: Message, response: Message): ValidFixture[] {
  const edge = (name: string, message: Message, text?: string): ValidFixture => ({
    id: `valid/edge/${name}`,
    profile: String(message.profile),
    form: 'edge',
    mode: 'keyed-json',
    ...(text === undefined ? { message } : { text }),
    canonical_hash: canonicalHash(message),
  });
  const sealed = (base: Message, mutate: Mutation): Message => {
    const copy = structuredClone(base);
    mutate(copy);
    return seal(copy);
  };
  const leap = sealed(request, (m) => {
    m.provenance.issued_at = '2016-12-31T23:59:59.5Z';
    m.delivery.expires_at = '2016-12-31T23:59:60Z';
  });
  const halfSecond = sealed(request, (m) => {
    m.provenance.issued_at = '2026-11-01T09:00:00.5Z';
    m.delivery.expires_at = '2026-11-01T09:00:00.7Z';
  });
  const sequenceOne = sealed(request, () => {});
  // 64 levels, the most a message may nest: the message is level 1, body.result.example level 4.
  const deepest = sealed(response, (m) => {
    let v: unknown = 'leaf';
    for (let level = 64; level > 3; level--) v = { n: v };
    m.body.result.example = v;
  });
  // The path of the innermost object is /body/result/example/<100 a>/<100 b>/<100 c>/<100 d>/<100 e>
  // = 20 + 5 x 101 = 525 > 512, but that object is a string: only objects and arrays have a path
  // that counts, and the deepest object's is 20 + 4 x 101 = 424.
  const longLeafName = sealed(response, (m) => {
    let v: unknown = 'leaf';
    for (const c of 'edcba') v = { [c.repeat(100)]: v };
    m.body.result.example = v;
  });
  return [
    edge('leap-second', leap),
    edge('half-second-apart', halfSecond),
    edge(
      'integer-written-1.0',
      sequenceOne,
      JSON.stringify(sequenceOne).replace(/"sequence":1([,}])/, '"sequence":1.0$1'),
    ),
    edge('nesting-64', deepest),
    edge('long-name-of-a-string', longLeafName),
  ];
}
