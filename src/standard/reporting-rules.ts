/**
 * How the validator reports what it finds, where the error registry's one line per code does not
 * say it: which finding is reported alone where a second code could also apply, and which level a
 * code guards where that depends on the path. A validator written from the published schemas and
 * texts alone needs these to raise exactly a fixture's codes; each rule names the conformance-pack
 * fixture that shows it: tests/engine/fixtures.test.ts runs every fixture through the engine, and
 * tests/records/reporting-rules.test.ts holds each rule to a fixture whose issues show it.
 */
import { guardsByPath, ISSUE_CODE_SHAPES } from './code-shapes.ts';

/** The codes whose level is their path's (code-shapes.ts, guardsByPath). */
const BY_PATH = ISSUE_CODE_SHAPES.filter((c) => guardsByPath(c.code)).map((c) => c.code);

export interface ReportingRule {
  readonly id: string;
  readonly rule: string;
  /** The invalid fixture (its id in the conformance pack) that shows the rule. */
  readonly fixture: string;
}

export const REPORTING_RULES: readonly ReportingRule[] = [
  {
    id: 'order',
    rule: "Issues are listed ordered by path, then code, each compared as a string of UTF-16 code units (CONTRACT section 4). A fixture's expected_codes is the sorted set of its codes; expected_issues lists its issues in this order (invalid/field.unknown_member/utf16-order shows code units, not code points; invalid/combined/repeated-name-last-value two codes at one path). A path is written as well-formed Unicode: a lone surrogate in a member name on it is written U+FFFD, since a record holding the issue must have a canonical form to be sealed (invalid/combined/lone-surrogate-name).",
    fixture: 'invalid/combined/response',
  },
  {
    id: 'stops-at-l0',
    rule: 'A message nested deeper than 64 levels, or holding an object or array whose path is longer than 512 characters, is message.too_deep alone, at the path "" (POST /v1/validate refuses one nested deeper than 64 before validating it: 400 request.too_deep, CONTRACT section 8; such a fixture says so in route_refusal). An input that is no JSON object in keyed-json mode (message.not_object), or a keyless input that does not convert to one, gets no schema, rule or integrity check: only what reading it shows (repeated names, imprecise numbers, no canonical form) is reported beside. A keyed object sent in keyless-json mode is keyless.shape_mismatch and is then checked as the object it is. Every other finding leaves the rest checked (schema, rules and warnings; see non-finite-number-alone for a value past the double range); the checksum is compared only when the message has a canonical form. The path of an object or array is counted as its JSON Pointer, unescaped: the member names and array indexes on the way to it, plus one character per level for the slash (/body/result/example is 20); the name of a string, number, boolean or null member is not counted, and in keyless-json mode the path is that of the keyed message (invalid/message.too_deep/path-length).',
    fixture: 'invalid/message.too_deep',
  },
  {
    id: 'rule-code-alone',
    rule: "A member with a rule of its own (uai_version, integrity.version, integrity.algorithm, integrity.canonicalization, integrity.checksum, a traceparent, a DID, an extension namespace) that breaks its schema value check (const, enum, pattern) is reported with the rule's code alone, not also schema.value_not_allowed or schema.pattern.",
    fixture: 'invalid/envelope.version_unsupported',
  },
  {
    id: 'wrong-type-alone',
    rule: 'A value of the wrong JSON type is schema.type alone, not also a failed value check (enum, const, pattern, format, range, length) at the same path.',
    fixture: 'invalid/schema.type/closed-set',
  },
  {
    id: 'malformed-checksum-alone',
    rule: 'A malformed integrity.checksum is integrity.checksum_malformed alone: it is not also compared, so never also integrity.checksum_mismatch.',
    fixture: 'invalid/integrity.checksum_malformed/upper-case-hex',
  },
  {
    id: 'alias-alone',
    rule: "A key spelled as an alias of a registered key (messageId for message_id, at any depth) is field.alias_key at the alias's path alone: not also schema.required for the key it stands for, nor field.unknown_member.",
    fixture: 'invalid/field.alias_key/nested',
  },
  {
    id: 'keyless-null-alone',
    rule: 'A required position that is null or missing in a keyless message is keyless.required_null alone, at the keyed path of the member, not also schema.required. The rest of the message is still checked (invalid/combined/keyless-null-and-value).',
    fixture: 'invalid/keyless.required_null',
  },
  {
    id: 'malformed-profile-id-alone',
    rule: 'A body.subject, requested_profile or response_profile that is not a profile identifier is schema.pattern alone, not also intent.profile_unregistered or intent.response_profile_unanswered, which judge well-formed identifiers.',
    fixture: 'invalid/schema.pattern',
  },
  {
    id: 'empty-reference-alone',
    rule: 'An empty reference (task_ref, request_message_id, parent_message_id) is its schema.length issue alone, not also a disagreement with the references it should equal.',
    fixture: 'invalid/schema.length/empty-reference',
  },
  {
    id: 'non-finite-number-alone',
    rule: 'A number past the double range (1e400) is message.not_canonicalizable, once for the message, at the first such value in member order, never message.number_imprecise. Where the schema expects a number, nothing else is checked of that value (no schema.type, range, value or rule issue: it has no value a double holds to compare); where it expects another type, it is also schema.type, as any number there is (invalid/combined/number-for-a-string).',
    fixture: 'invalid/message.not_canonicalizable/typed-number',
  },
  {
    id: 'text-fixtures',
    rule: 'Repeated member names (one message.duplicate_member for each name repeated in an object, however often it repeats; the last value written is the one checked, as JSON.parse reads it) and numbers a double does not hold (one message.number_imprecise per number) are seen only in the text: a fixture that carries text is sent as exactly those bytes, never parsed and written again.',
    fixture: 'invalid/message.duplicate_member/last-value-read',
  },
  {
    id: 'instants',
    rule: 'provenance.issued_at and delivery.expires_at are compared as the instants they name, never as text: the offset applied (invalid/delivery.expiry_not_after_issue/offset), a fraction read as a decimal fraction of a second, no fraction the same as .0 (invalid/delivery.expiry_not_after_issue/fraction-digits: .25 is before .5), and a leap second (:60) after :59 of its minute. An expiry equal to the issue instant is not after it.',
    fixture: 'invalid/delivery.expiry_not_after_issue/fraction-absent',
  },
  {
    id: 'schema-codes-by-path',
    rule: `These codes guard L1 on envelope paths and L2 on paths under /body (the conformance levels record lists them as guarded_by_path): ${BY_PATH.join(', ')}. A message whose only errors are among them, under /body, reaches L1 (CONTRACT section 7). Every other code guards the level the error registry gives it.`,
    fixture: 'invalid/keyless.required_null/body',
  },
];
