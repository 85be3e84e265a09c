/**
 * A message posted to the endpoint: the request as the client's (binding form, validity), the pair
 * by the engine's checkExchangeMessages when a message came back (both in one form: the keyed one
 * when the answer did not keep the request's shape), the request alone when none did, and a
 * request the server must refuse held to its refusal (refusal.ts).
 */
import {
  asksAgainLater,
  checkExchange,
  isRecord,
  validateMessage,
  type CheckExchangeRequest,
} from '../../engine/index.ts';
import type { Site } from '../../standard/urls.ts';
import { isJsonMediaType } from '../../http/headers.ts';
import { isMessage, keyed, textOf, unparsedOf, type Find } from './read.ts';
import { header, type RecordedExchange } from './recording.ts';
import { refusalFaults, refusedUnread, unknownSubjectFault } from '../judge/refusal.ts';
import { BEGINS_WITH_BOM } from '../judge/json.ts';
import { refusalCheck } from './refusal.ts';

export interface MessageContext {
  readonly x: RecordedExchange;
  readonly request: unknown;
  readonly answer: unknown;
  readonly isProblem: boolean;
  readonly site: Site;
  readonly now: Date;
  readonly find: Find;
  readonly judged: Set<string>;
  /** Judges the pair as check-exchange does; returns the request's error codes. */
  readonly judgeExchange: (input: CheckExchangeRequest) => readonly string[];
}

/** The request's issues that a strict JSON parser refuses the text for, as the validator reads them. */
const DOUBTFUL_JSON: ReadonlySet<string> = new Set(['message.duplicate_member', 'message.not_canonicalizable']);

/**
 * Whether a strict parser may refuse the request's text as JSON (Python's json and Go's
 * encoding/json refuse a byte order mark; others a repeated name, a number past the double range,
 * a lone surrogate): then `request.malformed_json` is a true answer, whatever else it breaks.
 */
const doubtfulJson = (byteOrderMark: boolean, errorCodes: readonly string[]): boolean =>
  byteOrderMark || errorCodes.some((c) => DOUBTFUL_JSON.has(c));

/** Whether a content coding other than identity was declared on the request: a server may refuse the coding first. */
const contentCoded = (x: RecordedExchange): boolean =>
  !/^(identity)?$/i.test((header(x.request.headers, 'content-encoding') ?? '').trim());

/** A valid message sent as a binding takes it: JSON, with no content coding and no byte order mark. */
const validAsSent = (x: RecordedExchange, errorCodes: readonly string[], bom: boolean): boolean =>
  errorCodes.length === 0 && !bom && isJsonMediaType(header(x.request.headers, 'content-type')) && !contentCoded(x);

