import { createHash } from 'node:crypto';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { PROFILES } from '../../src/standard/profiles.ts';
import { readRecord } from './dist.ts';

/**
 * The published schemas and examples, checked with stock tools as an implementer would use them:
 * a plain Ajv2020 in strict mode, and canonicalize + sha256 for the checksum.
 */
function stockAjv() {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  for (const entry of readRecord('/schemas').schemas) ajv.addSchema(readRecord(`/schemas/${entry.id}`));
  return ajv;
}

describe('published JSON Schemas', () => {
  it('are draft 2020-12 documents whose $id is their own URL', () => {
    for (const entry of readRecord('/schemas').schemas) {
      const schema = readRecord(`/schemas/${entry.id}`);
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema.$id).toBe(entry.url);
    }
  });

  it('compile in a stock Ajv2020 with strict mode on, every $ref resolving', () => {
    const ajv = stockAjv();
    for (const entry of readRecord('/schemas').schemas) {
      expect(() => ajv.getSchema(entry.url)).not.toThrow();
      expect(ajv.getSchema(entry.url), entry.id).toBeTypeOf('function');
    }
  });
});

describe('published examples', () => {
  const ajv = stockAjv();
  const examples = readRecord('/examples').examples;

  it('cover every profile', () => {
    expect(examples.map((e: any) => e.profile).sort()).toEqual(PROFILES.map((p) => p.id).sort());
  });

  for (const profile of PROFILES.map((p) => p.id)) {
    it(`${profile} validates against its schema`, () => {
      const { message } = readRecord(`/examples/${profile}`);
      const validate = ajv.getSchema(readRecord(`/examples/${profile}`).schema_url)!;
      const ok = validate(message);
      expect(validate.errors ?? []).toEqual([]);
      expect(ok).toBe(true);
      expect(message.profile).toBe(profile);
    });

    it(`${profile} carries a checksum that recomputes (RFC 8785 + SHA-256)`, () => {
      const { message } = readRecord(`/examples/${profile}`);
      const { integrity, ...rest } = message;
      const digest = createHash('sha256').update(canonicalize(rest)!, 'utf8').digest('hex');
      expect(integrity).toEqual({
        version: 2,
        algorithm: 'sha256',
        canonicalization: 'jcs',
        checksum: `sha256:${digest}`,
      });
    });
  }

  it('are also rejected by the schema when broken, so the check above can fail', () => {
    const { message, schema_url } = readRecord('/examples/uai.intent.request.v1');
    const validate = ajv.getSchema(schema_url)!;
    expect(validate({ ...message, delivery: { ...message.delivery, mode: 'carrier-pigeon' } })).toBe(false);
    const { subject: _subject, ...bodyWithoutSubject } = message.body;
    expect(validate({ ...message, body: bodyWithoutSubject })).toBe(false);
  });
});
