/** The validator engine (issue 3): pure functions behind POST /v1/validate and the CLI. */
export { validateMessage } from './pipeline.ts';
export { validateAction, parseValidateRequest, type ValidateRequest, type ValidateFormat } from './action.ts';
export { conformanceLevel, guardedLevel } from './levels.ts';
export type { Normalization, NormalizationMode, ValidateOptions, ValidatorResult } from './types.ts';
