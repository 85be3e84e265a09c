/**
 * Schema stage: runs the precompiled validator of the message's profile (the envelope schema
 * alone when the profile is not current) and turns ajv errors into issue drafts (CONTRACT
 * section 4). A value-constraint failure of a field with a valueIssueCode gets that specific
 * code; everything else a generic schema.* code by keyword.
 */
import { schemaValidator } from '../schema-validators.ts';
import type { SchemaError } from '../schema-validator-types.ts';
import type { IssueDraft } from '../issues.ts';
import { childPath, pointerSegments } from '../pointer.ts';
import { issueCode, type IssueCodeId } from '../../standard/code-shapes.ts';
import { ENVELOPE_SCHEMA_ID, isProfileId } from '../../standard/profiles.ts';
import { fieldAtPointer } from '../field-model.ts';
import { echo, isRecord, jsonType, own } from '../json.ts';

const GENERIC = new Map<string, IssueCodeId>([
  ['required', 'schema.required'],
  ['type', 'schema.type'],
  ['enum', 'schema.value_not_allowed'],
  ['const', 'schema.value_not_allowed'],
  ['format', 'schema.format'],
  ['pattern', 'schema.pattern'],
  ['minimum', 'schema.range'],
  ['maximum', 'schema.range'],
  ['exclusiveMinimum', 'schema.range'],
  ['exclusiveMaximum', 'schema.range'],
  ['minLength', 'schema.length'],
  ['maxLength', 'schema.length'],
  ['minItems', 'schema.length'],
  ['maxItems', 'schema.length'],
]);

const VALUE_KEYWORDS = new Set(['enum', 'const', 'pattern']);

/** The value at a pointer, read through own members only. */
function valueAt(root: unknown, pointer: string): unknown {
  let v = root;
  for (const s of pointerSegments(pointer)) {
    if (Array.isArray(v)) v = v[Number(s)];
    else if (isRecord(v)) v = own(v, s);
    else return undefined;
  }
  return v;
}

/** The issue code of an ajv error, or undefined for wrappers (allOf, $ref, if) that repeat their children. */
function codeFor(error: SchemaError, profile: unknown): IssueCodeId | undefined {
  const generic = GENERIC.get(error.keyword);
  if (!generic || !VALUE_KEYWORDS.has(error.keyword)) return generic;
  return fieldAtPointer(error.instancePath, profile)?.valueIssueCode ?? generic;
}

/** The words of an issue (message, expected, actual): built only for the issues a result lists. */
function detailFor(code: IssueCodeId, error: SchemaError, message: unknown): IssueDraft {
  const generic = GENERIC.get(error.keyword)!;
  const p = error.params;
  if (error.keyword === 'required') {
    const name = String(p.missingProperty);
    return {
      code,
      path: error.instancePath + tailOf(error),
      message: `The required member ${name} is missing.`,
      expected: name,
      keyword: 'required',
    };
  }
  const path = error.instancePath;
  const value = valueAt(message, path);
  const specific = code === generic ? undefined : code;
  const keyword = error.keyword;
  const name = path === '' ? 'The message' : `The member ${pointerSegments(path).at(-1)}`;
  switch (keyword) {
    case 'type':
      return {
        code,
        path,
        message: `${name} must be of type ${String(p.type)}, not ${jsonType(value)}.`,
        expected: p.type,
        actual: jsonType(value),
        keyword,
      };
    case 'enum':
    case 'const': {
      const expected = keyword === 'enum' ? p.allowedValues : [p.allowedValue];
      const text = specific ? issueCode(specific).title : `${name} is not an allowed value`;
      return {
        code,
        path,
        message: `${text}: ${JSON.stringify(echo(value))} is not one of ${JSON.stringify(expected)}.`,
        expected,
        actual: echo(value),
        keyword,
      };
    }
    case 'pattern': {
      const text = specific ? issueCode(specific).title : `${name} does not match its pattern`;
      return { code, path, message: `${text}.`, expected: p.pattern, actual: echo(value), keyword };
    }
    case 'format':
      return {
        code,
        path,
        message: `${name} is not a valid ${String(p.format)}.`,
        expected: p.format,
        actual: echo(value),
        keyword,
      };
    default: {
      const bound = `${String(p.comparison ?? (keyword.startsWith('min') ? '>=' : '<='))} ${String(p.limit)}`;
      return {
        code,
        path,
        message: `${name} is out of bounds (${keyword} ${String(p.limit)}).`,
        expected: bound,
        actual: echo(Array.isArray(value) ? value.length : typeof value === 'string' ? value.length : value),
        keyword,
      };
    }
  }
}

