import { errorCode, type ErrorCodeId } from '../../standard/codes.ts';
import { isProfileId } from '../../standard/profiles.ts';
import { UAI_VERSION } from '../../standard/release.ts';
import type { Site } from '../../standard/urls.ts';
import { problemBody } from '../../service/problem-body.ts';
import { isRecord, messageFromKeyless, seal } from '../../engine/index.ts';
import type { Json } from './schema-helpers.ts';

/**
 * Response and request examples of the document. Every example is a value the service itself
 * publishes or answers: a built record, the engine's answer to a published request, or the
 * problem document of an error registry entry. Nothing here is written by hand.
 */
export interface Example {
  readonly summary: string;
  readonly description?: string;
  readonly value: unknown;
}

/** The problem document the service sends for a code, with the registry's own description as detail. */
export function problemExample(site: Site, code: ErrorCodeId): Example {
  const entry = errorCode(code);
  return { summary: `${entry.title} (${code})`, value: problemBody(site, code, entry.description) };
}

/**
 * A UAI-1 message as the engine reads one: an object with the UAI version, a published profile,
 * a message id and a body (a validator result has the first two, not the others), or a keyless
 * array that converts to such an object. Trimming never cuts inside one,
 * so every message of an example keeps its checksum.
 */
export function isUaiMessage(value: unknown): boolean {
  const keyed = Array.isArray(value) ? messageFromKeyless(value).value : value;
  return (
    isRecord(keyed) &&
    keyed.uai_version === UAI_VERSION &&
    isProfileId(keyed.profile) &&
    typeof keyed.message_id === 'string' &&
    isRecord(keyed.body)
  );
}

/**
 * Whether a value has a `$ref` member anywhere. Prism (through json-schema-ref-parser) and other
 * OpenAPI tools resolve `$ref` inside example values, so such a value cannot be an example: a
 * JSON Schema inside it would be rewritten, or fail to resolve and stop the tool.
 */
export function hasRef(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasRef);
  return isRecord(value) && Object.entries(value).some(([k, v]) => k === '$ref' || hasRef(v));
}

/**
 * The published intent request as the examples send it: resealed with `include_schema: false`,
 * so a completed answer does not embed the subject's JSON Schema, which has `$ref` members.
 * The other parameters (the example, the field order map) stay asked for.
 */
export function withoutEmbeddedSchema(request: Record<string, unknown>): Record<string, unknown> {
  const body = request.body as Record<string, unknown>;
  const parameters = { ...(body.parameters as Record<string, unknown>), include_schema: false };
  return seal({ ...request, body: { ...body, parameters } }) as Record<string, unknown>;
}

/** Records over this many bytes (minified JSON) are shown trimmed; the catalog, the largest kept whole, is about 15 KB. */
export const TRIM_OVER = 16_384;
/** How many items a list, and how many members a map of objects, keeps in a trimmed record. */
const KEEP = 2;
/** An object of more members than this, all objects, is a map (paths, schemas, value sets), trimmed like a list. */
const MAP_OVER = 8;

interface TrimNotes {
  refs: number;
  lists: number;
  maps: number;
  passedOver: number;
}

/** Whether a UAI-1 message with a $ref member is inside a value (trimming leaves messages whole, so such a $ref stays). */
function containsMessageWithRef(value: unknown): boolean {
  if (isUaiMessage(value)) return hasRef(value);
  if (Array.isArray(value)) return value.some(containsMessageWithRef);
  return isRecord(value) && Object.values(value).some(containsMessageWithRef);
}

