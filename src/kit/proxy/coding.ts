/**
 * Bodies as the judge reads them; requests at the end of the file. An answer's body: undone of the content codings the client accepted, as
 * the client itself would read it (one it did not accept is judged as it came). The proxy forwards the client's Accept-Encoding, so a server may
 * rightly answer gzip; a coding the client did not accept (RFC 9110 section 12.5.3), one no
 * decoder here knows, a body that does not decode, and a transfer coding other than chunked (the
 * proxy forwards no TE, so the server was offered none: RFC 9112 section 7) are the server's
 * message.encoding findings. Decoding is bounded: a body that decodes past the 4 MB of one answer
 * the kit reads (a decompression bomb) is cut there and fails transport.size_limit.
 */
import * as zlib from 'node:zlib';
import { codingWeight } from '../../http/node/content-coding.ts';
import { MAX_ANSWER_BYTES } from '../server/http.ts';
import { bodyBytes, header, recordBody, type RecordedExchange } from './recording.ts';

type Decoder = (bytes: Uint8Array, options: { maxOutputLength: number }) => Buffer;
/** zstd where this Node has it (24; not 20, which the package also runs on): curl --compressed offers it. */
const zstd = (zlib as { zstdDecompressSync?: Decoder }).zstdDecompressSync;
const DECODERS: Readonly<Record<string, Decoder>> = {
  gzip: zlib.gunzipSync,
  'x-gzip': zlib.gunzipSync,
  deflate: zlib.inflateSync,
  br: zlib.brotliDecompressSync,
  ...(zstd ? { zstd } : {}),
};
/** More codings than any server stacks: each is decoded in full, so a longer list is not undone. */
const MAX_CODINGS = 4;

const tokens = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter(Boolean);

/** Whether the request's Accept-Encoding takes a coding: with a q above 0; any, when it sent none. */
const accepts = (acceptEncoding: string | undefined, coding: string): boolean =>
  acceptEncoding === undefined || codingWeight(acceptEncoding, coding) > 0;

export interface DecodedAnswer {
  /** The exchange with its answer's body decoded (the same exchange when there was nothing to undo). */
  readonly x: RecordedExchange;
  /** message.encoding findings: codings the server should not have used, or could not be undone. */
  readonly encoding: readonly string[];
  /** transport.size_limit findings: a body that decodes past what the kit reads. */
  readonly size: readonly string[];
}

export function decodeAnswer(x: RecordedExchange): DecodedAnswer {
  const res = x.response;
  const content = tokens(res && header(res.headers, 'content-encoding')).filter((c) => c !== 'identity');
  const transfer = tokens(res && header(res.headers, 'transfer-encoding')).filter((c) => c !== 'chunked');
  const encoding: string[] = [];
  if (transfer.length)
    encoding.push(
      `Transfer-Encoding: ${transfer.join(', ')}: the server was offered no transfer coding but chunked (RFC 9112 section 7)`,
    );
  if (!res || !content.length) return { x, encoding, size: [] };
  const accept = header(x.request.headers, 'accept-encoding');
  const unasked = content.filter((c) => !accepts(accept, c));
  // A client that did not accept a coding does not undo it: the body is judged as it came.
  if (unasked.length)
    return {
      x,
      encoding: [
        ...encoding,
        `Content-Encoding: ${unasked.join(', ')}, which the request did not accept (Accept-Encoding: ${accept ?? '(none)'}; RFC 9110 section 12.5.3)`,
      ],
      size: [],
    };
  const unknown = content.filter((c) => !DECODERS[c]);
  if (unknown.length || content.length > MAX_CODINGS) {
    encoding.push(
      `Content-Encoding: ${content.join(', ')}: not a coding uai proxy can undo, so the body is not judged`,
    );
    return { x: { ...x, response: { ...res, body: { ...res.body, truncated: true } } }, encoding, size: [] };
  }
  if (res.body.truncated) return { x, encoding, size: [] };
  const undone = undoCodings(bodyBytes(res.body), content);
  if ('bytes' in undone)
    return {
      x: { ...x, response: { ...res, body: recordBody(undone.bytes, undone.bytes.length) } },
      encoding,
      size: [],
    };
  const cut = { ...x, response: { ...res, body: { ...res.body, truncated: true } } };
  return undone.tooLarge
    ? {
        x: cut,
        encoding,
        size: [
          `the ${undone.coding} body decodes to more than the ${MAX_ANSWER_BYTES} bytes of one answer the kit reads`,
        ],
      }
    : {
        x: cut,
        encoding: [...encoding, `Content-Encoding: ${undone.coding}, but the body does not decode (${undone.error})`],
        size: [],
      };
}

/** A body undone of its codings, or the coding that failed and why. */
type Undone =
  { readonly bytes: Uint8Array } | { readonly coding: string; readonly tooLarge: boolean; readonly error: string };

/**
 * Codings apply in the order listed, so they are undone from the last, each within the 4 MB the
 * kit reads of one body (a decompression bomb stops there). The caller has checked that every
 * coding has a decoder.
 */
function undoCodings(coded: Uint8Array, codings: readonly string[]): Undone {
  let bytes = coded;
  for (const coding of codings.toReversed()) {
    try {
      bytes = DECODERS[coding]!(bytes, { maxOutputLength: MAX_ANSWER_BYTES });
    } catch (error) {
      const tooLarge = (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
      return { coding, tooLarge, error: (error as Error).message };
    }
  }
  return { bytes };
}

/** A request's codings undone, and what went wrong undoing them (the client's findings). */
export interface DecodedRequest {
  readonly x: RecordedExchange;
  /** client.message_valid findings: a body that does not decode. */
  readonly invalid: readonly string[];
  /** client.within_budget findings: a body that decodes past what the kit reads of one message. */
  readonly size: readonly string[];
}

/**
 * A request's body as a server that takes its content coding reads it (a server may take one; the
 * service itself refuses any, CONTRACT section 8): undone, within the 4 MB of one message the kit
 * reads, so that the message is judged and not its coded bytes. A coding no decoder here knows
 * leaves the body unjudged, as one cut short is.
 */
export function decodeRequest(x: RecordedExchange): DecodedRequest {
  const content = tokens(header(x.request.headers, 'content-encoding')).filter((c) => c !== 'identity');
  if (!content.length || x.request.body.truncated) return { x, invalid: [], size: [] };
  const unread = { ...x, request: { ...x.request, body: { ...x.request.body, truncated: true } } };
  if (content.some((c) => !DECODERS[c]) || content.length > MAX_CODINGS) return { x: unread, invalid: [], size: [] };
  const undone = undoCodings(bodyBytes(x.request.body), content);
  if ('bytes' in undone)
    return {
      x: { ...x, request: { ...x.request, body: recordBody(undone.bytes, undone.bytes.length) } },
      invalid: [],
      size: [],
    };
  return undone.tooLarge
    ? {
        x: unread,
        invalid: [],
        size: [
          `the ${undone.coding} request body decodes to more than the ${MAX_ANSWER_BYTES} bytes of one message the kit reads`,
        ],
      }
    : {
        x: unread,
        invalid: [`Content-Encoding: ${undone.coding}, but the request body does not decode (${undone.error})`],
        size: [],
      };
}
