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