export function judgeMessage({
  x,
  request,
  answer,
  isProblem,
  site,
  now,
  find,
  judged,
  judgeExchange,
}: MessageContext): void {
  const res = x.response;
  judged.add('client.binding_form');
  if (!isJsonMediaType(header(x.request.headers, 'content-type')))
    find(
      'client.binding_form',
      '',
      `sent as ${header(x.request.headers, 'content-type') ?? '(no Content-Type)'}; every binding takes JSON`,
    );
  const requestType = isJsonMediaType(header(x.request.headers, 'content-type'));
  let errorCodes: readonly string[] = [];
  const requestUnparsed = unparsedOf(x.request.body);
  // The message after a byte order mark is judged all the same (read.ts); the mark itself fails the request.
  const byteOrderMark = textOf(x.request.body)?.charCodeAt(0) === 0xfeff;
  if (byteOrderMark) find('client.message_valid', '', `the request body ${BEGINS_WITH_BOM}`);
  if (requestUnparsed !== undefined) find('client.message_valid', '', `the request body is ${requestUnparsed}`);
  else if (!isMessage(request))
    find(
      'client.message_valid',
      '',
      `the request body is not a UAI-1 message: ${(textOf(x.request.body) ?? '').slice(0, 80)}`,
    );
  else if (res && isMessage(answer) && !isProblem) {
    const keyless = Array.isArray(request);
    const sameShape = keyless === Array.isArray(answer);
    // Judged where a keyless form was in play: a keyed request answered keyed says nothing of it.
    if (keyless || !sameShape) judged.add('message.keyless_shape');
    if (!sameShape)
      find(
        'message.keyless_shape',
        '',
        `a ${keyless ? 'keyless' : 'keyed'} request answered with a ${keyless ? 'keyed object' : 'keyless array'}`,
      );
    // Both messages are judged in one form: the keyed one, when the answer did not keep the request's.
    errorCodes = judgeExchange({
      request: sameShape ? request : keyed(request),
      response: sameShape ? answer : keyed(answer),
      mode: keyless && sameShape ? 'keyless-json' : 'keyed-json',
      httpStatus: res.status,
      texts: sameShape
        ? { request: textOf(x.request.body)!, response: textOf(res.body)! }
        : keyless
          ? { response: textOf(res.body)! }
          : { request: textOf(x.request.body)! },
    });
  } else {
    // No message came back to judge the pair by: the request is judged alone, as POST /v1/validate would.
    const result = validateMessage(request, {
      mode: Array.isArray(request) ? 'keyless-json' : 'keyed-json',
      site,
      now,
      text: textOf(x.request.body)!,
    });
    judged.add('client.message_valid').add('client.message_warning_free');
    for (const i of result.errors) find('client.message_valid', i.path, `${i.code}: ${i.message}`);
    for (const i of result.warnings) find('client.message_warning_free', i.path, `${i.code}: ${i.message}`);
    errorCodes = result.errors.map((i) => i.code);
    // A message gets a message back (a refusal may be a problem document: CONTRACT section 8); a
    // valid one, read and taken as JSON, gets no problem document either, as uai test holds its
    // valid requests to. A 429 or 503 is no answer to it (asksAgainLater).
    const read = res !== undefined && !res.body.truncated && !asksAgainLater(res.status);
    const validSent = validAsSent(x, errorCodes, byteOrderMark);
    // A problem refuses a valid request only before its body was read (size, rate, time: refusedUnread).
    const problemForMessage = read && isProblem && validSent && refusedUnread(res.status, answer, true) === undefined;
    if (read && (!isProblem || problemForMessage)) {
      judged.add('message.valid');
      const code = isProblem && isRecord(answer) && typeof answer.code === 'string' ? ` ${answer.code}` : '';
      const what = isProblem
        ? `a valid request answered with a problem document${code}, not a UAI-1 message: ${JSON.stringify((textOf(res.body) ?? '').slice(0, 80))}`
        : `the answer is ${unparsedOf(res.body) ?? `not a UAI-1 message: ${JSON.stringify((textOf(res.body) ?? '').slice(0, 80))}`}`;
      find('message.valid', '', `HTTP ${res.status}: ${what}`);
    }
    // Such an answer to a valid request, a JSON object, is held to the exchange rules all the same,
    // as uai test holds its valid requests' answers: only the rule about the answer's kind
    // (exchange.response_profile) can read it.
    if (read && isRecord(answer) && validSent && (!isProblem || problemForMessage))
      for (const v of checkExchange({ request: keyed(request), response: answer, httpStatus: res.status }).verdicts) {
        if (v.status !== 'skip') judged.add(v.id);
        for (const f of v.findings) find(v.id, f.path, f.message);
      }
  }
  // A valid request whose subject is no registered profile is answered 404 (CONTRACT section 6),
  // whether the answer is a uai.error.v1 message or a problem document.
  if (res && requestUnparsed === undefined && isMessage(request) && errorCodes.length === 0) {
    const unknown = unknownSubjectFault(keyed(request), res.status);
    if (unknown) {
      judged.add('exchange.http_status');
      find('exchange.http_status', '', unknown);
    }
  }
  // A request the server must refuse, as uai test's hostile requests: refused as `uai test` asks
  // (../judge/refusal.ts). Not judged: a request too large to parse (not one of the hostile kinds),
  // one sent with a content coding (a server may refuse the coding first, whatever the message),
  // and a refusal given before the body was read (size, rate, time).
  const refusal = refusalCheck(requestType, request !== undefined || requestUnparsed !== undefined, errorCodes);
  const coded = contentCoded(x);
  // A keyless refusal (a uai.error.v1 array, to a keyless request) is read in its keyed form, as uai test reads it.
  const refusing = isProblem ? answer : keyed(answer);
  if (refusal && res && !res.body.truncated && !coded && !refusedUnread(res.status, refusing, isProblem)) {
    judged.add(refusal);
    for (const fault of refusalFaults(
      refusal,
      res.status,
      refusing,
      isProblem,
      doubtfulJson(byteOrderMark, errorCodes),
    ))
      find(
        refusal,
        '',
        `${fault}, to a request the server must refuse: ${JSON.stringify((textOf(res.body) ?? '').slice(0, 80))}`,
      );
  }
}
