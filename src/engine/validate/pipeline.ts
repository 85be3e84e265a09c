/**
 * validateMessage: the whole check of one candidate message (spec 2.4 and 4.1, CONTRACT sections
 * 3-5 and 7). Stages: depth (iterative, before anything recursive) -> the text's repeated names
 * and imprecise numbers -> shape / keyless normalization -> canonical forms -> schema -> model
 * walk -> rules -> level -> record.
 * It never throws: an unexpected failure is reported as an L0 issue (fail closed).
 */
import { canonicalJson, sha256Hex } from '../canonical.ts';
import type { IssueDraft } from '../issues.ts';
import { messageFromKeyless } from '../keyless.ts';
import { ENVELOPE_SCHEMA_ID, isProfileId } from '../../standard/profiles.ts';
import { REGISTRY_RELEASE_DATE, RELEASE, UAI_VERSION } from '../../standard/release.ts';
import { links } from '../../standard/urls.ts';
import { canonicalForms, type CanonicalForms } from './canonical-forms.ts';
import { duplicateMemberIssues } from './duplicates.ts';
import { IMPRECISE_NUMBER, REPEATED_NAME, textFindings } from '../duplicate-scan.ts';
import { impreciseNumberIssues } from './numbers.ts';
import type { TextFindings } from './text-findings.ts';
import {
  findNonCanonical,
  isRecord,
  jsonType,
  MAX_DEPTH,
  MAX_PATH_CHARS,
  nestingFault,
  nonFiniteNumberPaths,
  wellFormed,
  type NestingFault,
} from '../json.ts';
import { flagsOfParts, rememberIssues, type IssueFlags } from './issue-flags.ts';
import { tallyIssues, type IssueParts } from './issue-list.ts';
import { memberIssues } from './members.ts';
import { conformanceRecord, recordMessageId } from './record.ts';
import { isoSeconds } from '../time.ts';
import { bodyIssues } from './rules-body.ts';
import {
  checksumIssues,
  extensionIssues,
  linkageIssues,
  profileIssues,
  traceIssues,
  trustIssues,
} from './rules-envelope.ts';
import { schemaIssues } from './schema.ts';
import type { ValidateOptions, ValidatorResult, ValidatorSummary } from './types.ts';

/** Appends in place: a spread argument list overflows the stack for the issues of a hostile input. */
function append<T>(into: T[], items: readonly T[]): void {
  for (const item of items) into.push(item);
}

interface Checked {
  readonly message: unknown;
  /** The issues in their stages' order; the schema stage's are read in place (schema.ts). */
  readonly parts: IssueParts;
  readonly forms: CanonicalForms | undefined;
  readonly normalized: boolean;
}

