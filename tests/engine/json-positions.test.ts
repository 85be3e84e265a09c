import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  indexJson,
  jsonErrorOffset,
  keyedPointer,
  keylessPointer,
  messageToKeyless,
  pointerSegment,
  pointerSegments,
  POSITION_LIMITS,
  publishedExamples,
  type SourceRange,
} from '../../src/engine/index.ts';
import { site } from './helpers.ts';

/**
 * Source positions of JSON members (src/engine/json-positions.ts): every pointer of a document,
 * written pretty-printed, minified and with CRLF line ends, maps to the exact text of its member;
 * lines and columns agree with an independent count (SARIF 2.1.0 section 3.30: 1-based, columns
 * in UTF-16 code units, endColumn exclusive).
 */

/** Every pointer of a parsed value with the value it names and whether its parent is an object. */
function pointersOf(value: unknown, pointer = '', keyed = false, out: [string, unknown, boolean][] = []) {
  out.push([pointer, value, keyed]);
  if (Array.isArray(value)) value.forEach((v, i) => pointersOf(v, `${pointer}/${i}`, false, out));
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) pointersOf(v, `${pointer}/${pointerSegment(k)}`, true, out);
  }
  return out;
}

/** Line and column of an offset, counted the slow way. */
function lineColumn(text: string, offset: number): [number, number] {
  const before = text.slice(0, offset);
  const lines = before.split(/\r\n|\r|\n/);
  return [lines.length, lines[lines.length - 1]!.length + 1];
}

function expectMember(text: string, range: SourceRange, pointer: string, value: unknown, keyed: boolean) {
  const slice = text.slice(range.startOffset, range.endOffset);
  if (keyed) {
    const key = pointerSegments(pointer).at(-1)!;
    const parsed = JSON.parse(`{${slice}}`);
    expect(Object.keys(parsed)).toEqual([key]);
    expect(JSON.stringify(parsed[key])).toBe(JSON.stringify(value));
  } else {
    expect(JSON.stringify(JSON.parse(slice))).toBe(JSON.stringify(value));
  }
  expect([range.startLine, range.startColumn]).toEqual(lineColumn(text, range.startOffset));
  // endColumn is the column of the character after the region, on the line of its last character.
  const [lastLine, lastColumn] = lineColumn(text, range.endOffset - 1);
  expect([range.endLine, range.endColumn]).toEqual([lastLine, lastColumn + 1]);
}

const writings = (value: unknown): [string, string][] => [
  ['minified', JSON.stringify(value)],
  ['pretty', JSON.stringify(value, null, 2)],
  ['tabs and CRLF', JSON.stringify(value, null, '\t').replaceAll('\n', '\r\n')],
  ['CR only, padded', `\r ${JSON.stringify(value, null, 1).replaceAll('\n', '\r')} \r`],
];

