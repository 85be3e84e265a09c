import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** Converting between node:http and Web-standard Request/Response, so the functions run unchanged. */
export function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  // Concatenated, not resolved, so that a path like //host cannot become an authority.
  const path = req.url?.startsWith('/') ? req.url : '/';
  return new Request(new URL(`${origin}${path}`), {
    method,
    headers,
    // The body stays a stream: the shared module counts its bytes and stops reading at the cap.
    body: hasBody ? bodyStream(req) : null,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/** Past the cap, up to this much more of a refused upload is read and dropped before the socket is cut. */
const DRAIN_LIMIT = 4 * 1024 * 1024;

/**
 * The request body as a Web stream. Cancelling it (a refused, too-large upload) drains the rest
 * instead of destroying the socket, so that the client, still sending, can read the 413; an upload
 * that goes on past DRAIN_LIMIT is cut off.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  const body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel() {
      reader.releaseLock();
      let left = DRAIN_LIMIT;
      req.on('data', (chunk: Buffer) => {
        left -= chunk.byteLength;
        if (left < 0) req.destroy();
      });
      req.resume();
    },
  });
}

export async function sendResponse(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = head || response.body === null ? undefined : Buffer.from(await response.arrayBuffer());
  // A refused upload is not reused: the connection closes once the response is out.
  if (response.status === 413) headers.connection = 'close';
  if (body) headers['content-length'] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body);
}
