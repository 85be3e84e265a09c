import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeLine } from '../../src/kit/terminal.ts';

/**
 * A reader of an escaped report line, written from the escapes docs/ci.md lists ("Hostile names
 * and contents"): `\\` is a backslash, `\r` `\n` `\a` `\b` `\xHH` `\uHHHH` are the characters they
 * name, and any other backslash is itself. Every line must read back to exactly what was escaped.
 */
const NAMED: Record<string, string> = { '\\': '\\', r: '\r', n: '\n', a: '\x07', b: '\b' };
const readBack = (line: string): string =>
  line.replace(/\\(?:([\\rnab])|x([0-9a-f]{2})|u([0-9a-f]{4}))/g, (_, named?: string, x?: string, u?: string) =>
    named !== undefined ? NAMED[named]! : String.fromCharCode(parseInt((x ?? u)!, 16)),
  );

/** Characters the escaping treats specially, so that generated strings meet them often. */
const SPECIAL = [
  '\\',
  'x',
  'u',
  'r',
  'n',
  'a',
  'b',
  '1',
  'b',
  'e',
  '#',
  '[',
  ':',
  ' ',
  '\x1b',
  '\r',
  '\n',
  '\u202e',
  '\u2028',
];

describe('an escaped report line reads back to exactly one original', () => {
  it.each([
    ['a file named with a literal escape', 'a\\x1b.json', 'a\\\\x1b.json'],
    ['and one holding the character itself', 'a\x1b.json', 'a\\x1b.json'],
    ['a literal \\n', 'line\\nbreak', 'line\\\\nbreak'],
    ['a Windows path keeps its backslashes', 'C:\\Users\\me\\msg.json', 'C:\\Users\\me\\msg.json'],
    ['a literal \\x23 after ##', '#\\x23[x', '#\\\\x23[x'],
  ])('%s', (_, raw, shown) => {
    expect(escapeLine(raw)).toBe(shown);
    expect(readBack(escapeLine(raw))).toBe(raw);
  });

  it('for any text: one line, no control character, and the original read back', () => {
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom(...SPECIAL), maxLength: 24 }),
      fc.string({ unit: 'binary', maxLength: 24 }),
    );
    fc.assert(
      fc.property(text, (raw) => {
        const line = escapeLine(raw);
        expect(line).not.toMatch(/[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/u);
        expect(line).not.toContain('##[');
        expect(line).not.toMatch(/^\s*::/u);
        expect(readBack(line)).toBe(raw);
      }),
      { numRuns: 3000 },
    );
  });
});