/** The issues depend on the mode and the text alone; site and clock only word the result. */
function check(input: unknown, options: Pick<ValidateOptions, 'mode' | 'text'>, sealed?: CanonicalForms): Checked {
  const drafts: IssueDraft[] = [];
  let parts: IssueParts = [drafts];
  const done = (message: unknown, forms?: CanonicalForms, normalized = false): Checked => ({
    message,
    parts,
    forms,
    normalized,
  });
  const tooDeep = (nesting: NestingFault): Checked => {
    drafts.push(
      nesting === 'depth'
        ? {
            code: 'message.too_deep',
            path: '',
            message: `The message nests deeper than ${MAX_DEPTH} levels.`,
            expected: `<= ${MAX_DEPTH} levels`,
          }
        : {
            code: 'message.too_deep',
            path: '',
            message: `An object or array in the message has a path longer than ${MAX_PATH_CHARS} characters (its member names and array indexes, one more per level).`,
            expected: `<= ${MAX_PATH_CHARS} characters of path`,
          },
    );
    return done(input);
  };
  // The path limit is on the keyed message, whose paths the issues carry: a keyless array names
  // registered members by their index, so its own paths are shorter than the same message's keyed
  // ones, and both forms of one message must get one verdict (CONTRACT section 5). Its depth, which
  // the conversion recurses through, is bounded first.
  const keyless = options.mode === 'keyless-json';
  const nesting = nestingFault(input, MAX_DEPTH, keyless ? Infinity : MAX_PATH_CHARS);
  if (nesting) return tooDeep(nesting);
  const converted = keyless ? messageFromKeyless(input) : undefined;
  const longPath = converted && nestingFault(converted.value);
  if (longPath) return tooDeep(longPath);
  if (options.text !== undefined) {
    // What parsing lost: repeated names and numbers a double does not hold, both seen in one pass.
    const { text, mode } = options;
    const found = textFindings(text);
    const inText: TextFindings[] = [];
    if (found & REPEATED_NAME) {
      const repeated = duplicateMemberIssues(text, input, mode);
      if (Array.isArray(repeated)) append(drafts, repeated);
      else inText.push(repeated);
    }
    if (found & IMPRECISE_NUMBER) inText.push(impreciseNumberIssues(text, input, mode, (found & REPEATED_NAME) === 0));
    parts = [drafts, ...inText];
  }
  let message = input;
  let normalized = false;
  if (converted) {
    append(drafts, converted.issues);
    message = converted.value;
    normalized = isRecord(message) && Array.isArray(input);
  } else if (!isRecord(input)) {
    drafts.push({
      code: 'message.not_object',
      path: '',
      message: `In keyed-json mode the message must be a JSON object, not ${jsonType(input)}.`,
      expected: 'object',
      actual: jsonType(input),
    });
  }
  let forms: CanonicalForms | undefined = sealed;
  if (!forms)
    try {
      forms = canonicalForms(message);
    } catch {
      const path = findNonCanonical(message) ?? '';
      drafts.push({
        code: 'message.not_canonicalizable',
        path,
        message:
          'A string holds a lone surrogate or a number is not finite, so the message has no RFC 8785 canonical form.',
      });
    }
  if (!isRecord(message)) return done(message, forms, normalized);
  const schema = schemaIssues(message, message.profile);
  // In keyless form an empty required position is already reported as keyless.required_null.
  const nulls = new Set(drafts.filter((d) => d.code === 'keyless.required_null').map((d) => d.path));
  const members = memberIssues(message);
  // A key spelled as an alias is reported once, as field.alias_key, not also as missing.
  for (const d of members)
    if (d.code === 'field.alias_key') nulls.add(`${d.path.slice(0, d.path.lastIndexOf('/'))}/${String(d.expected)}`);
  schema.withoutRequiredAt(nulls);
  if (!forms) schema.withoutTypeAt(nonFiniteNumberPaths(message));
  // A canonical form exists only when no string or key holds a lone surrogate.
  schema.wellFormedPaths = forms !== undefined;
  const after: IssueDraft[] = [];
  for (const stage of [
    profileIssues(message),
    members,
    checksumIssues(message, forms?.checksum),
    traceIssues(message),
    linkageIssues(message),
    trustIssues(message),
    extensionIssues(message),
    bodyIssues(message),
  ])
    append(after, stage);
  parts = [...parts, schema, after];
  return done(message, forms, normalized);
}