/** Schema id used for a message: its profile's, or the shared envelope when the profile is not current. */
export const schemaIdFor = (profile: unknown): string => (isProfileId(profile) ? profile : ENVELOPE_SCHEMA_ID);

/**
 * One schema issue as a draft: its code and path at once, its words on first read. Built only
 * for the issues a result lists (and for the rare ones the tally cannot count in place).
 */
export class SchemaIssue implements IssueDraft {
  readonly code: IssueCodeId;
  readonly path: string;
  private readonly error: SchemaError;
  private readonly root: unknown;
  private words: IssueDraft | undefined;

  constructor(code: IssueCodeId, error: SchemaError, root: unknown) {
    this.code = code;
    this.error = error;
    this.root = root;
    this.path = error.instancePath + tailOf(error);
  }

  private get detail(): IssueDraft {
    return (this.words ??= detailFor(this.code, this.error, this.root));
  }
  get message(): string {
    return this.detail.message;
  }
  get expected(): unknown {
    return this.detail.expected;
  }
  get actual(): unknown {
    return this.detail.actual;
  }
  get keyword(): string | undefined {
    return this.detail.keyword;
  }
}

const tails = new Map<string, string>();

/**
 * What an error's path adds to its instancePath: `/name` for a missing member, nothing otherwise.
 * The names are the schemas' own, so each tail is built once.
 */
export function tailOf(error: SchemaError): string {
  if (error.keyword !== 'required') return '';
  const name = String(error.params.missingProperty);
  let tail = tails.get(name);
  if (tail === undefined) tails.set(name, (tail = childPath('', name)));
  return tail;
}

/** A type error's expected type that holds numbers: 1e400 is a number of JSON, no fault of type there. */
const NUMERIC_TYPE = /\b(?:number|integer)\b/;

const isValueCheck = (e: SchemaError) => e.keyword === 'enum' || e.keyword === 'const';
const isShallow = (instancePath: string) => instancePath.indexOf('/', 1) < 0;

/**
 * Whether errors[k], a value check (enum, const), failed on a value of the wrong type: one
 * problem, one issue (the type's). Below the root's own members a location has one schema, whose
 * type and value checks ajv emits one after the other, so the errors just before it tell; at the
 * root and its members (two schemas, see SchemaFindings) a set of the type errors there does.
 */
function wrongTyped(errors: readonly SchemaError[], k: number, shallowTyped: () => Set<string>): boolean {
  const at = errors[k]!.instancePath;
  if (isShallow(at)) return shallowTyped().has(at);
  for (let j = k - 1; j >= 0 && errors[j]!.instancePath === at; j--) if (errors[j]!.keyword === 'type') return true;
  return false;
}

/** Called for each issue: its code, and its path as instancePath + tail (see tailOf). */
export type FindingVisitor = (code: IssueCodeId, error: SchemaError, deep: boolean, tail: string) => void;

/**
 * The issues of the schema stage, read in place from ajv's errors. A hostile message of 256 KiB
 * raises a few hundred thousand of them and a result lists only the first hundred, so no draft
 * and no path string is made per issue; the tally counts them as they are visited
 * (docs/contract.md, "Limits").
 *
 * An issue is `deep` when its checked location lies two or more members deep. Only the root and
 * its own members are checked by two schemas (the envelope's and the profile's,
 * tests/engine/issue-list.test.ts holds the schemas to that), so a deep issue repeats only as a
 * neighbour in ajv's output.
 */
