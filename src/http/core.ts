/**
 * The HTTP core of the function routes: a request is a method, a path, headers and body bytes; an
 * answer is a status, headers and a body. The routes' logic (src/http/action-handler.ts,
 * reference-server-handler.ts) is written once against these two shapes, and two thin adapters
 * carry them: Web Request/Response for Netlify (web-adapter.ts) and node:http for the local
 * server (node/native-adapter.ts), which writes the answer straight to the socket without
 * building Web streams. Both give the same status, headers and bytes (tests/http-inprocess/adapters.test.ts,
 * and on generated requests adapter-differential.test.ts).
 */
import type { TOO_MANY_PIECES } from './body-bytes.ts';

/** A request as the core sees it. */
export interface CoreRequest {
  readonly method: string;
  /** The URL's path, percent-encoded as received. */
  readonly path: string;
  /** A header by lower-case name; repeated headers joined with ", "; null when absent. */
  header(name: string): string | null;
  /**
   * The body's bytes, counted as they arrive: undefined as soon as they pass the cap, and
   * TOO_MANY_PIECES as soon as they came in more than MAX_BODY_PIECES pieces (body-bytes.ts; the
   * adapter stops keeping them, and drains or cancels the rest). Called at most once.
   */
  body(cap: number): Promise<Uint8Array | undefined | typeof TOO_MANY_PIECES>;
}

/** An answer as the core gives it: headers in their canonical spelling, the body as text (null: none). */
export interface CoreReply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | null;
}

export type CoreHandler = (request: CoreRequest) => Promise<CoreReply>;

/**
 * A HEAD is answered as the GET of the same target (RFC 9110 section 9.3.2: the same header
 * fields, Content-Length included); whoever writes the answer leaves the body out (the node:http
 * adapter, the platform behind the Web one). Every core is wrapped in it, so no route's logic has
 * to know HEAD.
 */
export const headAsGet =
  (core: CoreHandler): CoreHandler =>
  (request) =>
    core(request.method === 'HEAD' ? { ...request, method: 'GET' } : request);
