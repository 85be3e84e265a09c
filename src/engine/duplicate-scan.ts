/**
 * What a JSON text holds that its parsed value has lost: a repeated member name in one object
 * (RFC 8259 section 4, I-JSON RFC 7493 section 2.3), and a number a double cannot hold (RFC 7493
 * section 2.2; number-scan.ts). One pass and nothing else, so the common case, neither, costs a
 * fraction of indexing every member's position (json-positions.ts), which runs only when this
 * says yes or when positions are wanted. The text must be valid JSON (the callers have parsed
 * it); names are compared decoded, so "a" and "\u0061" are the same name.
 *
 * Why it looks the way it does (it runs on every POST /v1/validate): strings, most of a message's
 * bytes, are skipped with indexOf, and walked character by character only when a backslash lies
 * inside them; the names of all open objects share one array, each object's own names being the
 * tail from where it opened, compared linearly while an object has a handful of members; an
 * object that grows past WIDE_OBJECT members gets a set, so a hostile object of 30,000 members
 * costs linear time, not quadratic. A number token is read once, and compared with its double
 * only when it has more than 15 significant digits or an exponent (number-scan.ts).
 */
import { impreciseCanonical, numberEnd } from './number-scan.ts';
import { childPath, pointerSegment } from './pointer.ts';

/** Members an object may have before its names are looked up in a set instead of a list. */
const WIDE_OBJECT = 16;

/** A finding of textFindings: some object repeats a member name. */
export const REPEATED_NAME = 1;
/** A finding of textFindings: some number denotes a value its double does not hold. */
export const IMPRECISE_NUMBER = 2;

/**
 * Which of `wanted` (REPEATED_NAME, IMPRECISE_NUMBER) the text holds, as bits. It stops once it
 * has found all of them, or, with `any`, the first.
 */
export function textFindings(text: string, wanted = REPEATED_NAME | IMPRECISE_NUMBER, any = false): number {
  let found = 0;
  let numbers = (wanted & IMPRECISE_NUMBER) !== 0;
  const names: string[] = [];
  // Per open container: where its names start in `names`, or -1 for an array.
  const open: number[] = [];
  // Per open container: the set of its names once it is wide (aligned with `open`).
  const wide: (Set<string> | undefined)[] = [];
  let expectName = false;
  const strings = stringTokens(text);
  const done = (finding: number): boolean => {
    found |= finding;
    return any || (found & wanted) === wanted;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      const end = (i = strings.end(i));
      if (expectName) {
        const from = open[open.length - 1]!;
        const name = strings.value(start, end);
        const set = wide[wide.length - 1];
        let repeated = false;
        if (set) {
          if (set.has(name)) repeated = true;
          else set.add(name);
        } else {
          for (let k = from; k < names.length; k++)
            if (names[k] === name) {
              repeated = true;
              break;
            }
          if (!repeated) {
            names.push(name);
            if (names.length - from > WIDE_OBJECT) wide[wide.length - 1] = new Set(names.slice(from));
          }
        }
        if (repeated && done(REPEATED_NAME)) return found;
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
    } else if (numbers && c <= 0x39 && (c >= 0x30 || c === 0x2d)) {
      const end = numberEnd(text, i);
      if (end < 0 && impreciseCanonical(text.slice(i, -end)) !== undefined) {
        if (done(IMPRECISE_NUMBER)) return found;
        numbers = false;
      }
      i = Math.abs(end) - 1;
    }
  }
  return found;
}

/** Whether a JSON text repeats a member name in one object (textFindings, names only). */
export const hasDuplicateMembers = (text: string): boolean => textFindings(text, REPEATED_NAME) !== 0;

function nextBackslash(text: string, from: number): number {
  const at = text.indexOf('\\', from);
  return at < 0 ? text.length : at;
}

/**
 * The string tokens of one JSON text, read in order by the scans below. Strings, most of a
 * message's bytes, are skipped with indexOf, and walked character by character only when a
 * backslash lies inside them; the next backslash is kept, as backslashes occur only in strings.
 */
function stringTokens(text: string) {
  let backslash = nextBackslash(text, 0);
  let escaped = false;
  return {
    /** Where the string opening at `start` closes (the index of its closing quote). */
    end(start: number): number {
      let end = text.indexOf('"', start + 1);
      escaped = backslash < end;
      if (escaped) {
        for (end = start + 1; end < text.length; end++) {
          const d = text.charCodeAt(end);
          if (d === 0x5c) end++;
          else if (d === 0x22) break;
        }
        backslash = nextBackslash(text, end + 1);
      }
      return end;
    },
    /** The decoded value of the string just ended, between its quotes at start and end. */
    value(start: number, end: number): string {
      return escaped ? (JSON.parse(text.slice(start, end + 1)) as string) : text.slice(start + 1, end);
    },
  };
}

