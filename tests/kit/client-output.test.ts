import { describe, expect, it } from 'vitest';
import { causeLine, OUTPUT_TAIL_BYTES, OutputTail, shownOutput } from '../../src/kit/client/client-output.ts';
import { escapeControls } from '../../src/kit/terminal.ts';

/** What the kit keeps and shows of a client's output: bounded, escaped, its cause line first. */

describe('terminal control characters are shown escaped', () => {
  const cases: [string, string][] = [
    ['\x1b[31mred\x1b[0m', '\\x1b[31mred\\x1b[0m'],
    ['progress\rdone', 'progress\\rdone'],
    ['line\r\nnext', 'line\nnext'],
    ['bell\x07', 'bell\\a'],
    ['back\bspace', 'back\\bspace'],
    ['nul\x00', 'nul\\x00'],
    ['del\x7f', 'del\\x7f'],
    ['c1 csi \u009b2J', 'c1 csi \\x9b2J'],
    ['next line \u0085', 'next line \\x85'],
    ['\u202eevil\u202c', '\\u202eevil\\u202c'],
    ['\u2066isolate\u2069', '\\u2066isolate\\u2069'],
    ['\u200fmark\u061c', '\\u200fmark\\u061c'],
    ['tab\tand newline\nstay', 'tab\tand newline\nstay'],
    ['unicode stays: é ✓ 漢字', 'unicode stays: é ✓ 漢字'],
  ];
  it.each(cases)('%j is shown as %j', (raw, shown) => expect(escapeControls(raw)).toBe(shown));

  it('every control code point, generated: none survives', () => {
    const all = Array.from({ length: 0x2070 }, (_, i) => String.fromCharCode(i)).join('');
    expect(escapeControls(all)).not.toMatch(
      /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/u,
    );
  });
});

describe('the cause line', () => {
  const cases: [string, string, string][] = [
    [
      'Node, a thrown SyntaxError and its frames',
      'undefined:1\n{"a":\n\nSyntaxError: Unexpected end of JSON input\n    at JSON.parse (<anonymous>)\n    at main (file:///c.mjs:3:9)\n\nNode.js v24.21.0',
      'SyntaxError: Unexpected end of JSON input',
    ],
    [
      'Python, a traceback',
      'Traceback (most recent call last):\n  File "c.py", line 3, in <module>\n    main()\nValueError: no endpoint given',
      'ValueError: no endpoint given',
    ],
    [
      'Go, a panic and its goroutine',
      'panic: runtime error: index out of range [1] with length 1\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/main.go:12 +0x1d\nexit status 2',
      'panic: runtime error: index out of range [1] with length 1',
    ],
    ['the shell, a missing command', 'sh: 1: my-client: not found', 'sh: 1: my-client: not found'],
    ['a client of its own words', 'sending\nerror: the endpoint answered 500\nbye', 'error: the endpoint answered 500'],
  ];
  it.each(cases)('%s', (_, output, cause) => expect(causeLine(output.split('\n'))).toBe(cause));

  it('comes first, before the end of the output', () => {
    const frames = Array.from({ length: 20 }, (_, i) => `    at f${i} (file:///c.mjs:${i}:1)`).join('\n');
    const shown = shownOutput(`TypeError: x is not a function\n${frames}\nNode.js v24.21.0`, 'sent 1 request\n');
    expect(shown[0]).toBe('  cause: TypeError: x is not a function');
    expect(shown.slice(1)).toHaveLength(8);
    expect(shown.at(-1)).toBe('  | sent 1 request');
  });
});

describe('long lines', () => {
  it('are cut between characters, never inside a surrogate pair', () => {
    // Every cut position: a line of one-unit characters and emoji (two UTF-16 units each) in turn.
    for (let lead = 0; lead < 4; lead++) {
      const line = `${'x'.repeat(lead)}${'\u{1F600}a'.repeat(200)}`;
      const shown = shownOutput(line, '');
      expect(shown.length).toBeGreaterThan(0);
      for (const l of shown) {
        expect(l.isWellFormed(), `lead ${lead}: ${JSON.stringify(l.slice(-4))}`).toBe(true);
        // Cut, and by at most the one unit that would have split a pair.
        expect(l.replace(/^ {2}(?:cause: |\| )/, '').length).toBeGreaterThanOrEqual(199);
        expect(l.replace(/^ {2}(?:cause: |\| )/, '').length).toBeLessThanOrEqual(200);
      }
    }
  });
});

describe('the output kept', () => {
  it('is the end of the stream, however much came, never split inside a character', () => {
    const tail = new OutputTail();
    for (let i = 0; i < 2000; i++) tail.push(Buffer.from(`line ${i} ✓ ${'y'.repeat(60)}\n`));
    const text = tail.text();
    expect(text.endsWith(`line 1999 ✓ ${'y'.repeat(60)}\n`)).toBe(true);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(OUTPUT_TAIL_BYTES + 3);
    expect(text).not.toMatch(/\uFFFD.*\n.*\uFFFD/s);
  });
});
