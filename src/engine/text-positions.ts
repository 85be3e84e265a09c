/**
 * Measuring a text for source positions (SARIF 2.1.0 section 3.30): 1-based lines and columns in
 * UTF-16 code units, endColumn exclusive, plus 0-based offsets; and a UTF-8 length check that
 * stops early. Pure TypeScript, no imports.
 */
export interface SourceRange {
  readonly startLine: number;
  readonly startColumn: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly startOffset: number;
  readonly endOffset: number;
}

/** UTF-8 length without encoding the text; stops counting past `cap`. */
export function utf8LengthExceeds(text: string, cap: number): boolean {
  if (text.length > cap) return true;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
    if (bytes > cap) return true;
  }
  return false;
}

/** Offsets to lines and columns (SARIF 2.1.0 section 3.30), by binary search in the line table. */
export function positionTable(text: string, lineStarts: readonly number[]) {
  const lineOf = (offset: number): number => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  return (startOffset: number, endOffset: number): SourceRange => {
    const s = Math.max(0, Math.min(startOffset, text.length));
    const e = Math.max(s, Math.min(endOffset, text.length));
    const startLine = lineOf(s);
    // The end is exclusive: it sits on the line of the region's last character.
    const endLine = e > s ? lineOf(e - 1) : startLine;
    return {
      startLine: startLine + 1,
      startColumn: s - lineStarts[startLine]! + 1,
      endLine: endLine + 1,
      endColumn: e - lineStarts[endLine]! + 1,
      startOffset: s,
      endOffset: e,
    };
  };
}
