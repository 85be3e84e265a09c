/**
 * Judging a client from what the scenario servers recorded (run-client.ts): one verdict per
 * published client check. Request messages are judged by the same validator as POST /v1/validate.
 * A check that applies to a scenario that was run but whose behaviour never happened (no poll in
 * the async scenario, no retry after the 429) fails with the reason: it is never a pass.
 */
import {
  asksAgainLater,
  canonicalJson,
  echo,
  isRecord,
  issueLine,
  messageFromKeyless,
  shown as quoted,
  validateMessage,
} from '../../engine/index.ts';
import { mediaTypeEssence } from '../../http/headers.ts';
import { CLIENT_CHECKS, type ClientCheckId } from '../../standard/kit-checks.ts';
import { skip, Tally, verdictsFor, type KitVerdict } from '../judge/verdict.ts';
import { BEGINS_WITH_BOM, parseJson } from '../judge/json.ts';
import { shownOutput } from './client-output.ts';
import { ShrinkingPacer } from './collector.ts';
import { intakeFindings } from './intake.ts';
import type { ClientRun } from './run-client.ts';
import type { RecordedRequest } from './server.ts';
import { CLIENT_DECLARATIONS, NOTHING_DECLARED, undeclared, type ClientManifest } from './manifest.ts';
import {
  MIN_POLL_INTERVAL_MS,
  scenarioById,
  SLOW_ANSWER_MS,
  WAIT_TOLERANCE_MS,
  type ClientScenarioId,
} from '../../standard/client-scenarios.ts';

