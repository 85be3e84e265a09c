import { describe, expect, it } from 'vitest';
import { publishedExamples } from '../../src/engine/index.ts';
import { hasRef, hoistExamples, isUaiMessage, recordExample, TRIM_OVER } from '../../src/records/openapi/examples.ts';
import { siteFor } from '../../src/standard/urls.ts';

/** How a record becomes an example: whole when small, trimmed (and saying so) when large, never with $ref. */
const messages = publishedExamples(siteFor('http://localhost:4321')).map((e) => e.message);

describe('record examples', () => {
  it('a small record without $ref is the record itself', () => {
    const record = { record: 'small', list: [1, 2, 3, 4], message: messages[0] };
    expect(recordExample('Small', 'http://x/v1/small', record)).toEqual({ summary: 'Small', value: record });
  });

  it('a large record keeps the first items of each list and of each map of objects, messages whole, and says so', () => {
    const map = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`k${i}`, { n: i }]));
    const record = { record: 'large', messages, filler: 'x'.repeat(TRIM_OVER), map, numbers: [1, 2, 3] };
    const example = recordExample('Large', 'http://x/v1/large', record);
    const value = example.value as typeof record;
    expect(example.summary).toBe('Large (trimmed)');
    expect(example.description).toMatch(/first 2 items.*GET http:\/\/x\/v1\/large\.$/);
    expect(value.messages).toEqual(messages.slice(0, 2));
    expect(value.messages.every(isUaiMessage)).toBe(true);
    expect(Object.keys(value.map)).toEqual(['k0', 'k1']);
    expect(value.numbers).toEqual([1, 2]);
  });

  it('$ref members are left out, and the example says why', () => {
    const schema = { $id: 'http://x/s', allOf: [{ $ref: 'other' }], properties: { a: { $ref: '#/$defs/a' } } };
    const example = recordExample('Schema', 'http://x/s', schema);
    expect(hasRef(example.value)).toBe(false);
    expect(example.value).toEqual({ $id: 'http://x/s', allOf: [{}], properties: { a: {} } });
    expect(example.description).toMatch(/resolve \$ref inside example values/);
  });

  it('an example with a $ref member stops the build', () => {
    const paths = {
      '/a': {
        get: {
          operationId: 'getA',
          responses: { '200': { content: { 'application/json': { examples: { a: { value: { $ref: 'x' } } } } } } },
        },
      },
    };
    expect(() => hoistExamples(paths)).toThrow(/\$ref/);
  });

  it('examples move to components once, shared ones under their key', () => {
    const problem = { summary: 'P', value: { code: 'p' } };
    const op = (id: string, own: unknown) => ({
      operationId: id,
      responses: {
        '200': { content: { 'application/json': { examples: { own: { summary: id, value: own } } } } },
        '404': { content: { 'application/problem+json': { examples: { p: structuredClone(problem) } } } },
      },
    });
    const paths = { '/a': { get: op('getA', 1) }, '/b': { get: op('getB', 2) } };
    const components = hoistExamples(paths);
    expect(Object.keys(components).sort()).toEqual(['getA.own', 'getB.own', 'p']);
    expect(paths['/b'].get.responses['404'].content['application/problem+json'].examples.p).toEqual({
      $ref: '#/components/examples/p',
    });
  });
});
