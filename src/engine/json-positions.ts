/**
 * Source positions of JSON members: one scan of the exact text of a JSON document builds an index
 * from RFC 6901 JSON Pointer to the range of the member it names (key through value; for an array
 * element the element; for "" the whole document), and collects duplicate member names, which
 * RFC 8259 section 4 and I-JSON (RFC 7493 section 2.3) forbid. The same scan finds the offset of
 * the first character that breaks the RFC 8259 grammar. Pure TypeScript with no Node built-in, so
 * it runs in the browser as well as in the shells.
 *
 * Lines and columns follow SARIF 2.1.0 text regions (section 3.30): 1-based, lines end at CR, LF
 * or CRLF, columns count UTF-16 code units (the run's columnKind "utf16CodeUnits"), and endColumn
 * is "the column number of the character following the end of the region", so it is exclusive.
 * Offsets are 0-based UTF-16 indexes, so text.slice(startOffset, endOffset) is the member.
 */
import { wellFormed } from './json.ts';
import { pointerSegment, pointerSegments } from './pointer.ts';
import { positionTable, utf8LengthExceeds, type SourceRange } from './text-positions.ts';

export type { SourceRange } from './text-positions.ts';

export interface DuplicateMember {
  /** Pointer of the repeated member (RFC 6901). */
  readonly pointer: string;
  /** The repeated name, unescaped (the pointer's last token). */
  readonly name: string;
  /** How many times the name occurs in its object. */
  readonly count: number;
  /** Ranges of every occurrence, in document order; the last is the one JSON.parse keeps. */
  readonly occurrences: readonly SourceRange[];
}

export type JsonIndexFailure = 'malformed' | 'too_deep' | 'too_large';

export interface JsonIndex {
  readonly ok: boolean;
  /** Why the scan stopped, when it did; lookups then answer undefined except for "". */
  readonly failure?: JsonIndexFailure;
  /** Offset of the first character the grammar rejects (failure "malformed"). */
  readonly errorOffset?: number;
  readonly duplicates: readonly DuplicateMember[];
  /** The range of the member a pointer names; undefined when the text has no such member. */
  lookup(pointer: string): SourceRange | undefined;
  /** The range of the member's value alone (no key); undefined when the text has no such member. */
  lookupValue(pointer: string): SourceRange | undefined;
  /** The range of the deepest member on the pointer's path that exists ("" at worst). */
  nearest(pointer: string): { readonly pointer: string; readonly range: SourceRange };
  /** The range of two offsets, for callers that measured their own span. */
  rangeOf(startOffset: number, endOffset: number): SourceRange;
}

export interface JsonIndexLimits {
  /** Deepest nesting of objects and arrays, the top level being 1 (CONTRACT section 8: 64). */
  readonly maxDepth?: number;
  /** Largest text in UTF-8 bytes (CONTRACT section 8: 262,144). */
  readonly maxBytes?: number;
  /**
   * Index only these pointers and the members on the way to them; every other value is skipped
   * without being read (so not checked, and its repeated names not reported). A SARIF log needs
   * the places of at most a hundred listed issues: a 256 KiB message of 130,000 values then costs
   * a skim, not a map of every value. The text must be JSON that parsed.
   */
  readonly only?: Iterable<string>;
}

/** For each pointer on the way to a wanted one: the child segments (decoded) that lead on. */
function wantedChildren(only: Iterable<string>): Map<string, Set<string>> {
  const children = new Map<string, Set<string>>();
  for (const pointer of only) {
    let at = '';
    for (const seg of pointerSegments(pointer)) {
      let next = children.get(at);
      if (!next) children.set(at, (next = new Set()));
      next.add(seg);
      at = `${at}/${pointerSegment(seg)}`;
    }
    if (!children.has(at)) children.set(at, new Set());
  }
  return children;
}

export const POSITION_LIMITS = { maxDepth: 64, maxBytes: 262_144 } as const;