const at = (v: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((x, k) => (isRecord(x) && Object.hasOwn(x, k) ? x[k] : undefined), v);
const parse = (text: string | undefined): unknown => (text === undefined ? undefined : parseJson(text));
/** The media type a request names; a list (a Content-Type sent twice) as it is, which no endpoint declares. */
const mediaType = (value: string | undefined) => mediaTypeEssence(value) ?? (value ?? '').trim().toLowerCase();
const TERMINAL = new Set(['completed', 'failed', 'canceled']);
/** Methods that read: the only ones a client sends anywhere but the endpoint's POST. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A request message the client sent, as later requests are judged against it: its canonical form
 * (a resend is the same message) and its answer. Not its parsed tree, which is let go once judged.
 */
interface Sent {
  readonly record: RecordedRequest;
  readonly canonical: string;
  readonly answer: unknown;
  /** The scenario whose run sent it: ids are judged across the whole run of the kit. */
  readonly scenario: string;
}

/**
 * A value the client sent, as evidence: a string as it is but cut short (`echo`: a 200,000-character
 * id quoted before every issue line made a 40 MB report), anything else as the engine quotes a
 * peer's value (`shown`: its JSON, bounded), never String() of it, which throws on an object whose
 * toString is not a function ({"toString": 0}), nor JSON.stringify alone, which overflows the stack
 * on an array nested a few thousand deep: either way a client could crash the kit.
 */
const shown = (value: unknown): string =>
  typeof value === 'string' ? (echo(value) as string) : (quoted(value) ?? typeof value).slice(0, 200);

type Evidence = Tally<ClientCheckId>;

/** Where a message the client was answered with came from: its id names that message alone. */
interface AnswerOf {
  /** The request (1-based, as the evidence numbers requests) whose answer it was. */
  readonly request: number;
  readonly scenario: string;
}

const outputTail = (run: ClientRun): string[] => shownOutput(run.stderr, run.stdout);

/** The endpoints of the statement at the URL under test: which shapes it takes, in what media types. */
function declared(run: ClientRun): { shapes: Set<string>; mediaTypes: Set<string>; requestProfiles: Set<string> } {
  const shapes = new Set<string>();
  const mediaTypes = new Set<string>();
  const endpoints = at(run.statement, 'body', 'endpoints');
  for (const e of Array.isArray(endpoints) ? endpoints : []) {
    if (at(e, 'url') !== run.endpoint) continue;
    const binding = at(e, 'binding');
    if (binding === 'https-json-keyed') shapes.add('keyed');
    if (binding === 'https-json-keyless') shapes.add('keyless');
    const type = at(e, 'media_type');
    if (typeof type === 'string') mediaTypes.add(type);
  }
  const operations = at(run.statement, 'body', 'operations');
  const requestProfiles = new Set(
    (Array.isArray(operations) ? operations : [])
      .map((o) => at(o, 'request_profile'))
      .filter((p) => typeof p === 'string'),
  );
  return { shapes, mediaTypes, requestProfiles };
}

function judgeRun(
  run: ClientRun,
  ev: Evidence,
  manifest: ClientManifest,
  pacer: ShrinkingPacer,
  byId: Map<string, Sent>,
  answerIds: Map<string, AnswerOf>,
): void {
  const scenario = scenarioById(run.scenario)!;
  const tag = (text: string) => `${run.scenario}: ${text}`;
  const endpointPath = new URL(run.endpoint).pathname;
  const pollPath = new URL(run.pollBase).pathname;
  const { shapes, mediaTypes, requestProfiles } = declared(run);
  const source = at(run.statement, 'source');
  const validateOptions = { site: run.site, now: new Date() };

  // Requests the kit never forwarded: meant for another host.
  for (const r of run.records.filter((x) => !x.onHost))
    ev.fail('client.same_host', tag(`${r.method} to ${r.host || '(no host)'}${r.path}`));
  const own = run.records.filter((x) => x.onHost);
  if (own.length) ev.saw('client.same_host');

  if (scenario.id === 'rate-limited')
    ev.expect('client.retry_after', tag('not exercised: the client never sent again after the 429'));
  if (scenario.id === 'typed-error')
    ev.expect('client.error_not_resent', tag('not exercised: the client never received the typed error'));
  if (scenario.id === 'slow')
    ev.expect('client.waits_for_answer', tag('not exercised: no answer of the client was held for it to wait out'));
  if (scenario.id === 'follow-up' && manifest.declares.follow_ups)
    for (const id of ['client.follow_up', 'client.new_turn'] as const)
      ev.expect(
        id,
        tag(
          'not exercised: the client declares follow-ups but sent none in the answered conversation (it reads UAI_SCENARIO=follow-up to know when)',
        ),
      );

  /** Per conversation: the last message the client was answered with, and when it was sent. */
  const lastAnswer = new Map<string, { id: unknown; sequence: unknown; sentAt: number }>();
  /** The conversation ids the client's requests have carried in this scenario. */
  const opened = new Set<unknown>();
  /** Per conversation: the turn ids of its messages so far, the client's and the answers'. */
  const turns = new Map<unknown, Set<unknown>>();
  const turnSeen = (conversation: unknown, turn: unknown) => {
    const seen = turns.get(conversation) ?? new Set();
    turns.set(conversation, seen.add(turn));
  };
  const refs = new Set<string>();
  const lastPoll = new Map<string, number>();
  const terminal = new Set<string>();
  /** Requests judged by a more specific check than quiet_after_final. */
  const excused = new Set<number>();
  /** The first result the client was given (a 200 result or a terminal poll), or the typed error that ends the scenario. */
  let final: RecordedRequest | undefined;
  /** In the follow-up scenario: the result of the follow-up, which ends it when there is one. */
  let followUpFinal: RecordedRequest | undefined;
  /** Tasks accepted for a follow-up: their terminal poll is the follow-up's result. */
  const followUpRefs = new Set<string>();
  /** A follow-up was sent and not refused: its result, not the first one, ends the scenario. */
  let followUpSent = false;
  let firstMode: unknown;
  let retryFrom: { until: number; record: RecordedRequest } | undefined;
  /** The first typed refusal (status and code) a message of the client was answered with. */
  let refusedBefore: string | undefined;
  /**
   * The intents (profile and body) of valid messages refused with a typed error that said
   * `retryable: false`: asked again under fresh ids, the request is the refused one sent again.
   */
  const refusedIntents = new Map<string, { request: number; why: string }>();
  /**
   * POSTs whose answer had not gone out when the last request came (records are in arrival order, so
   * one answered by then stays answered for every later request).
   */
  let unanswered: RecordedRequest[] = [];
  /** Whether a request came before this one in the run: only then was there an answer to wait for. */
  let postedBefore = false;

  const rememberAnswerId = (r: RecordedRequest, id: unknown) => {
    if (typeof id === 'string' && !answerIds.has(id))
      answerIds.set(id, { request: r.index + 1, scenario: run.scenario });
  };

  /** What the client was answered: a message advances its conversation; a task reference may be polled. */
  function takeAnswer(r: RecordedRequest, answer: RecordedRequest['answer'], answerJson: unknown, followUp: boolean) {
    const answered = asKeyed(answerJson);
    if (!isRecord(answered) || typeof answered.profile !== 'string') return;
    rememberAnswerId(r, answered.message_id);
    const conv = at(answered, 'conversation', 'conversation_id');
    turnSeen(conv, at(answered, 'conversation', 'turn_id'));
    if (typeof conv === 'string')
      lastAnswer.set(conv, {
        id: answered.message_id,
        sequence: at(answered, 'conversation', 'sequence'),
        sentAt: answer?.sentAt ?? Infinity,
      });
    const ref = at(answered, 'delivery', 'task_ref');
    if (answer?.status === 202 && typeof ref === 'string') {
      refs.add(ref);
      if (followUp) followUpRefs.add(ref);
    }
    if (answered.profile === 'uai.error.v1' && answer && answer.status >= 400) {
      ev.met('client.error_not_resent');
      ev.saw('client.error_not_resent');
      refusedBefore ??= `${answer.status} ${String(at(answered, 'body', 'code') ?? '')}`.trim();
      if (scenario.endsInError) final ??= r;
    }
    // A result, in whichever mode the client asked for: the scenario servers answer each as asked.
    if (answer?.status === 200 && answered.profile !== 'uai.error.v1' && !scenario.endsInError) {
      final ??= r;
      if (followUp) followUpFinal ??= r;
    }
  }

  for (const r of own) {
    // A 429 or 503 with Retry-After: the next request to the same route (method and path) must wait
    // it out. Retry-After is about that follow-up request (RFC 9110 section 10.2.3), and the rate
    // limit counts per route (CONTRACT section 8): reading the statement again meanwhile is no retry.
    if (retryFrom && r.method === retryFrom.record.method && r.path === retryFrom.record.path) {
      ev.saw('client.retry_after');
      ev.met('client.retry_after');
      if (r.at < retryFrom.until)
        ev.fail(
          'client.retry_after',
          tag(
            `${r.method} ${r.path} came ${r.at - (retryFrom.record.answer?.sentAt ?? 0)} ms after the ${retryFrom.record.answer?.status} that said Retry-After: ${retryFrom.record.answer?.headers['Retry-After']}`,
          ),
        );
      retryFrom = undefined;
    }
    const answer = r.answer;
    const retryAfter = Number(answer?.headers['Retry-After']);
    if (answer && asksAgainLater(answer.status) && Number.isFinite(retryAfter) && answer.sentAt !== undefined)
      retryFrom = { until: answer.sentAt + retryAfter * 1000 - WAIT_TOLERANCE_MS, record: r };
    const answerJson = parse(answer?.text);
    // A message read by GET (the capability statement, a result_ref) is a message the client was
    // answered with: its id names that message (spec 2.2), as the id of an answer to a POST does.
    if (r.method === 'GET' && !r.path.startsWith(pollPath) && answer?.status === 200) {
      const read = asKeyed(answerJson);
      if (isRecord(read) && typeof read.profile === 'string') rememberAnswerId(r, read.message_id);
    }

    if (r.method === 'POST' && r.path === endpointPath) {
      // A request that came before the answer to an earlier one went out was sent while the client
      // waited: a second copy of the same intent under a fresh id, which the endpoint cannot tell
      // from a new one, or a request given up on. No tolerance is needed: a client that waits cannot
      // send before the answer is written.
      unanswered = unanswered.filter((q) => (q.answer?.sentAt ?? Infinity) > r.at);
      const waiting = unanswered[0];
      if (waiting)
        ev.fail(
          'client.waits_for_answer',
          tag(
            `request #${r.index + 1} came ${r.at - waiting.at} ms after request #${waiting.index + 1}, ${waiting.answer?.sentAt === undefined ? 'which was never answered' : `${waiting.answer.sentAt - r.at} ms before its answer went out`}`,
          ),
        );
      else if (postedBefore) ev.saw('client.waits_for_answer');
      postedBefore = true;
      unanswered.push(r);
      // The slow scenario held this answer its full time: there was a wait to keep.
      if (scenario.id === 'slow' && (r.answer?.sentAt ?? 0) - r.at >= SLOW_ANSWER_MS - WAIT_TOLERANCE_MS) {
        ev.met('client.waits_for_answer');
        // Nothing came while it was held (a request sent meanwhile fails the check when it comes).
        ev.saw('client.waits_for_answer');
      }
      // Whether it is parsed was settled as it arrived, on the run's parse budget (intake.ts).
      const over = r.unparsed;
      // The trees of the messages judged before this one are garbage by now (collector.ts).
      if (over === undefined) pacer.took(r.bytes);
      // A byte order mark fails the request by name; the message after it is judged all the same, so
      // the checks of the conversation read what the client meant to send (as the proxy does).
      const bom = !r.notUtf8 && r.body?.charCodeAt(0) === 0xfeff;
      if (bom) ev.fail('client.message_valid', tag(`POST body ${BEGINS_WITH_BOM}`));
      const text = bom ? r.body!.slice(1) : r.body;
      // Not UTF-8: no JSON text between systems (RFC 8259 section 8.1), whatever U+FFFD would make of it.
      const raw = over === undefined && !r.notUtf8 ? parse(text) : undefined;
      const keyless = Array.isArray(raw);
      const type = mediaType(r.headers['content-type']);
      if (!mediaTypes.has(type))
        ev.fail(
          'client.binding_form',
          tag(`sent as ${type || '(no Content-Type)'}; the endpoint declares ${[...mediaTypes].join(', ')}`),
        );
      else if (!shapes.has(keyless ? 'keyless' : 'keyed') && (keyless || isRecord(raw)))
        ev.fail(
          'client.binding_form',
          tag(
            `a ${keyless ? 'keyless array' : 'keyed object'}; the endpoint declares ${[...shapes].map((s) => `https-json-${s}`).join(', ')}`,
          ),
        );
      else ev.saw('client.binding_form');
      const message = keyless ? messageFromKeyless(raw as never).value : raw;
      if (!isRecord(message)) {
        const why =
          over !== undefined
            ? `POST body of ${over}`
            : r.notUtf8
              ? `POST body is not well-formed UTF-8, so no JSON text (RFC 8259 section 8.1); read as UTF-8 it shows U+FFFD at ${badBytesNear(r.body ?? '')}`
              : `POST body is not a UAI-1 message (${(text ?? `${r.bytes} bytes`).slice(0, 80)})`;
        ev.fail('client.message_valid', tag(why));
        // Sent after a refusal, it may be that refusal's message again: with no message to compare,
        // the check cannot hold (not judged is not a pass).
        if (refusedBefore) {
          ev.fail(
            'client.error_not_resent',
            tag(
              `request #${r.index + 1}, after the ${refusedBefore}, could not be compared with the refused message: ${why}`,
            ),
          );
          excused.add(r.index);
        }
        // The client was answered all the same: what it was told still moves the scenario on.
        takeAnswer(r, answer, answerJson, false);
        continue;
      }
      // With its text, as POST /v1/validate reads it: repeated member names exist only there.
      const result = validateMessage(keyless ? raw : message, {
        mode: keyless ? 'keyless-json' : 'keyed-json',
        ...validateOptions,
        ...(typeof text === 'string' ? { text } : {}),
      });
      for (const i of result.errors)
        ev.fail('client.message_valid', tag(`${shown(message.message_id)}: ${issueLine(i)}`));
      for (const i of result.warnings)
        ev.fail('client.message_warning_free', tag(`${shown(message.message_id)}: ${issueLine(i)}`));
      ev.saw('client.message_valid');
      ev.saw('client.message_warning_free');
      if (!requestProfiles.has(message.profile as string))
        ev.fail(
          'client.request_profile',
          tag(`profile ${shown(message.profile)}; the statement's operations take ${[...requestProfiles].join(', ')}`),
        );
      else ev.saw('client.request_profile');
      if (at(message, 'target', 'type') !== at(source, 'type') || at(message, 'target', 'id') !== at(source, 'id'))
        ev.fail(
          'client.addressed',
          tag(
            `addressed to ${quoted(message.target) ?? 'no target'}, not the statement's source ${String(at(source, 'type'))} ${String(at(source, 'id'))}`,
          ),
        );
      else ev.saw('client.addressed');
      if (requestProfiles.has(message.profile as string)) firstMode ??= at(message, 'delivery', 'mode');

      let canonical: string;
      try {
        canonical = canonicalJson(message);
      } catch {
        canonical = r.body ?? '';
      }
      const id = message.message_id;
      const earlier = typeof id === 'string' ? byId.get(id) : undefined;
      // An id the service gave one of its own answers names that message already (spec 2.2).
      const answerOf = typeof id === 'string' && !earlier ? answerIds.get(id) : undefined;
      const conversationId = at(message, 'conversation', 'conversation_id');
      let followUp = false;
      const resend = earlier !== undefined && earlier.canonical === canonical;
      const earlierStatus = earlier?.record.answer?.status ?? 0;
      // Written only when a refusal is to be remembered or looked up: a second canonical form of
      // every message would double the kit's work on a client posting wide ones.
      let intent: string | undefined | null = null;
      const intentNow = () => (intent === null ? (intent = intentOf(message)) : intent);
      // Not only under fresh ids: the refused id again on a changed envelope asks the same (an
      // unchanged resend is judged below, as one).
      const askedAgain = !resend && refusedIntents.size > 0 ? refusedIntents.get(intentNow() ?? '') : undefined;
      if (askedAgain) {
        ev.fail(
          'client.error_not_resent',
          tag(
            `${shown(id)} asks again what request #${askedAgain.request} asked (the same profile and body ${earlier ? 'under the same message_id, its envelope changed' : 'under fresh ids'}), after its ${askedAgain.why} said retryable false`,
          ),
        );
        excused.add(r.index);
      }
      if (resend && asksAgainLater(earlierStatus)) ev.saw('client.fresh_ids');
      else if (resend && earlierStatus >= 400 && earlierStatus < 500) {
        ev.fail(
          'client.error_not_resent',
          tag(
            `${shown(id)} sent again unchanged after its ${earlierStatus} ${String(at(asKeyed(earlier.answer), 'body', 'code') ?? '')}`,
          ),
        );
        excused.add(r.index);
      } else if (earlier)
        ev.fail(
          'client.fresh_ids',
          tag(
            `message_id ${shown(id)} was already used by request #${earlier.record.index + 1}${earlier.scenario === run.scenario ? '' : ` of the ${earlier.scenario} run`}`,
          ),
        );
      else if (answerOf)
        ev.fail(
          'client.fresh_ids',
          tag(
            `message_id ${shown(id)} is the id of the answer to request #${answerOf.request}${answerOf.scenario === run.scenario ? '' : ` of the ${answerOf.scenario} run`}`,
          ),
        );
      // A first message has nothing before it to reuse: freshness is shown against what came before.
      else if (byId.size > 0 || answerIds.size > 0) ev.saw('client.fresh_ids');
      // Spec 2.2: the sequence "starts at 1 for a request"; whatever came before is no part of this
      // conversation. A message of another profile is client.request_profile's to judge.
      if (!resend && !opened.has(conversationId) && requestProfiles.has(message.profile as string)) {
        const sequence = at(message, 'conversation', 'sequence');
        if (sequence !== 1)
          ev.fail(
            'client.opens_at_one',
            tag(`${shown(id)} opens conversation ${shown(conversationId)} at sequence ${shown(sequence)}, not 1`),
          );
        else ev.saw('client.opens_at_one');
        // Spec 2.2: a parent is "present on replies". At sequence 1 nothing of the conversation came
        // before, so a parent names a message the server cannot place; at another sequence
        // client.opens_at_one has already said what is wrong.
        const parent = at(message, 'conversation', 'parent_message_id');
        if (sequence === 1 && parent !== undefined)
          ev.fail(
            'client.opens_unparented',
            tag(
              `${shown(id)} opens conversation ${shown(conversationId)} at sequence 1 with parent_message_id ${shown(parent)}`,
            ),
          );
        else if (sequence === 1) ev.saw('client.opens_unparented');
      }
      opened.add(conversationId);
      // A refused request asked again is error_not_resent's, not a follow-up of the refusal.
      if (!resend && !askedAgain) {
        // A follow-up: a new message in a conversation the client was already answered in, by an
        // answer sent before this request came (records are judged in the order they came, and an
        // earlier request of the same conversation may be answered after a later one arrives).
        const last = typeof conversationId === 'string' ? lastAnswer.get(conversationId) : undefined;
        if (last && last.sentAt <= r.at) {
          followUp = true;
          const parent = at(message, 'conversation', 'parent_message_id');
          const sequence = at(message, 'conversation', 'sequence');
          const expected = typeof last.sequence === 'number' ? last.sequence + 1 : undefined;
          if (parent !== last.id || sequence !== expected)
            ev.fail(
              'client.follow_up',
              tag(
                `follow-up ${shown(id)}: parent_message_id ${quoted(parent) ?? 'none'}, sequence ${quoted(sequence) ?? 'none'}; expected ${JSON.stringify(last.id)} and ${String(expected)}`,
              ),
            );
          else ev.saw('client.follow_up');
          ev.met('client.follow_up');
          ev.met('client.new_turn');
          const turn = at(message, 'conversation', 'turn_id');
          if (turns.get(conversationId)?.has(turn))
            ev.fail(
              'client.new_turn',
              tag(`follow-up ${shown(id)} takes turn_id ${shown(turn)}, a turn already taken`),
            );
          else ev.saw('client.new_turn');
        }
      }
      turnSeen(conversationId, at(message, 'conversation', 'turn_id'));
      if (typeof id === 'string') byId.set(id, { record: r, canonical, answer: answerJson, scenario: run.scenario });
      takeAnswer(r, answer, answerJson, followUp);
      if (followUp && !(answer && answer.status >= 400)) followUpSent = true;
      // A refusal of what the message asks, not of its form: the message was valid.
      const refusal = asKeyed(answerJson);
      if (
        result.errors.length === 0 &&
        answer !== undefined &&
        answer.status >= 400 &&
        answer.status < 500 &&
        answer.status !== 429 &&
        at(refusal, 'profile') === 'uai.error.v1' &&
        at(refusal, 'body', 'retryable') === false &&
        intentNow() !== undefined
      )
        refusedIntents.set(intentNow()!, {
          request: r.index + 1,
          why: `${answer.status} ${String(at(refusal, 'body', 'code') ?? '')}`.trim(),
        });
    } else if (r.method === 'GET' && r.path.startsWith(pollPath)) {
      let ref: string | undefined;
      try {
        ref = decodeURIComponent(r.path.slice(pollPath.length));
      } catch {
        ref = undefined;
      }
      ev.met('client.poll_task_ref');
      if (ref === undefined || !refs.has(ref))
        ev.fail(
          'client.poll_task_ref',
          tag(`GET ${r.path}: no acceptance gave that task reference (given: ${[...refs].join(', ') || 'none'})`),
        );
      else ev.saw('client.poll_task_ref');
      if (ref !== undefined) {
        if (terminal.has(ref)) {
          ev.fail('client.poll_stops', tag(`GET ${r.path} after a poll answered a terminal state`));
          excused.add(r.index);
        }
        // Stopping is shown only once a poll answered a terminal state (below); polling on before it is right.
        else
          ev.expect(
            'client.poll_stops',
            tag('not exercised: no poll answered a terminal state, so stopping was not shown'),
          );
        const previous = lastPoll.get(ref);
        if (previous !== undefined) {
          ev.met('client.poll_interval');
          if (r.at - previous < MIN_POLL_INTERVAL_MS - WAIT_TOLERANCE_MS)
            ev.fail(
              'client.poll_interval',
              tag(`two polls of one task ${r.at - previous} ms apart (at least ${MIN_POLL_INTERVAL_MS} ms)`),
            );
          else ev.saw('client.poll_interval');
        }
        // The kit answers a task's first poll working (server.ts), so a client that follows it polls twice.
        else if (!terminal.has(ref))
          ev.expect('client.poll_interval', tag('not exercised: the task was polled once, so no interval was shown'));
        lastPoll.set(ref, r.at);
        const state = at(answerJson, 'body', 'state');
        if (answer?.status === 200 && typeof state === 'string' && TERMINAL.has(state)) {
          terminal.add(ref);
          ev.met('client.poll_stops');
          ev.saw('client.poll_stops');
          if (!scenario.endsInError) final ??= r;
          if (followUpRefs.has(ref)) followUpFinal ??= r;
        }
        if (isRecord(answerJson)) rememberAnswerId(r, answerJson.message_id);
        if (isRecord(answerJson) && typeof at(answerJson, 'conversation', 'conversation_id') === 'string') {
          const conversation = at(answerJson, 'conversation', 'conversation_id') as string;
          turnSeen(conversation, at(answerJson, 'conversation', 'turn_id'));
          lastAnswer.set(conversation, {
            id: answerJson.message_id,
            sequence: at(answerJson, 'conversation', 'sequence'),
            sentAt: answer?.sentAt ?? Infinity,
          });
        }
      }
    } else if (!READS.has(r.method)) {
      // A message goes to the endpoint the statement declares, by POST; a client reads the rest
      // (the statement, task statuses, a result_ref). Sent anywhere else, or by another method, it
      // is no binding's form, whatever the body holds: the endpoint never judges it as a message.
      ev.fail(
        'client.binding_form',
        tag(`${r.method} ${r.path}: the statement's endpoint takes messages by POST at ${endpointPath}, nothing else`),
      );
      excused.add(r.index);
    }
  }
  // The async scenario shows polling only to a client that asked async there: one that asked sync was
  // answered in full at once (as the standard requires), so polling went unobserved, not wrong.
  const polled = own.some((r) => r.method === 'GET' && r.path.startsWith(pollPath));
  if (scenario.id === 'async' && manifest.declares.async && !polled) {
    const why =
      firstMode === 'sync'
        ? 'the client asked for delivery.mode sync and was answered at once, so it had no task to poll (a client that declares async and asks sync by default reads UAI_SCENARIO=async to know when to ask async)'
        : 'the client never polled the accepted task';
    for (const id of ['client.poll_task_ref', 'client.poll_stops', 'client.poll_interval'] as const)
      ev.expect(id, tag(`not exercised: ${why}`));
  }
  // A scenario ends with the follow-up's result when there is one, otherwise with the first: the
  // follow-up scenario asks for one, and a client may always follow up once (docs/test-kit.md). A
  // follow-up the client sent and the server took has a result to receive: until it came (polled to
  // its end, or read at all), the scenario did not end.
  const followUpUnfinished = !followUpFinal && followUpSent && !scenario.endsInError;
  if (followUpFinal) final = followUpFinal;
  else if (followUpUnfinished) final = undefined;

  // Nothing after the final answer (polls of a finished task and resent refusals have their own
  // checks), but a read of what its result_ref names (CONTRACT section 2): that is using the answer.
  if (final) {
    ev.saw('client.quiet_after_final');
    const sent = final.answer?.sentAt ?? Infinity;
    const resultPath = pathOf(at(asKeyed(parse(final.answer?.text)), 'body', 'result_ref'));
    for (const r of own) {
      const readsResult = (r.method === 'GET' || r.method === 'HEAD') && r.path === resultPath;
      if (!readsResult && r.index > final.index && r.at >= sent && !excused.has(r.index))
        ev.fail('client.quiet_after_final', tag(`${r.method} ${r.path} ${r.at - sent} ms after the final answer`));
    }
  }

  // A client that does not declare keyless and sends nothing to an endpoint that speaks only the
  // keyless binding has declined the scenario, as it should: its completion is not held against it.
  const posted = own.some((r) => r.method === 'POST' && r.path === endpointPath);
  const shows = scenario.shows;
  if (scenario.declinable && shows && !manifest.declares[shows] && !posted && !run.timedOut) {
    ev.declaredAway('client.completes', tag(`${undeclared(shows)}, and sent nothing there`));
    return;
  }

  // Completion: the final answer reached, the client ended on its own, and with status 0 unless the scenario ends in an error.
  const problems: string[] = [];
  if (run.spawnError) problems.push(`the command could not be started: ${run.spawnError}`);
  if (!final)
    problems.push(
      scenario.endsInError
        ? 'never received the typed error'
        : followUpUnfinished
          ? "sent a follow-up and never received its result (the scenario's final answer)"
          : "never received the scenario's final answer",
    );
  if (run.timedOut) problems.push(`still running at the time cap (${run.durationMs} ms); its process group was killed`);
  else if (!scenario.endsInError && run.exitCode !== 0) problems.push(`exited with status ${String(run.exitCode)}`);
  if (problems.length) ev.fail('client.completes', tag(`${problems.join('; ')} (${own.length} requests)`));
  else ev.saw('client.completes');
  if (problems.length) for (const line of outputTail(run)) ev.fail('client.completes', line);

  // The kit's budgets: what passed them was counted and refused, not kept (intake.ts).
  const overBudget = intakeFindings(run.intake);
  for (const text of overBudget) ev.fail('client.within_budget', tag(text));
  if (!overBudget.length) ev.saw('client.within_budget');
}

/** What a message asks, whatever its ids: its profile and body, canonical; undefined when they cannot be written so. */
function intentOf(message: Record<string, unknown>): string | undefined {
  try {
    return canonicalJson({ profile: message.profile ?? null, body: message.body ?? null });
  } catch {
    return undefined;
  }
}

/** An answer in keyed form, whichever form it came in. */
const asKeyed = (json: unknown): unknown => (Array.isArray(json) ? messageFromKeyless(json).value : json);

/** The path (and query) of a URL, as requests are recorded. */
function pathOf(url: unknown): string | undefined {
  if (typeof url !== 'string' || !URL.canParse(url)) return undefined;
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}

/** Where a body read as UTF-8 first shows U+FFFD, with some text before it, as evidence. */
function badBytesNear(text: string): string {
  const at = text.indexOf('\uFFFD');
  return at < 0 ? '(the bytes it could not show)' : JSON.stringify(text.slice(Math.max(0, at - 40), at + 1));
}

export function judgeClient(runs: readonly ClientRun[], manifest: ClientManifest = NOTHING_DECLARED): KitVerdict[] {
  const ev: Evidence = new Tally<ClientCheckId>();
  // A check of an optional behaviour the client does not declare does not apply (skipped, naming the
  // declaration) unless the client shows the behaviour anyway: what it does is always judged.
  for (const d of CLIENT_DECLARATIONS)
    if (!manifest.declares[d.member]) for (const id of d.checks) ev.declaredAway(id, undeclared(d.member));
  const pacer = new ShrinkingPacer();
  // A message_id names one message: reused in another scenario's run, it names two.
  const byId = new Map<string, Sent>();
  const answerIds = new Map<string, AnswerOf>();
  for (const run of runs) judgeRun(run, ev, manifest, pacer, byId, answerIds);
  const ran = runs.map((r) => r.scenario).join(', ');
  // A check that applied to a scenario run but whose behaviour never happened is not exercised (it
  // fails the run); one that none of the scenarios run calls for is skipped.
  return verdictsFor(CLIENT_CHECKS, (c) =>
    ev.outcome(c.id as ClientCheckId, skip(`no request of the scenarios run (${ran || 'none'}) calls for it`)),
  );
}

export type { ClientScenarioId };
