/**
 * Whether a JSON text repeats a member name in one object (RFC 8259 section 4, I-JSON RFC 7493
 * section 2.3): one pass and nothing else, so the common case, no duplicate, costs a fraction of
 * indexing every member's position (json-positions.ts), which runs only when this says yes or
 * when positions are wanted. The text must be valid JSON (the callers have parsed it); names are
 * compared decoded, so "a" and "\u0061" are the same name.
 *
 * Why it looks the way it does (it runs on every POST /v1/validate): strings, most of a message's
 * bytes, are skipped with indexOf, and walked character by character only when a backslash lies
 * inside them; the names of all open objects share one array, each object's own names being the
 * tail from where it opened, compared linearly while an object has a handful of members; an
 * object that grows past WIDE_OBJECT members gets a set, so a hostile object of 30,000 members
 * costs linear time, not quadratic.
 */
/** Members an object may have before its names are looked up in a set instead of a list. */
const WIDE_OBJECT = 16;

export function hasDuplicateMembers(text: string): boolean {
  const names: string[] = [];
  // Per open container: where its names start in `names`, or -1 for an array.
  const open: number[] = [];
  // Per open container: the set of its names once it is wide (aligned with `open`).
  const wide: (Set<string> | undefined)[] = [];
  let expectName = false;
  // Backslashes occur only inside strings; this is always the next one at or after the scan.
  let backslash = nextBackslash(text, 0);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      let end = text.indexOf('"', i + 1);
      const escaped = backslash < end;
      if (escaped) {
        for (end = i + 1; end < text.length; end++) {
          const d = text.charCodeAt(end);
          if (d === 0x5c) end++;
          else if (d === 0x22) break;
        }
        backslash = nextBackslash(text, end + 1);
      }
      i = end;
      if (expectName) {
        const from = open[open.length - 1]!;
        const name = escaped ? (JSON.parse(text.slice(start, end + 1)) as string) : text.slice(start + 1, end);
        const set = wide[wide.length - 1];
        if (set) {
          if (set.has(name)) return true;
          set.add(name);
        } else {
          for (let k = from; k < names.length; k++) if (names[k] === name) return true;
          names.push(name);
          if (names.length - from > WIDE_OBJECT) wide[wide.length - 1] = new Set(names.slice(from));
        }
        expectName = false;
      }
    } else if (c === 0x7b) {
      open.push(names.length);
      wide.push(undefined);
      expectName = true;
    } else if (c === 0x5b) {
      open.push(-1);
      wide.push(undefined);
      expectName = false;
    } else if (c === 0x7d || c === 0x5d) {
      const from = open.pop()!;
      wide.pop();
      if (from >= 0) names.length = from;
      expectName = false;
    } else if (c === 0x2c) {
      expectName = open.length > 0 && open[open.length - 1]! >= 0;
    }
  }
  return false;
}

function nextBackslash(text: string, from: number): number {
  const at = text.indexOf('\\', from);
  return at < 0 ? text.length : at;
}
