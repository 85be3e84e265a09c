import type { Socket } from 'node:net';
import fc from 'fast-check';
import { seal } from '../../src/engine/index.ts';
import type { Raw } from './harness.ts';

/**
 * Ways a correct server may present the same answer on the wire, as RFC 9110, RFC 9112 and
 * RFC 8259 allow, the way implementations in other languages and frameworks do: another status
 * line, framing, header name case, media type spelling and extra headers; the JSON text with other
 * whitespace, member order, escapes and number spellings for equal values. None of them changes
 * what the answer says, so none may change a verdict of the kit.
 */
export interface Presentation {
  /** HTTP/1.0 answers are closed by the server; HTTP/1.1 ones may be kept open. */
  readonly version: '1.0' | '1.1';
  readonly reason: 'standard' | 'none' | 'other';
  readonly framing: 'length' | 'chunked' | 'close';
  /** Chunk sizes cycled through, with a chunk extension on each and trailers after the last. */
  readonly chunks: readonly number[];
  readonly chunkExtension: boolean;
  readonly trailers: boolean;
  readonly keepAlive: boolean;
  readonly nameCase: 'lower' | 'upper' | 'mixed';
  readonly mediaType: 'plain' | 'charset-upper' | 'charset-quoted' | 'essence-upper';
  readonly extraHeaders: boolean;
  readonly contentEncodingIdentity: boolean;
  /** Coding names are case-insensitive (RFC 9110 section 8.4.1, RFC 9112 section 7): `Chunked`, `Identity`. */
  readonly codingCase: 'lower' | 'capital';
  /**
   * Text beyond ASCII where an answer may carry it (the statement's name, resealed; a problem's
   * detail), as UTF-8 without a byte order mark or as escapes (json.escapeNonAscii).
   */
  readonly nonAscii: boolean;
  readonly json: {
    /** Whitespace written between tokens, cycled through ('' for none). */
    readonly spaces: readonly string[];
    readonly shuffle: boolean;
    /** Letters and digits written as \u escapes, every nth. 0: none. */
    readonly escapeEvery: number;
    readonly escapeNonAscii: boolean;
    readonly escapeSlash: boolean;
    /** How an integer is spelled: 1, 1.0, 1e0, 10E-1. */
    readonly integers: 'plain' | 'fraction' | 'exponent' | 'scaled';
  };
}

export const PLAIN: Presentation = {
  version: '1.1',
  reason: 'standard',
  framing: 'length',
  chunks: [1024],
  chunkExtension: false,
  trailers: false,
  keepAlive: false,
  nameCase: 'lower',
  mediaType: 'plain',
  extraHeaders: false,
  contentEncodingIdentity: false,
  codingCase: 'lower',
  nonAscii: false,
  json: { spaces: [''], shuffle: false, escapeEvery: 0, escapeNonAscii: false, escapeSlash: false, integers: 'plain' },
};

export const presentation: fc.Arbitrary<Presentation> = fc
  .record({
    version: fc.constantFrom('1.0' as const, '1.1' as const),
    reason: fc.constantFrom('standard' as const, 'none' as const, 'other' as const),
    framing: fc.constantFrom('length' as const, 'chunked' as const, 'close' as const),
    chunks: fc.array(fc.integer({ min: 1, max: 700 }), { minLength: 1, maxLength: 4 }),
    chunkExtension: fc.boolean(),
    trailers: fc.boolean(),
    keepAlive: fc.boolean(),
    nameCase: fc.constantFrom('lower' as const, 'upper' as const, 'mixed' as const),
    mediaType: fc.constantFrom(
      'plain' as const,
      'charset-upper' as const,
      'charset-quoted' as const,
      'essence-upper' as const,
    ),
    extraHeaders: fc.boolean(),
    contentEncodingIdentity: fc.boolean(),
    codingCase: fc.constantFrom('lower' as const, 'capital' as const),
    nonAscii: fc.boolean(),
    json: fc.record({
      spaces: fc.array(fc.constantFrom('', ' ', '\t', '\n', '\r\n', '  \n\t'), { minLength: 1, maxLength: 4 }),
      shuffle: fc.boolean(),
      escapeEvery: fc.integer({ min: 0, max: 5 }),
      escapeNonAscii: fc.boolean(),
      escapeSlash: fc.boolean(),
      integers: fc.constantFrom('plain' as const, 'fraction' as const, 'exponent' as const, 'scaled' as const),
    }),
  })
  // HTTP/1.0 has no chunked coding, and a body framed by the close cannot be kept open.
  .map((p) => ({
    ...p,
    framing: p.version === '1.0' && p.framing === 'chunked' ? 'close' : p.framing,
    keepAlive: p.keepAlive && p.framing !== 'close' && p.version === '1.1',
  }));

