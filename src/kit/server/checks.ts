/**
 * The server half's checks: judging what `uai test` saw (observe.ts), one verdict per published
 * server check with the evidence behind it (the statuses: ../judge/verdict.ts). Messages are judged
 * by the same engine as POST /v1/validate (on the answer's text, so repeated member names are seen),
 * exchanges by the same exchange rules as POST /v1/check-exchange. A `skip` comes only from the
 * capability statement's declarations; a check that applies but saw nothing (the run stopped early,
 * an answer had the wrong kind or never came in full) is not exercised.
 */
import {
  checkExchange,
  isRecord,
  issueLine,
  reusedIdMessage,
  reusedIdOf,
  responseKind,
  shown,
  validateMessage,
  valueAt,
  type EarlierMessage,
} from '../../engine/index.ts';
import { isJsonMediaType } from '../../http/headers.ts';
import {
  EXCHANGE_RULES,
  exchangeRule,
  OWN_IDS,
  type ExchangeRuleId,
  type ResponseKind,
} from '../../standard/exchange-rules.ts';
import { KIT_CHECKS, TRANSPORT_CHECKS, type KitCheckId } from '../../standard/kit-checks.ts';
import { TRANSPORT_BINDINGS } from '../../standard/transport-bindings.ts';
import type { Site } from '../../standard/urls.ts';
import { judgeEncoding } from './bytes.ts';
import type { Answer } from './http.ts';
import type { Observation, Observations } from './observe.ts';
import { KEYED_ONLY_HOSTILE, requestForm, statementParty } from './requests.ts';
import { pacedFaults, refusalFaults, refusedUnread, unknownSubjectFault } from '../judge/refusal.ts';
import { failWith, notExercised, pass, skip, verdictsFor, type KitVerdict, type Outcome } from '../judge/verdict.ts';
import { pollFault } from '../judge/poll.ts';

const isMessage = (answer: Answer) =>
  answer.complete &&
  isRecord(answer.json) &&
  typeof answer.json.profile === 'string' &&
  answer.mediaType !== 'application/problem+json';
const snippet = (answer: Answer) =>
  `HTTP ${answer.status} ${answer.mediaType || '(no media type)'}: ${answer.unparsed ?? answer.text.slice(0, 120).replace(/\s+/g, ' ')}`;
const VALID_SCENARIOS = new Set(['sync', 'follow-up', 'async', 'unknown-subject', 'keyless', 'poll', 'poll-again']);
/** The bindings of the transport registry that messages are posted to (not the polling one). */
const MESSAGE_BINDINGS: readonly string[] = TRANSPORT_BINDINGS.filter((b) => b.method === 'POST').map((b) => b.id);
/** Requests whose answer must be a message (a poll may be refused with a problem: task.pollable judges that). */
const MESSAGE_SCENARIOS = new Set(['sync', 'follow-up', 'async', 'unknown-subject', 'keyless']);
/** The kind of answer each request of the run is there to see. */
const EXPECTED_KIND: Readonly<Record<string, ResponseKind>> = {
  async: 'accepted',
  sync: 'completed',
  'follow-up': 'completed',
  'unknown-subject': 'error',
  poll: 'task-status',
};

type Validate = (m: unknown, text?: string, mode?: 'keyless-json') => ReturnType<typeof validateMessage>;

/**
 * An answer's validation. A keyless answer is judged as the array it came as, with its text: its
 * keyed form alone would hide positions past the map and nested values of the wrong shape.
 */
const validateAnswer = (x: Observation, validate: Validate) =>
  x.keylessForm !== undefined
    ? validate(x.keylessForm, x.answer.text, 'keyless-json')
    : validate(x.answer.json, x.answer.text);

/** Why the run has no statement to read declarations from, when it has none. */
function noStatement(obs: Observations): string | undefined {
  const { answer, error } = obs.capability;
  if (!answer) return `no capability statement was read (${error ?? 'no answer'})`;
  if (answer.status !== 200 || !answer.complete || !isRecord(answer.json))
    return `no capability statement was read (${snippet(answer)})`;
  return undefined;
}