/** A repeated member name: the pointer of the member (its object's pointer and the name) and how often it occurs. */
/** An open container while a text is scanned: its member being read (objects) or item index (arrays). */
interface OpenFrame {
  readonly array: boolean;
  readonly key: string;
  readonly index: number;
}

/**
 * The pointer of the innermost open container, from the keys and indexes of those around it.
 * Joined, not concatenated: one flat string that every finding in the container then shares,
 * instead of a chain of pieces each finding's path would copy again.
 */
function openPointer(open: readonly OpenFrame[]): string {
  const tokens: string[] = [''];
  for (let k = 0; k < open.length - 1; k++) {
    const c = open[k]!;
    tokens.push(c.array ? String(c.index) : pointerSegment(c.key));
  }
  return tokens.length === 1 ? '' : tokens.join('/');
}

export interface RepeatedMember {
  readonly pointer: string;
  /** The repeated name, unescaped (the pointer's last token). */
  readonly name: string;
  readonly count: number;
}

/**
 * A repeated member name as the scan finds it: its object's pointer, shared by every repeat of
 * that object, apart from the name, so no pointer is joined per repeat (issue lists compare the
 * two parts in place; see validate/duplicates.ts).
 */
export interface RepeatedName {
  /** The pointer of the object that repeats the name. */
  readonly parent: string;
  /** The repeated name, unescaped. */
  readonly name: string;
  readonly count: number;
  /**
   * Whether an earlier object with the same pointer repeats the same name: the objects are the
   * values of one repeated name, so both repeats have one path.
   */
  readonly again: boolean;
}

type Entry = { parent: string; name: string; count: number; again: boolean };

interface Container {
  readonly array: boolean;
  /** The names read so far (objects), a set once the object is wide. */
  names: string[] | Set<string>;
  /** The member being read (objects) or the item index (arrays): the next container's segment. */
  key: string;
  index: number;
  /** Repeated names of this object, by name, as reported. */
  repeats: Map<string, Entry> | undefined;
  /** This object's own pointer, once a repeat needed it: its ancestors' keys stay put while it is open. */
  pointer: string | undefined;
  /** The names repeated at that pointer, by this object and any earlier one with the same pointer. */
  repeatedAt: Set<string> | undefined;
}

/**
 * Every repeated member name of a JSON text with its pointer and count, in the order the second
 * occurrences appear: what message.duplicate_member reports.
 */
export function repeatedMembers(text: string): RepeatedMember[] {
  return repeatedNames(text).map(({ parent, name, count }) => ({ pointer: childPath(parent, name), name, count }));
}

/**
 * repeatedMembers with each member's pointer left in two parts. One pass like
 * hasDuplicateMembers, keeping only the path of open containers, so a body of 20,000 repeating
 * objects costs a scan, not a position index of every value (json-positions.ts, which the
 * positions of a SARIF log need).
 */
export function repeatedNames(text: string): RepeatedName[] {
  const open: Container[] = [];
  const found: Entry[] = [];
  // The names repeated at each pointer: one lookup per object that repeats a name, not per repeat.
  const repeatedAt = new Map<string, Set<string>>();
  let expectName = false;
  const strings = stringTokens(text);
  const pointerOf = (frame: Container) => {
    if (frame.pointer === undefined) {
      frame.pointer = openPointer(open);
      frame.repeatedAt = repeatedAt.get(frame.pointer);
      if (!frame.repeatedAt) repeatedAt.set(frame.pointer, (frame.repeatedAt = new Set()));
    }
    return frame.pointer;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      const end = (i = strings.end(i));
      if (expectName) {
        const frame = open[open.length - 1]!;
        const name = strings.value(start, end);
        frame.key = name;
        const names = frame.names;
        const seen = Array.isArray(names) ? names.includes(name) : names.has(name);
        if (seen) {
          frame.repeats ??= new Map();
          const repeat = frame.repeats.get(name);
          if (repeat) repeat.count++;
          else {
            const entry = { parent: pointerOf(frame), name, count: 2, again: frame.repeatedAt!.has(name) };
            frame.repeatedAt!.add(name);
            frame.repeats.set(name, entry);
            found.push(entry);
          }
        } else if (Array.isArray(names)) {
          names.push(name);
          if (names.length > WIDE_OBJECT) frame.names = new Set(names);
        } else names.add(name);
        expectName = false;
      }
    } else if (c === 0x7b || c === 0x5b) {
      open.push({
        array: c === 0x5b,
        names: [],
        key: '',
        index: 0,
        repeats: undefined,
        pointer: undefined,
        repeatedAt: undefined,
      });
      expectName = c === 0x7b;
    } else if (c === 0x7d || c === 0x5d) {
      open.pop();
      expectName = false;
    } else if (c === 0x2c) {
      const frame = open[open.length - 1];
      if (frame?.array) frame.index++;
      expectName = frame !== undefined && !frame.array;
    }
  }
  return found;
}

