import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from './arbitraries.ts';

/** The built OpenAPI document, and its schemas compiled by JSON Pointer for checks of real answers. */
export const openApiDocument = (): OpenApiDocument & { servers: { url: string }[] } =>
  JSON.parse(readFileSync('dist/v1/openapi.json', 'utf8'));

const DOC_ID = 'https://openapi.test/document';

export function documentSchemas(doc: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  (addFormats as unknown as (a: unknown) => void)(ajv);
  // Examples are data, not schemas: the records among them carry $id members ajv would register.
  const schemasOnly = (value: unknown) =>
    JSON.parse(JSON.stringify(value, (k, v) => (k === 'examples' ? undefined : v)));
  ajv.addSchema({
    $id: DOC_ID,
    components: { schemas: schemasOnly(doc.components.schemas) },
    paths: schemasOnly(doc.paths),
  });
  /** Errors of `value` against the schema at the document location `parts` (e.g. 'paths', '/validate', 'post', …). */
  return (parts: readonly string[], value: unknown): string[] => {
    const pointer = parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
    const validate = ajv.getSchema(`${DOC_ID}#/${pointer}`);
    if (!validate) throw new Error(`No schema at /${pointer}`);
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
}
