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
  asksAgainLater,
  canonicalJson,
  checkExchangeMessages,
  ConversationJudge,
  isRecord,
  shown,
  validateMessage,
  valueAt,
  type CheckExchangeRequest,
  type CheckExchangeResult,
  type ConversationStep,
} from '../../engine/index.ts';
import type { KitCheck, KitSide } from '../../standard/kit-checks.ts';
import type { Site } from '../../standard/urls.ts';
import { PROXY_CHECKS, proxyCheck } from './checks.ts';
import { decodeAnswer, decodeRequest } from './coding.ts';
import { judgeMessage } from './message.ts';
import { pollFault } from '../judge/poll.ts';
import { pacedFaults } from '../judge/refusal.ts';
import { isMessage, keyed, parse, pathOf, textOf, unparsedOf, type Find } from './read.ts';
import { header, type RecordedExchange } from './recording.ts';
import { judgeSizes, judgeWire, type ExchangeRole } from './wire.ts';

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

export type { ExchangeRole } from './wire.ts';

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
  /** Why the exchange was not judged as a message (the recording's `unjudged`): said, never a silent pass. */
  readonly unjudged?: string;
}

export class RecordingJudge {
  readonly #site: Site;
  readonly #conversation = new ConversationJudge();
  /** Where tasks are polled: the capability statement's https-async-callback URL, once one was read. */
  #pollPath: string | undefined;
  #lastIndex = 0;

  constructor(site: Site) {
    this.#site = site;
  }

  judge(recorded: RecordedExchange): JudgedExchange {
    this.#lastIndex = recorded.index;
    const findings: ProxyFinding[] = [];
    const judged = new Set<string>();
    const find: Find = (check, path, message, side) => {
      const c = CHECK.get(check)!;
      judged.add(check);
      findings.push({ side: side ?? c.side, check, severity: c.severity, section: c.section, path, message });
    };
    for (const f of recorded.faults) find(f.check, '', f.detail, f.side);
    const endpointPath = pathOf(new URL(recorded.upstream).pathname);
    const path = pathOf(recorded.request.target);
    const role: ExchangeRole =
      recorded.request.method === 'POST' && path === endpointPath
        ? 'message'
        : recorded.request.method === 'GET' && path === endpointPath
          ? 'capability'
          : recorded.request.method === 'GET' && path.startsWith(this.#pollPath ?? `${endpointPath}/tasks/`)
            ? 'poll'
            : 'other';
    if (recorded.unjudged !== undefined) {
      judgeSizes(recorded, role, find);
      return {
        index: recorded.index,
        method: recorded.request.method,
        target: recorded.request.target,
        ...(recorded.response ? { status: recorded.response.status } : {}),
        role: 'other',
        findings,
        judged: [...judged],
        unjudged: recorded.unjudged,
      };
    }
    // The answer as the client reads it, its content codings undone (coding.ts).
    const decoded = role === 'other' ? undefined : decodeAnswer(recorded);
    for (const e of decoded?.encoding ?? []) find('message.encoding', '', e);
    for (const e of decoded?.size ?? []) find('transport.size_limit', '', e);
    // The request as a server that takes its content coding reads it (coding.ts).
    const requestDecoded = role === 'message' ? decodeRequest(decoded?.x ?? recorded) : undefined;
    for (const e of requestDecoded?.invalid ?? []) find('client.message_valid', '', e);
    for (const e of requestDecoded?.size ?? []) find('client.within_budget', '', e);
    const x = requestDecoded?.x ?? decoded?.x ?? recorded;
    const now = new Date(x.started_at);
    const request = role === 'message' ? parse(textOf(x.request.body)) : undefined;
    const res = x.response;
    const answer = res ? parse(textOf(res.body)) : undefined;
    const answerType = res ? header(res.headers, 'content-type') : undefined;
    const problemType = /^application\/problem\+json\b/i.test(answerType ?? '');
    const isProblem = res !== undefined && res.status >= 400 && problemType;
    let exchange: CheckExchangeResult | undefined;
    const judgeExchange = (input: CheckExchangeRequest): readonly string[] => {
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
      return exchange.request_validation.errors.map((i) => i.code);
    };

    judgeWire(x, role, answer, find, judged);

    const answerUnparsed = res ? unparsedOf(res.body) : undefined;
    if (role === 'capability' && res?.status === 200 && answerUnparsed !== undefined)
      find('capability.valid', '', `the capability statement is ${answerUnparsed}`);
    if (role === 'capability' && res?.status === 200 && isRecord(answer)) {
      const result = validateMessage(answer, { mode: 'keyed-json', site: this.#site, now, text: textOf(res.body)! });
      judged.add('capability.valid');
      for (const i of result.errors) find('capability.valid', i.path, `${i.code}: ${i.message}`);
      // A message the server answers with: its warnings are message.warning_free's, as uai test judges them.
      for (const i of result.warnings) find('message.warning_free', i.path, `capability: ${i.code}: ${i.message}`);
      if (problemType)
        find('capability.valid', '', 'sent as application/problem+json, the media type of an error document');
      if (answer.profile !== 'uai.capability.statement.v1')
        find('capability.valid', '/profile', 'the answer to GET of the endpoint is not a uai.capability.statement.v1');
      const endpoints = valueAt(answer, '/body/endpoints');
      const callback = (Array.isArray(endpoints) ? endpoints : []).find(
        (e) => valueAt(e, '/binding') === 'https-async-callback',
      );
      const url = valueAt(callback, '/url');
      if (typeof url === 'string' && URL.canParse(url)) this.#pollPath = pathOf(new URL(url).pathname);
    }

    if (role === 'message' && !x.request.body.truncated)
      judgeMessage({ x, request, answer, isProblem, site: this.#site, now, find, judged, judgeExchange });
    let pollRef: string | undefined;
    if (role === 'poll') {
      try {
        pollRef = decodeURIComponent(path.slice((this.#pollPath ?? `${endpointPath}/tasks/`).length));
      } catch {
        pollRef = path;
      }
      const task = this.#conversation.task(pollRef);
      if (task && res) {
        judged.add('task.pollable');
        const paced = asksAgainLater(res.status);
        const fault = paced ? undefined : pollFault(res.status, answer);
        // Polled again later: what its error says must agree with its status, as uai test holds it.
        if (paced)
          for (const f of pacedFaults(res.status, answer, isProblem))
            find('task.pollable', '', `a poll answered HTTP ${res.status}: ${f}`);
        else if (fault)
          find(
            'task.pollable',
            '',
            // The server's value as the engine quotes a peer's (shown): String() throws on an object whose
            // toString is no function, JSON.stringify on an array nested thousands deep, and either copies a long one whole.
            `a poll of a task the server accepted, ${fault}: ${shown(valueAt(answer, '/profile') ?? (textOf(res.body) ?? '').slice(0, 80))}`,
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
      // A message posted elsewhere than the endpoint is no exchange of the protocol: said, never a silent pass.
      ...(role === 'other' && x.request.method === 'POST'
        ? { unjudged: `a POST to ${path}, not to the endpoint ${endpointPath}: neither side is judged on it` }
        : {}),
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