/** Why a request of the run has no complete answer to judge: not sent, or cut short. */
function unanswered(obs: Observations, scenario: string): string {
  const x = obs.exchanges.find((e) => e.scenario === scenario);
  if (x && !x.answer.complete)
    return `${scenario}: no complete answer (${obs.faults.find((f) => f.scenario === scenario)?.detail ?? snippet(x.answer)})`;
  if (x) return `${scenario}: ${snippet(x.answer)}`;
  if (obs.stoppedAt === scenario) return `${scenario}: no answer, the run stopped here (${obs.aborted})`;
  return obs.aborted ? `${scenario}: not sent, the run stopped early (${obs.aborted})` : `${scenario}: not sent`;
}

function capabilityVerdicts(obs: Observations, validate: Validate): Record<string, Outcome> {
  const { answer, error } = obs.capability;
  const reachable =
    answer &&
    answer.status === 200 &&
    answer.complete &&
    isJsonMediaType(answer.mediaType) &&
    // A problem document is an error, whatever it holds: a client that dispatches on the type reads it as one.
    answer.mediaType !== 'application/problem+json' &&
    answer.json !== undefined;
  if (!reachable) {
    const why = error ?? (answer ? snippet(answer) : 'no answer');
    return {
      'capability.reachable': failWith([`GET ${obs.capability.url}: ${why}`]),
      'capability.valid': notExercised('no capability statement was read'),
      'capability.names_endpoint': notExercised('no capability statement was read'),
    };
  }
  const result = validate(answer.json, answer.text);
  const isStatement = isRecord(answer.json) && answer.json.profile === 'uai.capability.statement.v1';
  const problems = [
    ...(isStatement ? [] : ['the answer is not a uai.capability.statement.v1 message']),
    ...result.errors.map(issueLine),
  ];
  return {
    'capability.reachable': pass(),
    'capability.valid': failWith(problems),
    'capability.names_endpoint': problems.length
      ? notExercised('the capability statement is not valid, so the endpoints it lists are not read')
      : // Only a binding messages are posted to counts: the polling endpoint is where tasks are read,
        // and a binding no registry lists says nothing a client can use.
        failWith(
          obs.declaredBindings.some((b) => MESSAGE_BINDINGS.includes(b))
            ? []
            : [
                `no keyed or keyless endpoint (${MESSAGE_BINDINGS.join(', ')}) of the statement has the url ${obs.endpoint}`,
              ],
        ),
  };
}

function transportVerdicts(obs: Observations): Record<string, Outcome> {
  // An answer's size, status and interim responses are seen only on an answer: none came, none is shown.
  const answered = obs.capability.answer !== undefined || obs.exchanges.length > 0;
  const unseen = notExercised(
    `no answer came to judge: ${obs.aborted ?? obs.capability.error ?? 'no request was answered'}`,
  );
  return Object.fromEntries(
    TRANSPORT_CHECKS.map((c) => [
      c.id,
      failWith(
        obs.faults.filter((f) => f.check === c.id).map((f) => `${f.scenario}: ${f.detail}`),
        answered ? pass() : unseen,
      ),
    ]),
  );
}

/**
 * message.own_ids over the whole run: each answer's message_id against every request the kit sent
 * and every answer before it, by the engine's one rule (the one POST /v1/check-exchange applies to
 * the messages of one exchange).
 */
function ownIds(obs: Observations, judged: readonly Observation[]): Outcome {
  const requests = new Map<unknown, EarlierMessage>();
  for (const x of obs.exchanges) {
    const id = x.request?.message_id;
    if (x.request && !requests.has(id))
      requests.set(id, { label: `the kit's ${x.scenario} request`, message: x.request });
  }
  const earlier: EarlierMessage[] = [...requests.values()];
  // The statement is a message of the same sender: an answer may no more reuse its id than another answer's.
  const statement = obs.capability.answer;
  if (statement?.complete && statement.json !== undefined)
    earlier.push({ label: 'the capability statement', message: statement.json });
  const problems: string[] = [];
  for (const x of judged) {
    const reused = reusedIdOf(x.answer.json, earlier);
    if (reused) problems.push(`${x.scenario}: ${reusedIdMessage(valueAt(x.answer.json, '/message_id'), reused)}`);
    earlier.push({ label: `the ${x.scenario} answer`, message: x.answer.json });
  }
  return failWith(problems, judged.length ? pass() : notExercised('no complete message answer was read'));
}

/**
 * message.keyless_shape: every valid request sent keyless (the extra one beside keyed requests, or
 * all of them at a keyless-only endpoint) answered with a keyless array; and the extra one answered
 * with the kind of answer its keyed twin (the async request) got, so that an endpoint declaring
 * keyless but refusing it with a well-formed typed error does not pass on the keyed run's answers.
 */
