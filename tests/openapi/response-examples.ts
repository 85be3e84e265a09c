import { isRecord, validateMessage } from '../../src/engine/index.ts';
import { isUaiMessage } from '../../src/records/openapi/examples.ts';
import { siteFor } from '../../src/standard/urls.ts';

/** The response examples of the built document, resolved, and the UAI-1 messages inside them. */
type Json = Record<string, unknown>;
export interface ResponseExample {
  readonly path: string;
  readonly method: string;
  readonly status: string;
  readonly mediaType: string;
  readonly key: string;
  readonly value: unknown;
}
export interface BodyResponse {
  readonly path: string;
  readonly method: string;
  readonly status: string;
  readonly mediaType: string;
  readonly examples?: Json;
}

interface Doc {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, Json> }> }>>;
  components: { examples?: Record<string, { value: unknown }> };
  externalDocs: { url: string };
}

/** Every (operation, status, media type) that has a body. */
export function bodyResponses(doc: Doc): BodyResponse[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, op]) =>
      Object.entries(op.responses).flatMap(([status, response]) =>
        Object.entries(response.content ?? {}).map(([mediaType, media]) => ({
          path,
          method,
          status,
          mediaType,
          examples: media.examples as Json | undefined,
        })),
      ),
    ),
  );
}

/** The responses that have a body but no example in some media type. */
export const responsesWithoutExample = (doc: Doc): string[] =>
  bodyResponses(doc)
    .filter((r) => !r.examples || Object.keys(r.examples).length === 0)
    .map((r) => `${r.method.toUpperCase()} ${r.path} ${r.status} ${r.mediaType}`);

export function responseExamples(doc: Doc): ResponseExample[] {
  return bodyResponses(doc).flatMap((r) =>
    Object.entries(r.examples ?? {}).map(([key, example]) => {
      const ref = (example as { $ref?: string }).$ref;
      const resolved = ref ? doc.components.examples?.[ref.replace('#/components/examples/', '')] : example;
      if (!resolved) throw new Error(`${ref} does not resolve`);
      return { ...r, key, value: (resolved as { value: unknown }).value };
    }),
  );
}

/**
 * The UAI-1 messages inside a value, with their JSON Pointer. A fixture that names the codes or
 * rules it must fail (`expected_codes`, `fails`, as the conformance pack publishes them) is
 * invalid on purpose and is not searched.
 */
export function* uaiMessages(value: unknown, at = ''): Generator<[string, unknown]> {
  if (isUaiMessage(value)) {
    yield [at, value];
    return;
  }
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) yield* uaiMessages(v, `${at}/${i}`);
    return;
  }
  if (!isRecord(value)) return;
  const declaredBroken = (k: string) => Array.isArray(value[k]) && (value[k] as unknown[]).length > 0;
  if (declaredBroken('expected_codes') || declaredBroken('fails')) return;
  for (const [k, v] of Object.entries(value)) yield* uaiMessages(v, `${at}/${k}`);
}

/** The origin the document was built for (its API reference page's), and a verdict for each message inside a value. */
export function messageVerdicts(doc: Doc, value: unknown): { at: string; errors: string[]; warnings: string[] }[] {
  const site = siteFor(new URL(doc.externalDocs.url).origin);
  return [...uaiMessages(value)].map(([at, message]) => {
    const result = validateMessage(message, {
      mode: Array.isArray(message) ? 'keyless-json' : 'keyed-json',
      site,
      now: new Date(),
    });
    return { at, errors: result.errors.map((i) => i.code), warnings: result.warnings.map((i) => i.code) };
  });
}
