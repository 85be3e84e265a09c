import { indexJson, POSITION_LIMITS, type JsonIndex, type SourceRange } from './json-positions.ts';
import { keylessPointer } from './keyless-pointer.ts';
import type { NormalizationMode } from './validate/types.ts';

/**
 * The region of an issue in the text a message was parsed from: the member its pointer names, or
 * the deepest existing member on the way (a missing required member is shown on its parent).
 * In keyless-json the keyed pointer is first mapped to its array position. `prefix` is the
 * message's own pointer when the text holds more than the message ("/message" in a request).
 * `pointers`, when given, are the only ones that will be asked for.
 */
export function sourceLocator(
  text: string,
  mode: NormalizationMode,
  input: unknown,
  prefix = '',
  pointers?: Iterable<string>,
): (pointer: string) => SourceRange {
  const mapped = (pointer: string) =>
    prefix + (mode === 'keyless-json' ? keylessPointer(pointer, input).pointer : pointer);
  // Given the pointers to place (a result's listed issues), only they and the way to them are indexed.
  const only = pointers === undefined ? undefined : [...pointers];
  // Indexed on the first question: a clean file (nothing listed) is never skimmed at all.
  let index: JsonIndex | undefined;
  const indexed = () =>
    (index ??= indexJson(text, {
      maxDepth: POSITION_LIMITS.maxDepth + (prefix === '' ? 0 : 1),
      ...(only ? { only: only.map(mapped) } : {}),
    }));
  return (pointer) => indexed().nearest(mapped(pointer)).range;
}