function keylessVerdict(obs: Observations, statementMissing: string | undefined): Outcome {
  const sent = obs.exchanges.filter((x) => x.keylessAnswer !== undefined && MESSAGE_SCENARIOS.has(x.scenario));
  const answered = sent.filter((x) => x.answer.complete);
  if (!answered.length)
    return obs.declaredBindings.includes('https-json-keyless')
      ? notExercised(unanswered(obs, sent[0]?.scenario ?? 'keyless'))
      : statementMissing
        ? notExercised(statementMissing)
        : skip(`the capability statement declares no https-json-keyless endpoint with the url ${obs.endpoint}`);
  const problems = answered.filter((x) => !x.keylessAnswer).map((x) => `${x.scenario}: ${snippet(x.answer)}`);
  const twin = obs.exchanges.find((x) => x.scenario === 'async' && x.keylessAnswer === undefined);
  const extra = answered.find((x) => x.scenario === 'keyless');
  if (twin?.answer.complete && extra) {
    const [keyed, keyless] = [responseKind(twin.answer.json), responseKind(extra.answer.json)];
    if (keyed !== undefined && keyless !== keyed)
      problems.push(
        `keyless: answered ${keyless ?? 'with no message'} (${snippet(extra.answer)}), where the same request keyed (async) was answered ${keyed}`,
      );
  }
  return failWith(problems);
}

/**
 * message.source_addressed: the kit addresses every request to the party the capability statement
 * names (its source), so every message answered comes from that party. A server that answers as
 * another one leaves a client unable to tell who answered it, or one that checks, refusing it.
 */
function sourceVerdict(obs: Observations, judged: readonly Observation[]): Outcome {
  const missing = noStatement(obs);
  const party = statementParty(obs.capability.answer?.json);
  if (missing || !party)
    return notExercised(
      missing ??
        "the capability statement's source has no type and id strings, so the kit addressed the endpoint itself",
    );
  const problems: string[] = [];
  for (const x of judged) {
    const source = isRecord(x.answer.json) ? x.answer.json.source : undefined;
    const [type, id] = isRecord(source) ? [source.type, source.id] : [undefined, undefined];
    if (type !== party.type || id !== party.id)
      problems.push(
        `${x.scenario}: from ${shownParty(type, id)}, where the requests were addressed to the statement's source, ${shownParty(party.type, party.id)}`,
      );
  }
  // A refusal can fail it, but only an answer to a valid request shows the server answering as itself.
  const answered = judged.some((x) => VALID_SCENARIOS.has(x.scenario));
  return failWith(
    problems,
    answered ? pass() : notExercised('no valid request of the kit was answered with a message'),
  );
}

const shownParty = (type: unknown, id: unknown): string =>
  [type, id].map((v) => (shown(v) ?? 'none').slice(0, 120)).join(' ');

function messageVerdicts(obs: Observations, validate: Validate): Record<string, Outcome> {
  const invalid: string[] = [];
  const warned: string[] = [];
  const mediaTypes: string[] = [];
  const encoding: string[] = [];
  /** How many answers were sent as JSON: only their bytes are judged as JSON text. */
  let jsonAnswers = 0;
  const judged: Observation[] = [];
  // The statement is a JSON answer too: its bytes are judged here, its media type by capability.reachable.
  const statement = obs.capability.answer;
  if (statement?.complete && isJsonMediaType(statement.mediaType)) {
    jsonAnswers += 1;
    encoding.push(...(statement.encoding ?? judgeEncoding(statement)).map((e) => `capability: ${e}`));
  }
  // It is a message the server answers with: its errors are capability.valid's, its warnings this check's.
  const statementRead = statement?.status === 200 && isMessage(statement);
  if (statementRead)
    for (const i of validate(statement.json, statement.text).warnings) warned.push(`capability: ${issueLine(i)}`);
  for (const x of obs.exchanges) {
    if (!x.answer.complete) continue; // transport.* says why
    if (!isJsonMediaType(x.answer.mediaType)) mediaTypes.push(`${x.scenario}: ${snippet(x.answer)}`);
    else {
      jsonAnswers += 1;
      encoding.push(...(x.answer.encoding ?? judgeEncoding(x.answer)).map((e) => `${x.scenario}: ${e}`));
    }
    if (!isMessage(x.answer) && !(x.keylessForm !== undefined && isRecord(x.answer.json))) {
      if (MESSAGE_SCENARIOS.has(x.scenario))
        invalid.push(`${x.scenario}: the answer is not a UAI-1 message (${snippet(x.answer)})`);
      continue;
    }
    judged.push(x);
    const result = validateAnswer(x, validate);
    for (const i of result.errors) invalid.push(`${x.scenario}: ${issueLine(i)}`);
    for (const i of result.warnings) warned.push(`${x.scenario}: ${issueLine(i)}`);
  }
  const complete = obs.exchanges.filter((x) => x.answer.complete);
  const nothing = notExercised(
    obs.exchanges.length
      ? 'no answer was read in full (see the transport checks)'
      : `no request was answered${obs.aborted ? ` (${obs.aborted})` : ''}`,
  );
  const statementMissing = noStatement(obs);
  return {
    'message.valid': failWith(invalid, judged.length ? pass() : nothing),
    'message.warning_free': failWith(warned, judged.length ? pass() : nothing),
    'message.media_type': failWith(mediaTypes, complete.length ? pass() : nothing),
    'message.encoding': failWith(
      encoding,
      jsonAnswers
        ? pass()
        : complete.length
          ? notExercised('no answer read in full was sent as JSON (see message.media_type)')
          : nothing,
    ),
    'message.own_ids': ownIds(obs, judged),
    'message.source_addressed': sourceVerdict(obs, judged),
    'message.keyless_shape': keylessVerdict(obs, statementMissing),
  };
}

