/**
 * Keyless transport (CONTRACT section 5): an object is an array whose position i holds the value
 * of ordered_fields[i]; nested objects are arrays by their own map; null or a missing trailing
 * position means absent. The envelope's body follows the map of the message's profile.
 */
import type { TypeShape, ObjectShape } from '../standard/model.ts';
import { ENVELOPE, nestedDef, objectDef } from './field-model.ts';
import type { IssueDraft } from './issues.ts';
import { isRecord, jsonType } from './json.ts';
import { childPath } from './pointer.ts';

type Json = unknown;

function valueToKeyless(value: Json, type: TypeShape, def: ObjectShape | undefined): Json {
  if (def && isRecord(value)) return objectToKeyless(value, def);
  if (type.kind === 'array' && Array.isArray(value)) {
    const items = type.items;
    const itemDef = items.kind === 'object' ? objectDef(items.ref) : undefined;
    return value.map((item) => valueToKeyless(item, items, itemDef));
  }
  return value;
}

/** Keyed object -> keyless array. Unregistered members have no position and are dropped. */
export function objectToKeyless(keyed: Record<string, unknown>, def: ObjectShape): Json[] {
  const out: Json[] = def.fields.map((field) => {
    if (!Object.hasOwn(keyed, field.key) || keyed[field.key] === undefined) return null;
    return valueToKeyless(keyed[field.key], field.type, nestedDef(def, field, field.type, keyed.profile));
  });
  while (out.length && out[out.length - 1] === null) out.pop();
  return out;
}

/** The keyless array of a keyed message; any object, so typed messages go in as they are. */
export const messageToKeyless = (message: object): Json[] =>
  objectToKeyless(message as Record<string, unknown>, ENVELOPE);

export interface KeylessResult {
  readonly value: Json;
  readonly issues: IssueDraft[];
}

function valueFromKeyless(
  value: Json,
  type: TypeShape,
  def: ObjectShape | undefined,
  path: string,
  issues: IssueDraft[],
): Json {
  if (def) return objectFromKeyless(value, def, path, issues);
  if (type.kind === 'array' && Array.isArray(value)) {
    const items = type.items;
    const itemDef = items.kind === 'object' ? objectDef(items.ref) : undefined;
    return value.map((item, i) => valueFromKeyless(item, items, itemDef, childPath(path, i), issues));
  }
  return value;
}

function objectFromKeyless(input: Json, def: ObjectShape, path: string, issues: IssueDraft[]): Json {
  if (!Array.isArray(input)) {
    issues.push({
      code: 'keyless.shape_mismatch',
      path,
      message: `Expected a keyless array for ${def.title.toLowerCase()} (order map ${def.name}).`,
      expected: 'array',
      actual: jsonType(input),
    });
    return input;
  }
  if (input.length > def.fields.length) {
    issues.push({
      code: 'keyless.overflow',
      path,
      message: `The keyless array has ${input.length} positions; the ${def.name} map has ${def.fields.length}.`,
      expected: def.fields.length,
      actual: input.length,
    });
  }
  const keyed: Record<string, unknown> = {};
  def.fields.forEach((field, index) => {
    const raw = input[index];
    const fieldPath = childPath(path, field.key);
    if (raw === null || raw === undefined) {
      if (field.required)
        issues.push({
          code: 'keyless.required_null',
          path: fieldPath,
          message: `Position ${index} (${field.key}) is required but empty.`,
          expected: field.key,
        });
      return;
    }
    keyed[field.key] = valueFromKeyless(
      raw,
      field.type,
      nestedDef(def, field, field.type, keyed.profile),
      fieldPath,
      issues,
    );
  });
  return keyed;
}

/** Keyless array -> keyed message, with the shape issues found on the way. Paths point into the keyed form. */
export function messageFromKeyless(input: Json): KeylessResult {
  const issues: IssueDraft[] = [];
  const value = objectFromKeyless(input, ENVELOPE, '', issues);
  return { value, issues };
}

export function objectFromKeylessByMap(input: Json, def: ObjectShape): KeylessResult {
  const issues: IssueDraft[] = [];
  const value = objectFromKeyless(input, def, '', issues);
  return { value, issues };
}
