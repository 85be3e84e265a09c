import type { IssueCodeId } from '../../standard/code-shapes.ts';
import type { IssueDraft } from '../issues.ts';
import { impreciseNumbers, type ImpreciseNumber } from '../duplicate-scan.ts';
import { echo } from '../json.ts';
import { keyedMembers } from '../keyless-pointer.ts';
import { pointerSegments } from '../pointer.ts';
import { TextFindings } from './text-findings.ts';
import type { NormalizationMode } from './types.ts';

export const NUMBER_IMPRECISE = 'message.number_imprecise' as const;

/** How much of a token a message quotes: a token may be thousands of digits long. */
const SHOWN_CHARS = 64;

/** One imprecise number as a draft: its path at once, its words on read (only listed issues are read). */
class NumberIssue implements IssueDraft {
  readonly code: IssueCodeId = NUMBER_IMPRECISE;
  readonly path: string;
  private readonly found: ImpreciseNumber;

  constructor(path: string, found: ImpreciseNumber) {
    this.path = path;
    this.found = found;
  }

  get message(): string {
    const { token, canonical } = this.found;
    const shown = token.length > SHOWN_CHARS ? `${token.slice(0, SHOWN_CHARS)}…` : token;
    return `The number ${shown} is read as ${canonical} (the nearest IEEE 754 double), which the canonical form and integrity.checksum hold; a reader that keeps numbers exact computes another checksum.`;
  }
  get expected(): string {
    return this.found.canonical;
  }
  get actual(): unknown {
    return echo(this.found.token);
  }
}

/**
 * The imprecise numbers of a text, read in place (text-findings.ts): each issue's path as its
 * container's pointer and `/token`. Every value of a keyed text has its own pointer unless an
 * object repeats a name, so the caller says whether the paths are distinct.
 */
export class NumberFindings extends TextFindings {
  readonly code = NUMBER_IMPRECISE;
  private readonly found: readonly ImpreciseNumber[];
  readonly wellFormedPaths: boolean;
  readonly distinctPaths: boolean;

  constructor(found: readonly ImpreciseNumber[], distinctPaths: boolean) {
    super();
    this.found = found;
    this.distinctPaths = distinctPaths;
    let checked: string | undefined;
    let wellFormed = true;
    for (const { parent, tail } of found) {
      if (parent !== checked && !(checked = parent).isWellFormed()) wellFormed = false;
      if (!tail.isWellFormed()) wellFormed = false;
      if (!wellFormed) break;
    }
    this.wellFormedPaths = wellFormed;
  }

  forEach(visit: (head: string, tail: string, k: number) => void): void {
    const { found, wellFormedPaths } = this;
    for (let k = 0; k < found.length; k++) {
      const { parent, tail } = found[k]!;
      if (wellFormedPaths) visit(parent, tail, k);
      else visit(parent.toWellFormed(), tail.toWellFormed(), k);
    }
  }

  draft(k: number): IssueDraft {
    const d = this.found[k]!;
    return new NumberIssue(d.parent + d.tail, d);
  }
}

/**
 * The numbers of a keyless text at their pointers in the keyed message, mapped through the order
 * maps once per container. A member with no counterpart (a position past its map, a member of an
 * object where the map wants an array) is reported where keyedPointer stops, as a repeated name
 * is; such paths may then be shared, so `distinct` says whether every one mapped.
 */
function keyed(found: readonly ImpreciseNumber[], input: unknown): { found: ImpreciseNumber[]; distinct: boolean } {
  const out: ImpreciseNumber[] = [];
  let distinct = true;
  let parent: string | undefined;
  let members: ReturnType<typeof keyedMembers> | undefined;
  for (const d of found) {
    if (d.parent !== parent) members = keyedMembers((parent = d.parent), input);
    const segment = d.tail.includes('~') ? pointerSegments(d.tail)[0]! : d.tail.slice(1);
    const tail = d.tail === '' ? '' : members!.member(segment);
    if (tail === undefined) distinct = false;
    out.push({ ...d, parent: members!.pointer, tail: tail ?? '' });
  }
  return { found: out, distinct };
}

/**
 * message.number_imprecise (I-JSON RFC 7493 section 2.2, RFC 8785 section 3.2.2.3): JSON.parse
 * has read each number as a double, so a number the double does not hold is found in the JSON text
 * the input was parsed from (the caller has seen one: textFindings). One warning per number, at
 * its pointer in the keyed message (a keyless text's pointers mapped through the order maps).
 * `distinct`: whether no object of the text repeats a name, so that no two values share a pointer.
 */
export function impreciseNumberIssues(
  text: string,
  input: unknown,
  mode: NormalizationMode,
  distinct: boolean,
): NumberFindings {
  const found = impreciseNumbers(text);
  if (mode !== 'keyless-json') return new NumberFindings(found, distinct);
  const mapped = keyed(found, input);
  return new NumberFindings(mapped.found, distinct && mapped.distinct);
}
