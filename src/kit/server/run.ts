/**
 * Running the kit against one endpoint: read the capability statement, then send what it
 * declares (async and sync requests, one for an unregistered subject, one more keyless if keyless
 * is declared beside keyed, polling if declared) and the hostile requests, one at a time. The
 * requests are keyed, or keyless where the statement declares only keyless (requests.ts,
 * requestForm). Sending is all this module does; judging is checks.ts.
 */
import { asksAgainLater, isRecord, messageFromKeyless, parseJson, retryDelayMs, sameUrl } from '../../engine/index.ts';
import { isProfileId } from '../../standard/profiles.ts';
import { kitHttp, KitHttpError, type Answer, type KitHttp, type Limits } from './http.ts';
import type { CapabilityObservation, Observation, Observations, Scenario, SeenFault } from './observe.ts';
import {
  hostileRequests,
  intentRequest,
  messageText,
  READ_AS_MESSAGE,
  requestForm,
  statementParty,
  UNREGISTERED_SUBJECT,
  type FollowUp,
  type Json,
  type RequestForm,
  type RequestPlan,
} from './requests.ts';

/** The longest Retry-After the kit waits out before polling a task again (a longer one is judged as it came). */
export const POLL_RETRY_MAX_MS = 5_000;

export interface RunOptions {
  readonly endpoint: string;
  /** Where the capability statement is; by default GET of the endpoint itself. */
  readonly capabilityUrl?: string;
  readonly limits: Limits;
  readonly now: Date;
  /** 32 hex digits; fresh per run unless a test pins it. */
  readonly runId: string;
  /** Hostile check ids to send; all when absent. */
  readonly hostile?: ReadonlySet<string>;
}

