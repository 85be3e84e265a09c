/**
 * How long a kept-alive connection may idle before the server closes it. Node's default, 5 s, is
 * shorter than the pauses of a busy client: a client sends its next request on a connection it
 * still holds as open while the server is closing it, and the request is lost with no answer (the
 * race RFC 9112 section 9.8 describes, which a client may not retry on its own for a POST). 65 s,
 * as load balancers and proxies keep theirs (nginx 75 s, most cloud balancers 60 s), so the client,
 * told the timeout in `Keep-Alive: timeout=65`, gives the connection up first.
 */
export const KEEP_ALIVE_MS = 65_000;
