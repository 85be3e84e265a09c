import type { IssueDraft } from '../issues.ts';
import { hasDuplicateMembers, repeatedMembers } from '../duplicate-scan.ts';
import type { JsonIndex } from '../json-positions.ts';
import { keyedPointer } from '../keyless-pointer.ts';
import type { NormalizationMode } from './types.ts';

/**
 * message.duplicate_member (RFC 8259 section 4, I-JSON RFC 7493 section 2.3): a parsed value has
 * lost its repeated names, so they are found in the JSON text the input was parsed from. One
 * issue per repeated name and object, at its pointer in the keyed message (a keyless text's array
 * pointer is mapped back through the order maps).
 */
export function duplicateMemberIssues(
  text: string,
  input: unknown,
  mode: NormalizationMode,
  index?: JsonIndex,
): IssueDraft[] {
  if (!index && !hasDuplicateMembers(text)) return [];
  return (index ? index.duplicates : repeatedMembers(text)).map((d) => {
    const path = mode === 'keyless-json' ? keyedPointer(d.pointer, input).pointer : d.pointer;
    return {
      code: 'message.duplicate_member',
      path,
      message: `The member name ${JSON.stringify(d.name)} occurs ${d.count} times in one object; parsers disagree on which value counts.`,
      expected: 1,
      actual: d.count,
    };
  });
}
