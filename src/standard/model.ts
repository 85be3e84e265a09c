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
 * A field and an object without their prose: all the engine reads. The functions carry only these
 * (src/engine/generated/field-model.js, written from OBJECTS by scripts/generate-validators.ts), so
 * the descriptions the pages and schemas publish stay out of every function bundle.
 */
export type FieldShape = Omit<FieldDef, 'description'>;

export interface ObjectShape {
  readonly name: ObjectName;
  readonly title: string;
  readonly fields: readonly FieldShape[];
}

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