const REASONS: Readonly<Record<number, string>> = {
  200: 'OK',
  202: 'Accepted',
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
};

/** Deterministic order for a shuffle: the same presentation writes the same bytes. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed || 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const hex4 = (c: number) => `\\u${c.toString(16).padStart(4, '0')}`;

/** The value as JSON text in the presentation's style: equal to JSON.parse of the plain text, member for member. */
export function writeJson(value: unknown, style: Presentation['json']): string {
  let n = 0;
  const space = () => style.spaces[n++ % style.spaces.length]!;
  const string = (s: string) => {
    let out = '"';
    for (const ch of s) {
      const c = ch.codePointAt(0)!;
      n += 1;
      if (ch === '"' || ch === '\\') out += `\\${ch}`;
      // A lone surrogate has no UTF-8: only its escape carries it.
      else if (c < 0x20 || !ch.isWellFormed()) out += hex4(c);
      else if (ch === '/' && style.escapeSlash) out += '\\/';
      else if (c > 0x7f && style.escapeNonAscii)
        out += c > 0xffff ? hex4(0xd800 + ((c - 0x10000) >> 10)) + hex4(0xdc00 + ((c - 0x10000) & 0x3ff)) : hex4(c);
      else if (style.escapeEvery && /[A-Za-z0-9]/.test(ch) && n % style.escapeEvery === 0) out += hex4(c);
      else out += ch;
    }
    return `${out}"`;
  };
  const number = (x: number) => {
    if (!Number.isSafeInteger(x) || Math.abs(x) > 1e9 || Object.is(x, -0)) return JSON.stringify(x);
    if (style.integers === 'fraction') return `${x}.0`;
    if (style.integers === 'exponent') return `${x}e0`;
    if (style.integers === 'scaled') return x === 0 ? '0E-1' : `${x}0E-1`;
    return String(x);
  };
  const write = (v: unknown): string => {
    if (v === null || typeof v === 'boolean') return String(v);
    if (typeof v === 'number') return number(v);
    if (typeof v === 'string') return string(v);
    if (Array.isArray(v)) return `[${space()}${v.map((x) => `${write(x)}${space()}`).join(`,${space()}`)}]`;
    const keys = Object.keys(v as object);
    const order = style.shuffle ? shuffled(keys, keys.length * 31 + n) : keys;
    const members = order.map((k) => `${string(k)}${space()}:${space()}${write((v as Record<string, unknown>)[k])}`);
    return `{${space()}${members.join(`${space()},${space()}`)}${space()}}`;
  };
  return `${space()}${write(value)}${space()}`;
}

const NON_ASCII = ' \u2014 R\u00e9f\u00e9rence \u53c2\u7167 \u{1f600}';

/** The statement with a name beyond ASCII (resealed), a problem with such a detail; anything else as it is. */
function beyondAscii(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const v = value as Record<string, any>;
  // Only a statement sealed right is resealed: a broken checksum is a fault to keep.
  if (v.profile === 'uai.capability.statement.v1' && JSON.stringify(seal(v)) === JSON.stringify(v))
    return seal({ ...v, body: { ...v.body, name: `${v.body.name}${NON_ASCII}` } });
  if (typeof v.detail === 'string' && typeof v.title === 'string') return { ...v, detail: `${v.detail}${NON_ASCII}` };
  return value;
}

const named = (name: string, how: Presentation['nameCase'], i: number) =>
  how === 'upper'
    ? name.toUpperCase()
    : how === 'mixed'
      ? [...name].map((c, j) => ((i + j) % 2 ? c.toUpperCase() : c)).join('')
      : name;

