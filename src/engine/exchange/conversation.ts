/**
 * The rules of a whole conversation (src/standard/conversation-rules.ts), judged step by step over
 * the exchanges of a recording, in order: identifiers never reused, follow-ups linked to the last
 * answer, tasks polled only as given and until final, Retry-After waited out. One judge serves the
 * live proxy (each exchange as it completes) and the offline replay of its recording, so both see
 * the same findings. It also keeps each task's history, which the per-exchange rules need to judge
 * a poll (the request that started the task, the status it follows).
 *
 * Memory is bounded: at most MAX_REMEMBERED ids, conversations and tasks are kept (the oldest are
 * forgotten first), so a recording of any length is judged in constant space.
 */
import { CONVERSATION, type ConversationRuleId } from '../../standard/conversation-rules.ts';
import { TASK_TRANSITIONS } from '../../standard/value-sets.ts';
import { sha256Hex } from '../canonical.ts';
import { shown } from '../json.ts';
import { responseKind, valueAt } from './kind.ts';
import { reusedIdMessage, reusedIdOf, type EarlierMessage } from './own-ids.ts';

export const MAX_REMEMBERED = 20_000;
/** How much earlier than Retry-After says a request may come and still count as waiting (clock granularity). */
export const RETRY_TOLERANCE_MS = 50;
/** How many of a conversation's latest requests are kept to see whether a new one overlaps them. */
const IN_FLIGHT_KEPT = 16;

/** One exchange as the conversation rules read it. */
export interface ConversationStep {
  readonly index: number;
  /** When the request arrived, and when its answer was sent (milliseconds since the epoch). */
  readonly at: number;
  readonly answeredAt?: number;
  /** A message posted to the endpoint, a poll of a task, or anything else (a capability read). */
  readonly kind: 'message' | 'poll' | 'other';
  /** The request message in keyed form, and a canonical text of it (a resend is the same text). */
  readonly request?: unknown;
  readonly requestText?: string;
  /** For a poll: the task reference asked for. */
  readonly pollRef?: string;
  readonly status?: number;
  readonly retryAfter?: string;
  /** The answer message in keyed form, when it is one. */
  readonly answer?: unknown;
}

export interface ConversationFinding {
  readonly rule: ConversationRuleId;
  readonly index: number;
  /** RFC 6901 pointer into the message the finding is about ('' for the exchange as a whole). */
  readonly path: string;
  readonly message: string;
}

/**
 * Whether a task status is about the task: it names no other one, in body.task_id or in
 * delivery.task_ref, and names this one in one of them (a status without body.task_id fails its
 * schema, which message.valid reports; it is still this task's).
 */
function namesTask(status: unknown, ref: string): boolean {
  const named = [valueAt(status, '/body/task_id'), valueAt(status, '/delivery/task_ref')].filter(
    (v) => v !== undefined,
  );
  return named.length > 0 && named.every((v) => v === ref);
}

/** A task as the conversation shows it: the request that started it and the last thing said about it. */
export interface TaskHistory {
  readonly request: unknown;
  /** The accepted answer, then each task status polled. */
  readonly last: unknown;
  readonly final: boolean;
  readonly polled: boolean;
}

/** A Map that forgets its oldest entries past a size. */
class Bounded<K, V> extends Map<K, V> {
  override set(key: K, value: V): this {
    this.delete(key);
    super.set(key, value);
    if (this.size > MAX_REMEMBERED) this.delete(this.keys().next().value as K);
    return this;
  }
}

/** A final state is one the published transitions lead nowhere from (CONTRACT section 2). */
const isFinal = (state: unknown) =>
  typeof state === 'string' &&
  Object.hasOwn(TASK_TRANSITIONS, state) &&
  TASK_TRANSITIONS[state as keyof typeof TASK_TRANSITIONS].length === 0;
