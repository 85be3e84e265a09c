/**
 * The proxy on the wire: a reverse proxy on a loopback port that forwards every request to its one
 * upstream and every answer back, as they stream (status, headers and bytes unchanged; only the
 * hop-by-hop headers of RFC 9110 section 7.6.1 are the connection's own, Host names the upstream,
 * and the client's Expect is answered here). While forwarding it keeps what the judge reads,
 * within the kit's bounds (capture.ts), and hands each completed exchange over as a recorded
 * exchange.
 *
 * Bounded and transparent: a request target that is not a path (absolute-form, authority-form,
 * CONNECT) is refused, so nothing is ever sent anywhere but the upstream; each exchange has the
 * kit's per-request time (DEFAULT_LIMITS.timeoutMs) from its first byte to the answer's last; a
 * peer that resets, stalls or goes past a bound has its connection closed, the fault recorded with
 * the side that caused it, and the next exchange is served as usual. The proxy never answers in
 * the upstream's place: when the upstream gives no answer, the client gets none either.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { Site } from '../../standard/urls.ts';
import { sendReply } from '../../http/node/native-adapter.ts';
import { KEEP_ALIVE_MS } from '../../http/node/keep-alive.ts';
import { problemReply } from '../../http/problem.ts';
import { ConnectionWatch, framingOf } from '../server/framing.ts';
import { DEFAULT_LIMITS, MAX_INTERIM } from '../server/http.ts';
import { BytePool, Capture } from './capture.ts';
import { pipeInBatches } from './batched-pipe.ts';
import { GarbagePacer } from './collector.ts';
import { RECORD_KIND, recordBody, type RecordedExchange, type RecordedFault } from './recording.ts';

/**
 * Why a connection reset while the request was still going out left no answer: a server that
 * answers early (a 413) and closes at once makes the request's next bytes draw a reset, which
 * erases its answer before any client reads it. The detail of that `transport.answered` fault.
 */
const RESET_WHILE_SENDING =
  'the connection was reset while the request was still being sent, before any answer was read: a server that answers before the whole request has come closes in stages, its side first, then reads the rest (RFC 9112 section 9.6), or the reset erases its answer';

export interface ProxyOptions {
  /** The port to listen on, on 127.0.0.1 (0: a free one). */
  readonly port: number;
  /** The endpoint URL of the server (http or https). */
  readonly upstream: string;
  readonly site: Site;
  readonly timeoutMs?: number;
  /** Each exchange once it completes, in the order its answer began (an unanswered one: when it ended). */
  readonly onExchange: (exchange: RecordedExchange) => void;
}

export interface RunningProxy {
  /** The proxy's endpoint: the upstream's path at the proxy's origin. */
  readonly endpoint: string;
  readonly port: number;
  /** Resolves once every answer forwarded so far is judged (each is watched a moment after it ends). */
  judged(): Promise<void>;
  /** Stops listening and closes the clients' connections; resolves once every forwarded answer is judged. */
  close(): Promise<void>;
}

