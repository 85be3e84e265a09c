/**
 * Response headers of the whole surface (spec section 5, CONTRACT section 8), named once. The
 * Netlify `_headers` file, the functions and the local server all take them from here.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy':
    'accelerometer=(), browsing-topics=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  'X-Frame-Options': 'SAMEORIGIN',
  'Content-Security-Policy': "frame-ancestors 'self'",
};

/**
 * CORS of every /v1 answer: any origin may read it, and a script may read the headers a client
 * acts on that CORS hides by default: ETag (conditional GETs), Link (a record's page), Retry-After
 * (after a 429) and Content-Disposition (a download's file name).
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, Link, Retry-After, Content-Disposition',
};

export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Max-Age': '86400',
};

/**
 * The preflight of a GET record. A script on another origin that sends a header of its own
 * (If-None-Match with the ETag it read, or a tracing header) is preflighted even for a GET; the
 * records are public and read no credentials, so any header is allowed (`*`, which the Fetch
 * standard honours for requests without credentials).
 */
export const RECORD_PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': '*',
  'Access-Control-Max-Age': '86400',
};

/**
 * One header's value as a field line carries it: Node hands a repeated header as an array, whose
 * values join with a comma (RFC 9110 section 5.3). Absent is null.
 */
export const headerValue = (value: string | readonly string[] | undefined): string | null =>
  value === undefined ? null : typeof value === 'string' ? value : value.join(', ');

export const JSON_TYPE = 'application/json; charset=utf-8';
export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';
export const RECORD_CACHE = 'public, max-age=300';
export const NO_STORE = 'no-store';

/**
 * The media type a Content-Type names, lower case, without parameters; undefined when it names
 * none or several. Content-Type is a singleton (RFC 9110 section 8.3): sent twice, its lines read
 * as one comma-separated list (section 5.3), as fetch and Netlify join them, and a list, or a comma
 * in one line outside a quoted parameter value, is no one media type, whichever comes first.
 */
export function mediaTypeEssence(contentType: string | null | undefined): string | undefined {
  if (!contentType) return undefined;
  if (contentType.includes(',') && hasCommaOutsideQuotes(contentType)) return undefined;
  return contentType.split(';', 1)[0]!.trim().toLowerCase() || undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isLineTerminator = (c: number) => c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029;

/**
 * Whether a field value holds a comma outside every quoted string (RFC 9110 section 5.6.4: a
 * quote opens one only if it is closed; a backslash quotes the next character, a line terminator
 * excepted). One pass: a regular expression over the field rescanned the rest of it from every
 * unclosed quote, and a 16 KB field of them cost a quarter of a second.
 */
export function hasCommaOutsideQuotes(value: string): boolean {
  let at = 0;
  while (at < value.length) {
    const c = value.charCodeAt(at);
    if (c === 0x2c) return true;
    if (c !== QUOTE) {
      at++;
      continue;
    }
    const end = closingQuote(value, at + 1);
    if (end.closed) {
      at = end.at + 1;
      continue;
    }
    // An unclosed quote is a character like any other, and so is every quote up to where its
    // string broke off: each would break off at the same place (the characters read from it are
    // read alike), so the text up to there is outside quotes.
    for (at++; at < end.at; at++) if (value.charCodeAt(at) === 0x2c) return true;
  }
  return false;
}

/** Where the quoted string whose content starts at `from` closes, or where it breaks off unclosed. */
function closingQuote(value: string, from: number): { readonly closed: boolean; readonly at: number } {
  for (let at = from; at < value.length; at++) {
    const c = value.charCodeAt(at);
    if (c === QUOTE) return { closed: true, at };
    if (c !== BACKSLASH) continue;
    if (at + 1 >= value.length || isLineTerminator(value.charCodeAt(at + 1))) return { closed: false, at };
    at++;
  }
  return { closed: false, at: value.length };
}

/** One parameter of a media type (RFC 9110 section 5.6.6): `; name=token` or `; name="quoted string"`. */
const PARAMETER = /[ \t]*;[ \t]*(?:([!#$%&'*+.^_`|~0-9A-Za-z-]+)[ \t]*=[ \t]*("(?:[^"\\]|\\.)*"|[^;"]*))?/y;
const UTF8 = new Set(['utf-8', 'utf8']);

/**
 * The charset parameter of a Content-Type, lower case, unquoted, when it has one. Parameters are
 * read one after another, so text in a quoted value is none (`v="a;charset=x"` names no charset).
 * Of several, one that is not UTF-8 wins: a field that names two is read the way that refuses it.
 * Parameters that do not parse are searched for any `charset=`, for the same reason.
 */
export function charsetOf(contentType: string): string | undefined {
  let at = contentType.indexOf(';');
  if (at < 0) return undefined;
  let found: string | undefined;
  while (at < contentType.length) {
    PARAMETER.lastIndex = at;
    const parameter = PARAMETER.exec(contentType);
    if (!parameter || PARAMETER.lastIndex === at)
      return /;\s*charset\s*=\s*("?)([^";\s]*)\1/i.exec(contentType)?.[2]?.toLowerCase();
    at = PARAMETER.lastIndex;
    const [, name, value] = parameter;
    if (name?.toLowerCase() !== 'charset' || (found !== undefined && !UTF8.has(found))) continue;
    found = (value!.startsWith('"') ? value!.slice(1, -1).replace(/\\(.)/g, '$1') : value!.trim()).toLowerCase();
  }
  return found;
}

/** Whether a charset, as charsetOf gives it, is UTF-8 (RFC 8259 section 8.1), under either of its names. */
export const isUtf8Charset = (charset: string): boolean => UTF8.has(charset);

/**
 * application/json or any +json media type (RFC 6839 section 3.1: the suffix says the body is JSON,
 * whatever the top-level type), parameters ignored; one, not a list. The service reads requests,
 * and the kits read the messages they judge, by this one rule.
 */
export function isJsonMediaType(contentType: string | null | undefined): boolean {
  const essence = mediaTypeEssence(contentType);
  if (essence === undefined) return false;
  return essence === 'application/json' || /^[a-z0-9!#$&^_.-]+\/[a-z0-9!#$&^_.+-]+\+json$/.test(essence);
}
