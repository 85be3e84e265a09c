/**
 * Judging the exchanges the proxy saw, one at a time as each completes (live) or as each line of a
 * recording is read (offline): the same function both times, fed the same recorded data, so the
 * verdicts are identical. Nothing here is a second judge: a message exchange is judged by the
 * engine's checkExchangeMessages (what POST /v1/check-exchange and `uai check-exchange` answer),
 * a poll by the same with the request that started the task and the status it follows, the bytes
 * of an answer by the server kit's encoding check, and what spans exchanges by the engine's
 * conversation rules. Each finding names the side it is about: the request's problems are the
 * client's, the answer's and the exchange rules' (which judge the answer) the server's.
 */
import {
  canonicalJson,
  checkExchangeMessages,
  ConversationJudge,
  isRecord,
  messageFromKeyless,
  validateMessage,
  valueAt,
  type CheckExchangeResult,
  type ConversationStep,
} from '../../engine/index.ts';
import type { KitCheck, KitSide } from '../../standard/kit-checks.ts';
import { PROXY_CHECKS, proxyCheck } from './checks.ts';
import type { Site } from '../../standard/site.ts';
import { judgeEncoding } from '../server/bytes.ts';
import { MAX_ANSWER_BYTES } from '../server/http.ts';
import { refusalCheck, refuses } from './refusal.ts';
import { bodyBytes, header, type RecordedBody, type RecordedExchange } from './recording.ts';

export { PROXY_CHECKS };
const CHECK = proxyCheck;

export interface ProxyFinding {
  readonly side: KitSide;
  readonly check: string;
  readonly severity: KitCheck['severity'];
  readonly section: string;
  /** RFC 6901 pointer into the message the finding is about ('' for the exchange as a whole). */
  readonly path: string;
  readonly message: string;
}

export type ExchangeRole = 'capability' | 'message' | 'poll' | 'other';

export interface JudgedExchange {
  readonly index: number;
  readonly method: string;
  readonly target: string;
  readonly status?: number;
  readonly role: ExchangeRole;
  readonly findings: readonly ProxyFinding[];
  /** The checks that judged this exchange (found nothing wrong or not). */
  readonly judged: readonly string[];
  /** What `uai check-exchange` answers for the pair: a message, or a poll with the task it follows. */
  readonly exchange?: CheckExchangeResult;
}

const isJsonType = (contentType: string | undefined) => {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
};
const textOf = (b: RecordedBody): string | undefined => (b.truncated ? undefined : b.text);
/** A body as JSON; a byte order mark is message.encoding's to report, not a reason to read no message. */
const parse = (text: string | undefined): unknown => {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
};
const keyed = (m: unknown) => (Array.isArray(m) ? messageFromKeyless(m).value : m);
const isMessage = (m: unknown) => isRecord(keyed(m)) && typeof valueAt(keyed(m), '/profile') === 'string';
const pathOf = (target: string) => target.split('?')[0]!;

export class RecordingJudge {
  readonly #site: Site;
  readonly #conversation = new ConversationJudge();
  /** Where tasks are polled: the capability statement's https-async-callback URL, once one was read. */
  #pollPath: string | undefined;
  #lastIndex = 0;

  constructor(site: Site) {
    this.#site = site;
  }