/** The exchanges the rules judge: every complete answer to a valid request (a poll only when it is a message). */
const judgedExchanges = (obs: Observations) =>
  obs.exchanges.filter(
    (x) =>
      VALID_SCENARIOS.has(x.scenario) &&
      x.request &&
      x.answer.complete &&
      (x.previous === undefined ? isRecord(x.answer.json) : isMessage(x.answer)),
  );

/**
 * A typed error refusing a hostile body that was read as a message (requests.ts, READ_AS_MESSAGE):
 * it answers that message, so the linkage rules hold it as they hold any answer.
 */
const refusalsRead = (obs: Observations) =>
  obs.exchanges.filter(
    (x) =>
      x.sent !== undefined &&
      isMessage(x.answer) &&
      (x.answer.json as { profile?: unknown }).profile === 'uai.error.v1' &&
      // A refusal given before the body was read (413, 429, 408) answers no message of it.
      refusedUnread(x.answer.status, x.answer.json, false) === undefined,
  );

/** Whether a rule applies to an answer of this kind: its skip then means the pair held nothing it reads. */
const applies = (id: ExchangeRuleId, kind: ResponseKind | null): boolean =>
  kind !== null && exchangeRule(id).appliesTo.includes(kind);

function exchangeVerdicts(obs: Observations): Record<string, Outcome> {
  const outcomes: Record<string, Outcome> = {};
  const polled = obs.declaredBindings.includes('https-async-callback');
  const statementMissing = noStatement(obs);
  /** The scenarios whose answer was of a kind a rule applies to, yet held nothing the rule reads. */
  const unread: Record<string, string[]> = {};
  for (const x of [...judgedExchanges(obs), ...refusalsRead(obs)]) {
    const check = checkExchange({
      request: x.sent ?? x.request,
      response: x.answer.json,
      httpStatus: x.answer.status,
      ...(x.previous !== undefined ? { previous: x.previous } : {}),
    });
    for (const v of check.verdicts) {
      if (v.id === OWN_IDS) continue; // judged over the whole run (ownIds), which holds every pair
      const o = outcomes[v.id];
      if (v.status === 'fail') {
        const found = v.findings.map((f) => `${x.scenario}: ${f.path || '/'}: ${f.message}`);
        outcomes[v.id] = { status: 'fail', evidence: [...(o?.status === 'fail' ? o.evidence : []), ...found] };
        // A refusal can fail a rule, never pass one: an endpoint that answers nothing else has not shown it.
      } else if (v.status === 'pass' && !o && x.sent === undefined) outcomes[v.id] = pass();
      else if (v.status === 'skip' && applies(v.id, check.response_kind)) (unread[v.id] ??= []).push(x.scenario);
    }
  }
  // What the exchange rules cannot know from the pair: a request naming no registered profile is
  // answered 404 (CONTRACT section 6), whatever the error body says of itself.
  for (const x of judgedExchanges(obs)) {
    const fault = unknownSubjectFault(x.request, x.answer.status);
    if (!fault) continue;
    const o = outcomes['exchange.http_status'];
    outcomes['exchange.http_status'] = {
      status: 'fail',
      evidence: [...(o?.status === 'fail' ? o.evidence : []), `${x.scenario}: ${fault}`],
    };
  }
  for (const rule of EXCHANGE_RULES) {
    if (outcomes[rule.id] || rule.id === OWN_IDS) continue;
    // Answers of its kind came, but neither they nor their requests held what the rule reads.
    const came = unread[rule.id];
    if (came?.length) {
      outcomes[rule.id] = notExercised(
        `the answers to ${[...new Set(came)].join(', ')} are of a kind it applies to, but no request or answer held what it reads`,
      );
      continue;
    }
    // No answer of a kind the rule applies to: say which requests were there to bring one, and what came.
    const kinds = rule.appliesTo as readonly ResponseKind[];
    const scenarios = Object.entries(EXPECTED_KIND)
      .filter(([, kind]) => kinds.includes(kind))
      .map(([scenario]) => scenario);
    const onlyPolls = scenarios.every((s) => s === 'poll');
    // Without the async binding declared, an async request may be answered inline (docs/decisions.md,
    // "Reference server"): a rule of accepted answers and task statuses alone has nothing to apply to.
    const onlyTasks = scenarios.every((s) => s === 'poll' || s === 'async');
    if (onlyTasks && !polled)
      outcomes[rule.id] = statementMissing
        ? notExercised(statementMissing)
        : skip(
            onlyPolls
              ? `applies to task statuses only; the capability statement declares no https-async-callback endpoint, so no task is polled`
              : `applies to accepted answers and task statuses only; the capability statement declares no https-async-callback endpoint, so an async request may be answered inline and no task is polled`,
          );
    else {
      const seen = scenarios.map((s) =>
        s === 'poll' && !obs.exchanges.some((x) => x.scenario === 'poll')
          ? (obs.notes.find((n) => /poll/.test(n)) ?? unanswered(obs, 'poll'))
          : unanswered(obs, s),
      );
      outcomes[rule.id] = notExercised(`no ${kinds.join(', ')} answer was judged; ${seen.join('; ')}`);
    }
  }
  return outcomes;
}

