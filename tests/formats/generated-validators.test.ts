import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compact, formatsUsed, withoutAnnotations } from '../../scripts/validator-schemas.ts';
import { OBJECTS } from '../../src/standard/objects/index.ts';
import { allSchemas } from '../../src/standard/schemas.ts';
import { siteFor } from '../../src/standard/urls.ts';

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

  it('has no schemaPath members and one expression per error push', () => {
    expect(source).not.toContain('schemaPath');
    expect(source).not.toMatch(/const err\d+ = /);
    expect(source.match(/\(vErrors \?\?= \[\]\)\.push\(\{ instancePath/g)!.length).toBeGreaterThan(100);
  });
});

describe('compacting ajv output', () => {
  const push = (n: number) =>
    `      const err${n} = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "a\\"b" } };
      if (vErrors === null) {
        vErrors = [err${n}];
      } else {
        vErrors.push(err${n});
      }
      errors++;`;

  it('drops schemaPath and writes each push as one expression', () => {
    expect(compact(`${push(0)}\n${push(1)}`)).toBe(
      [0, 1]
        .map(
          () =>
            '      (vErrors ??= []).push({ instancePath, keyword: "required", params: { missingProperty: "a\\"b" } });\n      errors++;',
        )
        .join('\n'),
    );
  });

  it('fails when the output no longer has the expected shape', () => {
    expect(() => compact(push(0).replace('vErrors.push(err0)', 'vErrors.unshift(err0)'))).toThrow(/changed shape/);
    expect(() => compact('function validate() {}')).toThrow(/changed shape/);
  });
});

describe('the generated field model of the engine', () => {
  it('is the field model of the standard without its prose, as plain data', () => {
    // Read as text (the engine's door is src/engine/index.ts): the module is one JSON literal.
    const text = readFileSync(join(import.meta.dirname, '../../src/engine/generated/field-model.js'), 'utf8');
    const literal = /^export const OBJECTS = (\[[\s\S]*\]);\n$/m.exec(text.slice(text.indexOf('export')));
    const ENGINE_OBJECTS: unknown = JSON.parse(literal![1]!);
    const bare = OBJECTS.map(({ description: _d, fields, ...object }) => ({
      ...object,
      fields: fields.map(({ description: _f, ...field }) => field),
    }));
    expect(ENGINE_OBJECTS).toEqual(bare);
    expect(JSON.stringify(ENGINE_OBJECTS)).not.toContain('"description"');
  });
});
