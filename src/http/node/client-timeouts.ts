import {
  maxHeaderSize,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import { withThousands } from '../digits.ts';
import { KEEP_ALIVE_MS } from './keep-alive.ts';
import { problemReply } from '../problem.ts';
import type { ErrorCodeId } from '../../standard/codes.ts';
import type { Site } from '../../standard/urls.ts';

/**
 * Bounds on slow clients (a body sent one byte every few seconds would otherwise hold a socket for
 * Node's default of 300 s): the request headers must arrive within headersMs and the whole request
 * within requestMs, or the server answers 408 problem+json (`request.timeout`, RFC 9110 section
 * 15.5.9) where a response is still possible, and closes the connection.
 */
export interface ClientTimeouts {
  readonly headersMs: number;
  readonly requestMs: number;
}

export const CLIENT_TIMEOUTS: ClientTimeouts = { headersMs: 10_000, requestMs: 30_000 };

/** UAI_HEADERS_TIMEOUT_MS and UAI_REQUEST_TIMEOUT_MS (positive integers) override the defaults. */
export function clientTimeoutsFrom(env: Readonly<Record<string, string | undefined>>): ClientTimeouts {
  const read = (name: string, fallback: number): number => {
    const text = env[name];
    if (text === undefined || text === '') return fallback;
    if (!/^[1-9][0-9]*$/.test(text))
      throw new Error(`${name} must be a positive number of milliseconds, not ${JSON.stringify(text)}`);
    return Number(text);
  };
  const requestMs = read('UAI_REQUEST_TIMEOUT_MS', CLIENT_TIMEOUTS.requestMs);
  // Node refuses a headers timeout longer than the request timeout.
  return { headersMs: Math.min(read('UAI_HEADERS_TIMEOUT_MS', CLIENT_TIMEOUTS.headersMs), requestMs), requestMs };
}

/** node:http options: the two timeouts, checked often enough that a cut comes close to its bound. */
export const timeoutOptions = (t: ClientTimeouts): ServerOptions => ({
  headersTimeout: t.headersMs,
  requestTimeout: t.requestMs,
  keepAliveTimeout: KEEP_ALIVE_MS,
  connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(t.headersMs / 4))),
});

/** A client error as node:http reports it: Node's own code, or llhttp's (HPE_*) with its reason. */
type ClientError = NodeJS.ErrnoException & { readonly reason?: string };

/**
 * What a request Node's parser refused is answered with. Node's own answers are a bare 400 or 431
 * without a body or the headers of every response; these are the problems of CONTRACT section 8,
 * each with the status Node gives it, except a Content-Length too big for the parser to hold (over
 * 64 bits), which is a declared length over the limit like any other: 413.
 */
function parserProblem(error: ClientError): readonly [ErrorCodeId, string] {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return [
        'request.headers_too_large',
        `The request line and header fields are over ${withThousands(maxHeaderSize)} bytes in all; send a shorter URL and fewer or smaller header fields.`,
      ];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return ['request.too_large', 'The chunk extensions of the request body are over 16,384 bytes.'];
    case 'HPE_INVALID_CONTENT_LENGTH':
      if (/overflow/i.test(error.reason ?? '')) return ['request.too_large', 'The request body is over 262,144 bytes.'];
  }
  // llhttp's reasons are fixed texts ("Invalid header token"); anything else is not shown.
  const reason = /^[\x20-\x7e]{1,120}$/.test(error.reason ?? '') ? error.reason!.replace(/\.$/, '') : 'unreadable';
  return ['request.invalid', `The request is not valid HTTP/1.1 (RFC 9112): ${reason}.`];
}

/** A problem written to the socket as a whole HTTP/1.1 answer, with the headers of every function response. */
function socketAnswer(site: Site, code: ErrorCodeId, detail: string): Buffer {
  const reply = problemReply(site, code, detail);
  const body = Buffer.from(reply.body ?? '');
  const headers = { ...reply.headers, 'Content-Length': String(body.byteLength), Connection: 'close' };
  const head = `HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status]}\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), body]);
}

/**
 * A timed-out request and one Node's parser refused are reported as client errors on the socket,
 * without a response object, so the problem is written to the socket directly, and the connection
 * closed: after a parse error the parser cannot find where a next request would start. When the
 * error is in a later request than the one being answered (pipelined, or slow after a quick one),
 * the problem follows that answer, so that answers stay in order and none is cut short; when it is
 * in the body of the request being answered and that answer has begun or ended (a refusal sent
 * before the body came), the connection is closed with no second answer.
 */
export function answerClientErrors(server: Server, site: Site, t: ClientTimeouts): void {
  const timeout = socketAnswer(
    site,
    'request.timeout',
    `The request was not received in time: headers within ${t.headersMs} ms and the whole request within ${t.requestMs} ms.`,
  );
  const latest = new WeakMap<Socket, { readonly req: IncomingMessage; readonly res: ServerResponse }>();
  for (const event of ['request', 'checkContinue', 'checkExpectation'])
    server.on(event, (req: IncomingMessage, res: ServerResponse) => latest.set(req.socket, { req, res }));
  // Node may report the same failed parser again as more bytes arrive; the first report is answered.
  const answered = new WeakSet<Socket>();
  server.on('clientError', (error: ClientError, socket: Socket) => {
    if (answered.has(socket)) return;
    answered.add(socket);
    if (!socket.writable) return void socket.destroy();
    const answer = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? timeout : socketAnswer(site, ...parserProblem(error));
    const close = () => {
      socket.end(answer, () => socket.destroy());
      setTimeout(() => socket.destroy(), 1000).unref();
    };
    const last = latest.get(socket);
    if (last === undefined) return close();
    // In the body of the request being answered: one answer per request (RFC 9112 section 9.3),
    // so once that answer has begun (a 415 or 405 sent before the body was read, or even finished)
    // the connection is only closed.
    if (!last.req.complete) return last.res.headersSent ? void socket.destroy() : close();
    if (last.res.writableFinished) return close();
    last.res.once('finish', close);
  });
}
