/**
 * The kit's one way to the network: bounded. Requests go one at a time, each within a per-request
 * timeout that covers the headers and the whole body, within a total time cap and a request budget,
 * and only to the origin of the endpoint under test (or of a capability URL given explicitly).
 * Nothing else is ever contacted.
 *
 * node:http rather than fetch: the body is read chunk by chunk and the socket destroyed the moment
 * an answer passes the cap (fetch's arrayBuffer() holds the whole body first), interim 1xx
 * responses and upgrades are seen as events (fetch hides them), a body shorter than its
 * Content-Length is told apart from a complete one, and a redirect is never followed.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { TRANSPORT_CHECKS } from '../../standard/kit-checks.ts';
import { BodyBytes } from '../../http/body-bytes.ts';
import { headerValue, mediaTypeEssence } from '../../http/headers.ts';
import { MAX_PARSED_BYTES, parseJson, unparsedReason, ParseBudget } from '../judge/json.ts';
import { judgeEncoding, StreamedBody } from './bytes.ts';
import { ConnectionWatch, framingOf } from './framing.ts';

export interface Limits {
  /** Per request, milliseconds: from sending until the last byte of the answer. */
  readonly timeoutMs: number;
  /** For the whole run, milliseconds. */
  readonly totalMs: number;
  readonly maxRequests: number;
}

export const DEFAULT_LIMITS: Limits = { timeoutMs: 10_000, totalMs: 60_000, maxRequests: 50 };

/** The most the kit reads of one answer; the connection is dropped past it. */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * The most interim (1xx) responses the kit reads before one answer; the connection is dropped past
 * it. HTTP allows any number (RFC 9110 section 15.2), and the first is reported (a should): the
 * bound is for a server that sends nothing else, as fast as it can.
 */
export const MAX_INTERIM = 100;

export type TransportCheckId = (typeof TRANSPORT_CHECKS)[number]['id'];

/** Something the server did on the wire that breaks a transport check, with what was seen. */
export interface TransportFault {
  readonly check: TransportCheckId;
  readonly detail: string;
}

export interface Answer {
  readonly status: number;
  /** The media type's essence, lower case ('' when none was sent). */
  readonly mediaType: string;
  /** The Content-Type header as sent (its parameters: charset). */
  readonly contentType: string;
  /** The body as received, at most MAX_ANSWER_BYTES. */
  readonly bytes: Uint8Array;
  readonly text: string;
  /** The body parsed as JSON, or undefined when it is not JSON (or was cut short, or is too large to parse). */
  readonly json: unknown;
  /** Why a complete body was not parsed: over the bytes the kit parses (judge/json.ts). */
  readonly unparsed?: string;
  /** For a body not parsed: what is wrong with its bytes, judged before all but their start was dropped. */
  readonly encoding?: readonly string[];
  /** Content-Encoding and Transfer-Encoding as sent ('' when absent). */
  readonly codings?: { readonly content: string; readonly transfer: string };
  /** Retry-After as sent, when it was. */
  readonly retryAfter?: string;
  /** false when the body was not read in full (over the cap, reset, short of its Content-Length, a redirect). */
  readonly complete: boolean;
  readonly faults: readonly TransportFault[];
}

/** A request that got no answer: the run cannot go on (timeouts, refused connections, the kit's own limits). */
export class KitHttpError extends Error {
  /** The transport check the server broke, when the server (not the kit's budget) is the cause. */
  readonly fault?: TransportFault;
  /** Whether the request went out (false when the kit's own limits held it back). */
  readonly sent: boolean;
  /** Faults the server committed on this request before it failed (an interim response, say). */
  readonly earlier: readonly TransportFault[];
  /** Whether the server sent anything back at all: bytes that are no HTTP answer are an answer that fails. */
  readonly reached: boolean;
  constructor(
    message: string,
    fault?: TransportFault,
    sent = fault !== undefined,
    earlier: TransportFault[] = [],
    reached = false,
  ) {
    super(message);
    if (fault) this.fault = fault;
    this.sent = sent;
    this.earlier = earlier;
    this.reached = reached;
  }
}

