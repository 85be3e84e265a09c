import { compactFieldOrderMaps, type PublishedExample } from '../engine/index.ts';
import { fieldSummary } from '../standard/describe.ts';
import { OBJECTS } from '../standard/objects/index.ts';
import { REGISTRY_RELEASE_DATE, RELEASE } from '../standard/release.ts';
import * as sets from '../standard/value-sets.ts';
import { recordHeader, type RecordContext } from './context.ts';

export function fieldRegistryRecord(ctx: RecordContext, examples: readonly PublishedExample[]) {
  return {
    ...recordHeader(ctx, 'field-registry', '/field-registry/'),
    registry_release: RELEASE,
    registry_release_date: REGISTRY_RELEASE_DATE,
    key_policy:
      'Keys are used exactly as written here (snake_case). Another spelling of a registered key (camelCase, kebab-case) is the error field.alias_key; an unregistered member is the warning field.unknown_member.',
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
        'uai.capability.statement.v1 body.trust_channels': sets.TRUST_CHANNELS,
      },
      open: {
        'party.role': sets.PARTY_ROLES,
        'uai.intent.request.v1 body.intent': sets.INTENTS,
        'capability_operation.intent': sets.INTENTS,
        'uai.intent.request.v1 body.constraints': sets.CONSTRAINTS,
        'uai.intent.response.v1 body.notices': sets.NOTICES,
      },
    },
    registered_extensions: sets.REGISTERED_EXTENSIONS,
    compact_field_order_maps: compactFieldOrderMaps(examples),
  };
}
