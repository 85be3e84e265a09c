/**
 * One URL however it is spelled (RFC 3986 section 6.2.2): WHATWG's serialization settles scheme
 * and host case, a default port and dot segments; the rest is section 6.2.2.1 and 6.2.2.2, which
 * href does not do: a percent-encoded octet in uppercase hex, and one that encodes an unreserved
 * character as that character (`/agents/%75ai` is `/agents/uai`).
 */
const normalizedEscapes = (href: string): string =>
  href.replace(/%[0-9A-Fa-f]{2}/g, (escape) => {
    const c = String.fromCharCode(parseInt(escape.slice(1), 16));
    return /[A-Za-z0-9\-._~]/.test(c) ? c : escape.toUpperCase();
  });

/** Whether two strings name the same URL (both must parse as URLs, or be equal). */
export const sameUrl = (a: string, b: string): boolean =>
  a === b ||
  (URL.canParse(a) && URL.canParse(b) && normalizedEscapes(new URL(a).href) === normalizedEscapes(new URL(b).href));

/**
 * RFC 3986 section 5.2.4 remove_dot_segments: `/v1/./x` and `/a/../v1/x` are `/v1/x`, as a server
 * resolving the request-target reads them.
 */
function removeDotSegments(path: string): string {
  const out: string[] = [];
  const segments = path.split('/');
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const last = i === segments.length - 1;
    if (segment === '.' || segment === '..') {
      if (segment === '..' && out.length > 1) out.pop();
      // A dot segment at the end leaves the path ending in "/" (section 5.2.4, steps B and C).
      if (last) out.push('');
    } else out.push(segment);
  }
  return out.join('/');
}

/**
 * The path of an origin-form request-target as RFC 3986 compares it (section 6.2.2): escapes in
 * uppercase hex and an escaped unreserved character as itself (`%2e` is `.`), then dot segments
 * removed; the query is not part of it. `\` stays a character, as the RFC has it.
 */
export const targetPath = (target: string): string => {
  const path = target.split(/[?#]/, 1)[0]!;
  return path.startsWith('/') ? removeDotSegments(normalizedEscapes(path)) : path;
};
