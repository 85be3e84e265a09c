import { OBJECTS } from '../../standard/objects/index.ts';
import { ENVELOPE } from '../../standard/objects/envelope.ts';
import { PROFILES } from '../../standard/profiles.ts';
import { objectSchema, type JsonSchema, type RefTo } from '../../standard/schemas.ts';
import { actionSchemas } from './action-schemas.ts';
import { exchangeSchemas } from './exchange-schemas.ts';
import { implementationsRecordSchema } from './implementations-schema.ts';
import { proxyExchangeRecordSchema } from './recording-schema.ts';
import { anyObject, explicitOpenness, ref, str, uri } from './schema-helpers.ts';

export { ref } from './schema-helpers.ts';

/**
 * OpenAPI component schemas, generated from the same field model as the published JSON Schemas
 * (OpenAPI 3.1 schema objects are JSON Schema 2020-12), with references kept inside the document.
 */
export const componentName = (objectName: string): string =>
  objectName
    .replace(/^uai\./, '')
    .replace(/\.v1$/, '.body')
    .split(/[._-]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

const refTo: RefTo = (objectName) => ref(componentName(objectName));

export const messageComponent = (profile: string) => `${componentName(profile).replace(/Body$/, '')}Message`;

const recordSchemas = (): Record<string, JsonSchema> => ({
  Record: {
    type: 'object',
    description: 'A published JSON record; each kind adds its own members (CONTRACT section 9).',
    required: ['record', 'current_release', 'base_url', 'html_url'],
    properties: {
      record: str('Record kind.'),
      current_release: str('UAI-1.'),
      uai_version: str('1.0.'),
      base_url: uri('REST base.'),
      html_url: uri('Human page of the record.'),
    },
    additionalProperties: true,
  },
  JsonSchemaDocument: {
    type: 'object',
    description: 'A JSON Schema draft 2020-12 document.',
    required: ['$schema', '$id'],
    properties: { $schema: { const: 'https://json-schema.org/draft/2020-12/schema' }, $id: uri('Its own URL.') },
    additionalProperties: true,
  },
  OpenApiDocument: {
    type: 'object',
    description: 'This document.',
    required: ['openapi', 'info', 'paths'],
    properties: {
      openapi: { const: '3.1.0' },
      info: anyObject('Title, version and licence.'),
      paths: anyObject('The operations, by path.'),
    },
    additionalProperties: true,
  },
  ExampleRecord: {
    type: 'object',
    description: 'One published example; the message is its member message.',
    required: ['record', 'profile', 'title', 'message'],
    properties: {
      record: { const: 'example' },
      profile: str('Profile of the example.'),
      title: str('Title.'),
      description: str('What the example shows.'),
      schema_url: uri('Schema of the profile.'),
      message: { oneOf: PROFILES.map((p) => ref(messageComponent(p.id))) },
    },
    additionalProperties: true,
  },
  ImplementationsRecord: implementationsRecordSchema(),
  ProxyExchangeRecord: proxyExchangeRecordSchema(),
});

export function componentSchemas(): Record<string, JsonSchema> {
  const fromModel = Object.fromEntries(
    OBJECTS.filter((o) => o !== ENVELOPE).map((o) => [componentName(o.name), objectSchema(o, refTo)]),
  );
  const messages = Object.fromEntries(
    PROFILES.map((p) => [
      messageComponent(p.id),
      {
        description: `A ${p.id} message.`,
        type: 'object',
        allOf: [ref('Envelope')],
        properties: { profile: { const: p.id }, body: refTo(p.id) },
      },
    ]),
  );
  const all: Record<string, JsonSchema> = {
    Envelope: objectSchema(ENVELOPE, refTo),
    ...fromModel,
    ...messages,
    ...actionSchemas(),
    ...exchangeSchemas(),
    ...recordSchemas(),
  };
  return Object.fromEntries(Object.entries(all).map(([name, schema]) => [name, explicitOpenness(schema)]));
}