describe('indexJson: every member of a document', () => {
  const examples = publishedExamples(site);
  it.each(
    examples.flatMap((e) =>
      writings(e.message).map(([how, text]) => [`${e.profile} ${how}`, text, e.message] as const),
    ),
  )('%s', (_name, text, message) => {
    const index = indexJson(text);
    expect(index.ok).toBe(true);
    expect(index.duplicates).toEqual([]);
    for (const [pointer, value, keyed] of pointersOf(message))
      expectMember(text, index.lookup(pointer)!, pointer, value, keyed);
    expect(text.slice(index.lookup('')!.startOffset, index.lookup('')!.endOffset)).toBe(text.trim());
  });

  it('holds for arbitrary JSON, any writing (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.constantFrom(0, 1, 2, '\t'), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        const index = indexJson(text);
        expect(index.ok).toBe(true);
        for (const [pointer, v, keyed] of pointersOf(JSON.parse(text)))
          expectMember(text, index.lookup(pointer)!, pointer, v, keyed);
      }),
      { numRuns: 300 },
    );
  });

  it('indexing only some pointers places them as the full index does (property)', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 6 }),
        fc.constantFrom(0, 1, 2, '\t'),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.constantFrom('', '/missing', '/0/x'),
        (value, indent, picks, extra) => {
          const text = JSON.stringify(value, null, indent);
          const all = pointersOf(JSON.parse(text)).map(([pointer]) => pointer);
          // Pointers that exist, and pointers below them that do not (placed on their nearest member).
          const wanted = [
            ...picks.map((n) => all[n % Math.max(1, all.length)] ?? ''),
            ...picks.map((n) => `${all[n % Math.max(1, all.length)] ?? ''}${extra}`),
          ];
          const full = indexJson(text);
          const some = indexJson(text, { only: wanted });
          for (const pointer of wanted) expect(some.nearest(pointer)).toEqual(full.nearest(pointer));
          // Ranges measured after skipped lines are right too: the line table holds every line.
          expect(some.rangeOf(text.length, text.length)).toEqual(full.rangeOf(text.length, text.length));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('counts columns in UTF-16 code units: astral characters take two, escapes their written length', () => {
    const text = '{"😀": "😀", "\\ud83d\\ude00x": 1, "\\u00e9": "é", "a~b/c": {"~1": [true]}}';
    const index = indexJson(text);
    expect(index.lookup('/😀')).toMatchObject({
      startLine: 1,
      startColumn: 2,
      endColumn: 12,
      startOffset: 1,
      endOffset: 11,
    });
    expect(text.slice(index.lookup('/😀x')!.startOffset, index.lookup('/😀x')!.endOffset)).toBe('"\\ud83d\\ude00x": 1');
    expect(text.slice(index.lookup('/é')!.startOffset, index.lookup('/é')!.endOffset)).toBe('"\\u00e9": "é"');
    expect(text.slice(index.lookup('/a~0b~1c/~01/0')!.startOffset, index.lookup('/a~0b~1c/~01/0')!.endOffset)).toBe(
      'true',
    );
    expect(index.lookup('/a~b~1c')).toBeUndefined();
  });

  it('reads past a byte order mark, which stays part of the text (offsets and line 1 columns count it)', () => {
    const text = '\uFEFF{"a": 1}';
    expect(indexJson(text).lookup('/a')).toMatchObject({ startLine: 1, startColumn: 3, startOffset: 2, endOffset: 8 });
    expect(indexJson('{"a": 1}\uFEFF').ok).toBe(false);
  });

  it('maps nested arrays element by element', () => {
    const text = '[[1, [2, [3, []]]], {"x": [[{}]]}]';
    const index = indexJson(text);
    const slice = (p: string) => text.slice(index.lookup(p)!.startOffset, index.lookup(p)!.endOffset);
    expect(slice('/0/1/1')).toBe('[3, []]');
    expect(slice('/0/1/1/1')).toBe('[]');
    expect(slice('/1/x/0/0')).toBe('{}');
    expect(slice('/1/x')).toBe('"x": [[{}]]');
    expect(index.lookup('/2')).toBeUndefined();
  });

  it('nearest() falls back to the deepest member that exists', () => {
    const index = indexJson('{\n  "delivery": {"priority": "low"}\n}');
    expect(index.nearest('/delivery/mode')).toMatchObject({
      pointer: '/delivery',
      range: { startLine: 2, startColumn: 3 },
    });
    expect(index.nearest('/nothing/here').pointer).toBe('');
  });
});

describe('indexJson: duplicate member names (RFC 8259 section 4, RFC 7493 section 2.3)', () => {
  it('reports each repeated name once, with every occurrence, at any depth', () => {
    const text = '{"a": 1, "b": {"c": [{"d": 1, "d": 2, "d": {"e": 3}}], "c": 0}, "a": 2}';
    const index = indexJson(text);
    const found = index.duplicates.map((d) => [
      d.pointer,
      d.count,
      d.occurrences.map((o) => text.slice(o.startOffset, o.endOffset)),
    ]);
    expect(found).toEqual([
      ['/b/c/0/d', 3, ['"d": 1', '"d": 2', '"d": {"e": 3}']],
      ['/b/c', 2, ['"c": [{"d": 1, "d": 2, "d": {"e": 3}}]', '"c": 0']],
      ['/a', 2, ['"a": 1', '"a": 2']],
    ]);
    // lookup() names the occurrence JSON.parse keeps: the last.
    expect(text.slice(index.lookup('/a')!.startOffset, index.lookup('/a')!.endOffset)).toBe('"a": 2');
  });

  it('compares names after unescaping', () => {
    expect(indexJson('{"é": 1, "\\u00e9": 2}').duplicates.map((d) => d.pointer)).toEqual(['/é']);
    expect(indexJson('{"a": 1, "A": 2, "a ": 3}').duplicates).toEqual([]);
  });
});

