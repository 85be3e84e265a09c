import { describe, expect, it } from 'vitest';
import { documentSchemas, openApiDocument } from './document-schemas.ts';
import {
  bodyResponses,
  messageVerdicts,
  responseExamples,
  responsesWithoutExample,
  uaiMessages,
} from './response-examples.ts';

/** Every response with a body carries a real example: it fits its schema, and every message in it validates clean. */
const doc = openApiDocument();
const responses = bodyResponses(doc as never);
const examples = responseExamples(doc as never);

describe('response examples of the built document', () => {
  it(`${responses.length} of ${responses.length} responses with a body carry an example`, () => {
    expect(responses.length).toBeGreaterThan(90);
    expect(responsesWithoutExample(doc as never)).toEqual([]);
  });

  it('a response without an example is found', () => {
    const broken = structuredClone(doc) as typeof doc;
    const content = broken.paths['/catalog']!.get!.responses['200']!.content!['application/json'] as Record<
      string,
      unknown
    >;
    delete content.examples;
    expect(responsesWithoutExample(broken as never)).toEqual(['GET /catalog 200 application/json']);
  });

  it('every example fits its response schema', () => {
    const errorsAt = documentSchemas(doc);
    const misfits = examples.flatMap((e) =>
      errorsAt(['paths', e.path, e.method, 'responses', e.status, 'content', e.mediaType, 'schema'], e.value).map(
        (error) => `${e.method} ${e.path} ${e.status} ${e.key}: ${error}`,
      ),
    );
    expect(misfits).toEqual([]);
  });

  it('every UAI-1 message inside an example validates with 0 errors and 0 warnings, checksum included', () => {
    const verdicts = examples.flatMap((e) =>
      messageVerdicts(doc as never, e.value).map((v) => ({
        example: `${e.method} ${e.path} ${e.status} ${e.key}`,
        ...v,
      })),
    );
    expect(verdicts.length).toBeGreaterThan(20);
    expect(verdicts.filter((v) => v.errors.length || v.warnings.length)).toEqual([]);
  });

  it('a message with a broken checksum inside an example is caught', () => {
    const example = examples.find((e) => e.path === '/reference-server' && e.status === '202')!;
    const broken = structuredClone(example.value) as { integrity: { checksum: string } };
    broken.integrity.checksum = broken.integrity.checksum.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect([...uaiMessages(broken)]).toHaveLength(1);
    expect(messageVerdicts(doc as never, broken)[0]!.errors.length).toBeGreaterThan(0);
  });
});
