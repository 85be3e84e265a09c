/**
 * Reading a JSON request body under the limits of CONTRACT section 8: at most 262,144 bytes counted
 * on the streamed bytes (Content-Length is only used to refuse early), well-formed UTF-8, nesting at
 * most 64 deep (scanned on the text before parsing, so JSON.parse never sees a hostile depth), and
 * parse errors reported with their position.
 */
import { MAX_DEPTH, parseJson, type Failure } from '../engine/index.ts';
import { MAX_BODY_PIECES, TOO_MANY_PIECES } from './body-bytes.ts';
import type { CoreRequest } from './core.ts';
import { charsetOf, isJsonMediaType, isUtf8Charset } from './headers.ts';
import { jsonErrorPosition } from './json-position.ts';
import { withThousands } from './digits.ts';

export const MAX_BODY_BYTES = 262_144;
/**
 * The limit counts the message's nesting, as the engine does: a request body may nest one level
 * more for its {"message": ...} wrapper, so that any message the engine accepts is accepted here;
 * a body that is the message itself (the reference server's) may nest as deep as a message.
 */
export const WRAPPED_DEPTH_LIMIT = MAX_DEPTH + 1;

/** The parsed body with its text (validate reads positions and duplicate names from it), or the failure. */
export type BodyResult =
  | { readonly ok: true; readonly value: unknown; readonly text: string }
  | Failure<'request.too_large' | 'request.malformed_json' | 'request.too_deep' | 'request.invalid'>;

const tooLarge = {
  ok: false,
  code: 'request.too_large',
  detail: `The request body is over ${withThousands(MAX_BODY_BYTES)} bytes.`,
} as const;

// Valid HTTP, but each piece costs the reader whatever its size (body-bytes.ts).
const tooManyPieces = {
  ok: false,
  code: 'request.invalid',
  detail: `The request body came in more than ${withThousands(MAX_BODY_PIECES)} pieces (HTTP chunks or network reads), the most the service reads of one body; send it with Content-Length, or in chunks of 16 bytes or more.`,
} as const;

/**
 * Whether [ and { outside strings nest deeper than `limit`, stopping as soon as it is passed. A text
 * with no more than `limit` of those characters in all cannot, whatever is in its strings: counting
 * them with indexOf settles most bodies (a 3 KB message holds about 25) in a tenth of the time of
 * the scan character by character, which the rest still takes.
 */
export function nestingExceeds(text: string, limit = MAX_DEPTH): boolean {
  return fewerOpenings(text, limit) ? false : scanExceeds(text, limit);
}

function fewerOpenings(text: string, limit: number): boolean {
  let count = 0;
  for (const opening of ['{', '[']) {
    for (let i = text.indexOf(opening); i >= 0; i = text.indexOf(opening, i + 1)) if (++count > limit) return false;
  }
  return true;
}

function scanExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

function lineColumn(text: string, position: number): string {
  // Counted in place: splitting the text before a late error in a large file made a string per line.
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < position; at = text.indexOf('\n', at + 1)) {
    line += 1;
    lineStart = at + 1;
  }
  return `line ${line}, column ${position - lineStart + 1}`;
}

/**
 * Where and why JSON.parse refused `text`: " at position N (line L, column C): reason", or ": reason"
 * when no position is found. The route's problem detail and `uai validate` say it the same way.
 * `from`: where the text JSON.parse was given starts in `text` (past a byte order mark the caller
 * read past); the position, line and column are counted in `text`.
 */