function taskVerdict(obs: Observations, validate: Validate): Outcome {
  const polls = obs.exchanges.filter((x) => x.scenario === 'poll' || x.scenario === 'poll-again');
  if (!obs.declaredBindings.includes('https-async-callback')) {
    const missing = noStatement(obs);
    return missing ? notExercised(missing) : skip('the capability statement declares no https-async-callback endpoint');
  }
  if (!polls.length)
    return notExercised(
      obs.notes.find((n) => /poll/.test(n)) ??
        (obs.aborted ? `no task was polled: the run stopped early (${obs.aborted})` : 'no task was polled'),
    );
  const problems: string[] = [];
  for (const poll of polls) {
    const json = poll.answer.json;
    if (!poll.answer.complete) continue; // transport.* says why
    const fault = pollFault(poll.answer.status, json);
    if (fault) problems.push(`GET ${poll.url}: ${fault}: ${snippet(poll.answer)}`);
    else problems.push(...validate(json, poll.answer.text).errors.map((i) => `${poll.scenario}: ${issueLine(i)}`));
  }
  // A 429 or 503 the kit waited out before polling again: what it says must agree with its status.
  for (const paced of obs.exchanges.filter((x) => x.scenario === 'poll-paced' && x.answer.complete)) {
    const problem = paced.answer.mediaType === 'application/problem+json';
    problems.push(
      ...pacedFaults(paced.answer.status, paced.answer.json, problem).map(
        (f) => `poll-paced: ${f}: ${snippet(paced.answer)}`,
      ),
    );
  }
  const complete = polls.filter((p) => p.answer.complete).length;
  return failWith(problems, complete ? pass() : notExercised(unanswered(obs, 'poll')));
}

/**
 * Why the endpoint has not been shown to speak UAI-1, when it has not: its capability statement
 * read, and one answer to the kit's requests that conforms (a valid message the exchange rules
 * accept). Until then a refusal of a hostile request proves nothing: an endpoint at a wrong path
 * refuses everything.
 */
