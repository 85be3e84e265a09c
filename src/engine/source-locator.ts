import { indexJson, POSITION_LIMITS, type SourceRange } from './json-positions.ts';
import { keylessPointer } from './keyless-pointer.ts';
import type { NormalizationMode } from './validate/types.ts';

/**
 * The region of an issue in the text a message was parsed from: the member its pointer names, or
 * the deepest existing member on the way (a missing required member is shown on its parent).
 * In keyless-json the keyed pointer is first mapped to its array position. `prefix` is the
 * message's own pointer when the text holds more than the message ("/message" in a request).
 */
export function sourceLocator(
  text: string,
  mode: NormalizationMode,
  input: unknown,
  prefix = '',
): (pointer: string) => SourceRange {
  const index = indexJson(text, { maxDepth: POSITION_LIMITS.maxDepth + (prefix === '' ? 0 : 1) });
  return (pointer) =>
    index.nearest(prefix + (mode === 'keyless-json' ? keylessPointer(pointer, input).pointer : pointer)).range;
}