export function jsonSyntaxError(text: string, error: unknown, from = 0): string {
  const reason = error instanceof Error ? error.message : 'invalid JSON';
  // V8 quotes the input in some messages: only its own phrase, which ends the message, gives the position.
  const m = /(?:in|after) JSON at position (\d+)(?: \(line \d+ column \d+\))?$/.exec(reason);
  const found = m ? Number(m[1]) : jsonErrorPosition(from === 0 ? text : text.slice(from));
  const position = found === undefined ? undefined : found + from;
  // V8 quotes the input in some messages; the position says enough, so keep only its first clause.
  const short = reason
    .replace(/\s*\(line \d+ column \d+\)| (?:in|after) JSON at position \d+/g, '')
    .split(/, (?:\.\.\.)?"/, 1)[0]!
    .slice(0, 160);
  return position === undefined ? `: ${short}` : ` at position ${position} (${lineColumn(text, position)}): ${short}`;
}

const parseError = (text: string, error: unknown): string =>
  `The request body is not valid JSON${jsonSyntaxError(text, error)}.`;

// One decoder for every call: without { stream: true } each decode starts afresh.
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Reads the body under the cap (the adapter counts the bytes) and parses it under the limits above. */
async function readJsonBody(request: CoreRequest, depthLimit: number): Promise<BodyResult> {
  const bytes = await request.body(MAX_BODY_BYTES);
  if (!bytes) return tooLarge;
  if (bytes === TOO_MANY_PIECES) return tooManyPieces;
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return { ok: false, code: 'request.malformed_json', detail: 'The request body is not valid UTF-8.' };
  }
  if (text.trim() === '')
    return {
      ok: false,
      code: 'request.malformed_json',
      detail: 'The request body is empty; send a JSON object such as {"message": {...}}.',
    };
  if (nestingExceeds(text, depthLimit))
    return {
      ok: false,
      code: 'request.too_deep',
      // Counted on the whole body, wherever the depth is (a wrapper's member, or a bare message).
      detail: `The request body nests deeper than ${depthLimit} levels.`,
    };
  try {
    return { ok: true, value: parseJson(text), text };
  } catch (error) {
    return { ok: false, code: 'request.malformed_json', detail: parseError(text, error) };
  }
}

/**
 * Why the body's bytes cannot be read as UTF-8 JSON text, if they cannot: a Content-Encoding other
 * than identity (RFC 9110 section 8.4: the service decodes none, so 415 per section 15.5.16) or a
 * charset other than UTF-8 (RFC 8259 section 8.1: JSON exchanged between systems is UTF-8).
 */
function unreadableEncoding(request: CoreRequest): string | undefined {
  const encodings = (request.header('content-encoding') ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '' && e !== 'identity');
  if (encodings.length > 0)
    return `The service does not decode Content-Encoding ${encodings.join(', ')}; send the JSON body unencoded (identity).`;
  const charset = charsetOf(request.header('content-type') ?? '');
  if (charset !== undefined && !isUtf8Charset(charset))
    return `The body must be UTF-8 JSON (RFC 8259 section 8.1), not ${charset === '' ? 'an empty charset' : `charset ${charset}`}; omit charset or send charset=utf-8.`;
  return undefined;
}

/**
 * The body of a POST route, checked in the one order every POST route shares, so that no route can
 * answer a hostile request differently from the others: a body that is not JSON is refused as too
 * large when its declared length is over the limit (the answer it would get once read), else as an
 * unsupported media type (`notJson` says what to send); then a coding or charset the service cannot
 * read; then the body itself under the limits above. `depthLimit`: WRAPPED_DEPTH_LIMIT for a body
 * that wraps the message, MAX_DEPTH for a body that is the message.
 */
export async function readPostedJson(
  request: CoreRequest,
  notJson: string,
  depthLimit = WRAPPED_DEPTH_LIMIT,
): Promise<BodyResult | Failure<'request.unsupported_media_type'>> {
  if (!isJsonMediaType(request.header('content-type'))) {
    const declared = Number(request.header('content-length'));
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return tooLarge;
    return { ok: false, code: 'request.unsupported_media_type', detail: notJson };
  }
  const encoding = unreadableEncoding(request);
  if (encoding) return { ok: false, code: 'request.unsupported_media_type', detail: encoding };
  return readJsonBody(request, depthLimit);
}
