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

/** The mapped segments of a pointer, and the place it ends at (undefined where a segment has no counterpart). */
function walkSegments(
  pointer: string,
  keyless: unknown,
  toKeyless: boolean,
): { readonly out: string[]; readonly place: Place | undefined; readonly profile: unknown } {
  const profile = profileOf(keyless);
  let place: Place = { def: ENVELOPE };
  const out: string[] = [];
  for (const segment of pointerSegments(pointer)) {
    const mapped = step(place, segment, toKeyless, profile);
    if (!mapped) return { out, place: undefined, profile };
    out.push(mapped.segment);
    place = mapped.place;
  }
  return { out, place, profile };
}

/** One segment mapped from a place, and the place it leads to; undefined when it has no counterpart. */
function step(
  place: Place,
  segment: string,
  toKeyless: boolean,
  profile: unknown,
): { readonly segment: string; readonly place: Place } | undefined {
  if ('def' in place) {
    const { def } = place;
    const index = toKeyless
      ? def.fields.findIndex((f) => f.key === segment)
      : /^(0|[1-9]\d*)$/.test(segment)
        ? Number(segment)
        : -1;
    const field = def.fields[index];
    if (!field) return undefined;
    return { segment: toKeyless ? String(index) : field.key, place: placeOf(def, field.key, field.type, profile) };
  }
  return { segment, place: 'items' in place ? itemPlace(place.items) : place };
}

const joined = (segments: readonly string[]): string => segments.map((s) => `/${pointerSegment(s)}`).join('');

function walk(pointer: string, keyless: unknown, toKeyless: boolean): MappedPointer {
  const { out, place } = walkSegments(pointer, keyless, toKeyless);
  return { pointer: joined(out), complete: place !== undefined };
}

/** A pointer into the keyed message -> the same member's pointer in the keyless array. */
export const keylessPointer = (keyedPointer: string, keyless: unknown): MappedPointer =>
  walk(keyedPointer, keyless, true);

/** A pointer into the keyless array -> the keyed pointer the validator reports. */
export const keyedPointer = (keylessPointerText: string, keyless: unknown): MappedPointer =>
  walk(keylessPointerText, keyless, false);

/**
 * keyedPointer for the members of one container at once: the container's pointer is mapped once,
 * and `member` maps one member's reference token (unescaped) to its `/token` in the keyed message,
 * or undefined when it has no counterpart (keyedPointer then stops at the container, or before).
 * Thousands of numbers in one keyless array cost one walk, not one each.
 */
export function keyedMembers(
  containerPointer: string,
  keyless: unknown,
): { readonly pointer: string; readonly complete: boolean; member(segment: string): string | undefined } {
  const { out, place, profile } = walkSegments(containerPointer, keyless, false);
  return {
    pointer: joined(out),
    complete: place !== undefined,
    member(segment) {
      const mapped = place && step(place, segment, false, profile);
      return mapped && `/${pointerSegment(mapped.segment)}`;
    },
  };
}
