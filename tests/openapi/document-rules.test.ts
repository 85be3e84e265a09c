import { describe, expect, it } from 'vitest';
import { explicitOpenness } from '../../src/records/openapi/schema-helpers.ts';
import { openApiDocument } from './document-schemas.ts';
import { rebasedDocument } from './prism-proxy.ts';
import { ROUTE_NOT_FOUND, unexplainedViolations, type Violation } from './violations.ts';

/** The rules the document keeps for generators, and the rules by which Prism's reports are read. */
const doc = openApiDocument();

/** Every schema object in the document with its JSON location. */
function* schemas(value: unknown, at: string): Generator<[string, Record<string, unknown>]> {
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) yield* schemas(v, `${at}/${i}`);
    return;
  }
  const record = value as Record<string, unknown>;
  if (typeof record.type === 'string' || Array.isArray(record.type)) yield [at, record];
  for (const [k, v] of Object.entries(record))
    if (k !== 'examples' && k !== 'example' && k !== 'enum' && k !== 'const') yield* schemas(v, `${at}/${k}`);
}

describe('the built document', () => {
  it('every operation declares what the local server answers before reading a request (docs/slow-clients.md)', () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(item as Record<string, any>)) {
        if (!operation?.responses) continue;
        for (const [status, code] of [
          ['400', 'request.invalid'],
          ['408', 'request.timeout'],
          ['413', 'request.too_large'],
          ['431', 'request.headers_too_large'],
        ] as const)
          if (!operation.responses[status]?.content?.['application/problem+json']?.examples?.[code])
            missing.push(`${method.toUpperCase()} ${path} ${status} ${code}`);
      }
    expect(Object.keys(doc.paths).length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('every object schema lists its properties or says additionalProperties; every array has items', () => {
    const loose = [...schemas(doc, '')].filter(([, s]) => {
      const types = ([] as unknown[]).concat(s.type);
      return (
        (types.includes('object') && s.properties === undefined && s.additionalProperties === undefined) ||
        (types.includes('array') && s.items === undefined)
      );
    });
    expect(loose.map(([at]) => at)).toEqual([]);
  });

  it('request messages are any JSON object (or array, for the validator)', () => {
    const request = (name: string) => doc.components.schemas[name]!.properties!.message!;
    expect(request('MockExchangeRequest')).toMatchObject({ type: 'object', additionalProperties: true });
    expect(doc.components.schemas.AnyMessage!.oneOf).toEqual([
      expect.objectContaining({ type: 'object', additionalProperties: true }),
      expect.objectContaining({ type: 'array', items: true }),
    ]);
  });

  it('format=summary has its own shape: the result without its conformance record', () => {
    const json = doc.paths['/validate']!.post!.responses['200']!.content!['application/json']!.schema;
    expect(json.oneOf).toContainEqual({ $ref: '#/components/schemas/ValidatorSummary' });
    const { ValidatorResult: result, ValidatorSummary: summary } = doc.components.schemas;
    expect(Object.keys(summary!.properties!)).toEqual(
      Object.keys(result!.properties!).filter((k) => k !== 'conformance_record'),
    );
    expect(summary!.additionalProperties).toBe(false);
  });

  it('is served relative to its own location, and Prism reads it with the base in the path keys', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/v1' })]);
    const rebased = rebasedDocument(doc as never);
    expect(Object.keys(rebased.paths)).toContain('/v1/schemas/{profile}');
    expect(Object.keys(rebased.paths).every((p) => p.startsWith('/v1/'))).toBe(true);
  });
});

describe('explicitOpenness', () => {
  it('writes out the openness of bare objects and arrays at any depth, and leaves data alone', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'object' }, b: { type: ['array', 'null'] }, c: { oneOf: [{ type: 'object' }] } },
      examples: [{ type: 'object' }],
    };
    expect(explicitOpenness(schema)).toEqual({
      type: 'object',
      properties: {
        a: { type: 'object', additionalProperties: true },
        b: { type: ['array', 'null'], items: true },
        c: { oneOf: [{ type: 'object', additionalProperties: true }] },
      },
      examples: [{ type: 'object' }],
    });
  });
});

describe('reading Prism violations', () => {
  const requestViolation: Violation = {
    location: ['request', 'body'],
    severity: 'Error',
    message: "must have required property 'message'",
  };
  const responseViolation: Violation = {
    location: ['response', 'body'],
    severity: 'Error',
    message: "must have required property 'valid'",
  };
  const answer = (path: string, status: number, contentType = 'application/json; charset=utf-8') => ({
    path,
    status,
    contentType,
  });

  it('a request violation is expected only when the service refused the request with a 4xx problem', () => {
    expect(
      unexplainedViolations(
        [requestViolation],
        answer('/v1/validate', 400, 'application/problem+json; charset=utf-8'),
        '/v1',
      ),
    ).toEqual([]);
    expect(unexplainedViolations([requestViolation], answer('/v1/validate', 200), '/v1')).toEqual([requestViolation]);
    expect(
      unexplainedViolations([requestViolation], answer('/v1/validate', 500, 'application/problem+json'), '/v1'),
    ).toEqual([requestViolation]);
  });

  it('every response violation counts, except a body Prism checked against the wrong media type', () => {
    expect(unexplainedViolations([responseViolation], answer('/v1/validate', 200), '/v1')).toEqual([responseViolation]);
    expect(
      unexplainedViolations(
        [responseViolation],
        answer('/v1/validate', 200, 'application/sarif+json; charset=utf-8'),
        '/v1',
      ),
    ).toEqual([]);
  });

  it('an unknown route is expected outside the REST base only', () => {
    const notFound: Violation = { location: ['request'], severity: 'Warning', message: ROUTE_NOT_FOUND };
    expect(unexplainedViolations([notFound], answer('/', 200, 'text/html'), '/v1')).toEqual([]);
    expect(unexplainedViolations([notFound], answer('/v1/catalog', 200), '/v1')).toEqual([notFound]);
  });
});
