import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../http/server.ts';
import { arbitraryFor, sampledMessages, type OpenApiResponse } from './arbitraries.ts';
import { documentSchemas, openApiDocument } from './document-schemas.ts';

/**
 * Property: every request body generated from the document's own request schema gets an answer
 * the document declares for the operation: a declared status (and, since the schema allows the
 * request, a 2xx one: the service judges the message, it does not refuse the call), a declared
 * media type, every required declared header with a value its schema allows, and a body that
 * matches the declared response schema.
 */
const doc = openApiDocument();
const schemaErrors = documentSchemas(doc);

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const messages = sampledMessages(doc);
const postPaths = Object.entries(doc.paths)
  .filter(([, item]) => item.post)
  .map(([path]) => path);

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
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          const status = String(response.status);
          const declared: OpenApiResponse | undefined = operation.responses[status];
          expect(declared, `status ${status} is declared`).toBeDefined();
          // The service judges what the schema allows: a 2xx, or a refusal the document declares as a
          // message of the binding (the reference server answers an invalid message with a uai.error.v1).
          if (response.status >= 300)
            expect(Object.keys(declared!.content ?? {}), `status ${status} is a declared answer`).toContain(
              'application/json',
            );
          const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
          expect(Object.keys(declared!.content ?? {})).toContain(mediaType);
          for (const [name, header] of Object.entries(declared!.headers ?? {})) {
            const value = response.headers.get(name);
            if (header.required) expect(value, `header ${name}`).not.toBeNull();
            if (value !== null)
              expect(
                schemaErrors(['paths', path, 'post', 'responses', status, 'headers', name, 'schema'], value),
              ).toEqual([]);
          }
          const answer = await response.json();
          expect(
            schemaErrors(['paths', path, 'post', 'responses', status, 'content', mediaType, 'schema'], answer),
          ).toEqual([]);
        }),
        { numRuns: 60 },
      );
    });
  }
});
