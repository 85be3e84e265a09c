import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../http/server.ts';
import { arbitraryFor, sampledMessages, type OpenApiDocument, type OpenApiResponse } from './arbitraries.ts';

/**
 * Property: every request body generated from the document's own request schema gets an answer
 * the document declares for the operation: a declared status (and, since the schema allows the
 * request, a 2xx one: the service judges the message, it does not refuse the call), a declared
 * media type, every required declared header with a value its schema allows, and a body that
 * matches the declared response schema.
 */
const doc = JSON.parse(readFileSync('dist/v1/openapi.json', 'utf8')) as OpenApiDocument & { servers: { url: string }[] };
const DOC_ID = 'https://openapi.test/document';
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
(addFormats as unknown as (a: unknown) => void)(ajv);
ajv.addSchema({ $id: DOC_ID, components: doc.components, paths: doc.paths });

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
function schemaErrors(at: string, value: unknown): string[] {
  const validate = ajv.getSchema(`${DOC_ID}#/${at}`);
  if (!validate) throw new Error(`No schema at ${at}`);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const messages = sampledMessages(doc);
const postPaths = Object.entries(doc.paths).filter(([, item]) => item.post).map(([path]) => path);

describe('requests generated from the document get the answers it declares', () => {
  it('the samples include a message of every profile', () => {
    expect(messages.length).toBeGreaterThanOrEqual(6);
  });

  for (const path of postPaths) {
    it(`POST ${path}`, async () => {
      const operation = doc.paths[path]!.post!;
      const bodies = arbitraryFor(operation.requestBody!.content['application/json']!.schema, doc, messages);
      const url = `${server.base}${new URL(doc.servers[0]!.url, 'http://x').pathname}${path}`;
      await fc.assert(
        fc.asyncProperty(bodies, async (body) => {
          const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
          const status = String(response.status);
          const declared: OpenApiResponse | undefined = operation.responses[status];
          expect(declared, `status ${status} is declared`).toBeDefined();
          expect(response.status).toBeLessThan(300);
          const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
          expect(Object.keys(declared!.content ?? {})).toContain(mediaType);
          for (const [name, header] of Object.entries(declared!.headers ?? {})) {
            const value = response.headers.get(name);
            if (header.required) expect(value, `header ${name}`).not.toBeNull();
            if (value !== null) expect(schemaErrors(pointer('paths', path, 'post', 'responses', status, 'headers', name, 'schema'), value)).toEqual([]);
          }
          const answer = await response.json();
          expect(schemaErrors(pointer('paths', path, 'post', 'responses', status, 'content', mediaType, 'schema'), answer)).toEqual([]);
        }),
        { numRuns: 60 },
      );
    });
  }
});
