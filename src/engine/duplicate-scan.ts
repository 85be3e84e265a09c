/**
 * Whether a JSON text repeats a member name in one object (RFC 8259 section 4, I-JSON RFC 7493
 * section 2.3): one pass with a set of names per open object and nothing else, so the common case,
 * no duplicate, costs a fraction of indexing every member's position (json-positions.ts), which
 * runs only when this says yes or when positions are wanted. The text must be valid JSON (the
 * callers have parsed it); names are compared decoded, so "a" and "\u0061" are the same name.
 */
export function hasDuplicateMembers(text: string): boolean {
  // One entry per open container: the names seen so far in an object, null in an array.
  const open: (Set<string> | null)[] = [];
  let expectName = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      let escaped = false;
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) {
          escaped = true;
          i++;
        } else if (d === 0x22) break;
      }
      const names = open[open.length - 1];
      if (expectName && names) {
        const name = escaped ? (JSON.parse(text.slice(start, i + 1)) as string) : text.slice(start + 1, i);
        if (names.has(name)) return true;
        names.add(name);
        expectName = false;
      }
    } else if (c === 0x7b) {
      open.push(new Set());
      expectName = true;
    } else if (c === 0x5b) {
      open.push(null);
      expectName = false;
    } else if (c === 0x7d || c === 0x5d) {
      open.pop();
      expectName = false;
    } else if (c === 0x2c) {
      expectName = open[open.length - 1] !== null && open.length > 0;
    }
  }
  return false;
}
