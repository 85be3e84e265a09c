/**
 * The field model as the engine reads it, and lookups over it built once at module load: objects
 * by name, fields by key, and the alias index used by the key-spelling check (CONTRACT section 4:
 * `messageId` names `message_id`). The objects are src/standard/objects without their prose
 * (src/engine/generated/field-model.js), so no function bundle carries the descriptions.
 */
import { objectsByName, type FieldShape, type TypeShape, type ObjectShape } from '../standard/model.ts';
import { isProfileId, type ProfileId } from '../standard/profiles.ts';
import { OBJECTS } from './generated/field-model.js';
import { pointerSegments } from './pointer.ts';

export { OBJECTS };

export const objectDef: (name: string) => ObjectShape = objectsByName(OBJECTS);

export const bodyDef = (profile: ProfileId): ObjectShape => objectDef(profile);

/** The message envelope (spec 2.2): the root of every walk. */
export const ENVELOPE: ObjectShape = objectDef('envelope');

interface DefIndex {
  readonly fields: ReadonlyMap<string, FieldShape>;
  /** Normalized spelling (lowercase, no `_` or `-`) -> registered key. */
  readonly aliases: ReadonlyMap<string, string>;
}

export const normalizeKey = (key: string): string => key.toLowerCase().replace(/[_-]/g, '');

const indexes = new Map<ObjectShape, DefIndex>(
  OBJECTS.map((def) => [
    def,
    {
      fields: new Map(def.fields.map((f) => [f.key, f])),
      aliases: new Map(def.fields.map((f) => [normalizeKey(f.key), f.key])),
    },
  ]),
);

/** The field and alias index of an object map. */
export const defIndex = (def: ObjectShape): DefIndex => indexes.get(def)!;

export const fieldOf = (def: ObjectShape, key: string): FieldShape | undefined => defIndex(def).fields.get(key);

/** The registered key a misspelled key stands for, if any. */
export function aliasOf(def: ObjectShape, key: string): string | undefined {
  const right = defIndex(def).aliases.get(normalizeKey(key));
  return right !== undefined && right !== key ? right : undefined;
}

/** Body map of a profile, when the profile is current (others have no known body shape). */
export const bodyDefFor = (profile: unknown): ObjectShape | undefined =>
  isProfileId(profile) ? bodyDef(profile) : undefined;

/** The object map of a field's value: the envelope body follows the profile; nested objects their ref. */
export function nestedDef(
  owner: ObjectShape,
  field: FieldShape,
  type: TypeShape,
  profile: unknown,
): ObjectShape | undefined {
  if (owner === ENVELOPE && field.key === 'body') return bodyDefFor(profile);
  if (type.kind === 'object') return objectDef(type.ref);
  return undefined;
}

/** The field a pointer names (the last key segment resolved through the model), if registered. */
export function fieldAtPointer(pointer: string, profile: unknown): FieldShape | undefined {
  let def: ObjectShape | undefined = ENVELOPE;
  let type: TypeShape | undefined;
  let field: FieldShape | undefined;
  for (const segment of pointerSegments(pointer)) {
    if (type?.kind === 'array') {
      // An array item: the field stays the array's, the type moves to the items.
      type = type.items;
      def = type.kind === 'object' ? nestedDef(ENVELOPE, { key: '', type }, type, profile) : undefined;
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