/**
 * Headers never forwarded: the connection's own (RFC 9110 section 7.6.1); Host, set for the
 * upstream; and Expect, whose 100-continue node:http answers to the client itself (RFC 9110
 * section 10.1.1), so the upstream is never asked for an interim answer and one it sends is unasked.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'expect',
]);

/** Header pairs from node's raw list (names lower case, order kept). */
const pairs = (raw: readonly string[]): [string, string][] => {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i]!.toLowerCase(), raw[i + 1]!]);
  return out;
};
const forwarded = (raw: readonly string[]): [string, string][] => {
  const own = pairs(raw);
  // Headers Connection names are the connection's too.
  const named = new Set(
    own.filter(([n]) => n === 'connection').flatMap(([, v]) => v.split(',').map((s) => s.trim().toLowerCase())),
  );
  return own.filter(([n]) => !HOP_BY_HOP.has(n) && !named.has(n));
};
const iso = (ms: number) => new Date(ms).toISOString();

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = new URL(options.upstream);
  const timeoutMs = options.timeoutMs ?? DEFAULT_LIMITS.timeoutMs;
  const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
  const pool = new BytePool();
  // Forwarding makes garbage as fast as bytes pass: collected at that pace (collector.ts).
  const pacer = new GarbagePacer();
  let index = 0;
  const sockets = new Set<Socket>();
  /** Answers whole and forwarded, still watched for bytes after them: judged before close() ends. */
  const watching = new Set<Promise<void>>();

  /**
   * Exchanges go out in the order their answers began to come, not the order they end: an answer
   * is watched a moment after it ends (up to its server closing the connection), so a poll sent on
   * the acceptance's answer could otherwise end, and be judged, before the acceptance itself. A
   * request sent on an answer comes after that answer began, so this order keeps every exchange
   * after the ones it could depend on. `answering`: the answer start of each exchange answered and
   * not ended; `ended`: exchanges ended and held until none of those began before them.
   */
  const answering = new Set<{ readonly at: number }>();
  const ended: { at: number; exchange: RecordedExchange }[] = [];
  const release = () => {
    let first = Infinity;
    for (const a of answering) first = Math.min(first, a.at);
    ended.sort((a, b) => a.at - b.at);
    while (ended.length > 0 && ended[0]!.at <= first)
      options.onExchange({ ...ended.shift()!.exchange, index: (index += 1) });
  };

  /**
   * The request under way on each client connection, told of a fault node:http finds in its body
   * (a bad chunk size): that request's exchange carries it, rather than an exchange of its own.
   */
  const underWay = new WeakMap<Socket, (check: string, detail: string) => void>();

  const refuse = (res: ServerResponse, detail: string) => {
    // The service's own problem answer (status, headers, body), written by the node adapter.
    void sendReply(res, problemReply(options.site, 'request.invalid', detail), false);
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const started = Date.now();
    const faults: RecordedFault[] = [];
    const requestBody = new Capture(pool);
    const answerBody = new Capture(pool);
    let answered: number | undefined;
    /** When the answer began, on the monotonic clock that orders the exchanges (above). */
    let answerBegan: { readonly at: number } | undefined;
    let status: number | undefined;
    let answerHeaders: [string, string][] = [];
    let done = false;
    /** The client closed its connection before the answer was whole: its own bound, no fault of either side. */
    let clientLeft = false;
    let upstreamAnswer: IncomingMessage | undefined;
    /** The exchange's time bound, set once the request is forwarded. */
    const clock: { timer?: ReturnType<typeof setTimeout> } = {};
    const fault = (side: RecordedFault['side'], check: string, detail: string) => {
      // Once recorded, the exchange is the judge's: what the connections do after (the upstream's
      // request destroyed when the client left) is no fault of it.
      if (done) return;
      if (!faults.some((f) => f.check === check && f.side === side)) faults.push({ side, check, detail });
    };
    const told = (check: string, detail: string) => fault('client', check, detail);
    underWay.set(req.socket, told);
    const finish = () => {
      if (done) return;
      done = true;
      if (underWay.get(req.socket) === told) underWay.delete(req.socket);
      clearTimeout(clock.timer);
      // A request body still coming once its answer is whole (the server answered early, a 413 say)
      // is read to the exchange's bound at most, then its connection closed: an endless body would
      // otherwise be read, and collected, for as long as the client sends.
      if (!req.complete) {
        const late = setTimeout(() => req.socket?.destroy(), Math.max(0, started + timeoutMs - Date.now()));
        req.once('end', () => clearTimeout(late));
        req.once('close', () => clearTimeout(late));
      }
      const cut = requestBody.cut === 'pool' || answerBody.cut === 'pool';
      const exchange: RecordedExchange = {
        kind: RECORD_KIND,
        // Numbered as it goes out (release).
        index: 0,
        upstream: options.upstream,
        started_at: iso(started),
        ...(answered !== undefined ? { answered_at: iso(answered) } : {}),
        ended_at: iso(Date.now()),
        request: {
          method: req.method ?? '',
          target: req.url ?? '',
          headers: pairs(req.rawHeaders),
          // A request the client did not finish is not judged as a message (its fault says what happened).
          body: { ...recordBody(requestBody.take(), requestBody.total), ...(req.complete ? {} : { truncated: true }) },
        },
        ...(status !== undefined
          ? {
              response: {
                status,
                headers: answerHeaders,
                // An answer that did not come whole is not judged as a message either (its fault, or the client leaving, says why).
                body: {
                  ...recordBody(answerBody.take(), answerBody.total),
                  ...(upstreamAnswer?.complete ? {} : { truncated: true }),
                },
              },
            }
          : {}),
        faults,
        ...(cut
          ? { unjudged: 'the proxy kept too little of a body to judge it: its memory pool was in use' }
          : clientLeft
            ? { unjudged: 'the client closed the connection before the answer was whole: neither side is judged on it' }
            : {}),
      };
      // An exchange with no answer depended on nothing answered after it ended.
      if (answerBegan !== undefined) answering.delete(answerBegan);
      ended.push({ at: answerBegan?.at ?? performance.now(), exchange });
      release();
    };

    const target = req.url ?? '';
    // Only a path is forwarded, and only to the upstream: absolute-form targets name another host.
    const to = URL.canParse(`${upstream.origin}${target}`) ? new URL(`${upstream.origin}${target}`) : undefined;
    if (!target.startsWith('/') || to?.origin !== upstream.origin) {
      fault(
        'client',
        'client.same_host',
        `${req.method} ${target.slice(0, 200)}: uai proxy forwards only to ${upstream.origin}`,
      );
      refuse(
        res,
        `uai proxy forwards only to its upstream ${upstream.origin}, by path; the target ${target.slice(0, 200)} is not a path.`,
      );
      res.once('finish', finish);
      req.resume();
      return;
    }

    const headers = new Map<string, string[]>([['host', [upstream.host]]]);
    for (const [n, v] of forwarded(req.rawHeaders)) headers.set(n, [...(headers.get(n) ?? []), v]);
    // Each exchange goes on an upstream connection of its own (node:http then asks the upstream to
    // close it), watched a moment after the answer for bytes after it (framing.ts): on a pooled
    // connection node:http drops a second response glued to the first without a word, and never
    // reads a body after the head of an answer to HEAD as the answer's, so neither would be seen.
    const out = send(to, {
      method: req.method,
      headers: Object.fromEntries([...headers].map(([n, v]) => [n, v.length === 1 ? v[0]! : v])),
      agent: false,
    });
    const watch = new ConnectionWatch(out);
    clock.timer = setTimeout(() => {
      if (!req.complete)
        fault('client', 'client.within_budget', `the request was not sent in full within ${timeoutMs} ms`);
      else fault('server', 'transport.answered', `no complete answer within ${timeoutMs} ms`);
      out.destroy();
      res.destroy();
      finish();
    }, timeoutMs);

    req.on('data', (chunk: Buffer) => {
      pacer.took(chunk.length);
      // Once the exchange is recorded its capture is taken: bytes kept after it would hold the
      // shared pool until the end of the session (and leave later exchanges unjudged).
      if (!done) requestBody.add(chunk);
    });
    pipeInBatches(req, out);
    req.once('error', () => undefined);
    req.once('close', () => {
      if (!req.complete && !done) {
        // A body node:http could not read is that fault's (client.binding_form), not a request left unfinished.
        if (!faults.some((f) => f.check === 'client.binding_form'))
          fault('client', 'client.completes', 'the client closed the connection before its request was complete');
        out.destroy();
        finish();
      }
    });
    let interim = 0;
    out.on('information', (info) => {
      if (done) return;
      // HTTP allows it (RFC 9110 section 15.2), so a should; not forwarded, as the client asked for none.
      fault('server', 'transport.no_interim', `an interim ${info.statusCode} before the answer (not forwarded)`);
      if ((interim += 1) > MAX_INTERIM) {
        fault('server', 'transport.answered', `${interim} interim responses and no answer; the proxy stopped reading`);
        out.destroy();
        res.destroy();
        finish();
      }
    });
    // The Upgrade header is never forwarded (HOP_BY_HOP), so the upstream was asked for no switch.
    out.once('upgrade', (up, socket) => {
      socket.destroy();
      fault(
        'server',
        'transport.answered',
        `HTTP ${up.statusCode} switching to ${up.headers.upgrade ?? 'another protocol'} instead of answering; the request named no protocol in an Upgrade header, so the server must not switch (RFC 9110 section 7.8)`,
      );
      res.destroy();
      finish();
    });
    out.on('error', (error: NodeJS.ErrnoException) => {
      if (upstreamAnswer?.complete) {
        // The parser refused what came after a whole answer; the watch reports those bytes.
        return;
      }
      const early = !req.complete && watch.total === 0 ? `; ${RESET_WHILE_SENDING}` : '';
      fault('server', 'transport.answered', `no answer: ${error.message}${early}`);
      res.destroy();
      finish();
    });
    out.once('response', (answer) => {
      upstreamAnswer = answer;
      watch.framing = framingOf(req.method ?? '', answer);
      answered = Date.now();
      answerBegan = { at: performance.now() };
      answering.add(answerBegan);
      const code = answer.statusCode ?? 0;
      status = code;
      answerHeaders = pairs(answer.rawHeaders);
      const headers = forwarded(answer.rawHeaders).flat();
      try {
        res.writeHead(code, answer.statusMessage ?? '', headers);
      } catch (error) {
        fault('server', 'transport.answered', `an answer the proxy cannot repeat: ${(error as Error).message}`);
        answer.destroy();
        res.destroy();
        finish();
        return;
      }
      answer.on('data', (chunk: Buffer) => {
        pacer.took(chunk.length);
        if (!done) answerBody.add(chunk);
      });
      pipeInBatches(answer, res);
      answer.once('error', () => undefined);
      answer.once('close', () => {
        if (!answer.complete && !done) {
          fault('server', 'transport.answered', `the answer stopped after ${answerBody.total} bytes, before its end`);
          res.destroy();
          finish();
        }
      });
      res.once('finish', () => {
        // The answer is whole: the watch has its own bound.
        clearTimeout(clock.timer);
        const watched = new Promise<void>((resolve) =>
          watch.tail(() => {
            const after = watch.after();
            if (after) fault('server', 'transport.answered', after);
            out.destroy();
            finish();
            resolve();
          }),
        );
        watching.add(watched);
        void watched.then(() => watching.delete(watched));
      });
    });
    // A client may stop waiting or reading, before the answer begins or during it (its own bound, a
    // server too slow for it): no fault of either side, and the exchange is not judged.
    res.once('close', () => {
      if (done || res.writableFinished || !req.complete) return;
      clientLeft = true;
      upstreamAnswer?.destroy();
      out.destroy();
      finish();
    });
  };

  // Small read buffers per connection: a flood of connections holds little, whatever they send. A
  // head's time is checked every second (node:http checks every 30 s unless told), so a slow head
  // is cut near its bound.
  const server = createServer(
    {
      requestTimeout: 0,
      headersTimeout: timeoutMs,
      connectionsCheckingInterval: Math.min(1_000, timeoutMs),
      highWaterMark: 16 * 1024,
      // A client pausing between requests finds its connection open (KEEP_ALIVE_MS, as the local server).
      keepAliveTimeout: KEEP_ALIVE_MS,
    },
    handle,
  );
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  /**
   * A request node:http hands no response (a CONNECT, bytes that are not an HTTP/1.1 request, a
   * head not sent in time): answered on the socket with the service's own problem, the connection
   * closed, and recorded with the client's fault, so that it is held to the client.
   */
  const refuseOnSocket = (
    socket: Socket,
    status: string,
    reply: ReturnType<typeof problemReply>,
    request: { method: string; target: string; headers: [string, string][] },
    fault: { check: string; detail: string },
  ) => {
    const body = Buffer.from(reply.body ?? '');
    const headers = { ...reply.headers, 'Content-Length': String(body.length), Connection: 'close' };
    socket.on('error', () => undefined);
    if (socket.writable)
      socket.end(
        Buffer.concat([
          Buffer.from(
            `HTTP/1.1 ${status}\r\n${Object.entries(headers)
              .map(([n, v]) => `${n}: ${v}\r\n`)
              .join('')}\r\n`,
          ),
          body,
        ]),
      );
    else socket.destroy();
    const now = iso(Date.now());
    options.onExchange({
      kind: RECORD_KIND,
      index: (index += 1),
      upstream: options.upstream,
      started_at: now,
      ended_at: now,
      request: { ...request, body: recordBody(new Uint8Array(), 0) },
      faults: [{ side: 'client', ...fault }],
    });
  };
  // CONNECT asks the proxy to open a tunnel to another host: refused, and said so.
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    const target = (req.url ?? '').slice(0, 200);
    refuseOnSocket(
      socket,
      '405 Method Not Allowed',
      problemReply(
        options.site,
        'request.method_not_allowed',
        `uai proxy opens no tunnel: it forwards only to its upstream ${upstream.origin}, by path.`,
        { headers: { Allow: 'GET, POST' } },
      ),
      { method: 'CONNECT', target, headers: pairs(req.rawHeaders) },
      { check: 'client.same_host', detail: `CONNECT ${target}: uai proxy opens no tunnel` },
    );
  });
  // What node:http could not read as a request. A connection the client closed or reset (an idle
  // keep-alive connection ends so) is no fault: only a head that is not HTTP/1.1, or too slow or
  // too large to read, is the client's.
  // A connection that ends in the middle of a request (HPE_INVALID_EOF_STATE) is a close too: a
  // request under way reports it itself (transport faults above). One fault per connection.
  const refused = new WeakSet<Socket>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const code = error.code ?? '';
    const late = code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const large = code === 'HPE_HEADER_OVERFLOW';
    const notHttp = code.startsWith('HPE_') && code !== 'HPE_INVALID_EOF_STATE';
    if (refused.has(socket) || !(late || large || notHttp)) return void socket.destroy();
    refused.add(socket);
    // In the body of a request already forwarded: its exchange records the fault, and the
    // connection ends (an answer may be under way on it, so no problem is written).
    const current = underWay.get(socket);
    if (current && notHttp) {
      current(
        'client.binding_form',
        `a request body that is not HTTP/1.1 (${code}: ${(error as { reason?: string }).reason ?? error.message})`,
      );
      return void socket.destroy();
    }
    const what = late
      ? `the request head was not sent in full within ${timeoutMs} ms`
      : large
        ? 'a request head larger than the 16 KB node:http reads'
        : `bytes that are not an HTTP/1.1 request (${code}: ${(error as { reason?: string }).reason ?? error.message})`;
    refuseOnSocket(
      socket,
      late ? '408 Request Timeout' : large ? '431 Request Header Fields Too Large' : '400 Bad Request',
      problemReply(
        options.site,
        late ? 'request.timeout' : large ? 'request.headers_too_large' : 'request.invalid',
        `uai proxy forwards HTTP/1.1 requests only: ${what}.`,
      ),
      { method: '', target: '', headers: [] },
      { check: late || large ? 'client.within_budget' : 'client.binding_form', detail: what },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    endpoint: `http://127.0.0.1:${port}${upstream.pathname}${upstream.search}`,
    judged: async () => {
      await Promise.all(watching);
    },
    close: async () => {
      // No connection and no exchange from now; those already answered are watched to their end
      // (each watch is bounded), so none of them is left out of the report.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await Promise.all(watching);
      await closed;
    },
  };
}
