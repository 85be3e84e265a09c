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