/** The result, with its conformance record when `withRecord` (building and sealing one is about a fifth of a check). */
function assemble(input: unknown, checked: Checked, options: ValidateOptions, withRecord: boolean): ValidatorSummary {
  const { site, mode } = options;
  const l = links(site);
  const checkedAt = isoSeconds(options.now);
  const { listed, errorCount, warningCount, level } = tallyIssues(checked.parts, site, options.issueLimit);
  const errors = listed.filter((i) => i.severity === 'error');
  const warnings = listed.filter((i) => i.severity === 'warning');
  const issueCount = errorCount + warningCount;
  const profile =
    isRecord(checked.message) && typeof checked.message.profile === 'string'
      ? wellFormed(checked.message.profile)
      : null;
  const known = isProfileId(profile);
  // Record ids come from the canonical hash; an input without one gets a digest of its issues.
  const digest = checked.forms
    ? checked.forms.hash.slice('sha256:'.length)
    : sha256Hex(canonicalJson({ mode, issues: listed }));
  const record =
    withRecord &&
    conformanceRecord({
      site,
      checked: checked.message,
      checkedAt,
      digest,
      issues: listed,
      errorCount,
      warningCount,
      level,
    });
  const result: ValidatorSummary = {
    valid: errorCount === 0,
    checked_at: checkedAt,
    profile,
    current_release: RELEASE,
    uai_version: UAI_VERSION,
    schema_route_url: l.schema(known ? profile : ENVELOPE_SCHEMA_ID),
    registry_route_url: known ? l.registryEntry(profile) : l.registry,
    issue_count: issueCount,
    error_count: errorCount,
    warning_count: warningCount,
    ...(listed.length < issueCount ? { issues_listed: listed.length } : {}),
    errors,
    warnings,
    status: errorCount === 0 ? 'pass' : 'fail',
    normalization: {
      mode,
      status: 'current',
      supported: true,
      // The shape sent (an array in keyed mode is one: message.not_object says so); neither, the mode's.
      input_shape: Array.isArray(input) || (!isRecord(input) && mode === 'keyless-json') ? 'json-array' : 'json-object',
      normalized: checked.normalized,
      registry_release: RELEASE,
      registry_release_date: REGISTRY_RELEASE_DATE,
      field_registry_url: l.fieldRegistry,
      canonicalization: 'jcs-compatible-sorted-json',
      canonical_hash: checked.forms?.hash ?? null,
      byte_count: checked.forms?.byteCount ?? null,
    },
    ...(record ? { conformance_record: record } : {}),
    download_filename: `${recordMessageId(digest)}.json`,
    conformance_level: level,
  };
  rememberIssues(result, checked.parts);
  return result;
}

/** Checks one candidate message in the given mode; never throws (an internal failure is an L0 issue). */
export function validateMessage(input: unknown, options: ValidateOptions): ValidatorResult {
  return validated(input, options, undefined, true) as ValidatorResult;
}

/**
 * validateMessage without the conformance record, for a caller that shows none: the same result
 * otherwise, member for member (tests/engine/validate-summary.test.ts).
 */
export function validateSummary(input: unknown, options: ValidateOptions): ValidatorSummary {
  return validated(input, options, undefined, false);
}

/**
 * validateMessage of a message the engine has just built and sealed (canonical-forms.ts
 * sealWithForms): the same check, with the forms of the sealing walk instead of a second walk.
 * They are exact only while nothing has touched the message since, so this is for the engine's own
 * answers, checked where they are built (the mock exchange); its tests hold the result equal to
 * validateMessage of the same message as text.
 */
export function validateSealed(
  message: Record<string, unknown>,
  forms: CanonicalForms,
  options: ValidateOptions,
): ValidatorResult {
  return validated(message, options, forms, true) as ValidatorResult;
}

/** A bug must not turn hostile input into a crash: the input is reported as unprocessable. */
const unprocessable = (error: unknown): IssueDraft[] => [
  {
    code: 'message.not_canonicalizable',
    path: '',
    message: `The validator could not process this message (${error instanceof Error ? error.name : 'error'}).`,
  },
];

function validated(
  input: unknown,
  options: ValidateOptions,
  sealed: CanonicalForms | undefined,
  withRecord: boolean,
): ValidatorSummary {
  try {
    return assemble(input, check(input, options, sealed), options, withRecord);
  } catch (error) {
    const parts = [unprocessable(error)];
    return assemble(undefined, { message: undefined, parts, forms: undefined, normalized: false }, options, withRecord);
  }
}

/**
 * issueFlags(validateMessage(message, { mode: 'keyed-json' })) without the result around them: the
 * exchange rules read the request through these when their caller brings no validation of it
 * (exchange/check.ts).
 */
export function messageIssueFlags(message: unknown): IssueFlags {
  let parts: IssueParts;
  try {
    parts = check(message, { mode: 'keyed-json' }).parts;
  } catch (error) {
    parts = [unprocessable(error)];
  }
  return flagsOfParts(parts);
}
