/**
 * The wire of one exchange, whatever it was about: the answer's bytes (JSON, UTF-8, nothing around
 * the value: the server kit's own check), its framing within the kit's bounds, no redirect, and a
 * request body within what the proxy judges. Exchanges at other paths are forwarded, not judged.
 */
import { header, bodyBytes, type RecordedExchange } from './recording.ts';
import { judgeEncoding } from '../server/bytes.ts';
import { MAX_ANSWER_BYTES } from '../server/http.ts';
import { isJsonMediaType } from '../../http/headers.ts';
import { unparsedOf, type Find } from './read.ts';

/** What an exchange was, as the proxy tells it from the path and the message (judge.ts). */
export type ExchangeRole = 'capability' | 'message' | 'poll' | 'other';

/**
 * A 304 to a conditional GET or HEAD: the client's stored copy is still current (RFC 9110 section
 * 15.4.5), no redirect. Records carry an ETag (CONTRACT section 8), so a client may revalidate.
 */
const notModified = (x: RecordedExchange): boolean =>
  x.response?.status === 304 &&
  (x.request.method === 'GET' || x.request.method === 'HEAD') &&
  (header(x.request.headers, 'if-none-match') !== undefined ||
    header(x.request.headers, 'if-modified-since') !== undefined);

export function judgeWire(
  x: RecordedExchange,
  role: ExchangeRole,
  answer: unknown,
  find: Find,
  judged: Set<string>,
): void {
  const res = x.response;
  const answerType = res ? header(res.headers, 'content-type') : undefined;
  // The answer's bytes, whatever was asked: JSON, in UTF-8, nothing around the value.
  if (res && !res.body.truncated && role !== 'other' && (res.status < 300 || res.status >= 400)) {
    judged.add('message.media_type');
    if (!isJsonMediaType(answerType))
      find('message.media_type', '', `HTTP ${res.status} sent as ${answerType ?? '(no Content-Type)'}`);
    // The bytes are judged as JSON text only where they were sent as JSON.
    else {
      judged.add('message.encoding');
      for (const e of judgeEncoding({
        contentType: answerType ?? '',
        bytes: bodyBytes(res.body),
        json: answer,
        unparsed: unparsedOf(res.body),
      }))
        find('message.encoding', '', e);
    }
  }
  // An answer forwarded in full, within the bounds, without a redirect or an interim answer: the wire held.
  if (res && !res.body.truncated && role !== 'other')
    for (const id of ['transport.answered', 'transport.size_limit', 'transport.no_redirect', 'transport.no_interim'])
      judged.add(id);
  if (res && role !== 'other' && res.status >= 300 && res.status < 400 && !notModified(x))
    find('transport.no_redirect', '', `HTTP ${res.status} to ${header(res.headers, 'location') ?? '(no Location)'}`);
  judgeSizes(x, role, find);
}

/**
 * Bodies past the bound on one message. Their byte counts are facts of the wire whatever the
 * proxy kept, so they are judged even for an exchange left unjudged because its pool was in use.
 * An answer or request cut short otherwise is its fault's to report.
 */
export function judgeSizes(x: RecordedExchange, role: ExchangeRole, find: Find): void {
  const res = x.response;
  // A length declared past the bound is a fact of the head, however much of the body passed
  // before the client stopped reading it.
  const declared = Number(res ? (header(res.headers, 'content-length') ?? '') : '');
  if (res && role !== 'other' && Number.isSafeInteger(declared) && declared > MAX_ANSWER_BYTES)
    find(
      'transport.size_limit',
      '',
      `Content-Length ${declared} is over the ${MAX_ANSWER_BYTES} bytes of one answer the kit reads`,
    );
  else if (res?.body.truncated && res.body.bytes > MAX_ANSWER_BYTES && role !== 'other')
    find(
      'transport.size_limit',
      '',
      `an answer of ${res.body.bytes} bytes, past the ${MAX_ANSWER_BYTES} bytes of one answer the kit reads`,
    );
  if (x.request.body.truncated && x.request.body.bytes > MAX_ANSWER_BYTES)
    find(
      'client.within_budget',
      '',
      `a request body of ${x.request.body.bytes} bytes, past the ${MAX_ANSWER_BYTES} bytes of one message the kit reads`,
    );
}
