import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assertNoEvaluationKeywords,
  compact,
  emptinessByLength,
  errorReports,
  formatsUsed,
  inlinedSchemaReads,
  sharedErrorLists,
  sharedErrorParts,
  withoutAnnotations,
  withoutEvaluation,
} from '../../scripts/validator-schemas.ts';
import { PUBLISHED_CHECKS } from '../../src/standard/conversation-rules.ts';
import { objectShape, typeShape } from '../../src/standard/model.ts';
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

  it('carries no schema prose and no embedded schema objects', () => {
    // Annotation values are strings (examples: an array); a member named `title` is an object schema.
    expect(source).not.toMatch(/"(description|title|\$comment)": ["']|"examples": \[/);
    expect(source).not.toMatch(/\bschema\d+\b/);
    // What an embedded schema was read for, now a constant of its own (sharedErrorParts).
    expect(source).toMatch(/const errorParams\d+ = Object\.freeze\(\{ allowedValues: \["sync","async"\] \}\);/);
  });

  it('carries no code point counter: every length check is minLength 1', () => {
    expect(source).not.toMatch(/ucs2length|__commonJS|require\(/);
  });

  it('has no evaluation plumbing: each validator takes the data, its instance path and the list it reports onto', () => {
    expect(source).not.toMatch(/evaluated|dynamic|parentData|rootData/);
    expect(
      source.match(/\nfunction validate\d+\(data, instancePath = "", vErrors = null\) \{/g)!.length,
    ).toBeGreaterThan(20);
    expect(source).not.toMatch(/\nfunction validate\d+\((?!data, instancePath = "", vErrors = null\) \{)/);
  });

  it('has no schemaPath members and one call per error', () => {
    expect(source).not.toContain('schemaPath');
    expect(source).not.toMatch(/const err\d+ = /);
    expect(source).not.toContain('(vErrors ??= []).push(');
    expect(source.match(/vErrors = reportError\(vErrors, /g)!.length).toBeGreaterThan(100);
  });
});

describe('error parts shared between errors', () => {
  const loop = `function validate1(data, instancePath = "") {
  let vErrors = null;
  let errors = 0;
  const len0 = data.length;
  const key0 = "k";
  for (let i0 = 0; i0 < len0; i0++) {
    if (data[i0] === "}") errors++;
    if (typeof data[i0] !== "string") {
      (vErrors ??= []).push({ instancePath: instancePath + "/a/" + i0, keyword: "type", params: { type: "string" } });
    }
    if (!(data[i0] === "x")) {
      (vErrors ??= []).push({ instancePath: instancePath + "/a/" + i0, keyword: "enum", params: { allowedValues: ["x"] } });
    }
    (vErrors ??= []).push({ instancePath, keyword: "additionalProperties", params: { additionalProperty: key0 } });
  }
  (vErrors ??= []).push({ instancePath: instancePath + "/b", keyword: "type", params: { type: "string" } });
  return vErrors;
}`;

  it('makes each constant params one frozen object, and joins an item path once for all its errors', () => {
    const out = sharedErrorParts(loop);
    expect(out).toContain('const errorParams0 = Object.freeze({ type: "string" });');
    expect(out).toContain('const errorParams1 = Object.freeze({ allowedValues: ["x"] });');
    // Both type errors share one constant; a params that reads a variable stays as written.
    expect(out.match(/params: errorParams0 \}/g)).toHaveLength(2);
    expect(out).toContain('params: { additionalProperty: key0 }');
    expect(out).toContain('for (let i0 = 0; i0 < len0; i0++) {\nlet i0Path0;');
    expect(out.match(/instancePath: \(i0Path0 \?\?= instancePath \+ "\/a\/" \+ i0\)/g)).toHaveLength(2);
  });

  it('still reports every error with its path, and shares the params object', () => {
    const validate1 = new Function(`${sharedErrorParts(loop)}\nreturn validate1;`)();
    const errors = validate1([1, 2]);
    expect(errors.map((e: { keyword: string }) => e.keyword)).toEqual([
      'type',
      'enum',
      'additionalProperties',
      'type',
      'enum',
      'additionalProperties',
      'type',
    ]);
    expect(errors[0].instancePath).toBe('/a/0');
    expect(errors[1].instancePath).toBe('/a/0');
    expect(errors[3].instancePath).toBe('/a/1');
    expect(errors[0].params).toBe(errors[6].params);
    expect(Object.isFrozen(errors[0].params)).toBe(true);
  });

  it('fails when the output no longer has the expected shape', () => {
    expect(() => sharedErrorParts('function validate() {}')).toThrow(/changed shape/);
    expect(() => sharedErrorParts(loop.replaceAll(' + i0', ''))).toThrow(/changed shape/);
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

describe('dropping the evaluation plumbing', () => {
  const fn = (n: number, call: string) => `
function validate${n}(data, { instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
  let vErrors = null;
  let errors = 0;
  const evaluated0 = validate${n}.evaluated;
  if (evaluated0.dynamicProps) {
    evaluated0.props = void 0;
  }
  if (evaluated0.dynamicItems) {
    evaluated0.items = void 0;
  }
  ${call}
  validate${n}.errors = vErrors;
  return errors === 0;
}
validate${n}.evaluated = { "props": { "a": true }, "dynamicProps": false, "dynamicItems": false };`;
  const item =
    'if (!validate1(data7[i0], { instancePath: instancePath + "/a,b/" + i0, parentData: data7, parentDataProperty: i0, rootData, dynamicAnchors })) {}';
  const whole = 'if (!validate2(data, { instancePath, parentData, parentDataProperty, rootData, dynamicAnchors })) {}';

  it('leaves validators of (data, instancePath) and their calls', () => {
    expect(withoutEvaluation(`${fn(1, item)}${fn(2, whole)}`)).toBe(
      `
function validate1(data, instancePath = "") {
  let vErrors = null;
  let errors = 0;
  if (!validate1(data7[i0], instancePath + "/a,b/" + i0)) {}
  validate1.errors = vErrors;
  return errors === 0;
}
function validate2(data, instancePath = "") {
  let vErrors = null;
  let errors = 0;
  if (!validate2(data, instancePath)) {}
  validate2.errors = vErrors;
  return errors === 0;
}`,
    );
  });

  it('fails when the output no longer has the expected shape or the plumbing is still read', () => {
    expect(() => withoutEvaluation(fn(1, item).replace('"dynamicProps": false', '"dynamicProps": true'))).toThrow(
      /changed shape/,
    );
    expect(() =>
      withoutEvaluation(fn(1, item.replace('rootData, dynamicAnchors', 'rootData: data, dynamicAnchors'))),
    ).toThrow(/changed shape/);
    expect(() => withoutEvaluation(fn(1, `${item}\n  if (rootData) {}`))).toThrow(/rootData is still read/);
    expect(() => withoutEvaluation('function validate() {}')).toThrow(/changed shape/);
  });

  it('refuses schemas that need it', () => {
    expect(() => assertNoEvaluationKeywords([{ properties: { a: { type: 'object' } } }])).not.toThrow();
    expect(() => assertNoEvaluationKeywords([{ $defs: { a: { allOf: [{ unevaluatedProperties: false }] } } }])).toThrow(
      /unevaluatedProperties/,
    );
    expect(() => assertNoEvaluationKeywords([{ items: { $dynamicRef: '#meta' } }])).toThrow(/\$dynamicRef/);
    // A property that is merely named like the keyword is not the keyword.
    expect(() => assertNoEvaluationKeywords([{ properties: { $dynamicRef: {} } }])).not.toThrow();
  });
});

describe('writing the schema values ajv reads as literals', () => {
  const code = `var schema3 = { "properties": { "mode": { "enum": ["sync", "async"] } } };
var pattern1 = new RegExp("x", "u");
const e = { params: { allowedValues: schema3.properties.mode.enum } };
`;

  it('drops the embedded schema objects', () => {
    expect(inlinedSchemaReads(code)).toBe(
      'var pattern1 = new RegExp("x", "u");\nconst e = { params: { allowedValues: ["sync","async"] } };\n',
    );
  });

  it('fails when a schema object is used otherwise, or read where it has no member', () => {
    expect(() => inlinedSchemaReads(`${code}f(schema3);\n`)).toThrow(/schema3 is used otherwise/);
    expect(() => inlinedSchemaReads(code.replace('mode.enum', 'mode.const'))).toThrow(/reads no member/);
    expect(() => inlinedSchemaReads('function validate() {}')).toThrow(/changed shape/);
  });
});

describe('minLength 1 as a length check', () => {
  const require = 'const func1 = require("ajv/dist/runtime/ucs2length").default;';
  const check = (limit: string) => `if(func1(data0) ${limit}){errors++;}if(func1(data) < 1){errors++;}`;

  it('drops the code point counter when nothing else counts', () => {
    expect(emptinessByLength(`${require}${check('< 1')}`)).toBe(
      'if(data0.length < 1){errors++;}if(data.length < 1){errors++;}',
    );
  });

  it('keeps the counter where code points matter', () => {
    expect(emptinessByLength(`${require}${check('> 3')}`)).toBe(
      `${require}if(func1(data0) > 3){errors++;}if(data.length < 1){errors++;}`,
    );
    expect(emptinessByLength(`${require}${check('< 10')}`)).toContain(`${require}if(func1(data0) < 10)`);
    expect(emptinessByLength('function validate() {}')).toBe('function validate() {}');
  });
});

describe('errors reported through one function', () => {
  const pushes = `  (vErrors ??= []).push({ instancePath, keyword: "required", params: errorParams0 });
    (vErrors ??= []).push({ instancePath: (i0Path0 ??= instancePath + "/a, keyword: /" + i0), keyword: "type", params: errorParams1 });
    (vErrors ??= []).push({ instancePath: instancePath + "/b", keyword: "additionalProperties", params: { additionalProperty: key0 } });`;

  it('rewrites each push as a call with the same path, keyword and params', () => {
    const out = errorReports(pushes);
    expect(out.split('\n').slice(-3)).toEqual([
      '  vErrors = reportError(vErrors, instancePath, "required", errorParams0);',
      '    vErrors = reportError(vErrors, (i0Path0 ??= instancePath + "/a, keyword: /" + i0), "type", errorParams1);',
      '    vErrors = reportError(vErrors, instancePath + "/b", "additionalProperties", { additionalProperty: key0 });',
    ]);
  });

  it('makes the very errors the pushes made, in order', () => {
    const run = (code: string) =>
      new Function(
        'errorParams0',
        'errorParams1',
        'key0',
        `let vErrors = null; let i0Path0; const instancePath = "/m"; const i0 = 3;\n${code}\nreturn vErrors;`,
      )({ missingProperty: 'x' }, { type: 'string' }, 'extra') as unknown;
    expect(run(errorReports(pushes))).toEqual(run(pushes));
    expect(JSON.stringify(run(errorReports(pushes)))).toBe(JSON.stringify(run(pushes)));
  });

  it('fails on a push of another shape', () => {
    expect(() => errorReports('(vErrors ??= []).push({ keyword: "type", instancePath, params: p });')).toThrow(
      /changed shape/,
    );
    expect(() => errorReports('let vErrors = null;')).toThrow(/changed shape/);
  });
});

describe('one list of errors per check', () => {
  // ajv's shape after errorReports: each validator starts its own list, a caller copies a failing
  // callee's list onto its own. Item 1 of the array fails in the callee, the grandchild fails
  // under item 2, and the caller has errors of its own before and after the loop.
  const program = `function reportError(list, instancePath, keyword, params) {
  const error = { instancePath, keyword, params };
  if (list === null) return [error];
  list.push(error);
  return list;
}
function validate2(data, instancePath = "") {
  let vErrors = null;
  let errors = 0;
  if (typeof data !== "number") {
    vErrors = reportError(vErrors, instancePath, "type", "number");
    errors++;
  }
  validate2.errors = vErrors;
  return errors === 0;
}
function validate1(data, instancePath = "") {
  ;
  let vErrors = null;
  let errors = 0;
  if (data.a === void 0) {
    vErrors = reportError(vErrors, instancePath, "required", "a");
    errors++;
  }
  if (data.n !== void 0) {
    if (!validate2(data.n, instancePath + "/n")) {
      if (vErrors === null) vErrors = validate2.errors; else for (const e of validate2.errors) vErrors.push(e);
      errors = vErrors.length;
    }
  }
  validate1.errors = vErrors;
  return errors === 0;
}
function validate0(data, instancePath = "") {
  let vErrors = null;
  let errors = 0;
  for (let i0 = 0; i0 < data.items.length; i0++) {
    if (!validate1(data.items[i0], instancePath + "/items/" + i0)) {
      if (vErrors === null) vErrors = validate1.errors; else for (const e of validate1.errors) vErrors.push(e);
      errors = vErrors.length;
    }
  }
  if (data.last !== true) {
    vErrors = reportError(vErrors, instancePath + "/last", "const", true);
    errors++;
  }
  validate0.errors = vErrors;
  return errors === 0;
}
return validate0;`;
  const inputs = [
    { items: [], last: true },
    { items: [{ a: 1 }, { a: 1, n: 2 }], last: true },
    { items: [{ a: 1 }, {}, { a: 1, n: 'x' }, { n: 'y' }], last: false },
    { items: [{ a: 1, n: 'x' }], last: true },
    { items: [{ a: 1 }], last: false },
  ];
  const verdicts = (code: string) => {
    const validate = new Function(code)();
    return inputs.map((input) => {
      const valid = validate(input) as boolean;
      return { valid, errors: valid ? null : JSON.stringify(validate.errors) };
    });
  };

  it("hands the caller's list down: no list copied, no validator starting its own", () => {
    const out = sharedErrorLists(program);
    expect(out).not.toMatch(/let vErrors|vErrors\.push\(e\)/);
    expect(out.match(/\nfunction validate\d\(data, instancePath = "", vErrors = null\) \{/g)).toHaveLength(3);
    expect(out).toContain(
      'if (!validate1(data.items[i0], instancePath + "/items/" + i0, vErrors)) {\n      vErrors = validate1.errors;',
    );
  });

  it('gives every verdict and the very errors, in order, that the copying code gives', () => {
    const before = verdicts(program);
    expect(before.map((v) => v.valid)).toEqual([true, true, false, false, false]);
    expect(verdicts(sharedErrorLists(program))).toEqual(before);
  });

  it('fails when a validator or a call of one is left in another shape', () => {
    expect(() =>
      sharedErrorLists(program.replace('function validate2(data, instancePath = "")', 'function validate2(data)')),
    ).toThrow(/changed shape/);
    expect(() => sharedErrorLists(program.replaceAll('vErrors.push(e);', 'vErrors.push(...[e]);'))).toThrow(
      /changed shape/,
    );
  });
});

describe('the generated field model of the engine', () => {
  it('is the field model of the standard without its prose and value constraints, as plain data', () => {
    // Read as text (the engine's door is src/engine/index.ts): the module is one JSON literal.
    const text = readFileSync(join(import.meta.dirname, '../../src/engine/generated/field-model.js'), 'utf8');
    const literal = /^export const OBJECTS = (\[[\s\S]*\]);\n$/m.exec(text.slice(text.indexOf('export')));
    const ENGINE_OBJECTS: unknown = JSON.parse(literal![1]!);
    expect(ENGINE_OBJECTS).toEqual(OBJECTS.map(objectShape));
    const json = JSON.stringify(ENGINE_OBJECTS);
    for (const left of ['description', 'enum', 'pattern', 'format', 'minLength', 'maxLength', 'minimum', 'minItems'])
      expect(json).not.toContain(`"${left}"`);
    // What the engine walks and warns about stays: keys, order, required, refs, open sets, issue codes.
    expect(json).toContain('"valueIssueCode":"identity.did_invalid"');
    expect(json).toContain('{"kind":"array","items":{"kind":"object","ref":"extension"}}');
    expect(json).toContain('"open":["requesting-agent",');
  });

  it('keeps of a type only its structure and open set', () => {
    expect(
      typeShape({
        kind: 'array',
        minItems: 1,
        items: { kind: 'string', enum: ['a'], pattern: 'x', format: 'uri', minLength: 1, open: ['b'] },
      }),
    ).toEqual({ kind: 'array', items: { kind: 'string', open: ['b'] } });
    expect(typeShape({ kind: 'integer', minimum: 1, enum: [2] })).toEqual({ kind: 'integer' });
    expect(typeShape({ kind: 'object', ref: 'party' })).toEqual({ kind: 'object', ref: 'party' });
  });
});

describe('the generated check ids of the engine', () => {
  it('are the ids of the published checks, in order, with a level letter each, without their titles', () => {
    const text = readFileSync(join(import.meta.dirname, '../../src/engine/generated/published-checks.js'), 'utf8');
    const list = (name: string) =>
      JSON.parse(new RegExp(`^export const ${name} = (\\[[^\\]]*\\]);$`, 'm').exec(text)![1]!) as string[];
    expect(list('PUBLISHED_CHECK_IDS')).toEqual(PUBLISHED_CHECKS.map((c) => c.id));
    const levels = JSON.parse(/^export const PUBLISHED_CHECK_LEVELS = ("[ms]*");$/m.exec(text)![1]!) as string;
    expect([...levels]).toEqual(PUBLISHED_CHECKS.map((c) => (c.severity === 'must' ? 'm' : 's')));
    expect(text).not.toContain(PUBLISHED_CHECKS[0]!.title);
  });
});
