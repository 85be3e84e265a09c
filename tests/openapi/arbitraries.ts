import fc from 'fast-check';
import { sample } from 'openapi-sampler';

/**
 * fast-check arbitraries read from the OpenAPI document's own schemas: a request body arbitrary
 * follows the request schema (its enums, its required and optional members, its oneOf branches),
 * and a free-form object (`additionalProperties: true`, such as a `message` the service judges)
 * is either any JSON object or an openapi-sampler sample of one of the document's message
 * components, so realistic messages and arbitrary ones both reach the service.
 */
type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  oneOf?: Schema[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema | boolean;
};
export interface OpenApiDocument {
  readonly paths: Record<
    string,
    Record<
      string,
      { requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, OpenApiResponse> }
    >
  >;
  readonly components: { schemas: Record<string, Schema> };
}
export interface OpenApiResponse {
  readonly headers?: Record<string, { required?: boolean; schema: Schema }>;
  readonly content?: Record<string, { schema: Schema }>;
}

const json = fc.jsonValue({ maxDepth: 4 });

export function arbitraryFor(
  schema: Schema | boolean,
  doc: OpenApiDocument,
  messages: readonly unknown[],
): fc.Arbitrary<unknown> {
  if (schema === true || schema === undefined) return json;
  if (schema === false) throw new Error('A schema that allows nothing cannot be sampled');
  if (schema.$ref)
    return arbitraryFor(doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')]!, doc, messages);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => arbitraryFor(s, doc, messages)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      if (!schema.properties) return fc.oneof(fc.dictionary(fc.string(), json), fc.constantFrom(...messages));
      const required = new Set(schema.required ?? []);
      const members = Object.fromEntries(
        Object.entries(schema.properties).map(([k, s]) => [k, arbitraryFor(s, doc, messages)]),
      );
      return fc.record(members, { requiredKeys: [...required] });
    }
    case 'array':
      return fc.array(arbitraryFor(schema.items ?? true, doc, messages), { maxLength: 5 });
    case 'string': {
      // The length and pattern constraints the document states are part of what it allows.
      const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
      const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
      const base =
        typeof schema.pattern === 'string'
          ? fc.stringMatching(new RegExp(schema.pattern, 'u'))
          : fc.string({ minLength, ...(maxLength !== undefined ? { maxLength } : {}) });
      return base.filter((v) => v.length >= minLength && (maxLength === undefined || v.length <= maxLength));
    }
    case 'integer':
      return fc.integer({
        ...(typeof schema.minimum === 'number' ? { min: schema.minimum } : {}),
        ...(typeof schema.maximum === 'number' ? { max: schema.maximum } : {}),
      });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return json;
  }
}

/** openapi-sampler's sample of every message component of the document (names ending in Message). */
export function sampledMessages(doc: OpenApiDocument): unknown[] {
  return Object.keys(doc.components.schemas)
    .filter((name) => name.endsWith('Message') && name !== 'AnyMessage')
    .map((name) => sample({ $ref: `#/components/schemas/${name}` } as never, { skipReadOnly: true, quiet: true }, doc));
}
