import { isDateTime, isFullDate } from './date-time.ts';
import { isUri } from './uri.ts';

/**
 * The string formats the UAI-1 schemas use (FieldType.format in model.ts), each checked by the
 * grammar of its RFC. scripts/generate-validators.ts registers these with ajv, and the
 * precompiled validators import this module for them, so the published schemas, the validator
 * and the engine's own instant comparisons read a value the same way.
 */
export const formats = {
  'date-time': isDateTime,
  date: isFullDate,
  uri: isUri,
} as const satisfies Record<string, (value: string) => boolean>;

export type FormatName = keyof typeof formats;
