/**
 * Bytes after an answer: what a server sends past the end of the message it framed (RFC 9112
 * section 6.3). No client can read them as part of the answer, and on a connection kept alive they
 * would be read as the answer to the next request, so they are a fault of the answer they follow
 * (`transport.answered`: not as many bytes as Content-Length says).
 *
 * node:http's parser never says where in the bytes it was given a message ended, and after the
 * answer it drops or swallows what follows (a second response is discarded without an event). So
 * the kit keeps the bytes of the connection itself and finds the answer's end in them: past the
 * empty line of each head (interim 1xx heads skipped), then as many bytes as Content-Length says,
 * past the last chunk and its trailers, or nothing at all for an answer that has no body (to HEAD,
 * RFC 9110 section 9.3.2; a 204 or 304, RFC 9112 section 6.3). The parser accepted every byte the
 * walk reads, so the walk repeats none of its checks: where it cannot tell, it counts nothing,
 * rather than blame a server for the walk's mistake.
 */
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { headerValue } from '../../http/headers.ts';

/**
 * How long the kit reads on after an answer ends, when the server does not close the connection.
 * A server asked for `Connection: close` closes it at once, so a correct server costs nothing.
 */
export const TAIL_MS = 100;

/** Of a connection's bytes, how many are kept to find the answer's end in: past the 4 MB the kit reads of one. */
const KEPT = 5 * 1024 * 1024;

/**
 * How an answer's body ends, as node:http reads it: after `body` bytes (0: it has none), after its
 * last chunk, or (no `body`) at the close, which nothing can follow. `framed` names it as evidence.
 */
export interface BodyFraming {
  readonly body?: number | 'chunked';
  readonly framed?: string;
}

export function framingOf(method: string, res: IncomingMessage): BodyFraming {
  const { statusCode: status, headers } = res;
  const length = headerValue(headers['content-length']) ?? '';
  if (method === 'HEAD' || status === 204 || status === 304)
    return {
      body: 0,
      framed: `the head of ${method === 'HEAD' ? 'an answer to HEAD' : `an HTTP ${status} answer`}, which has no body`,
    };
  if (headers['transfer-encoding'] !== undefined)
    return /(?:^|,)\s*chunked\s*$/i.test(headerValue(headers['transfer-encoding'])!)
      ? { body: 'chunked', framed: 'the last chunk' }
      : {};
  return /^\d+$/.test(length) ? { body: Number(length), framed: `the ${length} bytes Content-Length framed` } : {};
}

/** Where the answer ends in the first bytes of its connection; undefined when they do not tell. */
export function answerEnd(raw: Buffer, body: number | 'chunked'): number | undefined {
  let at = 0;
  for (let status = 100; status < 200 && status !== 101; at += 4) {
    // Empty lines before a head are skipped, as the parser skips them.
    while (raw[at] === 0x0d || raw[at] === 0x0a) at += 1;
    status = Number(raw.toString('latin1', at + 9, at + 12));
    at = raw.indexOf('\r\n\r\n', at);
    if (at < 0) return undefined;
  }
  if (body !== 'chunked') return at + body;
  for (;;) {
    const line = raw.indexOf('\r\n', at);
    const size = line < 0 ? Number.NaN : parseInt(raw.toString('latin1', at, line), 16);
    if (!(size >= 0)) return undefined;
    if (size === 0) {
      // The last chunk, then its trailers up to the empty line.
      const end = raw.indexOf('\r\n\r\n', line);
      return end < 0 ? undefined : end + 4;
    }
    at = line + 2 + size + 2;
  }
}

/**
 * The bytes of a request's connection, counted and the first of them kept, and read on after its
 * answer ends. node:http drops a connection it asked to close (`Connection: close`) the moment the
 * answer ends, before bytes the server sent right after it may have come: on this connection it
 * only stops sending then (its FIN), and the watch reads until the server closes or TAIL_MS pass
 * (`tail`). What a server sends with its answer or right after it is so counted whatever the
 * packets; a server that closes on the kit's FIN, as most do, can send nothing later.
 */
export class ConnectionWatch {
  /** Bytes read from the connection. */
  total = 0;
  /** The answer's framing, once node:http has read its head. */
  framing: BodyFraming = {};
  readonly #kept: Buffer[] = [];
  #socket: Socket | undefined;

  constructor(request: ClientRequest) {
    request.once('socket', (socket: Socket) => {
      this.#socket = socket;
      // Ahead of node:http's parser, so that a chunk it fails on is counted when it says so.
      socket.prependListener('data', (chunk: Buffer) => {
        if ((this.total += chunk.length) <= KEPT) this.#kept.push(chunk);
      });
      socket.destroySoon = () => void socket.end();
    });
  }

  /** What came after the answer, as evidence; undefined when nothing did (or the bytes kept cannot tell). */
  after(): string | undefined {
    const { body, framed } = this.framing;
    const raw = Buffer.concat(this.#kept);
    const end = body === undefined ? undefined : answerEnd(raw, body);
    if (end === undefined || this.total <= end) return undefined;
    return `${this.total - end} bytes after ${framed}, starting ${JSON.stringify(raw.toString('utf8', end, end + 32))}`;
  }

  /** Calls `done` once the server has closed the connection, or TAIL_MS after the call. */
  tail(done: () => void): void {
    const socket = this.#socket;
    if (!socket || socket.destroyed) return done();
    const over = () => {
      clearTimeout(timer);
      socket.off('close', over);
      done();
    };
    const timer = setTimeout(over, TAIL_MS);
    socket.once('close', over);
  }
}
