/**
 * The compact field order maps of keyless transport (CONTRACT section 5), one per object of the
 * field model, each with a keyed and keyless example payload taken from the published examples.
 * The field registry record lists them; a completed mock response carries its profile's map inline.
 */
import { messageToKeyless, objectToKeyless } from '../keyless.ts';
import { isRecord, type JsonObject } from '../json.ts';
import type { TypeShape, ObjectShape } from '../../standard/model.ts';
import { ENVELOPE, OBJECTS, objectDef } from '../field-model.ts';
import { isProfileId } from '../../standard/profiles.ts';
import type { PublishedExample } from './examples.ts';

/** First keyed instance of every object in the published examples, keyed by map name. */
function instancesIn(examples: readonly PublishedExample[]): Map<string, JsonObject> {
  const found = new Map<string, JsonObject>();
  const visit = (value: unknown, def: ObjectShape) => {
    if (!isRecord(value)) return;
    if (!found.has(def.name)) found.set(def.name, value);
    for (const field of def.fields) {
      const child = value[field.key];
      if (def === ENVELOPE && field.key === 'body') {
        if (isProfileId(value.profile)) visit(child, objectDef(value.profile));
        continue;
      }
      visitTyped(child, field.type);
    }
  };
  const visitTyped = (value: unknown, type: TypeShape) => {
    if (type.kind === 'object') visit(value, objectDef(type.ref));
    else if (type.kind === 'array' && Array.isArray(value)) value.forEach((item) => visitTyped(item, type.items));
  };
  for (const example of examples) visit(example.message, ENVELOPE);
  return found;
}

/** One compact field order map. */
function orderMap(def: ObjectShape, example: JsonObject | undefined) {
  const isBody = isProfileId(def.name);
  const keyed = example ?? {};
  return {
    ...(isBody ? { profile_identifier: def.name } : { object_name: def.name }),
    title: def.title,
    version: 1,
    ordered_fields: def.fields.map((f) => f.key),
    required_indexes: def.fields.flatMap((f, i) => (f.required ? [i] : [])),
    nullable_indexes: def.fields.flatMap((f, i) => (f.required ? [] : [i])),
    example_keyed_payload: keyed,
    example_keyless_payload: def === ENVELOPE ? messageToKeyless(keyed) : objectToKeyless(keyed, def),
  };
}

export type OrderMap = ReturnType<typeof orderMap>;

/** Every object's order map, in field-model order. */
export function compactFieldOrderMaps(examples: readonly PublishedExample[]): OrderMap[] {
  const instances = instancesIn(examples);
  return OBJECTS.map((def) => orderMap(def, instances.get(def.name)));
}
