/**
 * Where each validator issue is in the text of the message: the issue's JSON Pointer (always
 * into the keyed message) is mapped into the keyless array when the message was sent keyless,
 * then located with the engine's source-position index (the same one the CLI's and the hosted
 * SARIF regions use). A pointer to a missing member lands on the nearest member that exists.
 */
import { indexJson, keylessPointer, parseJson, type SourceRange } from '../engine/browser.ts';

export interface IssuePlace {
  readonly range: SourceRange;
  /** False when the member itself is absent and the place is its nearest existing ancestor. */
  readonly exact: boolean;
}

/**
 * A locator of issue paths in one text: the text is indexed (and, for keyless, parsed) once, so a
 * result listing a hundred issues of a 256 KiB message costs one scan, not a hundred.
 */
export function issuePlacer(text: string, keyless: boolean): (path: string) => IssuePlace | undefined {
  const index = indexJson(text);
  let parsed: unknown;
  const message = () => (parsed ??= parseJson(text));
  return (path) => {
    if (!index.ok) return undefined;
    const mapped = keyless ? keylessPointer(path, message()) : { pointer: path, complete: true };
    const range = mapped.complete ? index.lookup(mapped.pointer) : undefined;
    return range ? { range, exact: true } : { range: index.nearest(mapped.pointer).range, exact: false };
  };
}

export const placeOf = (text: string, path: string, keyless: boolean): IssuePlace | undefined =>
  issuePlacer(text, keyless)(path);

/** The place of the first character JSON's grammar rejects, for text that does not parse. */
export function syntaxErrorPlace(text: string): IssuePlace | undefined {
  const index = indexJson(text);
  return index.errorOffset === undefined
    ? undefined
    : { range: index.rangeOf(index.errorOffset, index.errorOffset + 1), exact: true };
}
