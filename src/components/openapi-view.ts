/** Build-time helpers that turn the OpenAPI document into short, readable summaries for /api/. */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  title?: string;
};
export type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
export type Operation = {
  operationId: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: Schema }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema?: Schema; examples?: Record<string, { $ref?: string }> }> }
  >;
};
export type ExampleEntry = { summary?: string; description?: string };
export type OpenApi = {
  info: { title: string; version: string; description?: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; examples?: Record<string, ExampleEntry> };
};

/** One response example as the page lists it: where it is in the document and how it is named. */
export type ResponseExampleItem = {
  id: string;
  name: string;
  status: string;
  mediaType: string;
  summary: string;
  description?: string;
};

const EXAMPLE_REF = '#/components/examples/';

/** The response examples of an operation, in document order; each points at its entry in components/examples. */
export function responseExampleList(op: Operation, doc: OpenApi): ResponseExampleItem[] {
  return Object.entries(op.responses).flatMap(([status, r]) =>
    Object.entries(r.content ?? {}).flatMap(([mediaType, c]) =>
      Object.entries(c.examples ?? {}).flatMap(([key, e]) => {
        const name = e.$ref?.startsWith(EXAMPLE_REF) ? e.$ref.slice(EXAMPLE_REF.length) : undefined;
        const entry = name ? doc.components.examples?.[name] : undefined;
        if (!name || !entry) return [];
        const id = `${op.operationId}-${status}-${key}`.replace(/[^A-Za-z0-9_-]+/g, '-');
        return [{ id, name, status, mediaType, summary: entry.summary ?? key, description: entry.description }];
      }),
    ),
  );
}

/** One schema as a short phrase: a component name, a type, or alternatives. Component names are returned as refs. */
export type Phrase = { text: string; ref?: string }[];

export function phrase(schema: Schema | undefined): Phrase {
  if (!schema || Object.keys(schema).every((k) => k === 'description' || k === 'title'))
    return [{ text: 'any JSON value' }];
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return [{ text: name, ref: name }];
  }
  if (schema.allOf) return schema.allOf.flatMap((s, i) => [...(i ? [{ text: ' and ' }] : []), ...phrase(s)]);
  const alts = schema.oneOf ?? schema.anyOf;
  if (alts) return alts.flatMap((s, i) => [...(i ? [{ text: ' or ' }] : []), ...phrase(s)]);
  if (schema.enum) return [{ text: `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}` }];
  if (schema.const !== undefined) return [{ text: `= ${JSON.stringify(schema.const)}` }];
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array') return [{ text: 'array of ' }, ...phrase(schema.items)];
  if (type === 'object' && schema.properties)
    return [{ text: `object (${Object.keys(schema.properties).length} members)` }];
  return [{ text: `${type ?? 'any'}${schema.format ? ` (${schema.format})` : ''}` }];
}

/** A curl command for an operation; `methods` are the methods of its path (a preflight asks for one of them). */
export function curlFor(method: string, path: string, base: string, methods: readonly string[]): string {
  const url = `${base}${path.replace('{profile}', 'uai.intent.request.v1')}`;
  // A task is polled by the task_ref of a 202 answer, not by the template's name.
  if (method === 'get' && path.includes('{task_ref}'))
    return `# task_ref: delivery.task_ref of a 202 answer of POST /v1/reference-server\ncurl -s '${url}'`;
  if (method === 'get') return `curl -s '${url}'`;
  if (method === 'options') {
    const preflight = `curl -i -X OPTIONS '${url}' \\\n  -H 'Origin: https://example.org' \\\n  -H 'Access-Control-Request-Method:`;
    return methods.includes('post')
      ? `${preflight} POST'`
      : `${preflight} GET' \\\n  -H 'Access-Control-Request-Headers: if-none-match'`;
  }
  // What each POST route takes: the adoption kit's starter files, and for the exchange check a pair.
  const [file, note] =
    path === '/validate'
      ? ['validate-request.json', 'is a starter file of the adoption kit']
      : path === '/mock-exchange'
        ? ['mock-exchange-request.json', 'is a starter file of the adoption kit']
        : path === '/reference-server'
          ? ['first-request.json', 'is a starter file of the adoption kit: the message itself, no wrapper']
          : [
              'check-exchange-request.json',
              'is {"request": <message>, "response": <its answer>}, as each item of /playground/check-exchange/fixtures.json',
            ];
  return `# ${file} ${note}\ncurl -s -X POST '${url}' \\\n  -H 'Content-Type: application/json' \\\n  --data @${file}`;
}