  judge(x: RecordedExchange): JudgedExchange {
    this.#lastIndex = x.index;
    const findings: ProxyFinding[] = [];
    const judged = new Set<string>();
    const find = (check: string, path: string, message: string, side?: KitSide) => {
      const c = CHECK.get(check)!;
      judged.add(check);
      findings.push({ side: side ?? c.side, check, severity: c.severity, section: c.section, path, message });
    };
    for (const f of x.faults) find(f.check, '', f.detail, f.side);
    if (x.unjudged !== undefined)
      return {
        index: x.index,
        method: x.request.method,
        target: x.request.target,
        role: 'other',
        findings,
        judged: [...judged],
      };
    const endpointPath = new URL(x.upstream).pathname;
    const path = pathOf(x.request.target);
    const role: ExchangeRole =
      x.request.method === 'POST' && path === endpointPath
        ? 'message'
        : x.request.method === 'GET' && path === endpointPath
          ? 'capability'
          : x.request.method === 'GET' && path.startsWith(this.#pollPath ?? `${endpointPath}/tasks/`)
            ? 'poll'
            : 'other';
    const now = new Date(x.started_at);
    const request = role === 'message' ? parse(textOf(x.request.body)) : undefined;
    const res = x.response;
    const answer = res ? parse(textOf(res.body)) : undefined;
    const answerType = res ? header(res.headers, 'content-type') : undefined;
    const isProblem = res !== undefined && res.status >= 400 && /^application\/problem\+json\b/i.test(answerType ?? '');
    let exchange: CheckExchangeResult | undefined;
    const judgeExchange = (input: Parameters<typeof checkExchangeMessages>[0]) => {
      exchange = checkExchangeMessages(input, { site: this.#site, now: () => now });
      const sides = [
        [exchange.request_validation, 'client.message_valid', 'client.message_warning_free'],
        [exchange.response_validation, 'message.valid', 'message.warning_free'],
      ] as const;
      for (const [v, errors, warnings] of input.request === undefined ? sides.slice(1) : sides) {
        judged.add(errors).add(warnings);
        for (const i of v.errors) find(errors, i.path, `${i.code}: ${i.message}`);
        for (const i of v.warnings) find(warnings, i.path, `${i.code}: ${i.message}`);
      }
      for (const v of exchange.exchange.verdicts) {
        if (v.status !== 'skip') judged.add(v.id);
        for (const f of v.findings) find(v.id, f.path, f.message);
      }
    };

    // The answer's bytes, whatever was asked: JSON, in UTF-8, nothing around the value.
    if (res && !res.body.truncated && role !== 'other' && (res.status < 300 || res.status >= 400)) {
      judged.add('message.media_type').add('message.encoding');
      if (!isJsonType(answerType))
        find('message.media_type', '', `HTTP ${res.status} sent as ${answerType ?? '(no Content-Type)'}`);
      else
        for (const e of judgeEncoding({
          contentType: answerType ?? '',
          bytes: bodyBytes(res.body),
          json: answer,
        } as never))
          find('message.encoding', '', e);
    }
    // An answer forwarded in full, within the bounds, without a redirect or an interim answer: the wire held.
    if (res && !res.body.truncated && role !== 'other')
      for (const id of ['transport.answered', 'transport.size_limit', 'transport.no_redirect', 'transport.no_interim'])
        judged.add(id);
    if (res && role !== 'other' && res.status >= 300 && res.status < 400)
      find('transport.no_redirect', '', `HTTP ${res.status} to ${header(res.headers, 'location') ?? '(no Location)'}`);
    if (res?.body.truncated && role !== 'other')
      find(
        'transport.size_limit',
        '',
        `an answer of ${res.body.bytes} bytes, past the ${MAX_ANSWER_BYTES} bytes of one answer the kit reads`,
      );
    if (x.request.body.truncated)
      find(
        'client.within_budget',
        '',
        `a request body of ${x.request.body.bytes} bytes, past the ${MAX_ANSWER_BYTES} bytes of one message the kit reads`,
      );

    if (role === 'capability' && res?.status === 200 && isRecord(answer)) {
      const result = validateMessage(answer, { mode: 'keyed-json', site: this.#site, now, text: textOf(res.body)! });
      judged.add('capability.valid');
      for (const i of result.errors) find('capability.valid', i.path, `${i.code}: ${i.message}`);
      if (answer.profile !== 'uai.capability.statement.v1')
        find('capability.valid', '/profile', 'the answer to GET of the endpoint is not a uai.capability.statement.v1');
      const endpoints = valueAt(answer, '/body/endpoints');
      const callback = (Array.isArray(endpoints) ? endpoints : []).find(
        (e) => valueAt(e, '/binding') === 'https-async-callback',
      );
      const url = valueAt(callback, '/url');
      if (typeof url === 'string' && URL.canParse(url)) this.#pollPath = new URL(url).pathname;
    }

    let pollRef: string | undefined;
    if (role === 'message' && !x.request.body.truncated) {
      judged.add('client.binding_form');
      if (!isJsonType(header(x.request.headers, 'content-type')))
        find(
          'client.binding_form',
          '',
          `sent as ${header(x.request.headers, 'content-type') ?? '(no Content-Type)'}; every binding takes JSON`,
        );
      const requestType = isJsonType(header(x.request.headers, 'content-type'));
      let errorCodes: readonly string[] = [];
      if (!isMessage(request))
        find(
          'client.message_valid',
          '',
          `the request body is not a UAI-1 message: ${(textOf(x.request.body) ?? '').slice(0, 80)}`,
        );
      else if (res && isMessage(answer) && !isProblem) {
        const keyless = Array.isArray(request);
        judged.add('message.keyless_shape');
        const sameShape = keyless === Array.isArray(answer);
        if (!sameShape)
          find(
            'message.keyless_shape',
            '',
            `a ${keyless ? 'keyless' : 'keyed'} request answered with a ${keyless ? 'keyed object' : 'keyless array'}`,
          );
        // Both messages are judged in one form: the keyed one, when the answer did not keep the request's.
        judgeExchange({
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
        errorCodes = exchange!.request_validation.errors.map((i) => i.code);
      } else {
        // No message came back to judge the pair by: the request is judged alone, as POST /v1/validate would.
        const result = validateMessage(request, {
          mode: Array.isArray(request) ? 'keyless-json' : 'keyed-json',
          site: this.#site,
          now,
          text: textOf(x.request.body)!,
        });
        judged.add('client.message_valid').add('client.message_warning_free');
        for (const i of result.errors) find('client.message_valid', i.path, `${i.code}: ${i.message}`);
        for (const i of result.warnings) find('client.message_warning_free', i.path, `${i.code}: ${i.message}`);
        errorCodes = result.errors.map((i) => i.code);
        // A message gets a message back (a refusal may be a problem document: CONTRACT section 8).
        if (res && !res.body.truncated && !isProblem) {
          judged.add('message.valid');
          find(
            'message.valid',
            '',
            `HTTP ${res.status}: the answer is not a UAI-1 message: ${JSON.stringify((textOf(res.body) ?? '').slice(0, 80))}`,
          );
        }
      }
      // A request the server must refuse, as uai test's hostile requests: refused, with a published code.
      const refusal = refusalCheck(requestType, request !== undefined, errorCodes);
      if (refusal && res && !res.body.truncated) {
        judged.add(refusal);
        if (!refuses(res.status, answer, isProblem))
          find(
            refusal,
            '',
            `HTTP ${res.status} to a request the server must refuse: ${JSON.stringify((textOf(res.body) ?? '').slice(0, 80))}`,
          );
      }
    }
    if (role === 'poll') {
      try {
        pollRef = decodeURIComponent(path.slice((this.#pollPath ?? `${endpointPath}/tasks/`).length));
      } catch {
        pollRef = path;
      }
      const task = this.#conversation.task(pollRef);
      if (task && res) {
        judged.add('task.pollable');
        if (res.status !== 200 || valueAt(answer, '/profile') !== 'uai.task.status.v1')
          find(
            'task.pollable',
            '',
            `a poll of a task the server accepted answered HTTP ${res.status} ${String(valueAt(answer, '/profile') ?? (textOf(res.body) ?? '').slice(0, 80))}`,
          );
        else
          judgeExchange({
            request: task.request,
            response: answer,
            previous: task.last,
            mode: 'keyed-json',
            httpStatus: res.status,
            texts: { response: textOf(res.body)! },
          });
      }
    }

    const step: ConversationStep = {
      index: x.index,
      at: Date.parse(x.started_at),
      ...(x.answered_at ? { answeredAt: Date.parse(x.answered_at) } : {}),
      kind: role === 'message' ? 'message' : role === 'poll' ? 'poll' : 'other',
      ...(role === 'message' && isMessage(request)
        ? { request: keyed(request), requestText: canonicalText(keyed(request)) }
        : {}),
      ...(pollRef !== undefined ? { pollRef } : {}),
      ...(res ? { status: res.status } : {}),
      ...(res && header(res.headers, 'retry-after') !== undefined
        ? { retryAfter: header(res.headers, 'retry-after')! }
        : {}),
      // A capability statement is a document read again and again under one id, not an answer in a conversation.
      ...(res && role !== 'capability' && isMessage(answer) && !isProblem ? { answer: keyed(answer) } : {}),
    };
    const conversation = this.#conversation.step(step);
    for (const rule of conversation.exercised) judged.add(rule);
    for (const f of conversation.findings) find(f.rule, f.path, f.message);
    return {
      index: x.index,
      method: x.request.method,
      target: x.request.target,
      ...(res ? { status: res.status } : {}),
      role,
      findings,
      judged: [...judged],
      ...(exchange ? { exchange } : {}),
    };
  }

  /** The checks only the end of the conversation judges. */
  get finishes(): readonly string[] {
    return this.#conversation.polledTasks ? ['conversation.task_followed'] : [];
  }

  /** The findings only the end of the conversation shows. */
  finish(): ProxyFinding[] {
    return this.#conversation.finish(this.#lastIndex).map((f) => {
      const c = CHECK.get(f.rule)!;
      return {
        side: c.side,
        check: f.rule,
        severity: c.severity,
        section: c.section,
        path: f.path,
        message: f.message,
      };
    });
  }
}

function canonicalText(m: unknown): string | undefined {
  try {
    return canonicalJson(m);
  } catch {
    return undefined;
  }
}
