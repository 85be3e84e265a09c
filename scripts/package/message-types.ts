/**
 * The TypeScript types of the published package's `./types` entry, written from the field model
 * (src/standard/objects): one interface per object of the standard, one body type and one
 * message type per profile. `node scripts/package/message-types.ts` rewrites the committed file;
 * tests/package/types.test.ts fails when the committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { FieldType, ObjectDef } from '../../src/standard/model.ts';
import { OBJECTS } from '../../src/standard/objects/index.ts';
import { PROFILES } from '../../src/standard/profiles.ts';
import { RELEASE, UAI_VERSION } from '../../src/standard/release.ts';

export const MESSAGE_TYPES_FILE = fileURLToPath(new URL('../../packages/uai/src/types.ts', import.meta.url));

const pascal = (name: string) =>
  name
    .replace(/^uai\./, '')
    .replace(/\.v\d+$/, '')
    .split(/[._-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

const isProfile = (name: string) => PROFILES.some((p) => p.id === name);
/** `uai.intent.request.v1` → IntentRequestBody, `party` → Party. */
const typeName = (name: string) => (isProfile(name) ? `${pascal(name)}Body` : pascal(name));
const literal = (value: string | number) => JSON.stringify(value);

function typeOf(type: FieldType): string {
  switch (type.kind) {
    case 'string':
      if (type.enum) return type.enum.map(literal).join(' | ');
      // An open value set: the registered values, and any other string (a warning, not an error).
      if (type.open) return `${type.open.map(literal).join(' | ')} | (string & {})`;
      return 'string';
    case 'integer':
    case 'number':
      return type.enum ? type.enum.map(literal).join(' | ') : 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      return typeName(type.ref);
    case 'array': {
      const items = typeOf(type.items);
      return /[ |]/.test(items) ? `Array<${items}>` : `${items}[]`;
    }
    case 'json-object':
      return '{ [member: string]: unknown }';
    case 'any':
      return 'unknown';
  }
}

const comment = (text: string, indent = '') => `${indent}/** ${text.replaceAll('*/', '*\\/')} */\n`;

function declaration(def: ObjectDef, omit: readonly string[] = []): string {
  const fields = def.fields
    .filter((f) => !omit.includes(f.key))
    .map((f) => `${comment(f.description, '  ')}  ${f.key}${f.required ? '' : '?'}: ${typeOf(f.type)};\n`)
    .join('');
  return `${comment(`${def.title}: ${def.description}`)}export interface ${typeName(def.name)} {\n${fields}}\n`;
}

/** The file's text, formatted as the repository formats TypeScript (Prettier, its config). */
export async function messageTypes(): Promise<string> {
  const envelope = OBJECTS.find((o) => o.name === 'envelope')!;
  const parts = OBJECTS.filter((o) => o !== envelope);
  const out = [
    `/**\n * TypeScript types of every ${RELEASE} message (format ${UAI_VERSION}), written from the field model by\n` +
      ' * scripts/package/message-types.ts. Do not edit: regenerate.\n */\n',
    declaration(envelope, ['profile', 'body']).replace(
      'export interface Envelope {',
      'export interface Envelope<P extends ProfileId = ProfileId, B = { [member: string]: unknown }> {\n' +
        '  /** Profile identifier: selects the body shape. */\n  profile: P;\n' +
        '  /** Profile-specific content. */\n  body: B;',
    ),
    ...parts.map((def) => declaration(def)),
    `/** The profiles of ${RELEASE}. */\nexport type ProfileId = ${PROFILES.map((p) => literal(p.id)).join(' | ')};\n`,
    `/** The body type of each profile. */\nexport interface BodyOf {\n${PROFILES.map((p) => `  ${literal(p.id)}: ${typeName(p.id)};\n`).join('')}}\n`,
    ...PROFILES.map(
      (p) =>
        `${comment(`${p.title}: ${p.summary}`)}export type ${pascal(p.id)}Message = Envelope<${literal(p.id)}, ${typeName(p.id)}>;\n`,
    ),
    `/** Any ${RELEASE} message, discriminated by profile. */\nexport type Message = { [P in ProfileId]: Envelope<P, BodyOf[P]> }[ProfileId];\n`,
  ];
  const config = await resolveConfig(MESSAGE_TYPES_FILE);
  return format(out.join('\n'), { ...config, filepath: MESSAGE_TYPES_FILE });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(MESSAGE_TYPES_FILE, await messageTypes());
