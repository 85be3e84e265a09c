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
import { issueCode, type IssueCodeId } from '../../standard/codes.ts';
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

function draftFor(error: SchemaError, message: unknown, profile: unknown): IssueDraft | undefined {
  const generic = GENERIC.get(error.keyword);
  if (!generic) return undefined; // wrappers (allOf, $ref, if) repeat what their children said
  const p = error.params;
  if (error.keyword === 'required') {
    const name = String(p.missingProperty);
    return {
      code: generic,
      path: childPath(error.instancePath, name),
      message: `The required member ${name} is missing.`,
      expected: name,
      keyword: 'required',
    };
  }
  const path = error.instancePath;
  const value = valueAt(message, path);
  const specific = VALUE_KEYWORDS.has(error.keyword) ? fieldAtPointer(path, profile)?.valueIssueCode : undefined;
  const keyword = error.keyword;
  const name = path === '' ? 'The message' : `The member ${pointerSegments(path).at(-1)}`;
  switch (keyword) {
    case 'type':
      return {
        code: generic,
        path,
        message: `${name} must be of type ${String(p.type)}, not ${jsonType(value)}.`,
        expected: p.type,
        actual: jsonType(value),
        keyword,
      };
    case 'enum':
    case 'const': {
      const expected = keyword === 'enum' ? p.allowedValues : [p.allowedValue];
      const code = specific ?? generic;
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
      const code = specific ?? generic;
      const text = specific ? issueCode(specific).title : `${name} does not match its pattern`;
      return { code, path, message: `${text}.`, expected: p.pattern, actual: echo(value), keyword };
    }
    case 'format':
      return {
        code: generic,
        path,
        message: `${name} is not a valid ${String(p.format)}.`,
        expected: p.format,
        actual: echo(value),
        keyword,
      };
    default: {
      const bound = `${String(p.comparison ?? (keyword.startsWith('min') ? '>=' : '<='))} ${String(p.limit)}`;
      return {
        code: generic,
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

/** Issue drafts of the schema stage for a message: one per problem, specific codes where the model names one. */
export function schemaIssues(message: unknown, profile: unknown): IssueDraft[] {
  const validate = schemaValidator(schemaIdFor(profile));
  if (validate(message)) return [];
  const errors = validate.errors ?? [];
  // A wrong type makes enum/const failures at the same place noise: one problem, one issue.
  const typed = new Set(errors.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  const out: IssueDraft[] = [];
  for (const error of errors) {
    if ((error.keyword === 'enum' || error.keyword === 'const') && typed.has(error.instancePath)) continue;
    const draft = draftFor(error, message, profile);
    if (draft) out.push(draft);
  }
  return out;
}