const at = (v: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((x, k) => (isRecord(x) && Object.hasOwn(x, k) ? x[k] : undefined), v);

/** Whom to address and what to ask, from the capability statement (or stand-ins without one). */
function planFrom(capability: unknown, endpoint: string, options: RunOptions): RequestPlan {
  const target = statementParty(capability) ?? { type: 'service', id: endpoint };
  const declared = at(capability, 'body', 'supported_profiles');
  const subjects = Array.isArray(declared) ? declared.filter(isProfileId) : [];
  return {
    runId: options.runId,
    now: options.now,
    target,
    subject: subjects.find((p) => p === 'uai.task.status.v1') ?? subjects[0] ?? 'uai.task.status.v1',
  };
}

/** The bindings declared for the endpoint under test, and where its tasks are polled. */
function bindingsOf(capability: unknown, endpoint: string): { bindings: string[]; pollBase?: string } {
  const endpoints = at(capability, 'body', 'endpoints');
  const bindings: string[] = [];
  let pollBase: string | undefined;
  for (const e of Array.isArray(endpoints) ? endpoints : []) {
    const binding = at(e, 'binding');
    const url = at(e, 'url');
    if (typeof binding !== 'string' || typeof url !== 'string') continue;
    if (binding === 'https-async-callback') pollBase = url;
    else if (sameUrl(url, endpoint)) bindings.push(binding);
  }
  if (pollBase !== undefined) bindings.push('https-async-callback');
  return { bindings, ...(pollBase !== undefined ? { pollBase } : {}) };
}

/** Where a follow-up to an answer goes: its conversation, the answer as parent, the next sequence; none without them. */
function followUpOf(answer: unknown, request: Json): FollowUp | undefined {
  const parentId = at(answer, 'message_id');
  const sequence = at(answer, 'conversation', 'sequence');
  const conversationId = at(request, 'conversation', 'conversation_id');
  // The follow-up is sealed with the answer's id as its parent: a lone surrogate has no canonical form.
  if (typeof parentId !== 'string' || !parentId.isWellFormed() || typeof conversationId !== 'string') return undefined;
  if (!Number.isSafeInteger(sequence) || (sequence as number) < 1 || !Number.isSafeInteger((sequence as number) + 1))
    return undefined;
  return { conversationId, parentId, sequence: (sequence as number) + 1 };
}

/** The message a hostile body holds, keyed (what a server reads from it): the kit made the text, so it parses. */
const sentMessage = (text: string): Json => {
  const parsed: unknown = parseJson(text);
  return (Array.isArray(parsed) ? messageFromKeyless(parsed).value : parsed) as Json;
};

export function defaultHttp(options: RunOptions): KitHttp {
  const origins = new Set([new URL(options.endpoint).origin]);
  if (options.capabilityUrl) origins.add(new URL(options.capabilityUrl).origin);
  return kitHttp([...origins], options.limits);
}

export async function runKit(options: RunOptions, http: KitHttp = defaultHttp(options)): Promise<Observations> {
  const { endpoint } = options;
  const exchanges: Observation[] = [];
  const capability: { -readonly [K in keyof CapabilityObservation]: CapabilityObservation[K] } = {
    url: options.capabilityUrl ?? endpoint,
  };
  let declaredBindings: string[] = [];
  const notes: string[] = [];
  const faults: SeenFault[] = [];
  let current: Scenario | 'capability' = 'capability';
  let requestsSent = 0;
  /** Every request goes through here, so each transport fault is kept with the request it happened on. */
  const send = async (
    scenario: Scenario | 'capability',
    method: 'GET' | 'POST',
    url: string,
    body?: { text: string; mediaType: string },
  ): Promise<Answer> => {
    current = scenario;
    try {
      requestsSent += 1;
      const answer = await http.send(method, url, body);
      faults.push(...answer.faults.map((f) => ({ scenario, ...f })));
      return answer;
    } catch (error) {
      if (error instanceof KitHttpError)
        faults.push(...[...error.earlier, ...(error.fault ? [error.fault] : [])].map((f) => ({ scenario, ...f })));
      throw error;
    }
  };
  /**
   * A message request, keyless or keyed as the body is: a keyless request's answer that came as an
   * array is kept as it came and read in its keyed form (what the checks and the rules read).
   */
  const post = async (
    scenario: Observation['scenario'],
    request: Json,
    body: { text: string; mediaType: string; keyless: boolean; sent?: Json },
  ): Promise<Answer> => {
    const sent = await send(scenario, 'POST', endpoint, { text: body.text, mediaType: body.mediaType });
    const asArray = body.keyless && Array.isArray(sent.json);
    const answer = asArray ? { ...sent, json: messageFromKeyless(sent.json).value } : sent;
    exchanges.push({
      scenario,
      method: 'POST',
      url: endpoint,
      request,
      ...(body.sent ? { sent: body.sent } : {}),
      ...(body.keyless ? { keylessAnswer: asArray } : {}),
      ...(asArray ? { keylessForm: sent.json as unknown[] } : {}),
      answer,
    });
    return answer;
  };
  try {
    capability.answer = await send('capability', 'GET', capability.url);
    const statement = capability.answer.status === 200 ? capability.answer.json : undefined;
    const { bindings, pollBase } = bindingsOf(statement, endpoint);
    declaredBindings = bindings;
    const plan = planFrom(statement, endpoint, options);
    let n = 0;

    const form = requestForm(bindings);
    const asMessage = (request: Json, keyless = form === 'keyless') => ({
      text: messageText(request, keyless ? 'keyless' : 'keyed'),
      mediaType: 'application/json',
      keyless,
    });

    const asyncRequest = intentRequest(plan, ++n, 'async');
    const accepted = await post('async', asyncRequest, asMessage(asyncRequest));
    const syncRequest = intentRequest(plan, ++n, 'sync');
    const synced = await post('sync', syncRequest, asMessage(syncRequest));
    // A second turn of the sync conversation, after its answer: an answer to a request at sequence 1
    // alone cannot show the sequence followed rather than written as 2.
    const follows = followUpOf(synced.json, syncRequest);
    if (follows) {
      const followUp = intentRequest(plan, ++n, 'sync', plan.subject, follows);
      await post('follow-up', followUp, asMessage(followUp));
    } else
      notes.push(
        'the answer to the sync request carried no message_id and sequence to follow, so no follow-up was sent',
      );
    // A valid message asking for a profile no registry lists: the answer must be a typed error.
    const unknownRequest = intentRequest(plan, ++n, 'sync', UNREGISTERED_SUBJECT);
    await post('unknown-subject', unknownRequest, asMessage(unknownRequest));
    // Keyless beside keyed: one more async request, keyless, the twin of the keyed one above.
    if (form === 'keyed' && bindings.includes('https-json-keyless')) {
      const keylessRequest = intentRequest(plan, ++n, 'async');
      await post('keyless', keylessRequest, asMessage(keylessRequest, true));
    }
    const taskRef = at(accepted.json, 'delivery', 'task_ref');
    // A reference with a lone surrogate has no URL form, and a polling URL may be no URL at all: no poll then.
    const joined =
      pollBase !== undefined && typeof taskRef === 'string' && taskRef.isWellFormed()
        ? `${pollBase}${encodeURIComponent(taskRef)}`
        : undefined;
    const pollUrl = joined !== undefined && URL.canParse(joined) ? joined : undefined;
    if (pollBase !== undefined && (typeof taskRef !== 'string' || !taskRef.isWellFormed()))
      notes.push('the answer to the async request carried no usable delivery.task_ref, so no task could be polled');
    else if (joined !== undefined && pollUrl === undefined)
      notes.push(
        `the https-async-callback url ${JSON.stringify(pollBase!.slice(0, 200))} gives no URL to poll, so no task could be polled`,
      );
    if (pollUrl !== undefined && !http.allows(pollUrl))
      notes.push(
        `tasks are polled at another origin (${new URL(pollUrl).origin}); the kit contacts only the endpoint's`,
      );
    else if (pollUrl !== undefined) {
      /**
       * A poll, and once more after a 429 or 503's Retry-After (up to POLL_RETRY_MAX_MS): a server
       * may pace polls as the kit's own client check does (client.poll_interval), and a client that
       * waits as told is what it asks for; an answer it would wait longer for is judged as it came.
       */
      const poll = async (scenario: 'poll' | 'poll-again', url: string): Promise<Answer> => {
        const answer = await send(scenario, 'GET', url);
        const wait = asksAgainLater(answer.status) ? retryDelayMs(answer.retryAfter, Date.now()) : undefined;
        if (wait === undefined || wait > POLL_RETRY_MAX_MS) return answer;
        notes.push(
          `${scenario}: answered ${answer.status} with Retry-After: ${answer.retryAfter}; polled again after it`,
        );
        // The refusal waited out is an answer all the same: its bytes and message are judged.
        exchanges.push({ scenario: 'poll-paced', method: 'GET', url, request: asyncRequest, answer });
        await new Promise((resolve) => setTimeout(resolve, wait));
        return send(scenario, 'GET', url);
      };
      // Two polls: the first follows the acceptance, the second the first (states may only move
      // forward), or the acceptance again when the first answer was no task status (a refusal, a
      // redirect, text): the task the second one names is still the one the acceptance issued.
      const first = await poll('poll', pollUrl);
      const isStatus = isRecord(first.json) && first.json.profile === 'uai.task.status.v1';
      exchanges.push({
        scenario: 'poll',
        method: 'GET',
        url: pollUrl,
        request: asyncRequest,
        answer: first,
        previous: accepted.json,
      });
      exchanges.push({
        scenario: 'poll-again',
        method: 'GET',
        url: pollUrl,
        request: asyncRequest,
        answer: await poll('poll-again', pollUrl),
        previous: isStatus ? first.json : accepted.json,
      });
    }
    // Beside keyed, the keyless path is sent the hostile bodies it can carry too: a server may
    // check a keyed message and take whatever a keyless array normalizes to.
    const forms: RequestForm[] =
      form === 'keyed' && bindings.includes('https-json-keyless') ? ['keyed', 'keyless'] : [form];
    for (const hostileForm of forms) {
      const hostiles = Object.entries(hostileRequests(plan, n + 1, hostileForm));
      n += hostiles.length;
      for (const [id, hostile] of hostiles) {
        if (!options.hostile || options.hostile.has(id))
          await post(id as Observation['scenario'], hostile.basis, {
            ...hostile,
            keyless: hostileForm === 'keyless',
            ...(READ_AS_MESSAGE.has(id) ? { sent: sentMessage(hostile.text) } : {}),
          });
      }
    }
  } catch (error) {
    if (!(error instanceof KitHttpError)) throw error;
    if (!capability.answer) [capability.error, capability.reached] = [error.message, error.reached];
    if (!error.sent) requestsSent -= 1; // held back by the kit's own limits
    const stopped = { aborted: error.message, stoppedAt: current };
    return { endpoint, capability, declaredBindings, exchanges, notes, faults, requestsSent, ...stopped };
  }
  return { endpoint, capability, declaredBindings, exchanges, notes, faults, requestsSent };
}
