import { describe, expect, it } from 'vitest';
import { messageFromKeyless, messageToKeyless, objectFromKeylessByMap } from '../../src/engine/index.ts';
import { objectDef } from '../../src/standard/objects/index.ts';
import { readRecord } from './dist.ts';

/**
 * The field registry's compact order maps against the published schemas: every key of every
 * schema object has a map entry and every map entry is a schema key (CONTRACT section 5).
 */
type Schema = Record<string, any>;

/** Object schemas with their map name: $defs entries are named after their map; a profile's body is the profile. */
function schemaObjects(): Map<string, Schema> {
  const out = new Map<string, Schema>();
  for (const entry of readRecord('/schemas').schemas) {
    const schema = readRecord(`/schemas/${entry.id}`);
    if (entry.kind === 'envelope') out.set('envelope', schema);
    for (const [name, def] of Object.entries<Schema>(schema.$defs ?? {}))
      out.set(name === 'body' ? entry.id : name, def);
  }
  return out;
}

describe('field registry', () => {
  const registry = readRecord('/field-registry');
  const maps: Schema[] = registry.compact_field_order_maps;
  const mapName = (m: Schema) => m.profile_identifier ?? m.object_name;

  it('has a map for every object of every schema, and no map without a schema object', () => {
    const objects = schemaObjects();
    expect(new Set(maps.map(mapName))).toEqual(new Set(objects.keys()));
  });

  it('covers every key of every schema object, and only those keys, in both directions', () => {
    const objects = schemaObjects();
    for (const map of maps) {
      const schema = objects.get(mapName(map))!;
      expect([...map.ordered_fields].sort(), mapName(map)).toEqual(Object.keys(schema.properties).sort());
      const required = map.required_indexes.map((i: number) => map.ordered_fields[i]).sort();
      expect(required, mapName(map)).toEqual([...(schema.required ?? [])].sort());
      expect([...map.required_indexes, ...map.nullable_indexes].sort((a: number, b: number) => a - b)).toEqual(
        map.ordered_fields.map((_: string, i: number) => i),
      );
    }
  });

  it('gives every map a non-empty example', () => {
    for (const map of maps) {
      expect(Object.keys(map.example_keyed_payload).length, mapName(map)).toBeGreaterThan(0);
      expect(Array.isArray(map.example_keyless_payload)).toBe(true);
    }
  });

  it("converts each map's example_keyless_payload back to its example_keyed_payload", () => {
    for (const map of maps) {
      const back =
        map.object_name === 'envelope'
          ? messageFromKeyless(map.example_keyless_payload)
          : objectFromKeylessByMap(map.example_keyless_payload, objectDef(mapName(map)));
      expect(back.issues, mapName(map)).toEqual([]);
      expect(back.value, mapName(map)).toEqual(map.example_keyed_payload);
    }
  });

  it('round-trips every published message through its keyless form', () => {
    for (const { url } of readRecord('/examples').examples) {
      const { message } = readRecord(new URL(url).pathname.slice(3));
      const back = messageFromKeyless(messageToKeyless(message));
      expect(back.issues).toEqual([]);
      expect(back.value).toEqual(message);
    }
  });
});