/** A number whose double does not hold the value it denotes, with its pointer in two parts. */
export interface ImpreciseNumber {
  /** The pointer of the array or object holding it ('' for the top one, and for a number that is the whole text). */
  readonly parent: string;
  /** `/` and its reference token, escaped ('' for a number that is the whole text). */
  readonly tail: string;
  /** The token as written. */
  readonly token: string;
  /** What it is read as: the canonical form of its double (number-scan.ts). */
  readonly canonical: string;
}

/**
 * The most imprecise numbers one text is searched for. Each costs its container's pointer, and in
 * keyless mode that pointer mapped through the order maps: tens of thousands of them at the end of
 * a path of hundreds of characters cost 20-40 times the floor. A sender is told of the first
 * thousand in text order, which says what to fix; the scan stops there (docs/contract.md, "Limits").
 */
export const MAX_IMPRECISE_NUMBERS = 1_000;

/**
 * Every number of a JSON text whose double does not hold the value it denotes, in text order, up
 * to MAX_IMPRECISE_NUMBERS: what message.number_imprecise reports. One pass keeping only the path
 * of open containers, like repeatedNames; the numbers of one container share its pointer, joined once.
 */
export function impreciseNumbers(text: string): ImpreciseNumber[] {
  const open: { readonly array: boolean; key: string; index: number; pointer: string | undefined }[] = [];
  const found: ImpreciseNumber[] = [];
  let expectName = false;
  const strings = stringTokens(text);
  const pointerOf = (frame: (typeof open)[number]) => (frame.pointer ??= openPointer(open));
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      const end = (i = strings.end(i));
      if (expectName) {
        open[open.length - 1]!.key = strings.value(start, end);
        expectName = false;
      }
    } else if (c === 0x7b || c === 0x5b) {
      open.push({ array: c === 0x5b, key: '', index: 0, pointer: undefined });
      expectName = c === 0x7b;
    } else if (c === 0x7d || c === 0x5d) {
      open.pop();
      expectName = false;
    } else if (c === 0x2c) {
      const frame = open[open.length - 1];
      if (frame?.array) frame.index++;
      expectName = frame !== undefined && !frame.array;
    } else if (c <= 0x39 && (c >= 0x30 || c === 0x2d)) {
      const end = numberEnd(text, i);
      if (end < 0) {
        const token = text.slice(i, -end);
        const canonical = impreciseCanonical(token);
        if (canonical !== undefined) {
          const frame = open[open.length - 1];
          found.push(
            frame
              ? {
                  parent: pointerOf(frame),
                  tail: `/${frame.array ? frame.index : pointerSegment(frame.key)}`,
                  token,
                  canonical,
                }
              : { parent: '', tail: '', token, canonical },
          );
          if (found.length === MAX_IMPRECISE_NUMBERS) break;
        }
      }
      i = Math.abs(end) - 1;
    }
  }
  return found;
}

/** The members of a top-level JSON object: each value's text span, and the names it repeats. */
export interface TopLevelMembers {
  readonly spans: ReadonlyMap<string, readonly [start: number, end: number]>;
  readonly repeated: readonly string[];
}

/**
 * Where each member's value of a top-level object lies in its text: what slicing a wrapper's
 * members needs (request-texts.ts), found without indexing anything nested. The text must be
 * valid JSON; a text that is not an object has no members.
 */
export function topLevelMembers(text: string): TopLevelMembers {
  const spans = new Map<string, readonly [number, number]>();
  const repeated: string[] = [];
  let depth = 0;
  let topIsObject = false;
  let expectName = false;
  let name: string | undefined;
  let valueStart = -1;
  let lastEnd = -1;
  const strings = stringTokens(text);
  const close = () => {
    if (name === undefined || valueStart < 0) return;
    if (spans.has(name)) repeated.push(name);
    else spans.set(name, [valueStart, lastEnd]);
    name = undefined;
    valueStart = -1;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0xfeff) continue;
    if (depth === 1 && name !== undefined && valueStart < 0 && c !== 0x3a) valueStart = i;
    if (c === 0x22) {
      const start = i;
      const end = (i = strings.end(i));
      if (expectName && depth === 1) {
        name = strings.value(start, end);
        expectName = false;
        continue;
      }
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth === 1) topIsObject = c === 0x7b;
      expectName = depth === 1 && topIsObject;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
      if (depth === 0) close();
    } else if (c === 0x2c && depth === 1) {
      close();
      expectName = topIsObject;
      continue;
    }
    if (depth >= 1) lastEnd = i + 1;
  }
  return { spans, repeated };
}
