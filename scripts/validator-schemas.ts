/**
 * What the validator generator (generate-validators.ts) does to the published schemas before
 * compiling them. Both walk schemas by keyword, never by key name, so a property that happens to
 * be called `description` or `format` is left alone.
 */
type Schema = Record<string, unknown>;

/** Annotation keywords (JSON Schema 2020-12 validation section 9, core section 8.3): no effect on validity. */
const ANNOTATIONS = new Set(['title', 'description', 'examples', '$comment']);
/** Keywords whose value is a map of name -> subschema. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
/** Keywords whose value is one subschema. */
const SCHEMA_ONE = new Set([
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
]);
/** Keywords whose value is a list of subschemas. */
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Calls `visit` on the schema and on every subschema below it. */
function walk(schema: unknown, visit: (s: Schema) => void): void {
  if (!isSchema(schema)) return;
  visit(schema);
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_ONE.has(key)) walk(value, visit);
    else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) value.forEach((s) => walk(s, visit));
    else if (SCHEMA_MAPS.has(key) && isSchema(value)) Object.values(value).forEach((s) => walk(s, visit));
  }
}

/** A deep copy of the schema without annotation keywords. */
export function withoutAnnotations(schema: Schema): Schema {
  const copy = structuredClone(schema);
  walk(copy, (s) => {
    for (const key of Object.keys(s)) if (ANNOTATIONS.has(key)) delete s[key];
  });
  return copy;
}

/** The names of the string formats the schemas use, sorted. */
export function formatsUsed(schemas: readonly Schema[]): string[] {
  const names = new Set<string>();
  for (const schema of schemas) walk(schema, (s) => (typeof s.format === 'string' ? names.add(s.format) : undefined));
  return [...names].sort();
}

/** One error push of ajv's generated code: `const errN = {...};` then the null-or-push of errN. */
const ERROR_PUSH =
  /const (err\d+) = (\{[^\n]*\});\n\s*if \(vErrors === null\) \{\n\s*vErrors = \[\1\];\n\s*\} else \{\n\s*vErrors\.push\(\1\);\n\s*\}/g;
/** The schemaPath member of an error object (a JSON string literal). */
const SCHEMA_PATH = /schemaPath: "(?:[^"\\]|\\.)*", /g;

/**
 * Shrinks ajv's output without changing what it reports to the engine: drops `schemaPath` (the
 * engine reads keyword, params and instancePath only) and writes each of the
 * error pushes as one expression. Fails when ajv's output no longer has the expected shape, so
 * an ajv update cannot leave the code half rewritten.
 */
export function compact(code: string): string {
  const declared = code.match(/const err\d+ = /g)?.length ?? 0;
  const pushes = code.match(ERROR_PUSH)?.length ?? 0;
  const paths = code.match(SCHEMA_PATH)?.length ?? 0;
  if (declared === 0 || pushes !== declared || paths !== declared)
    throw new Error(`ajv output changed shape: ${declared} errors, ${pushes} pushes, ${paths} schema paths`);
  return code.replace(SCHEMA_PATH, '').replace(ERROR_PUSH, '(vErrors ??= []).push($2);');
}

/**
 * Keywords that need ajv's evaluation tracking (unevaluated*) or dynamic scopes ($dynamicRef and
 * its 2019-09 forerunner). Ajv2020 emits the plumbing for them into every validator whether a
 * schema uses them or not; withoutEvaluation drops it, which is only right while no schema does.
 */
const EVALUATION_KEYWORDS = [
  'unevaluatedProperties',
  'unevaluatedItems',
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
  '$recursiveAnchor',
];

/** Throws when a schema uses a keyword whose support withoutEvaluation removes. */
export function assertNoEvaluationKeywords(schemas: readonly Schema[]): void {
  const used = new Set<string>();
  for (const schema of schemas) walk(schema, (s) => EVALUATION_KEYWORDS.forEach((k) => (k in s ? used.add(k) : 0)));
  if (used.size)
    throw new Error(
      `A schema uses ${[...used].join(', ')}: the generated validators need ajv's evaluation plumbing again (withoutEvaluation in scripts/validator-schemas.ts)`,
    );
}

