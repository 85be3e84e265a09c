import { BodyBytes, MAX_BODY_PIECES, TOO_MANY_PIECES } from './body-bytes.ts';
import type { CoreHandler, CoreReply, CoreRequest } from './core.ts';

/**
 * The Web-standard adapter of the HTTP core (core.ts): what the Netlify functions export.
 * The body is read from the request's stream and counted as it arrives; past the cap the stream
 * is cancelled, which the platform (or the local bridge) turns into draining the rest.
 */
async function readCapped(request: Request, cap: number): Promise<Uint8Array | undefined | typeof TOO_MANY_PIECES> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > cap) return undefined;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const body = new BodyBytes(cap);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return body.bytes();
    const tooLarge = body.length + value.byteLength > cap;
    if (tooLarge || body.pieces >= MAX_BODY_PIECES) {
      await reader.cancel().catch(() => undefined);
      return tooLarge ? undefined : TOO_MANY_PIECES;
    }
    body.add(value);
  }
}

export function fromWebRequest(request: Request): CoreRequest {
  return {
    method: request.method,
    get path() {
      return new URL(request.url).pathname;
    },
    header: (name) => request.headers.get(name),
    body: (cap) => readCapped(request, cap),
  };
}

const utf8 = new TextEncoder();

/**
 * The answer as a Web Response, with its Content-Length: a platform that streams a function's
 * body would otherwise send it chunked and a HEAD with no length at all (RFC 9110 section 9.3.2
 * wants the headers GET would get).
 */
export function toWebResponse(reply: CoreReply): Response {
  if (reply.body === null) return new Response(null, { status: reply.status, headers: reply.headers });
  const bytes = utf8.encode(reply.body);
  return new Response(bytes, {
    status: reply.status,
    headers: { ...reply.headers, 'Content-Length': String(bytes.byteLength) },
  });
}

/** A core handler as a Web `Request -> Response` handler. */
export const webAdapter =
  (core: CoreHandler) =>
  async (request: Request): Promise<Response> =>
    toWebResponse(await core(fromWebRequest(request)));
