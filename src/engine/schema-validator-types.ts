/** Types of the precompiled schema validators (src/engine/generated/, made by scripts/generate-validators.ts). */

/** The subset of an ajv ErrorObject the engine reads. */
export interface SchemaError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly params: Record<string, unknown>;
  readonly message?: string;
}

export interface SchemaValidateFunction {
  (data: unknown): boolean;
  errors?: SchemaError[] | null;
}

export type SchemaValidatorMap = Readonly<Record<string, SchemaValidateFunction>>;
