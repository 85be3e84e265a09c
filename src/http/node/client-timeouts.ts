import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { actionHeaders } from '../problem.ts';
import { PROBLEM_TYPE } from '../headers.ts';
import { problemBody } from '../../service/problem-body.ts';
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
  connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(t.headersMs / 4))),
});

/** Node's own answers to other client errors (its default, which a clientError listener replaces). */
const BAD_REQUEST = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';
const HEADERS_TOO_LARGE = 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n';

function timeoutAnswer(site: Site, t: ClientTimeouts): Buffer {
  const body = Buffer.from(
    JSON.stringify(
      problemBody(
        site,
        'request.timeout',
        `The request was not received in time: headers within ${t.headersMs} ms and the whole request within ${t.requestMs} ms.`,
      ),
    ),
  );
  const headers = {
    ...actionHeaders(),
    'Content-Type': PROBLEM_TYPE,
    'Content-Length': String(body.byteLength),
    Connection: 'close',
  };
  const head = `HTTP/1.1 408 Request Timeout\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), body]);
}

/**
 * A timed-out request is reported as a client error on the socket, without a response object, so
 * the 408 is written to the socket directly: only when no response on it is under way with its
 * head already sent (a kept-alive socket may have finished earlier ones), as Node does for its own
 * answers. Then the connection is closed.
 */
export function answerClientErrors(server: Server, site: Site, t: ClientTimeouts): void {
  const timeout = timeoutAnswer(site, t);
  const latest = new WeakMap<Socket, ServerResponse>();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => latest.set(req.socket, res));
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const res = latest.get(socket);
    const responding = res !== undefined && res.headersSent && !res.writableFinished;
    if (!socket.writable || responding) return void socket.destroy();
    const answer =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? timeout
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? HEADERS_TOO_LARGE
          : BAD_REQUEST;
    socket.end(answer, () => socket.destroy());
    setTimeout(() => socket.destroy(), 1000).unref();
  });
}