/** What ajv writes at the top of every function to reset its evaluated members. */
const EVALUATED_PROLOGUE =
  /\n {2}const (evaluated\d+) = validate\d+\.evaluated;\n {2}if \(\1\.dynamicProps\) \{\n {4}\1\.props = void 0;\n {2}\}\n {2}if \(\1\.dynamicItems\) \{\n {4}\1\.items = void 0;\n {2}\}/g;
/** The static evaluated members ajv assigns after every function (names of the properties it checks). */
const EVALUATED_MEMBERS =
  /\nvalidate\d+\.evaluated = \{ "props": (?:true|\{[^\n]*?\}), "dynamicProps": false, "dynamicItems": false \};/g;
/** Every function's options parameter: only instancePath is read once the evaluation plumbing is gone. */
const SIGNATURE =
  /function (validate\d+)\(data, \{ instancePath = "", parentData, parentDataProperty, rootData = data, dynamicAnchors = \{\} \} = \{\}\) \{/g;
/** A string literal or anything up to the next comma: one argument expression of ajv's calls. */
const EXPRESSION = String.raw`(?:"(?:[^"\\]|\\.)*"|[^,"{}])+`;
/** A call of one validator from another, with the options object ajv passes along. */
const CALL = new RegExp(
  String.raw`(validate\d+)\((${EXPRESSION}), \{ instancePath(?:: (${EXPRESSION}))?, parentData(?:: ${EXPRESSION})?, parentDataProperty(?:: ${EXPRESSION})?, rootData, dynamicAnchors \}\)`,
  'g',
);

/**
 * Drops ajv's evaluation and dynamic-scope plumbing (see EVALUATION_KEYWORDS) and the options
 * object only that plumbing reads: each validator takes `(data, instancePath)`, and a nested call
 * no longer allocates an options object. Fails when ajv's output no longer has the expected
 * shape, or when anything of the plumbing is left over.
 */
export function withoutEvaluation(code: string): string {
  const functions = code.match(/\nfunction validate\d+\(/g)?.length ?? 0;
  const count = (re: RegExp) => code.match(re)?.length ?? 0;
  const shapes = [EVALUATED_PROLOGUE, EVALUATED_MEMBERS, SIGNATURE].map(count);
  const calls = count(/(?<!function )validate\d+\([^()]*, \{ instancePath/g);
  if (functions === 0 || shapes.some((n) => n !== functions) || calls === 0 || count(CALL) !== calls)
    throw new Error(
      `ajv output changed shape: ${functions} functions, ${shapes.join('/')} prologues/members/signatures, ${count(CALL)} of ${calls} calls`,
    );
  const out = code
    .replace(EVALUATED_PROLOGUE, '')
    .replace(EVALUATED_MEMBERS, '')
    .replace(SIGNATURE, 'function $1(data, instancePath = "") {')
    .replace(
      CALL,
      (_m, callee: string, data: string, path?: string) => `${callee}(${data}, ${path ?? 'instancePath'})`,
    );
  const left = /evaluated|dynamic|parentData|rootData/.exec(out);
  if (left) throw new Error(`ajv output changed shape: ${left[0]} is still read after withoutEvaluation`);
  return out;
}

/** A schema object ajv embeds so that error params can point into it. */
const SCHEMA_DECLARATION = /^var (schema\d+) = (\{.*\});\n/gm;
/** A member path read from an embedded schema object. */
const SCHEMA_READ = /\b(schema\d+)((?:\.[A-Za-z_$][\w$]*)+)/g;

/**
 * ajv embeds a whole schema object to hand an error one value of it (an enum's allowedValues);
 * the envelope's is most of its document. Writing each value read as a literal lets the objects
 * go. Fails when an embedded schema is used otherwise than by reading a member path.
 */
export function inlinedSchemaReads(code: string): string {
  const schemas = new Map<string, unknown>();
  let out = code.replace(SCHEMA_DECLARATION, (_m, name: string, literal: string) => {
    schemas.set(name, JSON.parse(literal));
    return '';
  });
  if (schemas.size === 0) throw new Error('ajv output changed shape: no embedded schema objects');
  out = out.replace(SCHEMA_READ, (m, name: string, path: string) => {
    if (!schemas.has(name)) return m;
    let value = schemas.get(name);
    for (const key of path.slice(1).split('.')) {
      if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key))
        throw new Error(`ajv output changed shape: ${m} reads no member of the embedded schema`);
      value = (value as Record<string, unknown>)[key];
    }
    return JSON.stringify(value);
  });
  const left = /\bschema\d+\b/.exec(out);
  if (left) throw new Error(`ajv output changed shape: ${left[0]} is used otherwise than by reading a member`);
  return out;
}

/** ajv's import of its code point counter (maxLength and minLength count code points, not units). */
const UCS2LENGTH = /const (func\d+) = require\("ajv\/dist\/runtime\/ucs2length"\)\.default;/;

/**
 * `minLength: 1` is ajv's `ucs2length(s) < 1`; a string has no code point exactly when it has no
 * UTF-16 unit, so `s.length < 1` says the same. When no other length check is left, ajv's counter
 * (and the CommonJS wrapper selfContained would put around it) is dropped. Works on ajv's raw
 * output, before selfContained.
 */
export function emptinessByLength(code: string): string {
  const counter = UCS2LENGTH.exec(code)?.[1];
  if (counter === undefined) return code;
  const out = code.replaceAll(new RegExp(String.raw`\b${counter}\((data\d*)\) < 1\b`, 'g'), '$1.length < 1');
  return new RegExp(String.raw`\b${counter}\(`).test(out) ? out : out.replace(UCS2LENGTH, '');
}

/** The index just past the `}` that closes the block opened at `open`, skipping string literals. */
function blockEnd(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === '"') {
      for (i++; code[i] !== '"'; i++) if (code[i] === '\\') i++;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  throw new Error('ajv output changed shape: a loop body does not close');
}

/** An error's params: an object literal, the rest of its one-line push. */
const ERROR_PARAMS = /params: (\{.*\}) \}\);$/gm;
/** The instancePath of an array item: the array's path, a literal, and the loop's index. */
const ITEM_PATH = /instancePath \+ ("(?:[^"\\]|\\.)*") \+ (i\d+)\b/g;
/** ajv's loop over an array's items. */
const ITEM_LOOP = /for \(let (i\d+) = 0; \1 < len\d+; \1\+\+\) \{/g;

/**
 * What a failing item costs the garbage collector: ajv writes a fresh params object (and a fresh
 * array for an enum's allowed values) into every error, and joins an item's instancePath anew for
 * each of its errors, so a body of 128,000 wrongly typed items made 128,000 x 2 errors with
 * eight objects and strings between them. Constant params become one frozen object each, shared
 * by every error that reports them (the engine only reads them); an item's path is joined once,
 * on its first error, and shared by the rest (the engine then compares it by reference). A valid
 * item still joins nothing. Fails when ajv's output no longer has the expected shape.
 */
export function sharedErrorParts(code: string): string {
  const constants = new Map<string, string>();
  let out = code.replace(ERROR_PARAMS, (m, literal: string) => {
    let value: unknown;
    try {
      // The literal is ajv's own output; one that reads a variable (a dynamic value) stays inline.
      value = new Function(`"use strict"; return (${literal});`)();
    } catch {
      return m;
    }
    if (typeof value !== 'object' || value === null) throw new Error(`ajv output changed shape: params ${literal}`);
    let name = constants.get(literal);
    if (name === undefined) constants.set(literal, (name = `errorParams${constants.size}`));
    return `params: ${name} });`;
  });
  if (constants.size === 0) throw new Error('ajv output changed shape: no constant error params');
  // One name per path expression, so that the errors of one item share its string.
  const paths = new Map<string, string[]>();
  const nameOf = new Map<string, string>();
  out = out.replace(ITEM_PATH, (m, _literal: string, index: string) => {
    let name = nameOf.get(m);
    if (name === undefined) {
      const names = paths.get(index) ?? [];
      paths.set(index, names);
      nameOf.set(m, (name = `${index}Path${names.length}`));
      names.push(name);
    }
    return `(${name} ??= ${m})`;
  });
  if (paths.size === 0) throw new Error('ajv output changed shape: no array item paths');
  // Each loop declares the path names of its index that its body uses: an occurrence always lies
  // in a loop over its own index, the only place that index is bound.
  out = out.replace(ITEM_LOOP, (m, index: string, at: number, whole: string) => {
    const body = whole.slice(at + m.length, blockEnd(whole, at + m.length - 1));
    const used = (paths.get(index) ?? []).filter((name) => body.includes(`(${name} ??= `));
    return used.length > 0 ? `${m}\nlet ${used.join(', ')};` : m;
  });
  const declarations = [...constants].map(([literal, name]) => `const ${name} = Object.freeze(${literal});`);
  return `${declarations.join('\n')}\n${out}`;
}

/** One error push as compact() and sharedErrorParts() leave it: the path, the keyword, the params. */
const ERROR_REPORT =
  /\(vErrors \?\?= \[\]\)\.push\(\{ instancePath(?:: (.*?))?, keyword: ("[A-Za-z]+"), params: (.*) \}\);$/gm;

/** Appends one error to the list (null while there is none) and returns the list. */
const REPORT_ERROR = `function reportError(list, instancePath, keyword, params) {
  const error = { instancePath, keyword, params };
  if (list === null) return [error];
  list.push(error);
  return list;
}`;

/**
 * Each of the 300-odd error pushes as a call of one function: \`vErrors = reportError(vErrors,
 * path, "keyword", params)\` is about 35 bytes shorter minified than the object literal pushed in
 * place, and the error objects are the same (same members, same order). This took about a
 * kilobyte of gzip from every function bundle. Fails when a push is left in another shape.
 */
export function errorReports(code: string): string {
  let replaced = 0;
  const out = code.replace(ERROR_REPORT, (_m, path: string | undefined, keyword: string, params: string) => {
    replaced++;
    return `vErrors = reportError(vErrors, ${path ?? 'instancePath'}, ${keyword}, ${params});`;
  });
  if (replaced === 0 || out.includes('(vErrors ??= []).push('))
    throw new Error('ajv output changed shape: an error push that errorReports does not rewrite');
  return `${REPORT_ERROR}\n${out}`;
}

// A validator's head, with the empty statement withoutEvaluation leaves in some.
const VALIDATOR_HEAD = /\nfunction (validate\d+)\(data, instancePath = ""\) \{\n(?: {2};\n)? {2}let vErrors = null;\n/g;
const CHILD_APPEND =
  /if \(!(validate\d+)\((.*)\)\) \{(\s*)if \(vErrors === null\) vErrors = \1\.errors; else for \(const e of \1\.errors\) vErrors\.push\(e\);/g;

/**
 * One list of errors per check, not one per validator call. ajv's code has each call start its
 * own list, which the caller then copies onto its own: a message with 80,000 failing array items
 * made 80,000 short-lived arrays and copied every error once more (about a sixth of the worst
 * shapes' time, bench/worst-shapes.ts). Here the caller hands its list down and the callee reports
 * onto it. The errors and their order are the same: the callee's errors were appended right after
 * the call, which is where it now reports them. A validator's own `errors` count still decides
 * its verdict (a failing callee sets it to the list's length, more than zero, as before).
 * Fails when a validator or a call of one is left in another shape.
 */
export function sharedErrorLists(code: string): string {
  let heads = 0;
  let calls = 0;
  const out = code
    .replace(VALIDATOR_HEAD, (_m, name: string) => {
      heads++;
      return `\nfunction ${name}(data, instancePath = "", vErrors = null) {\n`;
    })
    .replace(CHILD_APPEND, (_m, callee: string, args: string, gap: string) => {
      calls++;
      return `if (!${callee}(${args}, vErrors)) {${gap}vErrors = ${callee}.errors;`;
    });
  const functions = (code.match(/\nfunction validate\d+\(/g) ?? []).length;
  if (heads === 0 || heads !== functions || calls === 0 || /\.errors\) vErrors\.push|let vErrors/.test(out))
    throw new Error('ajv output changed shape: a validator or a call that sharedErrorLists does not rewrite');
  return out;
}
