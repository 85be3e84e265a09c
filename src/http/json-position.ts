/**
 * Where JSON text first goes wrong, for the detail of request.malformed_json (CONTRACT section 8).
 * V8's JSON.parse names a position only for some errors, so on failure this small scanner
 * (RFC 8259 grammar, iterative, no values built) finds the offset of the first bad character.
 */
const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING_CHAR = /(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*/y;

export function jsonErrorPosition(text: string): number | undefined {
  let i = 0;
  const stack: ('{' | '[')[] = [];
  const skip = () => {
    while (i < text.length && WS.has(text.charCodeAt(i))) i++;
  };
  const literal = (word: string) => (text.startsWith(word, i) ? ((i += word.length), true) : false);
  const string = (): boolean => {
    if (text[i] !== '"') return false;
    STRING_CHAR.lastIndex = i + 1;
    STRING_CHAR.exec(text);
    i = STRING_CHAR.lastIndex;
    if (text[i] !== '"') return false;
    i++;
    return true;
  };
  // Expect a value; containers push and continue.
  const value = (): boolean => {
    skip();
    const c = text[i];
    if (c === '{' || c === '[') {
      stack.push(c);
      i++;
      skip();
      if (text[i] === (c === '{' ? '}' : ']')) {
        stack.pop();
        i++;
        return true;
      }
      if (c === '{') return member();
      return value();
    }
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    NUMBER.lastIndex = i;
    if (NUMBER.exec(text) && NUMBER.lastIndex > i) {
      i = NUMBER.lastIndex;
      return true;
    }
    return false;
  };
  const member = (): boolean => {
    skip();
    if (!string()) return false;
    skip();
    if (text[i] !== ':') return false;
    i++;
    return value();
  };
  if (!value()) return i;
  for (;;) {
    skip();
    const top = stack[stack.length - 1];
    if (!top) return i < text.length ? i : undefined;
    if (text[i] === ',') {
      i++;
      if (!(top === '{' ? member() : value())) return i;
    } else if (text[i] === (top === '{' ? '}' : ']')) {
      stack.pop();
      i++;
    } else return i;
  }
}
