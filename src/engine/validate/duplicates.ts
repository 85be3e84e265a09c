import type { IssueDraft } from '../issues.ts';
import { repeatedNames, type RepeatedName } from '../duplicate-scan.ts';
import { keyedPointer } from '../keyless-pointer.ts';
import { pointerSegment } from '../pointer.ts';
import { TextFindings } from './text-findings.ts';
import type { NormalizationMode } from './types.ts';

export const DUPLICATE_MEMBER = 'message.duplicate_member' as const;

function draftOf(path: string, { name, count }: RepeatedName): IssueDraft {
  return {
    code: DUPLICATE_MEMBER,
    path,
    message: `The member name ${JSON.stringify(name)} occurs ${count} times in one object; parsers disagree on which value counts.`,
    expected: 1,
    actual: count,
  };
}

/**
 * The repeated names of a keyed text, read in place (text-findings.ts): each issue's path as its
 * object's pointer and `/name`. No set is needed to count them: the scan reports each name once
 * per object and marks a repeat at a path an earlier object's repeat has (`again`: the objects are
 * the values of one repeated name), which is left out, as the set would (the first one counts).
 */
export class DuplicateFindings extends TextFindings {
  readonly code = DUPLICATE_MEMBER;
  readonly distinctPaths = true;
  private readonly found: readonly RepeatedName[];
  readonly wellFormedPaths: boolean;

  constructor(found: readonly RepeatedName[]) {
    super();
    this.found = found;
    let checked: string | undefined;
    let wellFormed = true;
    for (const { parent, name } of found) {
      if (parent !== checked && !(checked = parent).isWellFormed()) wellFormed = false;
      if (!name.isWellFormed()) wellFormed = false;
      if (!wellFormed) break;
    }
    this.wellFormedPaths = wellFormed;
  }

  forEach(visit: (head: string, tail: string, k: number) => void): void {
    const { found, wellFormedPaths } = this;
    for (let k = 0; k < found.length; k++) {
      const { parent, name, again } = found[k]!;
      if (again) continue;
      const tail = `/${pointerSegment(name)}`;
      if (wellFormedPaths) visit(parent, tail, k);
      else visit(parent.toWellFormed(), tail.toWellFormed(), k);
    }
  }

  draft(k: number): IssueDraft {
    const d = this.found[k]!;
    return draftOf(`${d.parent}/${pointerSegment(d.name)}`, d);
  }
}

/**
 * message.duplicate_member (RFC 8259 section 4, I-JSON RFC 7493 section 2.3): a parsed value has
 * lost its repeated names, so they are found in the JSON text the input was parsed from (the
 * caller has seen one: textFindings). One issue per repeated name and object, at its pointer in
 * the keyed message (a keyless text's array pointer is mapped back through the order maps, so
 * those come as drafts).
 */
export function duplicateMemberIssues(
  text: string,
  input: unknown,
  mode: NormalizationMode,
): DuplicateFindings | IssueDraft[] {
  const found = repeatedNames(text);
  if (mode !== 'keyless-json') return new DuplicateFindings(found);
  return found.map((d) => draftOf(keyedPointer(`${d.parent}/${pointerSegment(d.name)}`, input).pointer, d));
}
