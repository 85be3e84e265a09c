import type { FieldDef, FieldType, ObjectDef } from './model.ts';
import { ENVELOPE, ENVELOPE_PARTS } from './objects/envelope.ts';
import { ISSUE_ITEM } from './objects/issue-item.ts';
import { bodyDef, nestedObjectsOf } from './objects/index.ts';
import { ENVELOPE_SCHEMA_ID, PROFILES, profileById, type ProfileId } from './profiles.ts';
import { RELEASE, SCHEMA_DIALECT } from './release.ts';
import { links, type Site } from './urls.ts';

/**
 * JSON Schemas (draft 2020-12) generated from the field model. The shared envelope parts are
 * defined once, in `uai.envelope.v1`; profile schemas reference them by relative URL, so the
 * documents resolve both by URL and when preloaded into a validator (CONTRACT section 1).
 */
export { ENVELOPE_SCHEMA_ID };
/** Ids of the published schema documents: the shared envelope and the profiles. */
export type SchemaId = typeof ENVELOPE_SCHEMA_ID | ProfileId;

export type JsonSchema = Record<string, unknown>;

/** Objects whose definitions live in the envelope schema's $defs. */
const SHARED = new Set([...ENVELOPE_PARTS.map((o) => o.name), ISSUE_ITEM.name]);

/** How a generated schema points at the definition of a named object. */
export type RefTo = (objectName: string) => JsonSchema;

const inEnvelope: RefTo = (name) => ({ $ref: `#/$defs/${name}` });
const inProfile: RefTo = (name) =>
  SHARED.has(name) ? { $ref: `${ENVELOPE_SCHEMA_ID}#/$defs/${name}` } : { $ref: `#/$defs/${name}` };

export function typeSchema(type: FieldType, refTo: RefTo): JsonSchema {
  switch (type.kind) {
    case 'string': {
      const s: JsonSchema = { type: 'string' };
      if (type.format) s.format = type.format;
      if (type.pattern) s.pattern = type.pattern;
      if (type.enum) s.enum = [...type.enum];
      if (type.open) s.examples = [...type.open];
      if (type.minLength !== undefined) s.minLength = type.minLength;
      if (type.maxLength !== undefined) s.maxLength = type.maxLength;
      return s;
    }
    case 'integer':
    case 'number': {
      const s: JsonSchema = { type: type.kind };
      if (type.enum) s.enum = [...type.enum];
      if (type.minimum !== undefined) s.minimum = type.minimum;
      if (type.maximum !== undefined) s.maximum = type.maximum;
      return s;
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'object':
      return refTo(type.ref);
    case 'array': {
      const s: JsonSchema = { type: 'array', items: typeSchema(type.items, refTo) };
      if (type.minItems !== undefined) s.minItems = type.minItems;
      return s;
    }
    case 'json-object':
      return { type: 'object' };
    case 'any':
      return {};
  }
}

function fieldSchema(field: FieldDef, refTo: RefTo): JsonSchema {
  const s = typeSchema(field.type, refTo);
  // A $ref with sibling keywords is fine in 2020-12; the description documents the use site.
  return { ...s, description: field.description };
}

/** The schema of one object: open (unknown members are a validator warning, not a schema error). */
export function objectSchema(def: ObjectDef, refTo: RefTo): JsonSchema {
  const required = def.fields.filter((f) => f.required).map((f) => f.key);
  const schema: JsonSchema = {
    title: def.title,
    description: def.description,
    type: 'object',
    properties: Object.fromEntries(def.fields.map((f) => [f.key, fieldSchema(f, refTo)])),
  };
  if (required.length) schema.required = required;
  return schema;
}

export function envelopeSchema(site: Site): JsonSchema {
  const defs = Object.fromEntries(
    [...ENVELOPE_PARTS.filter((o) => o !== ENVELOPE), ISSUE_ITEM].map((o) => [o.name, objectSchema(o, inEnvelope)]),
  );
  return {
    $schema: SCHEMA_DIALECT,
    $id: links(site).schema(ENVELOPE_SCHEMA_ID),
    ...objectSchema(ENVELOPE, inEnvelope),
    title: `${RELEASE} message envelope`,
    $comment: 'Shared definitions of the UAI-1 envelope; every profile schema references this document.',
    $defs: defs,
  };
}

export function profileSchema(site: Site, id: ProfileId): JsonSchema {
  const profile = profileById(id);
  const body = bodyDef(id);
  const nested = nestedObjectsOf(body).filter((o) => !SHARED.has(o.name));
  return {
    $schema: SCHEMA_DIALECT,
    $id: links(site).schema(id),
    title: `${profile.title} (${id})`,
    description: profile.summary,
    type: 'object',
    allOf: [{ $ref: ENVELOPE_SCHEMA_ID }],
    properties: {
      profile: { const: id, description: 'This profile.' },
      body: { $ref: '#/$defs/body', description: body.description },
    },
    $defs: {
      body: objectSchema(body, inProfile),
      ...Object.fromEntries(nested.map((o) => [o.name, objectSchema(o, inProfile)])),
    },
  };
}

export interface SchemaDocument {
  readonly id: string;
  readonly kind: 'envelope' | 'profile';
  readonly schema: JsonSchema;
}

/** Every published schema document: the shared envelope first, then one per profile. */
export function allSchemas(site: Site): SchemaDocument[] {
  return [
    { id: ENVELOPE_SCHEMA_ID, kind: 'envelope', schema: envelopeSchema(site) },
    ...PROFILES.map((p) => ({ id: p.id, kind: 'profile' as const, schema: profileSchema(site, p.id) })),
  ];
}
