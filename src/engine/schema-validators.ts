import { validators } from './generated/schema-validators.js';
import type { SchemaValidateFunction } from './schema-validator-types.ts';

/**
 * The engine's only door to the schemas: precompiled ajv standalone validators, one per schema id
 * (uai.envelope.v1 and the six profiles). Nothing is compiled at runtime (docs/layout.md, ajv).
 */
export function schemaValidator(id: string): SchemaValidateFunction {
  const validate = Object.hasOwn(validators, id) ? validators[id] : undefined;
  if (!validate) throw new Error(`No precompiled validator for ${id}; run npm run generate`);
  return validate;
}
