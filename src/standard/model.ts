import type { IssueCodeId } from './codes.ts';

/**
 * The field model: every object of the standard described once, as ordered fields.
 *
 * JSON Schemas, the field registry's compact order maps, the keyless converter, the
 * unknown-member and alias checks, and the profile pages' field tables are all generated
 * from these descriptions, so they cannot drift apart (CONTRACT sections 2 and 5).
 */

/** How a field's value is shaped. Order of fields in an ObjectDef is the keyless order. */
export type FieldType =
  | {
      readonly kind: 'string';
      readonly format?: 'uri' | 'date-time' | 'date';
      readonly pattern?: string;
      /** Closed value set: anything else is an error. */
      readonly enum?: readonly string[];
      /** Open value set: registered values; anything else is a warning. */
      readonly open?: readonly string[];
      readonly minLength?: number;
      readonly maxLength?: number;
    }
  | {
      readonly kind: 'integer' | 'number';
      readonly minimum?: number;
      readonly maximum?: number;
      readonly enum?: readonly number[];
    }
  | { readonly kind: 'boolean' }
  /** A nested object with its own order map. */
  | { readonly kind: 'object'; readonly ref: ObjectName }
  /** An array whose items have the given type. */
  | { readonly kind: 'array'; readonly items: FieldType; readonly minItems?: number }
  /** A free-form JSON object (kept keyed in keyless form). */
  | { readonly kind: 'json-object' }
  /** Any JSON value. */
  | { readonly kind: 'any' };

export interface FieldDef {
  readonly key: string;
  readonly type: FieldType;
  readonly required?: boolean;
  readonly description: string;
  /**
   * The issue code used when the value breaks this field's value constraint (enum,
   * pattern, const), instead of the generic schema code. Lets a published schema keep
   * the constraint while the validator reports the specific, documented problem.
   */
  readonly valueIssueCode?: IssueCodeId;
}

export interface ObjectDef {
  /** Map name: an object name (`party`) or a profile identifier for a body. */
  readonly name: ObjectName;
  readonly title: string;
  readonly description: string;
  readonly fields: readonly FieldDef[];
}

/**
 * What the engine reads of a field's type: the structure it walks and the open value set it warns
 * about. Closed sets, patterns, formats and bounds are checked by the precompiled schema
 * validators, so the engine's copy of the model leaves them out.
 */
export type TypeShape =
  | { readonly kind: 'string'; readonly open?: readonly string[] }
  | { readonly kind: 'integer' | 'number' | 'boolean' | 'json-object' | 'any' }
  | { readonly kind: 'object'; readonly ref: ObjectName }
  | { readonly kind: 'array'; readonly items: TypeShape };

/**
 * A field and an object as the engine reads them: no prose, types as TypeShape. The functions
 * carry only these (src/engine/generated/field-model.js, written from OBJECTS by
 * scripts/generate-validators.ts), so the descriptions the pages and schemas publish stay out of
 * every function bundle.
 */
export interface FieldShape {
  readonly key: string;
  readonly type: TypeShape;
  readonly required?: boolean;
  readonly valueIssueCode?: IssueCodeId;
}

export interface ObjectShape {
  readonly name: ObjectName;
  readonly title: string;
  readonly fields: readonly FieldShape[];
}

export function typeShape(type: FieldType): TypeShape {
  switch (type.kind) {
    case 'string':
      return type.open ? { kind: type.kind, open: type.open } : { kind: type.kind };
    case 'object':
      return { kind: type.kind, ref: type.ref };
    case 'array':
      return { kind: type.kind, items: typeShape(type.items) };
    default:
      return { kind: type.kind };
  }
}

/** An object of the field model as the engine reads it. */
export const objectShape = ({ name, title, fields }: ObjectDef): ObjectShape => ({
  name,
  title,
  fields: fields.map(({ key, type, description: _d, ...rest }) => ({ key, type: typeShape(type), ...rest })),
});

/** Looks objects up by name (the standard's objects, or the engine's copy without prose). */
export function objectsByName<T extends { readonly name: ObjectName }>(objects: readonly T[]): (name: string) => T {
  const byName = new Map(objects.map((o) => [o.name, o]));
  return (name) => {
    const def = byName.get(name);
    if (!def) throw new Error(`No object named ${name}`);
    return def;
  };
}

/** Names of the shared envelope parts and nested body objects. Body maps use profile ids. */
export type ObjectName = string;