export interface KitHttp {
  send(method: 'GET' | 'POST', url: string, body?: { text: string; mediaType: string }): Promise<Answer>;
  /** Whether the kit may contact this URL at all. */
  allows(url: string): boolean;
}

const DECODER = new TextDecoder('utf-8');

/** Of a body not parsed, the bytes kept as evidence: a run of 4 MB answers would otherwise hold 8 MB each. */
const KEPT_BYTES = 4096;

/** A body streamed past what the kit parses: judged as it came, its start kept (bytes.ts). */
export const streamedBody = (): StreamedBody => new StreamedBody(KEPT_BYTES);

/**
 * An answer from what came over the wire; the text is read leniently, message.encoding judges the
 * bytes. A body too large to parse (or past the run's budget) is judged as bytes at once, and only
 * its start kept; so is the start of a body cut short, which is never judged. A body past what the
 * kit parses comes already streamed (StreamedBody), judged on the way.
 */
export function answerOf(
  status: number,
  contentType: string,
  body: Uint8Array | StreamedBody,
  complete = true,
  faults: readonly TransportFault[] = [],
  wire: { readonly budget?: ParseBudget; readonly codings?: Answer['codings']; readonly retryAfter?: string } = {},
): Answer {
  const { budget, codings, retryAfter } = wire;
  const size = body instanceof StreamedBody ? body.total : body.length;
  const unparsed = complete ? (budget ? budget.take(size) : unparsedReason(size)) : undefined;
  const common = {
    status,
    // The one media type it names, or, for a list (a field sent twice, or commas in one line), the
    // list as written, which is no JSON type.
    mediaType: mediaTypeEssence(contentType) ?? contentType.trim().toLowerCase(),
    contentType,
    complete,
    faults,
    ...(codings ? { codings } : {}),
    ...(retryAfter ? { retryAfter } : {}),
  };
  if (body instanceof StreamedBody) {
    const answer: Answer = { ...common, bytes: body.head, text: DECODER.decode(body.head), json: undefined };
    return unparsed === undefined
      ? answer
      : { ...answer, unparsed, encoding: judgeEncoding({ ...answer, unparsed }, body.finish()) };
  }
  const bytes = body;
  if (complete && unparsed === undefined) {
    const text = DECODER.decode(bytes);
    return { ...common, bytes, text, json: parseJson(text, bytes.length) };
  }
  // A copy: a Buffer's slice would keep the whole body alive.
  const kept = bytes.length > KEPT_BYTES ? new Uint8Array(bytes.subarray(0, KEPT_BYTES)) : bytes;
  const answer: Answer = { ...common, bytes: kept, text: DECODER.decode(kept), json: undefined };
  return unparsed === undefined
    ? answer
    : { ...answer, unparsed, encoding: judgeEncoding({ ...answer, bytes, unparsed }) };
}

const header = (res: IncomingMessage, name: string): string => headerValue(res.headers[name]) ?? '';

/**
 * The Content-Type as a client reads it. node:http keeps the first of two Content-Type fields and
 * drops the other unseen; fetch and most clients join them, and the answer then has no one media
 * type (RFC 9110 sections 5.3 and 8.3: the field is a singleton). So a repeated field is read as
 * the list of the media types it names, which is no JSON type, whatever they are.
 */
function contentTypeOf(res: IncomingMessage): string {
  const fields = res.headersDistinct['content-type'] ?? [];
  return fields.length < 2 ? (fields[0] ?? '') : fields.map((f) => f.split(';')[0]!.trim()).join(', ');
}