interface Frame {
  readonly array: boolean;
  readonly pointer: string;
  /** Where the container's own member starts: its key in an object, else the container itself. */
  readonly start: number;
  /** Where the container itself starts. */
  readonly valueStart: number;
  index: number;
  /** Spans of every member read so far, by name (duplicates have several). */
  readonly members: Map<string, (readonly [number, number])[]>;
  /** Name, pointer and start offset of the child being read. */
  childName: string;
  childPointer: string;
  childStart: number;
  /** With `only`: the child segments to index (undefined: index every child). */
  readonly wanted: Set<string> | undefined;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING_BODY = /(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*/y;
const LITERALS = ['true', 'false', 'null'];

/** Where the characters a string may hold end, from its opening quote at `i`: at its closing quote, or where it breaks. */
function stringBodyEnd(text: string, i: number): number {
  STRING_BODY.lastIndex = i + 1;
  STRING_BODY.exec(text);
  return STRING_BODY.lastIndex;
}

/** Where a literal or a number starting at `i` ends; undefined when none starts there (the error is at `i`). */
function bareScalarEnd(text: string, i: number): number | undefined {
  const word = LITERALS.find((w) => w[0] === text[i]);
  if (word) return text.startsWith(word, i) ? i + word.length : undefined;
  NUMBER.lastIndex = i;
  return NUMBER.exec(text) && NUMBER.lastIndex !== i ? NUMBER.lastIndex : undefined;
}

/** Scans `text` once; bounded by `limits` (defaults: 64 levels, 262,144 bytes). Never throws. */
export function indexJson(text: string, limits: JsonIndexLimits = {}): JsonIndex {
  const maxDepth = limits.maxDepth ?? POSITION_LIMITS.maxDepth;
  const maxBytes = limits.maxBytes ?? POSITION_LIMITS.maxBytes;
  const only = limits.only === undefined ? undefined : wantedChildren(limits.only);
  const spans = new Map<string, readonly [number, number, number]>();
  const lineStarts = [0];
  const repeated: { pointer: string; name: string; spans: (readonly [number, number])[] }[] = [];
  const stack: Frame[] = [];
  let i = 0;
  let failure: JsonIndexFailure | undefined;

  // JSON allows line breaks only in whitespace, so the line table is built while skipping it.
  const skip = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09) i++;
      else if (c === 0x0a) lineStarts.push(++i);
      else if (c === 0x0d) {
        i++;
        if (text.charCodeAt(i) === 0x0a) i++;
        lineStarts.push(i);
      } else return;
    }
  };
  /** Reads a string token at i; its decoded value, or undefined when malformed. */
  const string = (): string | undefined => {
    if (text.charCodeAt(i) !== 0x22) return undefined;
    const start = i;
    i = stringBodyEnd(text, i);
    if (text.charCodeAt(i) !== 0x22) return undefined;
    i++;
    const raw = text.slice(start + 1, i - 1);
    return raw.includes('\\') ? (JSON.parse(text.slice(start, i)) as string) : raw;
  };
  const scalar = (): boolean => {
    if (text[i] === '"') return string() !== undefined;
    const end = bareScalarEnd(text, i);
    if (end === undefined) return false;
    i = end;
    return true;
  };
  /** Passes over one value without reading it (with `only`): strings jumped, line breaks kept. */
  const skipValue = (): void => {
    let depth = 0;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        for (i++; i < text.length; i++) {
          const d = text.charCodeAt(i);
          if (d === 0x5c) i++;
          else if (d === 0x22) break;
        }
      } else if (c === 0x7b || c === 0x5b) depth++;
      else if (c === 0x7d || c === 0x5d) {
        if (depth === 0) return;
        depth--;
      } else if (c === 0x2c && depth === 0) return;
      else if (c === 0x0a) lineStarts.push(i + 1);
      else if (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a) lineStarts.push(i + 1);
      if (depth === 0 && (c === 0x22 || c === 0x7d || c === 0x5d)) {
        i++;
        return;
      }
    }
  };
  /** Reads `"name":` in an object frame and makes it the frame's current child. */
  const key = (frame: Frame): boolean => {
    const start = i;
    const name = string();
    if (name === undefined) return false;
    skip();
    if (text[i] !== ':') return false;
    i++;
    frame.childName = name;
    // A result's paths are well-formed text (a lone surrogate is U+FFFD in them), so its member is
    // indexed, and looked for, by that name: else its issues were placed on the parent.
    frame.childPointer = `${frame.pointer}/${pointerSegment(wellFormed(name))}`;
    frame.childStart = start;
    return true;
  };
  /** A member's value ended at i: index it (a later duplicate overwrites, as JSON.parse keeps the last). */
  const closed = (pointer: string, start: number, valueStart: number) => {
    const span = [start, i] as const;
    spans.set(pointer, [start, valueStart, i]);
    const parent = stack[stack.length - 1];
    if (!parent || parent.array) return;
    const list = parent.members.get(parent.childName);
    if (!list) parent.members.set(parent.childName, [span]);
    else if (list.push(span) === 2) repeated.push({ pointer, name: parent.childName, spans: list });
  };
  /** Reads one value for the member (pointer, start); a container pushes a frame and returns. */
  const value = (pointer: string, start: number): boolean => {
    skip();
    const valueStart = i;
    const c = text[i];
    if (c === '{' || c === '[') {
      if (stack.length >= maxDepth) {
        failure = 'too_deep';
        return false;
      }
      const array = c === '[';
      const frame: Frame = {
        array,
        pointer,
        start,
        valueStart,
        index: 0,
        members: new Map(),
        childName: '',
        childPointer: '',
        childStart: 0,
        wanted: only?.get(pointer),
      };
      stack.push(frame);
      i++;
      skip();
      if (text[i] === (array ? ']' : '}')) {
        i++;
        stack.pop();
        closed(pointer, start, valueStart);
        return true;
      }
      return child(frame);
    }
    if (!scalar()) return false;
    closed(pointer, start, valueStart);
    return true;
  };
  const child = (frame: Frame): boolean => {
    skip();
    if (frame.array) {
      if (only && !frame.wanted?.has(String(frame.index))) return skipped();
      return value(`${frame.pointer}/${frame.index}`, i);
    }
    if (!key(frame)) return false;
    if (only && !frame.wanted?.has(wellFormed(frame.childName))) {
      skip();
      return skipped();
    }
    return value(frame.childPointer, frame.childStart);
  };
  const skipped = (): boolean => {
    skipValue();
    return true;
  };
  const run = (): boolean => {
    if (utf8LengthExceeds(text, maxBytes)) {
      failure = 'too_large';
      return false;
    }
    // RFC 8259 section 8.1: a parser may ignore a byte order mark; editors write one.
    if (text.charCodeAt(0) === 0xfeff) i = 1;
    skip();
    if (!value('', i)) return false;
    for (;;) {
      skip();
      const frame = stack[stack.length - 1];
      if (!frame) return i === text.length;
      if (text[i] === ',') {
        i++;
        frame.index += 1;
        if (!child(frame)) return false;
      } else if (text[i] === (frame.array ? ']' : '}')) {
        i++;
        stack.pop();
        closed(frame.pointer, frame.start, frame.valueStart);
      } else return false;
    }
  };

  const ok = run();
  if (!ok) {
    failure ??= 'malformed';
    // The scan stopped early: finish the line table so that rangeOf still measures any offset.
    for (let j = i; j < text.length; j++) {
      const c = text.charCodeAt(j);
      if (c === 0x0a || (c === 0x0d && text.charCodeAt(j + 1) !== 0x0a)) lineStarts.push(j + 1);
    }
  }
  const range = positionTable(text, lineStarts);
  const documentSpan = (): readonly [number, number, number] => {
    const start = text.length - text.trimStart().length;
    return [start, start, Math.max(start, text.trimEnd().length)];
  };
  const rangeOfSpan = ([s, e]: readonly [number, number]) => range(s, e);
  const spanOf = (pointer: string) => spans.get(pointer) ?? (pointer === '' ? documentSpan() : undefined);
  const lookup = (pointer: string): SourceRange | undefined => {
    const span = spanOf(pointer);
    return span && range(span[0], span[2]);
  };
  const lookupValue = (pointer: string): SourceRange | undefined => {
    const span = spanOf(pointer);
    return span && range(span[1], span[2]);
  };
  return {
    ok,
    ...(ok ? {} : { failure, errorOffset: failure === 'malformed' ? i : undefined }),
    duplicates: repeated.map(({ pointer, name, spans: list }) => ({
      pointer,
      name,
      count: list.length,
      occurrences: list.map(rangeOfSpan),
    })),
    lookup,
    lookupValue,
    nearest(pointer) {
      const segments = pointerSegments(pointer);
      for (let n = segments.length; n > 0; n--) {
        const p = segments
          .slice(0, n)
          .map((s) => `/${pointerSegment(s)}`)
          .join('');
        const range = lookup(p);
        if (range) return { pointer: p, range };
      }
      return { pointer: '', range: lookup('')! };
    },
    rangeOf: range,
  };
}

