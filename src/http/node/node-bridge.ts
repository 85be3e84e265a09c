import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_BODY_PIECES } from '../body-bytes.ts';
import { requestTarget, targetUrl } from './request-target.ts';

/**
 * Converting between node:http and Web-standard Request/Response, so the functions run unchanged;
 * and the socket side both adapters share: draining refused uploads and writing an answer out.
 */
export function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  // headersDistinct, not headers: Node keeps only the first of some repeated fields (Content-Type
  // among them), where the Request a platform builds carries every line.
  for (const [name, values] of Object.entries(req.headersDistinct))
    for (const value of values ?? []) headers.append(name, value);
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  // A target of no other form is refused by the local server before this point (request-target.ts).
  return new Request(targetUrl(origin, requestTarget(req.url) ?? '/'), {
    method,
    headers,
    // The body stays a stream: the shared module counts its bytes and stops reading at the cap.
    body: hasBody ? bodyStream(req) : null,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/** Requests that asked for 100 Continue and have not had it, with the response that sends it. */
const awaitingContinue = new WeakMap<IncomingMessage, ServerResponse>();

/**
 * Holds back the 100 Continue of a request that asked for it (RFC 9110 section 10.1.1) until its
 * body is read (continueIfAsked): a request refused on its head (405, 415, a declared length over
 * the limit) gets its final answer before the client sends a byte of the body.
 */
export function holdContinue(req: IncomingMessage, res: ServerResponse): void {
  awaitingContinue.set(req, res);
}

/** Sends the 100 Continue a request is waiting for, if it is, before its body is read. */
export function continueIfAsked(req: IncomingMessage): void {
  const res = awaitingContinue.get(req);
  if (res === undefined) return;
  awaitingContinue.delete(req);
  if (!res.headersSent) res.writeContinue();
}

/**
 * Past the cap, up to this much more of a refused upload is read and dropped before the socket is
 * cut, in at most as many pieces again as a body may come in (each costs the parser the same).
 */
const DRAIN_LIMIT = 4 * 1024 * 1024;
const DRAIN_PIECES = MAX_BODY_PIECES;
/** How long a refused upload may take to finish before its connection is closed anyway. */
const DRAIN_WAIT_MS = 10_000;

const draining = new WeakSet<IncomingMessage>();

/**
 * Reads and drops the rest of a request body that nobody will read, so that a client still
 * sending is not cut off mid-write (it would see EPIPE or a reset instead of the response); an
 * upload that goes on past DRAIN_LIMIT or DRAIN_PIECES is cut off.
 */
export function drain(req: IncomingMessage): void {
  if (draining.has(req) || req.complete) return;
  draining.add(req);
  let left = DRAIN_LIMIT;
  let pieces = DRAIN_PIECES;
  req.on('data', (chunk: Buffer) => {
    left -= chunk.byteLength;
    pieces -= 1;
    if (left < 0 || pieces < 0) req.destroy();
  });
  req.resume();
}

/** Resolves once the request body has been read to its end, the connection is gone, or after `ms`. */
function bodyDone(req: IncomingMessage, ms: number): Promise<void> {
  if (req.complete || req.destroyed) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(done, ms);
    const finish = () => {
      clearTimeout(timer);
      done();
    };
    req.once('end', finish);
    req.once('close', finish);
  });
}

/**
 * The request body as a Web stream, read as the consumer pulls (backpressure through pause/resume).
 * Cancelling it (a refused, too-large upload) drains the rest instead of destroying the socket.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let open = true;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on('data', (chunk: Buffer) => {
          if (!open) return;
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once('end', () => {
          if (open) controller.close();
          open = false;
        });
        req.once('close', () => {
          if (open) controller.error(new Error('the client closed the connection before the body ended'));
          open = false;
        });
      },
      pull() {
        continueIfAsked(req);
        req.resume();
      },
      cancel() {
        open = false;
        drain(req);
      },
      // No chunk is asked for before the handler reads: its first pull is what sends a held 100 Continue.
    },
    { highWaterMark: 0 },
  );
}

export async function sendResponse(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = response.body === null ? undefined : Buffer.from(await response.arrayBuffer());
  return writeOut(res, response.status, headers, body, head);
}

/**
 * Writes status, headers (lower-case names, in the order given) and body. The answer to a HEAD
 * carries the Content-Length of the body GET would get, and no body (RFC 9110 section 9.3.2). A
 * refused upload (413) closes the connection once the rest of it has been read and dropped; any
 * other body the handler did not read is dropped, keeping the connection usable.
 */
export async function writeOut(
  res: ServerResponse,
  status: number,
  /** The caller's own: content-length (and connection, for a 413) are set in it. */
  given: Record<string, string>,
  whole: Buffer | AsciiText | undefined,
  head = false,
): Promise<void> {
  const req = res.req;
  let headers = given;
  if (status === 413) headers.connection = 'close';
  if (whole !== undefined) headers = withLength(headers, typeof whole === 'string' ? whole.length : whole.byteLength);
  const body = head ? undefined : whole;
  res.writeHead(status, headers);
  // A client still waiting for its 100 Continue sends no body: Node closes the connection after
  // this answer (the 100 was never sent), with nothing to wait for.
  if (status === 413 && !req.complete && !awaitingContinue.has(req)) {
    // The whole answer goes out now; closing waits until the rest of the upload has been read and
    // dropped, so a client still sending can finish its write and then read the 413.
    if (body !== undefined) res.write(body, 'latin1');
    drain(req);
    await bodyDone(req, DRAIN_WAIT_MS);
    res.end();
    return;
  }
  // latin1 applies to a string body only (ASCII: the same bytes as UTF-8); a Buffer goes as it is.
  res.end(body, 'latin1');
  drain(req);
}

/** A body text of ASCII characters alone, whose latin1 bytes are its UTF-8 bytes (native-adapter.ts wireBody). */
export type AsciiText = string & { readonly ascii: unique symbol };

/**
 * The headers with content-length set: where it is already (in place: the callers pass headers of
 * their own), else where sorting by name puts it, which is where a Web Response's headers (sorted)
 * carry it, so both adapters write the same bytes.
 */
export function withLength(headers: Record<string, string>, length: number): Record<string, string> {
  if ('content-length' in headers) {
    headers['content-length'] = String(length);
    return headers;
  }
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!('content-length' in out) && name > 'content-length') out['content-length'] = String(length);
    out[name] = value;
  }
  out['content-length'] = String(length);
  return out;
}