/** One request under a deadline; resolves with what came back or rejects with a KitHttpError. */
function exchange(
  method: 'GET' | 'POST',
  target: URL,
  body: { text: string; mediaType: string } | undefined,
  budgetMs: number,
  capped: boolean,
  parsing?: ParseBudget,
): Promise<Answer> {
  const what = `${method} ${target.href}`;
  return new Promise((resolve, reject) => {
    const faults: TransportFault[] = [];
    const kept = new BodyBytes(MAX_PARSED_BYTES);
    let streamed: StreamedBody | undefined;
    let received = 0;
    let response: IncomingMessage | undefined;
    /** The answer ended in full: the connection is watched a moment longer for bytes after it. */
    let ended = false;
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      // Drop the connection: nothing more of this answer is read, whatever the server still sends.
      request.destroy();
      response?.destroy();
    };
    const answer = (complete: boolean) =>
      settle(() => {
        resolve(
          answerOf(response!.statusCode ?? 0, contentTypeOf(response!), streamed ?? kept.bytes(), complete, faults, {
            budget: parsing,
            codings: {
              content: header(response!, 'content-encoding'),
              transfer: header(response!, 'transfer-encoding'),
            },
            retryAfter: header(response!, 'retry-after'),
          }),
        );
      });
    const timer = setTimeout(() => {
      const detail = response
        ? `${what}: the answer body was not complete within ${budgetMs} ms (${received} bytes read)`
        : `${what}: no answer within ${budgetMs} ms`;
      const why = capped ? `${detail}; the run's total time cap was reached` : detail;
      const fault = capped ? undefined : ({ check: 'transport.answered', detail: why } as const);
      settle(() => reject(new KitHttpError(why, fault, true, faults, watch.total > 0)));
    }, budgetMs);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(target, {
      method,
      agent: false,
      headers: {
        accept: 'application/json',
        // The body as it is: a coded answer is no JSON text (bytes.ts).
        'accept-encoding': 'identity',
        ...(body ? { 'content-type': body.mediaType, 'content-length': String(Buffer.byteLength(body.text)) } : {}),
      },
    });
    const watch = new ConnectionWatch(request);
    let interim = 0;
    request.on('information', (info) => {
      interim += 1;
      if (interim === 1)
        faults.push({
          check: 'transport.no_interim',
          detail: `${what}: HTTP ${info.statusCode} ${info.statusMessage ?? ''} before the answer`.trimEnd(),
        });
      if (interim > MAX_INTERIM) {
        const detail = `${what}: ${interim} interim responses and no answer; the kit stopped reading`;
        settle(() => reject(new KitHttpError(detail, { check: 'transport.answered', detail }, true, faults, true)));
      }
    });
    request.on('upgrade', (res: IncomingMessage, socket) => {
      socket.destroy();
      response = res;
      // Not an interim answer but the end of HTTP on the connection, to a protocol the kit never
      // named: it sends no Upgrade header, so the switch is one a server must not make.
      faults.push({
        check: 'transport.answered',
        detail: `${what}: HTTP 101 switching to ${header(res, 'upgrade') || 'another protocol'} instead of an answer; the request named no protocol in an Upgrade header, so the server must not switch (RFC 9110 section 7.8)`,
      });
      answer(false);
    });
    request.on('error', (error: NodeJS.ErrnoException & { reason?: string }) => {
      // A failure after the headers is the response's, handled below; bytes after the answer are counted.
      if (response) return;
      // llhttp's codes: the server answered, with bytes that are not an HTTP/1.1 response. Bytes
      // that end before a whole head are an answer too, cut short.
      const read = watch.total;
      const detail = error.code?.startsWith('HPE_')
        ? `${what}: the answer is not HTTP/1.1 (${error.code}: ${(error.reason ?? error.message).slice(0, 120)})`
        : read > 0
          ? `${what}: the connection ended after ${read} bytes, before the head of an HTTP/1.1 answer was complete (${error.code ?? error.message})`
          : `${what}: cannot reach ${target.origin} (${error.code ?? error.message})`;
      settle(() => reject(new KitHttpError(detail, { check: 'transport.answered', detail }, true, faults, read > 0)));
    });
    request.on('response', (res) => {
      response = res;
      watch.framing = framingOf(method, res);
      const status = res.statusCode ?? 0;
      res.on('error', () => undefined); // 'close' below tells a cut body apart
      if (status >= 300 && status < 400) {
        faults.push({
          check: 'transport.no_redirect',
          detail: `${what}: HTTP ${status} to ${header(res, 'location') || '(no Location)'}; the kit follows no redirect`,
        });
        answer(false);
        return;
      }
      const length = header(res, 'content-length');
      const declared = /^\d+$/.test(length) ? Number(length) : undefined;
      if (declared !== undefined && declared > MAX_ANSWER_BYTES) {
        faults.push({
          check: 'transport.size_limit',
          detail: `${what}: Content-Length ${declared} is over the ${MAX_ANSWER_BYTES} bytes the kit reads; not read`,
        });
        answer(false);
        return;
      }
      res.on('data', (chunk: Buffer) => {
        if (settled) return;
        received += chunk.length;
        if (received > MAX_ANSWER_BYTES) {
          faults.push({
            check: 'transport.size_limit',
            detail: `${what}: the answer passed ${MAX_ANSWER_BYTES} bytes; the kit stopped reading at ${received}`,
          });
          answer(false);
          return;
        }
        if (streamed) return streamed.take(chunk);
        kept.add(chunk);
        // Past what the kit parses: the body is judged as it streams, and its bytes let go.
        if (received > MAX_PARSED_BYTES) {
          streamed = streamedBody();
          streamed.take(kept.bytes());
          kept.clear();
        }
      });
      res.on('end', () => {
        // A 204 has no body whatever its Content-Length says (RFC 9110 section 15.3.5), and must send
        // none (section 8.6): that is the fault, not bytes missing. (A 304 is a redirect to the kit.)
        const noContent = res.statusCode === 204;
        if (declared !== undefined && declared !== received && !noContent) {
          faults.push({
            check: 'transport.answered',
            detail: `${what}: Content-Length ${declared} but ${received} bytes came`,
          });
          answer(false);
        } else if (noContent && declared !== undefined && declared > 0) {
          faults.push({
            check: 'transport.answered',
            detail: `${what}: an HTTP 204 answer with Content-Length ${declared}; a 204 has no body, and its head must not carry Content-Length (RFC 9110 section 8.6)`,
          });
          answer(false);
        } else {
          ended = true;
          clearTimeout(timer);
          watch.tail(() => {
            const after = watch.after();
            if (after) faults.push({ check: 'transport.answered', detail: `${what}: ${after}` });
            answer(true);
          });
        }
      });
      res.on('close', () => {
        if (settled || ended) return;
        faults.push({
          check: 'transport.answered',
          detail: `${what}: the connection closed after ${received} bytes of the body${declared !== undefined ? ` (Content-Length ${declared})` : ''}`,
        });
        answer(false);
      });
    });
    request.end(body?.text);
  });
}

/** Whether a run stopped on the kit's own limits (its time cap, its request budget), not on the endpoint. */
export const stoppedByOwnLimit = (reason: string | undefined): boolean =>
  reason !== undefined && /the run's total time cap|the request budget of/.test(reason);

export function kitHttp(allowedOrigins: readonly string[], limits: Limits = DEFAULT_LIMITS): KitHttp {
  const deadline = Date.now() + limits.totalMs;
  const parsing = new ParseBudget();
  let sent = 0;
  return {
    allows: (url) => URL.canParse(url) && allowedOrigins.includes(new URL(url).origin),
    async send(method, url, body) {
      const target = new URL(url);
      if (!allowedOrigins.includes(target.origin))
        throw new KitHttpError(
          `refused to contact ${target.origin}: the kit only sends to ${allowedOrigins.join(', ')}`,
        );
      if (sent >= limits.maxRequests) throw new KitHttpError(`the request budget of ${limits.maxRequests} was used up`);
      const left = deadline - Date.now();
      if (left <= 0) throw new KitHttpError(`the run's total time cap of ${limits.totalMs} ms was reached`);
      sent += 1;
      return exchange(method, target, body, Math.min(limits.timeoutMs, left), left < limits.timeoutMs, parsing);
    },
  };
}