describe('indexJson: malformed and hostile input', () => {
  it.each([
    ['{"a": 1,}', 8],
    ['{"a" 1}', 5],
    ['[1, 2', 5],
    ['{"a": tru}', 6],
    ['{"a": "x\ny"}', 8],
    ['{} x', 3],
    ['', 0],
    ['[01]', 2],
  ])('%j fails at offset %i', (text, offset) => {
    const index = indexJson(text);
    expect(index).toMatchObject({ ok: false, failure: 'malformed', errorOffset: offset });
    expect(() => JSON.parse(text)).toThrow();
  });

  it('measures a malformed text after the failure point too (rangeOf)', () => {
    const index = indexJson('{\n"a": ,\n\n "b": 1}');
    expect(index.rangeOf(11, 17)).toMatchObject({ startLine: 4, startColumn: 2, endLine: 4, endColumn: 8 });
  });

  it('stops past 64 levels of nesting, at any real depth, without throwing', () => {
    const nest = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    expect(indexJson(nest(POSITION_LIMITS.maxDepth)).ok).toBe(true);
    expect(indexJson(nest(POSITION_LIMITS.maxDepth + 1)).failure).toBe('too_deep');
    const hostile = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const started = performance.now();
    expect(indexJson(hostile, { maxBytes: Infinity }).failure).toBe('too_deep');
    // Linear work (a loaded CI machine included): far below what a recursive descent of 100,000 levels would need, if it did not overflow.
    expect(performance.now() - started).toBeLessThan(1_000);
    // The whole document is still located, so a root issue has a region.
    expect(indexJson(nest(80)).lookup('')).toMatchObject({ startOffset: 0, endOffset: 160 });
  });

  it('refuses texts over 262,144 UTF-8 bytes, counting multi-byte characters', () => {
    const fill = (n: number, ch: string) => `"${ch.repeat(n)}"`;
    expect(indexJson(fill(POSITION_LIMITS.maxBytes - 2, 'a')).ok).toBe(true);
    expect(indexJson(fill(POSITION_LIMITS.maxBytes - 1, 'a')).failure).toBe('too_large');
    // 'é' is 2 bytes and '😀' 4 in UTF-8: the same byte budget holds fewer characters.
    expect(indexJson(fill((POSITION_LIMITS.maxBytes - 2) / 2, 'é')).ok).toBe(true);
    expect(indexJson(fill((POSITION_LIMITS.maxBytes - 2) / 2 + 1, 'é')).failure).toBe('too_large');
    expect(indexJson(fill((POSITION_LIMITS.maxBytes - 4) / 4 + 1, '😀')).failure).toBe('too_large');
  });
});

describe('keyless pointers: the order maps of the field registry', () => {
  const get = (value: unknown, pointer: string): unknown =>
    pointerSegments(pointer).reduce<unknown>((v, s) => (v as Record<string, unknown> | undefined)?.[s], value);

  it.each(publishedExamples(site).map((e) => [e.profile, e.message] as const))(
    '%s: every keyed member has its array position',
    (_p, message) => {
      const keyless = messageToKeyless(message);
      const text = JSON.stringify(keyless, null, 2);
      const index = indexJson(text);
      for (const [pointer, value] of pointersOf(message)) {
        const mapped = keylessPointer(pointer, keyless);
        expect(mapped.complete).toBe(true);
        const inKeyless = get(keyless, mapped.pointer);
        // Scalars and free-form values are the same; objects became arrays by their map.
        if (typeof value !== 'object' || value === null) expect(inKeyless).toEqual(value);
        expect(index.lookup(mapped.pointer)).toBeDefined();
        expect(keyedPointer(mapped.pointer, keyless)).toEqual({ pointer, complete: true });
      }
    },
  );

  it('stops at a key the map does not have, and a position past the map', () => {
    const keyless = messageToKeyless(publishedExamples(site)[0]!.message);
    expect(keylessPointer('/delivery/not_a_field', keyless)).toEqual({
      pointer: keylessPointer('/delivery', keyless).pointer,
      complete: false,
    });
    expect(keyedPointer('/99', keyless)).toEqual({ pointer: '', complete: false });
  });
});