export class SchemaFindings {
  private readonly message: unknown;
  private readonly profile: unknown;
  private readonly errors: readonly SchemaError[];
  /** Paths whose missing-member issues another stage already reports. */
  private excluded: ReadonlySet<string> | undefined;
  /** Paths of numbers past the double range, whose schema.type is no issue of its own. */
  private untyped: ReadonlySet<string> | undefined;
  /**
   * The code of each error, undefined for one that is no issue of its own: filled by the first
   * pass, so that a second (the copy rules' flags after the tally) does not decide them again.
   */
  private codes: (IssueCodeId | undefined)[] | undefined;
  /**
   * Set when every key of the message is known to be well-formed UTF-16 (the message has a
   * canonical form): then no instancePath needs checking before it is compared or sealed.
   */
  wellFormedPaths = false;

  constructor(errors: readonly SchemaError[], message: unknown, profile: unknown) {
    this.errors = errors;
    this.message = message;
    this.profile = profile;
  }

  /**
   * Leaves out schema.type at these paths where a number is expected: numbers a double does not
   * hold, which the validators see as no number ("must be of type number, not number") and the
   * message reports as message.not_canonicalizable (docs/contract.md, "a number beyond the double
   * range"). Where a string is expected, 1e400 is a number in the wrong place, and is reported so.
   */
  withoutTypeAt(paths: ReadonlySet<string>): void {
    if (this.codes) throw new Error('withoutTypeAt after the issues were read');
    if (paths.size > 0) this.untyped = paths;
  }

  /** Leaves out schema.required at these paths (reported otherwise, e.g. keyless.required_null). */
  withoutRequiredAt(paths: ReadonlySet<string>): void {
    if (this.codes) throw new Error('withoutRequiredAt after the issues were read');
    if (paths.size > 0) this.excluded = paths;
  }

  forEach(visit: FindingVisitor): void {
    const { errors, codes } = this;
    if (codes) {
      for (let k = 0; k < errors.length; k++) {
        const code = codes[k];
        if (code === undefined) continue;
        const error = errors[k]!;
        visit(code, error, !isShallow(error.instancePath), tailOf(error));
      }
      return;
    }
    const decided: (IssueCodeId | undefined)[] = new Array(errors.length);
    const { excluded, untyped } = this;
    let shallow: Set<string> | undefined;
    const shallowTyped = () =>
      (shallow ??= new Set(
        errors.filter((e) => e.keyword === 'type' && isShallow(e.instancePath)).map((e) => e.instancePath),
      ));
    for (let k = 0; k < errors.length; k++) {
      const error = errors[k]!;
      if (isValueCheck(error) && wrongTyped(errors, k, shallowTyped)) continue;
      const code = codeFor(error, this.profile);
      if (!code) continue;
      const tail = tailOf(error);
      if (excluded && code === 'schema.required' && excluded.has(error.instancePath + tail)) continue;
      if (
        untyped &&
        code === 'schema.type' &&
        untyped.has(error.instancePath) &&
        NUMERIC_TYPE.test(String(error.params.type))
      )
        continue;
      decided[k] = code;
      visit(code, error, !isShallow(error.instancePath), tail);
    }
    this.codes = decided;
  }

  /** The draft of one visited issue. */
  draft(code: IssueCodeId, error: SchemaError): SchemaIssue {
    return new SchemaIssue(code, error, this.message);
  }

  /** Every issue as a draft: for small inputs and tests; the tally reads them in place. */
  drafts(): SchemaIssue[] {
    const out: SchemaIssue[] = [];
    this.forEach((code, error) => out.push(this.draft(code, error)));
    return out;
  }
}

const NO_ERRORS: readonly SchemaError[] = [];

/** The schema stage for a message: one issue per problem, specific codes where the model names one. */
export function schemaIssues(message: unknown, profile: unknown): SchemaFindings {
  const validate = schemaValidator(schemaIdFor(profile));
  const errors = validate(message) ? NO_ERRORS : (validate.errors ?? NO_ERRORS);
  return new SchemaFindings(errors, message, profile);
}