function notShownToSpeak(obs: Observations, validate: Validate): string | undefined {
  const statement = obs.capability.answer;
  if (
    !statement?.complete ||
    statement.status !== 200 ||
    !isRecord(statement.json) ||
    statement.json.profile !== 'uai.capability.statement.v1'
  )
    return 'no capability statement was read';
  const conforms = obs.exchanges.some(
    (x) =>
      MESSAGE_SCENARIOS.has(x.scenario) &&
      x.request !== undefined &&
      x.answer.complete &&
      isRecord(x.answer.json) &&
      validateAnswer(x, validate).errors.length === 0 &&
      checkExchange({ request: x.request, response: x.answer.json, httpStatus: x.answer.status }).conforms,
  );
  return conforms ? undefined : "no answer to the kit's requests conformed (a valid message the exchange rules accept)";
}

/**
 * A hostile request must be refused: the status CONTRACT names, with a uai.error.v1 message or a
 * problem carrying a published code, its members and no stack trace. Not refused is a failure;
 * refused is a pass only from an endpoint shown to speak UAI-1.
 */
function hostileVerdict(obs: Observations, id: string, unproven: string | undefined): Outcome {
  // One body, or two where keyless is declared beside keyed (run.ts): each must be refused.
  const sent = obs.exchanges.filter((e) => e.scenario === id);
  if (!sent.length && KEYED_ONLY_HOSTILE.has(id) && requestForm(obs.declaredBindings) === 'keyless')
    return skip(
      `keyless JSON cannot carry it (positions have no names), and the capability statement declares only https-json-keyless at ${obs.endpoint}`,
    );
  if (!sent.length) return notExercised(unanswered(obs, id));
  const twoForms = sent.length > 1;
  const faults: string[] = [];
  let unreadWhy: string | undefined;
  for (const { answer, keylessAnswer } of sent) {
    const form = twoForms ? `${keylessAnswer === undefined ? 'keyed' : 'keyless'}: ` : '';
    const problem = answer.mediaType === 'application/problem+json';
    const unread = refusedUnread(answer.status, answer.json, problem);
    if (unread) unreadWhy ??= `${form}${unread}: ${snippet(answer)}`;
    else
      faults.push(
        ...refusalFaults(id, answer.status, answer.json, problem).map((f) => `${form}${f}: ${snippet(answer)}`),
      );
  }
  if (faults.length) return failWith(faults);
  if (unreadWhy) return notExercised(unreadWhy);
  // Keyless beside keyed, the keyless copy is sent too (run.ts): a run that stopped before it has
  // judged one form of two, which passes nothing.
  const bothForms =
    requestForm(obs.declaredBindings) === 'keyed' &&
    obs.declaredBindings.includes('https-json-keyless') &&
    !KEYED_ONLY_HOSTILE.has(id);
  // Said of the keyless copy itself: the keyed answer of the same scenario is not its evidence.
  if (bothForms && !sent.some((e) => e.keylessAnswer !== undefined))
    return notExercised(
      `keyless: ${id}: ${
        obs.stoppedAt === id
          ? `no answer, the run stopped here (${obs.aborted})`
          : obs.aborted
            ? `not sent, the run stopped early (${obs.aborted})`
            : 'not sent'
      }`,
    );
  return unproven
    ? notExercised(`the refusal proves nothing: the endpoint was not shown to speak UAI-1: ${unproven}`)
    : pass();
}

/** One verdict per server check (KIT_CHECKS) from what the kit saw. */
export function judgeServer(obs: Observations, site: Site, now: Date): KitVerdict[] {
  // Several checks read one answer's validation (message.valid, the hostile checks' proof): validated once.
  const validated = new Map<unknown, ReturnType<typeof validateMessage>>();
  const validate: Validate = (m, text, mode) => {
    // One text is one answer, read keyed or keyless (never both): the text is the key when there is one.
    const key = text ?? m;
    const known = validated.get(key);
    if (known) return known;
    const result = validateMessage(m, {
      mode: mode ?? 'keyed-json',
      site,
      now,
      ...(text !== undefined ? { text } : {}),
    });
    validated.set(key, result);
    return result;
  };
  const outcomes: Record<string, Outcome> = {
    ...capabilityVerdicts(obs, validate),
    ...transportVerdicts(obs),
    ...messageVerdicts(obs, validate),
    ...exchangeVerdicts(obs),
    'task.pollable': taskVerdict(obs, validate),
  };
  const unproven = notShownToSpeak(obs, validate);
  return verdictsFor(KIT_CHECKS, (c) =>
    c.category === 'hostile' ? hostileVerdict(obs, c.id, unproven) : outcomes[c.id as KitCheckId],
  );
}