function trimValue(value: unknown, cut: boolean, notes: TrimNotes): unknown {
  if (isUaiMessage(value)) return value;
  if (Array.isArray(value)) {
    if (!cut || value.length <= KEEP) return value.map((v) => trimValue(v, cut, notes));
    notes.lists++;
    // The first items that can be shown literally: a message with a $ref inside cannot be cut to fit.
    const literal = value.filter((v) => !containsMessageWithRef(v));
    if (literal.slice(0, KEEP).some((v, i) => v !== value[i])) notes.passedOver++;
    return literal.slice(0, KEEP).map((v) => trimValue(v, cut, notes));
  }
  if (!isRecord(value)) return value;
  let entries = Object.entries(value);
  if (entries.some(([k]) => k === '$ref')) notes.refs++;
  entries = entries.filter(([k]) => k !== '$ref');
  if (cut && entries.length > MAP_OVER && entries.every(([, v]) => isRecord(v))) {
    notes.maps++;
    entries = entries.slice(0, KEEP);
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, trimValue(v, cut, notes)]));
}

/**
 * The example of a GET record: the record itself, or a trimmed copy, marked as such, saying
 * what was left out and why. `$ref` members are always left out: Prism and other OpenAPI tools
 * resolve `$ref` inside example values, so a JSON Schema or OpenAPI record shown literally would
 * be rewritten (or fail to resolve) in their hands.
 */
export function recordExample(summary: string, url: string, record: unknown): Example {
  const bytes = JSON.stringify(record).length;
  const notes: TrimNotes = { refs: 0, lists: 0, maps: 0, passedOver: 0 };
  const value = trimValue(record, bytes > TRIM_OVER, notes);
  const left: string[] = [];
  if (notes.lists || notes.maps)
    left.push(
      `the record is over ${TRIM_OVER / 1024} KB, so every list keeps its first ${KEEP} items and every map of more than ${MAP_OVER} objects its first ${KEEP} members (UAI-1 messages are kept whole)`,
    );
  if (notes.passedOver)
    left.push('items holding a UAI-1 message with a JSON Schema inside are passed over, since a message cannot be cut');
  if (notes.refs) left.push('its $ref members are left out, because OpenAPI tools resolve $ref inside example values');
  if (!left.length) return { summary, value };
  return {
    summary: `${summary} (trimmed)`,
    description: `A trimmed copy: ${left.join('; ')}. The whole record: GET ${url}.`,
    value,
  };
}

const COMPONENT_PREFIX = '#/components/examples/';

/** Every inline examples map of the operations, with the name prefix its examples get when their key is not enough. */
function* exampleMaps(paths: Record<string, Json>): Generator<[Record<string, Json>, string]> {
  for (const item of Object.values(paths))
    for (const op of Object.values(item) as Json[]) {
      const id = op.operationId as string;
      const request = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
      for (const media of Object.values(request ?? {}))
        if (media.examples) yield [media.examples as Record<string, Json>, `${id}.request`];
      for (const response of Object.values((op.responses ?? {}) as Record<string, Json>))
        for (const media of Object.values((response.content ?? {}) as Record<string, Json>))
          if (media.examples) yield [media.examples as Record<string, Json>, id];
    }
}

/**
 * Moves every inline example of the operations into components/examples and points at it with
 * $ref, so an answer several operations share (a problem, a record) is written once. An answer
 * keeps its own key as its name (a problem code, a route id) when no other answer has that key;
 * otherwise, and for requests, the name is prefixed with the operation id.
 */
export function hoistExamples(paths: Record<string, Json>): Record<string, Example> {
  const isRequest = (prefix: string) => prefix.endsWith('.request');
  const valuesByKey = new Map<string, Set<string>>();
  for (const [examples, prefix] of exampleMaps(paths))
    for (const [key, example] of Object.entries(examples))
      if (!isRequest(prefix)) valuesByKey.set(key, (valuesByKey.get(key) ?? new Set()).add(JSON.stringify(example)));
  const components: Record<string, Example> = {};
  for (const [examples, prefix] of exampleMaps(paths))
    for (const [key, example] of Object.entries(examples)) {
      if (typeof example.$ref === 'string') continue;
      if (hasRef(example.value))
        throw new Error(`The example ${prefix}.${key} has a $ref member: tools would resolve it`);
      const name = !isRequest(prefix) && valuesByKey.get(key)?.size === 1 ? key : `${prefix}.${key}`;
      components[name] = example as unknown as Example;
      examples[key] = { $ref: `${COMPONENT_PREFIX}${name}` };
    }
  return components;
}
