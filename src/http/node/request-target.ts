/**
 * The path and query a request asks for, read from its request-target (RFC 9112 section 3.2).
 * Origin-form (`/v1/catalog?x=1`) is taken as it is. Absolute-form (`http://host/v1/catalog`) is
 * one a server "MUST accept" (section 3.2.2): its path and query are used, and its authority, like
 * the Host header it replaces, is not consulted, since this server answers for one origin whatever
 * name it is reached by. Any other form (`*` of a server-wide OPTIONS, authority-form, another
 * scheme) names no resource of this server, nor does a target holding a backslash: undefined,
 * which the server answers with a 400.
 */
export function requestTarget(raw: string | undefined): string | undefined {
  // A backslash is no character of a request-target (RFC 3986 section 2), and the URL parser would
  // read it as "/": `/v1\catalog` would be answered as /v1/catalog, a route by a path nobody has.
  if (raw?.includes('\\')) return undefined;
  if (raw?.startsWith('/')) return raw;
  if (!raw || !/^https?:\/\//i.test(raw)) return undefined;
  try {
    const url = new URL(raw);
    return `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
}

/**
 * A request's URL on the local server: the target concatenated to a fixed origin, not resolved
 * against it, so that a path such as `//host` stays a path and never becomes an authority.
 */
export const targetUrl = (origin: string, target: string): URL => new URL(`${origin}${target}`);
