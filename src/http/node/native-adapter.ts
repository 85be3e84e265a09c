import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyBytes, MAX_BODY_PIECES, TOO_MANY_PIECES } from '../body-bytes.ts';
import type { CoreHandler, CoreReply, CoreRequest } from '../core.ts';
import { continueIfAsked, drain, withLength, writeOut, type AsciiText } from './node-bridge.ts';

/**
 * The node:http adapter of the HTTP core (../core.ts), for the local server: the body is read
 * into one buffer under the same caps as the Web adapter, the answer written straight to the socket.
 * No Web Request, stream or Response is built per request; the bytes on the wire are those the
 * Web adapter's answer gets through node-bridge.ts (header names lower-case and sorted, as Web
 * Headers iterate them).
 */
function readCapped(req: IncomingMessage, cap: number): Promise<Uint8Array | undefined | typeof TOO_MANY_PIECES> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > cap) return Promise.resolve(undefined);
  if (req.readableEnded) return Promise.resolve(new Uint8Array(0));
  continueIfAsked(req);
  return new Promise((resolve, reject) => {
    const body = new BodyBytes(cap);
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
    };
    const refuse = (why: undefined | typeof TOO_MANY_PIECES) => {
      stop();
      body.clear();
      drain(req);
      resolve(why);
    };
    function onData(chunk: Buffer) {
      if (body.length + chunk.byteLength > cap) return refuse(undefined);
      if (body.pieces >= MAX_BODY_PIECES) return refuse(TOO_MANY_PIECES);
      body.add(chunk);
    }
    function onEnd() {
      stop();
      resolve(body.bytes());
    }
    function onClose() {
      stop();
      reject(new Error('the client closed the connection before the body ended'));
    }
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
  });
}

/**
 * Every field line of a name, joined as a Web Request's Headers join them (RFC 9110 section 5.3):
 * req.headers keeps only the first of a repeated Content-Type, so two of them would be read as the
 * first alone here and as neither (415) by the Web adapter. Read from the raw lines for the few
 * names a core asks for, rather than building req.headersDistinct for every request (about 1.4%
 * of the local server's POST throughput, interleaved runs).
 */
export function fieldValue(raw: readonly string[], name: string): string | null {
  let value: string | null = null;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const field = raw[i]!;
    if (field.length === name.length && field.toLowerCase() === name)
      value = value === null ? raw[i + 1]! : `${value}, ${raw[i + 1]!}`;
  }
  return value;
}

export function fromNodeRequest(req: IncomingMessage, path: string): CoreRequest {
  return {
    method: req.method ?? 'GET',
    path,
    header: (name) => fieldValue(req.rawHeaders, name),
    body: (cap) => readCapped(req, cap),
  };
}

const byName = (a: [string, string], b: [string, string]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

function wireOrder(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)
    .map(([n, v]): [string, string] => [n.toLowerCase(), v])
    .sort(byName))
    out[name] = value;
  return out;
}

// The cores answer most requests with a few frozen header sets: each is put in wire order once, for
// an answer with a body with its content-length already in its place (writeOut then sets the value).
const inWireOrder = new WeakMap<object, Record<string, string>>();
const inWireOrderWithLength = new WeakMap<object, Record<string, string>>();

function ordered(headers: Readonly<Record<string, string>>, withBody: boolean): Record<string, string> {
  if (!Object.isFrozen(headers)) return wireOrder(headers);
  const cache = withBody ? inWireOrderWithLength : inWireOrder;
  let out = cache.get(headers);
  if (!out) {
    out = wireOrder(headers);
    if (withBody) out = withLength(out, 0);
    cache.set(headers, out);
  }
  return out;
}

/**
 * The body as it goes on the wire. A text of ASCII characters alone (its UTF-8 byte count is its
 * length: any other character takes two bytes or more) has the same bytes in latin1, and goes as
 * the string: Node then writes header and body as one string, copied once into a stack buffer,
 * instead of encoding a Buffer per answer and writing the header beside it.
 */
export function wireBody(text: string): Buffer | AsciiText {
  return Buffer.byteLength(text, 'utf8') === text.length ? (text as AsciiText) : Buffer.from(text, 'utf8');
}

export function sendReply(res: ServerResponse, reply: CoreReply, head: boolean): Promise<void> {
  // A copy: writeOut sets Content-Length and, for a 413, Connection.
  const headers = { ...ordered(reply.headers, reply.body !== null) };
  const body = reply.body === null ? undefined : wireBody(reply.body);
  return writeOut(res, reply.status, headers, body, head);
}

/** A core handler as a node:http handler; `path` is the request's parsed path. */
export const nodeAdapter =
  (core: CoreHandler) =>
  async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> =>
    sendReply(res, await core(fromNodeRequest(req, path)), req.method === 'HEAD');