/**
 * Where JSON text first breaks the RFC 8259 grammar: the offset indexJson stops at, by the same
 * token rules, but keeping nothing of the values, so it is linear in the text whatever its size
 * or shape (indexing a 16 MiB text only to say where it breaks took seconds and a gigabyte). No
 * byte order mark is skipped: the text is the one JSON.parse refused. Undefined when the text is
 * well formed, or nests deeper than `maxDepth` before it breaks.
 */
export function jsonErrorOffset(text: string, maxDepth = 1_000): number | undefined {
  /** Per open container, whether it is an array. */
  const open: boolean[] = [];
  let i = 0;
  let tooDeep = false;
  const skip = () => {
    for (let c = text.charCodeAt(i); c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d; c = text.charCodeAt(i)) i++;
  };
  const string = (): boolean => {
    if (text.charCodeAt(i) !== 0x22) return false;
    i = stringBodyEnd(text, i);
    if (text.charCodeAt(i) !== 0x22) return false;
    i++;
    return true;
  };
  const scalar = (): boolean => {
    if (text[i] === '"') return string();
    const end = bareScalarEnd(text, i);
    if (end === undefined) return false;
    i = end;
    return true;
  };
  /** One value; a container is opened, and its first member read, by the loop below. */
  const value = (): boolean => {
    skip();
    const c = text[i];
    if (c !== '{' && c !== '[') return scalar();
    if (open.length >= maxDepth) {
      tooDeep = true;
      return false;
    }
    open.push(c === '[');
    i++;
    skip();
    if (text[i] === (c === '[' ? ']' : '}')) {
      i++;
      open.pop();
      return true;
    }
    return member(c === '[');
  };
  const member = (array: boolean): boolean => {
    skip();
    if (!array) {
      if (!string()) return false;
      skip();
      if (text[i] !== ':') return false;
      i++;
    }
    return value();
  };
  const run = (): boolean => {
    if (!value()) return false;
    for (;;) {
      skip();
      const array = open.at(-1);
      if (array === undefined) return i === text.length;
      if (text[i] === ',') {
        i++;
        if (!member(array)) return false;
      } else if (text[i] === (array ? ']' : '}')) {
        i++;
        open.pop();
      } else return false;
    }
  };
  return run() || tooDeep ? undefined : i;
}
