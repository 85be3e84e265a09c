import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { DIST, readRecord } from '../records/dist.ts';

/** The built report (dist/, which the test build makes with the fixture entries) as it is published. */
describe('the published report of implementations', () => {
  const record = readRecord('/implementations');

  it('validates against its schema in the published OpenAPI document', () => {
    const openapi = readRecord('/openapi.json');
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ $id: 'https://uai.invalid/openapi.json', ...openapi });
    const validate = ajv.getSchema('https://uai.invalid/openapi.json#/components/schemas/ImplementationsRecord')!;
    expect(validate(record), JSON.stringify(validate.errors)).toBe(true);
    const operation = openapi.paths['/implementations'].get;
    expect(operation.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ImplementationsRecord',
    });
  });

  it('lists the reference server first, then the fixture entries, with their levels', () => {
    expect(record.implementations.map((i: any) => [i.id, i.level, i.result_status])).toEqual([
      ['reference-server', 'L4', 'pass'],
      ['acme-agent', 'L3', 'pass'],
      ['broken-agent', 'L1', 'fail'],
    ]);
  });

  it('serves every sealed result byte for byte and every badge as well-formed SVG', () => {
    for (const slug of readdirSync('tests/data/implementations'))
      expect(readFileSync(join(DIST, 'implementations', slug, 'result.json'))).toEqual(
        readFileSync(join('tests/data/implementations', slug, 'result.json')),
      );
    for (const impl of record.implementations) {
      const svg = readFileSync(join(DIST, 'implementations', impl.id, 'badge.svg'), 'utf8');
      expect(XMLValidator.validate(svg), impl.id).toBe(true);
      expect(svg).toContain(`<title>UAI-1: ${impl.level} | ${impl.result_status}`);
    }
  });
});