function mediaTypeOf(contentType: string, how: Presentation['mediaType']): string {
  const essence = contentType.split(';')[0]!.trim();
  // Another media type, or a charset a fault put there, is sent as it is.
  if (!/^application\/(?:[a-z0-9.+-]+\+)?json$/i.test(essence) || /charset=(?!"?utf-8)/i.test(contentType))
    return contentType;
  if (how === 'charset-upper') return `${essence};charset=UTF-8`;
  if (how === 'charset-quoted') return `${essence}; charset="utf-8"`;
  if (how === 'essence-upper')
    return essence.replace(/^application\/(.*)json$/i, (_, t: string) => `Application/${t}JSON`);
  return contentType;
}

/**
 * The answer written in the presentation. The body's JSON is rewritten only when it is JSON.stringify's
 * own text (the reference server's): bytes a fault put there (a byte order mark, a repeated member,
 * a coding) are sent as they are.
 */
export async function present(response: Response, p: Presentation): Promise<Raw> {
  const bytes = Buffer.from(await response.arrayBuffer());
  let body = bytes;
  const coded = response.headers.has('content-encoding');
  if (!coded && bytes.length) {
    const text = bytes.toString('utf8');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (value !== undefined && JSON.stringify(value) === text && Buffer.from(text).equals(bytes))
      body = Buffer.from(writeJson(p.nonAscii ? beyondAscii(value) : value, p.json));
  }
  const status = response.status;
  const reason = p.reason === 'none' ? '' : p.reason === 'other' ? ' Fine Thanks' : ` ${REASONS[status] ?? 'Status'}`;
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) {
    if (name === 'content-length' || name === 'transfer-encoding' || name === 'connection') continue;
    headers.push([name, name === 'content-type' ? mediaTypeOf(value, p.mediaType) : value]);
  }
  if (p.extraHeaders)
    headers.push(
      ['date', new Date().toUTCString()],
      ['server', 'peer/1.0'],
      ['x-request-id', 'b4c1d2e3'],
      ['vary', 'Accept, Accept-Encoding'],
      ['x-unknown-header', 'a value; with=parameters'],
    );
  const coding = (name: string) => (p.codingCase === 'capital' ? `${name[0]!.toUpperCase()}${name.slice(1)}` : name);
  if (p.contentEncodingIdentity && !coded) headers.push(['content-encoding', coding('identity')]);
  if (p.framing === 'length') headers.push(['content-length', String(body.length)]);
  if (p.framing === 'chunked') headers.push(['transfer-encoding', coding('chunked')]);
  if (p.trailers && p.framing === 'chunked') headers.push(['trailer', 'X-Checked']);
  headers.push(['connection', p.keepAlive ? 'keep-alive' : 'close']);
  // Headers joins repeated fields into one: a Content-Type a fault sent twice goes out as its two field lines.
  const lines = headers.flatMap(([k, v]) =>
    k === 'content-type' ? v.split(', ').map((t) => [k, t] as const) : [[k, v] as const],
  );
  const head = `HTTP/${p.version} ${status}${reason}\r\n${lines.map(([k, v], i) => `${named(k, p.nameCase, i)}: ${v}\r\n`).join('')}\r\n`;
  const parts: Buffer[] = [Buffer.from(head, 'latin1')];
  if (p.framing === 'chunked') {
    for (let at = 0, i = 0; at < body.length; i += 1) {
      const piece = body.subarray(at, at + p.chunks[i % p.chunks.length]!);
      at += piece.length;
      parts.push(Buffer.from(`${piece.length.toString(16)}${p.chunkExtension ? ';ext="v";n=1' : ''}\r\n`), piece);
      parts.push(Buffer.from('\r\n'));
    }
    parts.push(Buffer.from(`0\r\n${p.trailers ? 'X-Checked: yes\r\n' : ''}\r\n`));
  } else parts.push(body);
  const wire = Buffer.concat(parts);
  return {
    raw: (socket: Socket) => {
      if (p.keepAlive) socket.write(wire);
      else socket.end(wire);
    },
  };
}
