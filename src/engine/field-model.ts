/**
 * Lookups over the field model (src/standard/model.ts), built once at module load: fields by key,
 * and the alias index used by the key-spelling check (CONTRACT section 4: `messageId` names
 * `message_id`).
 */
import type { FieldDef, FieldType, ObjectDef } from '../standard/model.ts';
import { ENVELOPE } from '../standard/objects/envelope.ts';
import { OBJECTS, bodyDef, objectDef } from '../standard/objects/index.ts';
import { isProfileId } from '../standard/profiles.ts';
import { pointerSegments } from './pointer.ts';

interface DefIndex {
  readonly fields: ReadonlyMap<string, FieldDef>;
  /** Normalized spelling (lowercase, no `_` or `-`) -> registered key. */
  readonly aliases: ReadonlyMap<string, string>;
}

export const normalizeKey = (key: string): string => key.toLowerCase().replace(/[_-]/g, '');

const indexes = new Map<ObjectDef, DefIndex>(
  OBJECTS.map((def) => [
    def,
    {
      fields: new Map(def.fields.map((f) => [f.key, f])),
      aliases: new Map(def.fields.map((f) => [normalizeKey(f.key), f.key])),
    },
  ]),
);

/** The field and alias index of an object map. */
export const defIndex = (def: ObjectDef): DefIndex => indexes.get(def)!;

export const fieldOf = (def: ObjectDef, key: string): FieldDef | undefined => defIndex(def).fields.get(key);

/** The registered key a misspelled key stands for, if any. */
export function aliasOf(def: ObjectDef, key: string): string | undefined {
  const right = defIndex(def).aliases.get(normalizeKey(key));
  return right !== undefined && right !== key ? right : undefined;
}

/** Body map of a profile, when the profile is current (others have no known body shape). */
export const bodyDefFor = (profile: unknown): ObjectDef | undefined =>
  isProfileId(profile) ? bodyDef(profile) : undefined;

/** The object map of a field's value: the envelope body follows the profile; nested objects their ref. */
export function nestedDef(owner: ObjectDef, field: FieldDef, type: FieldType, profile: unknown): ObjectDef | undefined {
  if (owner === ENVELOPE && field.key === 'body') return bodyDefFor(profile);
  if (type.kind === 'object') return objectDef(type.ref);
  return undefined;
}

/** The field a pointer names (the last key segment resolved through the model), if registered. */
export function fieldAtPointer(pointer: string, profile: unknown): FieldDef | undefined {
  let def: ObjectDef | undefined = ENVELOPE;
  let type: FieldType | undefined;
  let field: FieldDef | undefined;
  for (const segment of pointerSegments(pointer)) {
    if (type?.kind === 'array') {
      // An array item: the field stays the array's, the type moves to the items.
      type = type.items;
      def = type.kind === 'object' ? nestedDef(ENVELOPE, { key: '', type, description: '' }, type, profile) : undefined;
      field = undefined;
      continue;
    }
    if (!def) return undefined;
    field = fieldOf(def, segment);
    if (!field) return undefined;
    type = field.type;
    def = nestedDef(def, field, type, profile);
  }
  return field;
}
