import type { JsonSchema } from '../../standard/schemas.ts';

/** A JSON object of the document: operations, responses, examples. */
export type Json = Record<string, unknown>;

/** Small builders shared by the component modules, and the rule every schema of the document keeps. */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
export const str = (description: string, extra: JsonSchema = {}): JsonSchema => ({
  type: 'string',
  description,
  ...extra,
});
export const int = (description: string): JsonSchema => ({ type: 'integer', minimum: 0, description });
export const uri = (description: string): JsonSchema => str(description, { format: 'uri' });

/** Any JSON object: its members are judged by the service (the validator), not by the schema. */
export const anyObject = (description: string): JsonSchema => ({
  type: 'object',
  description,
  additionalProperties: true,
});

/**
 * Makes the openness of every schema explicit, for code generators and fuzzers: an object schema
 * that lists no properties says `additionalProperties: true` (JSON Schema's default, written
 * out), an array schema without `items` says `items: true`. The field model leaves free-form
 * objects bare (`{type: object}`), which generators read as "no members at all".
 */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_VALUES = new Set([
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
]);

export function explicitOpenness(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    const isSchema = typeof value === 'object' && value !== null;
    if (SCHEMA_MAPS.has(key) && isSchema)
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, explicitOpenness(v as JsonSchema)]));
    else if (SCHEMA_LISTS.has(key) && Array.isArray(value))
      out[key] = value.map((v) => explicitOpenness(v as JsonSchema));
    else if (SCHEMA_VALUES.has(key) && isSchema) out[key] = explicitOpenness(value as JsonSchema);
    else out[key] = value; // annotations, examples, constants: data, not schemas
  }
  const types = ([] as unknown[]).concat(out.type ?? []);
  if (types.includes('object') && out.properties === undefined && out.additionalProperties === undefined)
    out.additionalProperties = true;
  if (types.includes('array') && out.items === undefined) out.items = true;
  return out;
}
