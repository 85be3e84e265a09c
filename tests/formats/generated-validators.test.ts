import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatsUsed, withoutAnnotations } from '../../scripts/validator-schemas.ts';
import { allSchemas } from '../../src/standard/schemas.ts';
import { siteFor } from '../../src/standard/site.ts';

/** What the precompiled validators are made of (scripts/generate-validators.ts, issue: smaller bundles). */
describe('schemas as the generator compiles them', () => {
  it('lose annotation keywords but keep members that are named like them', () => {
    const schema = {
      $id: 'x',
      title: 'T',
      description: 'D',
      $comment: 'C',
      type: 'object',
      properties: {
        description: { type: 'string', description: 'about description' },
        title: { $ref: '#/$defs/t', title: 'x' },
      },
      $defs: { t: { type: 'array', items: { type: 'string', examples: ['a'], format: 'uri' }, description: 'd' } },
      allOf: [{ if: { description: 'i' }, then: { title: 't' } }],
      required: ['description', 'title'],
    };
    expect(withoutAnnotations(schema)).toEqual({
      $id: 'x',
      type: 'object',
      properties: { description: { type: 'string' }, title: { $ref: '#/$defs/t' } },
      $defs: { t: { type: 'array', items: { type: 'string', format: 'uri' } } },
      allOf: [{ if: {}, then: {} }],
      required: ['description', 'title'],
    });
    expect(schema.description).toBe('D'); // the published schema is not touched
  });

  it('use exactly the date-time and uri formats', () => {
    expect(formatsUsed(allSchemas(siteFor()).map((d) => d.schema))).toEqual(['date-time', 'uri']);
  });
});

describe('the generated validator module', () => {
  const source = readFileSync(join(import.meta.dirname, '../../src/engine/generated/schema-validators.js'), 'utf8');

  it('imports only the format checkers of the standard, no ajv-formats', () => {
    expect([...source.matchAll(/^import .*$/gm)].map((m) => m[0])).toEqual([
      'import { formats as uaiFormats } from "../../standard/formats/index.ts";',
    ]);
    expect(source).not.toContain('ajv-formats');
  });

  it('carries no schema prose', () => {
    // Annotation values are strings (examples: an array); a member named `title` is an object schema.
    expect(source).not.toMatch(/"(description|title|\$comment)": ["']|"examples": \[/);
    expect(source).toContain('"issued_at": { "type": "string", "format": "date-time" }'); // schemas are embedded, only bare
  });
});