describe('jsonErrorOffset: where the grammar breaks, keeping nothing', () => {
  /** A JSON text with one character put in, or taken out, somewhere. */
  const broken = fc
    .tuple(
      fc.json({ maxDepth: 4 }),
      fc.constantFrom('', '\n', '\r\n', '\r', '\t'),
      fc.nat(),
      fc.constantFrom('', '}', ']', ',', ':', '"', 't', '-', '0', '\u0001', ' ', '\\'),
    )
    .map(([json, lineEnd, at, put]) => {
      // Minified, or written over lines with each kind of line end JSON allows between tokens.
      const text = lineEnd === '' ? json : JSON.stringify(JSON.parse(json), null, 1).replaceAll('\n', lineEnd);
      const cut = at % (text.length + 1);
      return put === '' ? text.slice(0, cut) + text.slice(cut + 1) : text.slice(0, cut) + put + text.slice(cut);
    });

  it('agrees with the position index on any text: undefined exactly when JSON.parse takes it', () => {
    fc.assert(
      fc.property(broken, (text) => {
        const index = indexJson(text, { maxDepth: 1_000, maxBytes: Number.MAX_SAFE_INTEGER });
        const parses = (() => {
          try {
            JSON.parse(text);
            return true;
          } catch {
            return false;
          }
        })();
        const offset = jsonErrorOffset(text);
        expect(offset === undefined, text).toBe(parses);
        // The index skips a leading byte order mark, the scan does not (JSON.parse does not).
        if (!text.startsWith('\ufeff')) expect(offset, text).toBe(index.ok ? undefined : index.errorOffset);
      }),
      { numRuns: 2_000 },
    );
  });

  // V8 names a place inside a broken number, literal or escape (after "-" of "-e", after the
  // backslash of "\\x"); the scan names where the token breaks off, as the index does: nothing
  // between the two places but characters of that token.
  it('names the place V8 names where V8 names one, or the start of the token V8 points into', () => {
    fc.assert(
      fc.property(broken, (text) => {
        try {
          JSON.parse(text);
        } catch (error) {
          const v8 = / in JSON at position (\d+)/.exec((error as Error).message);
          if (!v8) return;
          const offset = jsonErrorOffset(text)!;
          expect(offset, text).toBeLessThanOrEqual(Number(v8[1]));
          expect(text.slice(offset, Number(v8[1])), text).toMatch(/^[^\s{}[\],:"]*$/);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('a byte order mark is a character like any other: the text JSON.parse refused breaks at 0', () => {
    expect(jsonErrorOffset('\ufeff{}')).toBe(0);
    expect(jsonErrorOffset('[1, 2')).toBe(5);
    expect(jsonErrorOffset('[["a"] ]] ')).toBe(8);
  });
});

describe('a member name holding a lone surrogate', () => {
  // A result's paths are well-formed text: the name's lone surrogate is U+FFFD in them. The member
  // is found by that path, whole index or skim, instead of its parent (which took every such issue).
  const text = '{\n  "body": {\n    "a": 1,\n    "\\ud800lone": 2\n  }\n}';
  const path = '/body/\ufffdlone';
  it.each([
    ['the whole index', undefined],
    ['the skim of the listed paths', [path]],
  ])('is located on the member, in %s', (_how, only) => {
    const index = indexJson(text, { maxDepth: 64, ...(only ? { only } : {}) });
    expect(index.nearest(path).pointer).toBe(path);
    expect(index.lookup(path)).toMatchObject({ startLine: 4, startColumn: 5, endLine: 4, endColumn: 20 });
  });
});
