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
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    // The body stays a stream: the shared module counts its bytes and stops reading at the cap.
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : null,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}

export async function sendResponse(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = head || response.body === null ? undefined : Buffer.from(await response.arrayBuffer());
  // A refused upload is not drained: close the connection instead of reading the rest.
  if (response.status === 413) headers.connection = 'close';
  if (body) headers['content-length'] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body);
}
