/**
 * JSON.parse with member names read right, for every text a peer sends (requests, files, answers,
 * recordings). V8's JSON.parse (in Node 24 and 26, and browsers on the same V8) can read a member name written with an
 * escape as another name: while it builds an object it follows the names of objects it built
 * before, and compares the escaped name's raw text with theirs. Once any text in the process held
 * a name with a backslash in it (`"\\"`), a later `"\""` or `"\n"` reads as `\`
 * (nodejs/node#63785, V8 bug 521080746). One client's request could then change how the next
 * client's message reads: a forged checksum passed and an honest one failed, in a warm function,
 * the local server and one `uai validate` run alike.
 *
 * A text with no escape in any member name reads right, and goes to JSON.parse alone (nearly
 * every message: the check is an indexOf for a backslash). Any other text is parsed (for its
 * syntax errors, worded as before) and then read again here, token by token: a string token on
 * its own reads right, and objects are built member by member as JSON.parse builds them (a
 * repeated name keeps its first place and its last value; `__proto__` is an own member).
 */

/** The value of a JSON text, as JSON.parse gives it where V8 reads it right; throws JSON.parse's SyntaxError. */
export function parseJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  return text.includes('\\') && hasEscapedName(text) ? readJson(text) : value;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Where the string token opening at `start` closes: its closing quote. The text is valid JSON. */
function stringEnd(text: string, start: number): number {
  let end = start + 1;
  for (let c = text.charCodeAt(end); c !== QUOTE; c = text.charCodeAt(++end)) if (c === BACKSLASH) end++;
  return end;
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Whether the token that ended just before `at` is a member name (a colon follows it). */
function nameEndsAt(text: string, at: number): boolean {
  while (isSpace(text.charCodeAt(at))) at++;
  return text.charCodeAt(at) === 0x3a;
}

/**
 * Whether a member name of a valid JSON text holds an escape. Strings without a backslash are
 * skipped with indexOf; the next backslash is kept, so each character is looked at once or twice.
 */
function hasEscapedName(text: string): boolean {
  let backslash = text.indexOf('\\');
  for (let start = text.indexOf('"'); start >= 0 && backslash >= 0;) {
    let end = text.indexOf('"', start + 1);
    if (backslash < end) {
      end = stringEnd(text, start);
      if (nameEndsAt(text, end + 1)) return true;
      backslash = text.indexOf('\\', end + 1);
    }
    start = text.indexOf('"', end + 1);
  }
  return false;
}

type Container = Record<string, unknown> | unknown[];

/** An open object or array while a text is read: the object's member name waiting for its value. */
interface Open {
  readonly container: Container;
  name: string | undefined;
  expectName: boolean;
}

// JSON.parse defines members; assigning `__proto__` would set the prototype instead.
function setMember(object: Record<string, unknown>, name: string, value: unknown): void {
  if (name === '__proto__')
    Object.defineProperty(object, name, { value, writable: true, enumerable: true, configurable: true });
  else object[name] = value;
}

/** A number token ends at the first character that cannot continue it. */
function numberEnd(text: string, start: number): number {
  let end = start + 1;
  for (
    let c = text.charCodeAt(end);
    (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2b || c === 0x2d || c === 0x65 || c === 0x45;
  )
    c = text.charCodeAt(++end);
  return end;
}

/**
 * Reads a text JSON.parse accepted, with no recursion (a text may nest as deep as JSON.parse
 * allows). Strings with escapes are decoded by JSON.parse one token at a time; numbers by Number,
 * which reads a JSON number token as JSON.parse does.
 */
function readJson(text: string): unknown {
  const open: Open[] = [];
  let top: Open | undefined;
  let result: unknown;
  const put = (value: unknown): void => {
    if (!top) result = value;
    else if (Array.isArray(top.container)) top.container.push(value);
    else setMember(top.container, top.name!, value);
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c) || c === 0x3a) continue;
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      const token = text.slice(i, end + 1);
      const value = token.includes('\\') ? (JSON.parse(token) as string) : token.slice(1, -1);
      i = end;
      if (top?.expectName) {
        top.name = value;
        top.expectName = false;
      } else put(value);
    } else if (c === 0x7b || c === 0x5b) {
      const container: Container = c === 0x7b ? {} : [];
      put(container);
      open.push((top = { container, name: undefined, expectName: c === 0x7b }));
    } else if (c === 0x7d || c === 0x5d) {
      open.pop();
      top = open[open.length - 1];
    } else if (c === 0x2c) {
      if (top && !Array.isArray(top.container)) top.expectName = true;
    } else if (c === 0x74) {
      put(true);
      i += 3;
    } else if (c === 0x66) {
      put(false);
      i += 4;
    } else if (c === 0x6e) {
      put(null);
      i += 3;
    } else {
      const end = numberEnd(text, i);
      put(Number(text.slice(i, end)));
      i = end - 1;
    }
  }
  return result;
}