/** What the identity rules need of a message: its id, and whether it is a task status in some state. */
const idFacts = (m: unknown) => ({
  message_id: valueAt(m, '/message_id'),
  profile: valueAt(m, '/profile'),
  body: { task_id: valueAt(m, '/body/task_id'), state: valueAt(m, '/body/state') },
});
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IMF_FIXDATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) ([A-Z][a-z]{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const RFC850_DATE =
  /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\d{2})-([A-Z][a-z]{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const ASCTIME_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) ([A-Z][a-z]{2}) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/;

/**
 * An HTTP-date as milliseconds since the epoch, in any of the three formats a recipient must
 * accept (RFC 9110 section 5.6.7): IMF-fixdate, and the obsolete RFC 850 and asctime forms, all
 * in GMT. A two-digit RFC 850 year more than 50 years ahead of `now` is the last past year with
 * those digits (the same section).
 */
export function httpDateMs(text: string, now: number): number | undefined {
  let parts: [day: string, month: string, year: number, h: string, m: string, s: string] | undefined;
  let match = IMF_FIXDATE.exec(text);
  if (match) parts = [match[1]!, match[2]!, Number(match[3]), match[4]!, match[5]!, match[6]!];
  else if ((match = RFC850_DATE.exec(text))) {
    const thisYear = new Date(now).getUTCFullYear();
    let year = thisYear - (thisYear % 100) + Number(match[3]);
    if (year > thisYear + 50) year -= 100;
    parts = [match[1]!, match[2]!, year, match[4]!, match[5]!, match[6]!];
  } else if ((match = ASCTIME_DATE.exec(text)))
    parts = [match[2]!.trim(), match[1]!, Number(match[6]), match[3]!, match[4]!, match[5]!];
  if (!parts) return undefined;
  const [day, month, year, h, m, s] = parts;
  const monthIndex = MONTHS.indexOf(month);
  if (monthIndex < 0) return undefined;
  const ms = Date.UTC(year, monthIndex, Number(day), Number(h), Number(m), Number(s));
  // A day past its month's end (31 Feb) would roll over: not a date.
  return new Date(ms).getUTCDate() === Number(day) ? ms : undefined;
}

/**
 * A 429 or 503 asks for the same request again later (Retry-After, RFC 9110 sections 15.6.4 and
 * 10.2.3, RFC 6585 section 4): it answers nothing of what was asked, and takes no turn.
 */
export const asksAgainLater = (status: number | undefined): status is 429 | 503 => status === 429 || status === 503;

/** Retry-After as milliseconds from the answer: delay-seconds or an HTTP-date (RFC 9110 section 10.2.3). */
export const retryDelayMs = (value: string | undefined, answeredAt: number): number | undefined => {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = httpDateMs(text, answeredAt);
  return date === undefined ? undefined : Math.max(0, date - answeredAt);
};

export class ConversationJudge {
  readonly #ids = new Bounded<unknown, EarlierMessage & { text?: string; status?: number }>();
  /** Per conversation: its last answer, and when it was sent (a request that came before it cannot follow it). */
  readonly #lastAnswer = new Bounded<string, { id: unknown; sequence: unknown; answeredAt: number }>();
  /** Per conversation: when its latest requests came and were answered (exchanges are judged as they end). */
  readonly #requests = new Bounded<string, { index: number; at: number; answeredAt?: number }[]>();
  readonly #tasks = new Bounded<string, TaskHistory>();
  /** Per request text (its digest): the id of the answer it last got, which the same request sent again may get again. */
  readonly #answerTo = new Bounded<string, unknown>();
  /** The wait a 429 or 503 asked for, before the next exchange of its kind (a message, a poll, a read). */
  #retryUntil: { at: number; index: number; status: number; value: string; kind: ConversationStep['kind'] } | undefined;

  /** The history of a task reference, as the per-exchange rules read it before judging a poll. */
  task(ref: string): TaskHistory | undefined {
    return this.#tasks.get(ref);
  }

  /**
   * Judges one exchange against what came before it, then remembers it: the findings, and every
   * rule the exchange exercised (a rule exercised without a finding held).
   */
  step(s: ConversationStep): { findings: ConversationFinding[]; exercised: Set<ConversationRuleId> } {
    const out: ConversationFinding[] = [];
    const exercised = new Set<ConversationRuleId>();
    const found = (rule: ConversationRuleId, path: string, message: string) => {
      exercised.add(rule);
      out.push({ rule, index: s.index, path, message });
    };
    if (this.#retryUntil?.kind === s.kind) exercised.add(CONVERSATION.retryAfter);
    // The rules that compare with what came before are shown only once something did.
    const seenBefore = this.#ids.size > 0;
    if (s.request !== undefined && seenBefore) exercised.add(CONVERSATION.freshIds);
    if (s.request !== undefined && this.#lastAnswerBefore(s) !== undefined) exercised.add(CONVERSATION.followUp);
    else if (s.kind === 'message' && valueAt(s.request, '/conversation/sequence') === 1)
      exercised.add(CONVERSATION.opensUnparented);
    const conversation = valueAt(s.request, '/conversation/conversation_id');
    if (s.kind === 'message' && typeof conversation === 'string' && this.#requests.has(conversation))
      exercised.add(CONVERSATION.waitsForAnswer);
    if (s.answer !== undefined && seenBefore) exercised.add(CONVERSATION.answerIds);
    if (s.pollRef !== undefined) exercised.add(CONVERSATION.taskKnown);
    this.#retry(s, found);
    if (s.kind === 'message' && s.request !== undefined) this.#request(s, found);
    if (s.kind === 'poll' && s.pollRef !== undefined) this.#poll(s.pollRef, found);
    if (s.answer !== undefined) this.#answer(s, found);
    // Stopping is shown only once a poll answered a final state: before that, polling on is right.
    if (s.kind === 'poll' && s.pollRef !== undefined && this.#tasks.get(s.pollRef)?.final)
      exercised.add(CONVERSATION.pollStops);
    return { findings: out, exercised };
  }

  /** How many tasks were polled in the conversation (conversation.task_followed applies to them). */
  get polledTasks(): number {
    return [...this.#tasks.values()].filter((t) => t.polled).length;
  }

  /** What only the end of the conversation shows: tasks polled, then left before a final state. */
  finish(lastIndex: number): ConversationFinding[] {
    return [...this.#tasks]
      .filter(([, t]) => t.polled && !t.final)
      .map(([ref, t]) => ({
        rule: CONVERSATION.taskFollowed,
        index: lastIndex,
        path: '',
        message: `task ${shown(ref)} was last seen ${shown(valueAt(t.last, '/body/state') ?? 'accepted')}: the client stopped polling it before a final state.`,
      }));
  }

  /**
   * The last answer of the request's conversation, if it was sent before the request came: one sent
   * later (to a request that overlapped this one) is no answer this request could follow.
   */
  #lastAnswerBefore(s: ConversationStep): { id: unknown; sequence: unknown } | undefined {
    const conversation = valueAt(s.request, '/conversation/conversation_id');
    const last = typeof conversation === 'string' ? this.#lastAnswer.get(conversation) : undefined;
    return last && last.answeredAt <= s.at ? last : undefined;
  }

  /**
   * A request of a conversation sent while an earlier one of it was unanswered: a copy of the same
   * intent under a fresh id (a hedge), which the server cannot tell from a new one, or a second
   * request that can follow no answer. Exchanges are judged as they end, so the overlap is looked
   * for both ways: this request came while a remembered one waited, or a remembered one came while
   * this one waited. A request that ended with no answer (its connection failed) holds no wait.
   */
  #overlap(s: ConversationStep, found: (rule: ConversationRuleId, path: string, message: string) => void): void {
    const conversation = valueAt(s.request, '/conversation/conversation_id');
    if (typeof conversation !== 'string') return;
    const kept = this.#requests.get(conversation) ?? [];
    for (const r of kept) {
      const [earlier, later] = r.at <= s.at ? [r, s] : [s, r];
      if (earlier.answeredAt !== undefined && later.at < earlier.answeredAt) {
        found(
          CONVERSATION.waitsForAnswer,
          '/conversation/conversation_id',
          `exchange #${later.index} came ${later.at - earlier.at} ms after exchange #${earlier.index} of conversation ${shown(conversation)}, ${earlier.answeredAt - later.at} ms before its answer: a request waits for the answer to the one before it.`,
        );
        break;
      }
    }
    this.#requests.set(conversation, [
      ...kept.slice(-(IN_FLIGHT_KEPT - 1)),
      { index: s.index, at: s.at, ...(s.answeredAt !== undefined ? { answeredAt: s.answeredAt } : {}) },
    ]);
  }

  #retry(s: ConversationStep, found: (rule: ConversationRuleId, path: string, message: string) => void): void {
    // Retry-After is about the follow-up request (RFC 9110 section 10.2.3), which the rate limit
    // counts per route (CONTRACT section 8): another kind of exchange meanwhile is no retry.
    const wait = this.#retryUntil;
    if (wait?.kind === s.kind) {
      this.#retryUntil = undefined;
      if (s.at < wait.at - RETRY_TOLERANCE_MS)
        found(
          CONVERSATION.retryAfter,
          '',
          `sent ${wait.at - s.at} ms before the Retry-After: ${wait.value} of the ${wait.status} to exchange #${wait.index} had passed.`,
        );
    }
    const delay = retryDelayMs(s.retryAfter, s.answeredAt ?? s.at);
    if (asksAgainLater(s.status) && delay !== undefined)
      this.#retryUntil = {
        at: (s.answeredAt ?? s.at) + delay,
        index: s.index,
        status: s.status,
        value: s.retryAfter!,
        kind: s.kind,
      };
  }

  #request(s: ConversationStep, found: (rule: ConversationRuleId, path: string, message: string) => void): void {
    const id = valueAt(s.request, '/message_id');
    const earlier = this.#ids.get(id);
    // The same message sent again: after a 429 or 503 a retry, otherwise a resend fresh_ids names.
    const resend = earlier?.text !== undefined && earlier.text === s.requestText;
    const retry = resend && [429, 503].includes(earlier.status!);
    if (earlier && !retry)
      found(
        CONVERSATION.freshIds,
        '/message_id',
        `message_id ${shown(id)} is already the id of ${earlier.label}; a request is resent unchanged only after a 429 or 503.`,
      );
    this.#overlap(s, found);
    const conversation = valueAt(s.request, '/conversation/conversation_id');
    // A message sent again was judged as a follow-up (or an opening) when first sent: once is enough.
    const last = resend ? undefined : this.#lastAnswerBefore(s);
    // Sequence 1 opens a conversation wherever the recording began: nothing came before it to reply to.
    if (!resend && !last && valueAt(s.request, '/conversation/sequence') === 1) {
      const parent = valueAt(s.request, '/conversation/parent_message_id');
      if (parent !== undefined)
        found(
          CONVERSATION.opensUnparented,
          '/conversation/parent_message_id',
          `a request at sequence 1 opens conversation ${shown(conversation)}, yet names parent ${shown(parent)}; a parent is present on replies only (spec 2.2).`,
        );
    }
    if (last) {
      const parent = valueAt(s.request, '/conversation/parent_message_id');
      const sequence = valueAt(s.request, '/conversation/sequence');
      const next = typeof last.sequence === 'number' ? last.sequence + 1 : undefined;
      if (parent !== last.id)
        found(
          CONVERSATION.followUp,
          '/conversation/parent_message_id',
          `a follow-up in conversation ${shown(conversation)} names ${shown(parent) ?? 'no parent'}; its parent is the last answer, ${shown(last.id)}.`,
        );
      if (next !== undefined && sequence !== next)
        found(
          CONVERSATION.followUp,
          '/conversation/sequence',
          `a follow-up in conversation ${shown(conversation)} carries sequence ${shown(sequence) ?? 'none'}; the last answer's was ${shown(last.sequence) ?? 'none'}, so it is ${next}.`,
        );
    }
    if (id !== undefined && !earlier)
      this.#ids.set(id, {
        label: `the request of exchange #${s.index}`,
        message: idFacts(s.request),
        ...(s.requestText !== undefined ? { text: s.requestText } : {}),
        ...(s.status !== undefined ? { status: s.status } : {}),
      });
  }

  #poll(ref: string, found: (rule: ConversationRuleId, path: string, message: string) => void): void {
    const task = this.#tasks.get(ref);
    if (!task) found(CONVERSATION.taskKnown, '', `a poll of task ${shown(ref)}, which no acceptance gave.`);
    else if (task.final)
      found(
        CONVERSATION.pollStops,
        '',
        `a poll of task ${shown(ref)} after a poll answered its final state ${shown(valueAt(task.last, '/body/state'))}.`,
      );
  }

  #answer(s: ConversationStep, found: (rule: ConversationRuleId, path: string, message: string) => void): void {
    const answer = s.answer;
    const id = valueAt(answer, '/message_id');
    const reused = reusedIdOf(answer, [...this.#sameId(id)]);
    // The same request again may be answered by the same message again (CONTRACT section 6: identical
    // requests give identical response ids): a replay, not an id given to a second message.
    const requestKey = s.requestText === undefined ? undefined : sha256Hex(s.requestText);
    const replay = requestKey !== undefined && id !== undefined && this.#answerTo.get(requestKey) === id;
    // The answer's own request is the pair rule's (message.own_ids): only earlier exchanges are judged here.
    if (reused && !replay && !reused.label.endsWith(`#${s.index}`))
      found(CONVERSATION.answerIds, '/message_id', reusedIdMessage(id, reused));
    if (requestKey !== undefined) this.#answerTo.set(requestKey, id);
    if (id !== undefined && !this.#ids.has(id))
      this.#ids.set(id, { label: `the answer of exchange #${s.index}`, message: idFacts(answer) });
    const conversation = valueAt(answer, '/conversation/conversation_id');
    // A 429 or 503 asks for the request again (the same message or a fresh one): it took no turn of
    // the conversation, so the retry is not a follow-up of the refusal.
    if (typeof conversation === 'string' && !asksAgainLater(s.status))
      this.#lastAnswer.set(conversation, {
        id,
        sequence: valueAt(answer, '/conversation/sequence'),
        answeredAt: s.answeredAt ?? s.at,
      });
    const ref = valueAt(answer, '/delivery/task_ref');
    // A task exists once accepted, whatever status the acceptance came with (exchange.http_status judges that).
    if (s.kind === 'message' && responseKind(answer) === 'accepted' && typeof ref === 'string' && ref !== '')
      this.#tasks.set(ref, { request: s.request, last: answer, final: false, polled: false });
    if (s.kind === 'poll' && s.pollRef !== undefined && s.status === 200) {
      const task = this.#tasks.get(s.pollRef);
      // Only a status of this task says where it is now: one naming another (exchange.task_matches
      // fails it) would make the next, right status of this task look like the wrong one, and its
      // state end a task that has not ended.
      if (task && valueAt(answer, '/profile') === 'uai.task.status.v1' && namesTask(answer, s.pollRef))
        this.#tasks.set(s.pollRef, {
          request: task.request,
          last: answer,
          final: isFinal(valueAt(answer, '/body/state')),
          polled: true,
        });
    }
  }

  *#sameId(id: unknown): Iterable<EarlierMessage> {
    const earlier = this.#ids.get(id);
    if (earlier) yield earlier;
  }
}
