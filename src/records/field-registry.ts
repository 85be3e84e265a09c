import { messageToKeyless, objectToKeyless } from '../engine/keyless.ts';
import { fieldSummary } from '../standard/describe.ts';
import type { FieldType, ObjectDef } from '../standard/model.ts';
import { ENVELOPE } from '../standard/objects/envelope.ts';
import { OBJECTS, objectDef } from '../standard/objects/index.ts';
import { isProfileId } from '../standard/profiles.ts';
import { REGISTRY_RELEASE_DATE, RELEASE } from '../standard/release.ts';
import * as sets from '../standard/value-sets.ts';
import { recordHeader, type RecordContext } from './context.ts';
import type { ExampleRecord } from './examples.ts';

type Keyed = Record<string, unknown>;
const isObject = (v: unknown): v is Keyed => typeof v === 'object' && v !== null && !Array.isArray(v);

/** First keyed instance of every object in the published examples, keyed by map name. */
function instancesIn(examples: readonly ExampleRecord[]): Map<string, Keyed> {
  const found = new Map<string, Keyed>();
  const visit = (value: unknown, def: ObjectDef) => {
    if (!isObject(value)) return;
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
  const visitTyped = (value: unknown, type: FieldType) => {
    if (type.kind === 'object') visit(value, objectDef(type.ref));
    else if (type.kind === 'array' && Array.isArray(value)) value.forEach((item) => visitTyped(item, type.items));
  };
  for (const example of examples) visit(example.message, ENVELOPE);
  return found;
}

/** One compact field order map (CONTRACT section 5). */
function orderMap(def: ObjectDef, example: Keyed | undefined) {
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

export function fieldRegistryRecord(ctx: RecordContext, examples: readonly ExampleRecord[]) {
  const instances = instancesIn(examples);
  return {
    ...recordHeader(ctx, 'field-registry', '/field-registry/'),
    registry_release: RELEASE,
    registry_release_date: REGISTRY_RELEASE_DATE,
    key_policy: 'Keys are used exactly as written here (snake_case). Another spelling of a registered key (camelCase, kebab-case) is the error field.alias_key; an unregistered member is the warning field.unknown_member.',
    keyless_rules: [
      'A keyless object is a JSON array whose position i holds the value of ordered_fields[i].',
      'Nested objects are arrays by their own map; arrays of objects are arrays of arrays.',
      'null, or a missing trailing position, means the member is absent.',
      "The envelope's body position follows the map of the message's profile (profile_identifier).",
      'Free-form objects (inline schema, example, field_order_map) and issue values expected/actual stay keyed.',
      'Checksums and canonical hashes are always computed over the keyed form.',
    ],
    objects: OBJECTS.map((def) => ({
      name: def.name,
      title: def.title,
      description: def.description,
      fields: def.fields.map((f, i) => fieldSummary(f, i)),
    })),
    value_sets: {
      closed: {
        'party.type': sets.PARTY_TYPES,
        'delivery.mode': sets.DELIVERY_MODES,
        'delivery.priority': sets.DELIVERY_PRIORITIES,
        'trust.channel': sets.TRUST_CHANNELS,
        'trust.auth_scheme': sets.AUTH_SCHEMES,
        'integrity.algorithm': sets.INTEGRITY_ALGORITHMS,
        'integrity.canonicalization': sets.CANONICALIZATIONS,
        'integrity.version': sets.INTEGRITY_VERSIONS,
        'uai.intent.response.v1 body.status': sets.RESPONSE_STATUSES,
        'uai.task.status.v1 body.state': sets.TASK_STATES,
        'uai.conformance.result.v1 body.status': sets.CONFORMANCE_STATUSES,
      },
      open: {
        'party.role': sets.PARTY_ROLES,
        'uai.intent.request.v1 body.intent': sets.INTENTS,
        'uai.intent.request.v1 body.constraints': sets.CONSTRAINTS,
        'uai.intent.response.v1 body.notices': sets.NOTICES,
      },
    },
    registered_extensions: sets.REGISTERED_EXTENSIONS,
    compact_field_order_maps: OBJECTS.map((def) => orderMap(def, instances.get(def.name))),
  };
}
