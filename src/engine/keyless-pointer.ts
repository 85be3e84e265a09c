import type { TypeShape, ObjectShape } from '../standard/model.ts';
import { bodyDef, ENVELOPE, objectDef } from './field-model.ts';
import { isProfileId } from '../standard/profiles.ts';
import { pointerSegment, pointerSegments } from './pointer.ts';

/**
 * JSON Pointers between the keyed message and its keyless form (CONTRACT section 5): an object is
 * an array ordered by its compact field order map (the same ObjectDefs the field registry
 * publishes), so /delivery/mode is /<index of delivery>/<index of mode>. Array items keep their
 * index; free-form values (json-object, any) stay keyed, so their segments pass through.
 * The envelope's body follows the map of the profile found in the keyless message itself.
 */
type Place = { readonly def: ObjectShape } | { readonly items: TypeShape } | { readonly free: true };

export interface MappedPointer {
  readonly pointer: string;
  /** False when a segment has no counterpart (an unregistered key, a position past the map). */
  readonly complete: boolean;
}

const profileOf = (keyless: unknown): unknown => {
  const at = ENVELOPE.fields.findIndex((f) => f.key === 'profile');
  return Array.isArray(keyless) ? keyless[at] : undefined;
};

function placeOf(owner: ObjectShape, key: string, type: TypeShape, profile: unknown): Place {
  if (owner === ENVELOPE && key === 'body') return isProfileId(profile) ? { def: bodyDef(profile) } : { free: true };
  if (type.kind === 'object') return { def: objectDef(type.ref) };
  if (type.kind === 'array') return { items: type.items };
  return { free: true };
}

const itemPlace = (items: TypeShape): Place =>
  items.kind === 'object'
    ? { def: objectDef(items.ref) }
    : items.kind === 'array'
      ? { items: items.items }
      : { free: true };

function walk(pointer: string, keyless: unknown, toKeyless: boolean): MappedPointer {
  const profile = profileOf(keyless);
  let place: Place = { def: ENVELOPE };
  const out: string[] = [];
  for (const segment of pointerSegments(pointer)) {
    if ('def' in place) {
      const { def } = place;
      const index = toKeyless
        ? def.fields.findIndex((f) => f.key === segment)
        : /^(0|[1-9]\d*)$/.test(segment)
          ? Number(segment)
          : -1;
      const field = def.fields[index];
      if (!field) return { pointer: out.map((s) => `/${pointerSegment(s)}`).join(''), complete: false };
      out.push(toKeyless ? String(index) : field.key);
      place = placeOf(def, field.key, field.type, profile);
    } else {
      out.push(segment);
      if ('items' in place) place = itemPlace(place.items);
    }
  }
  return { pointer: out.map((s) => `/${pointerSegment(s)}`).join(''), complete: true };
}

/** A pointer into the keyed message -> the same member's pointer in the keyless array. */
export const keylessPointer = (keyedPointer: string, keyless: unknown): MappedPointer =>
  walk(keyedPointer, keyless, true);

/** A pointer into the keyless array -> the keyed pointer the validator reports. */
export const keyedPointer = (keylessPointerText: string, keyless: unknown): MappedPointer =>
  walk(keylessPointerText, keyless, false);
