import { gzipSync } from 'node:zlib';
import { messageFromKeyless, seal } from '../../src/engine/index.ts';
import { UNREGISTERED_SUBJECT } from '../../src/kit/server/requests.ts';
import { HOSTILE_CHECKS, type KitCheckId } from '../../src/standard/kit-checks.ts';
import type { Exchange, Transform } from './harness.ts';

/**
 * The broken servers: the reference server with one fault each, and the checks each fault breaks.
 * tests/kit/broken-servers.test.ts runs the kit against each; tests/kit/proxy.test.ts puts each
 * behind uai proxy and holds every finding to the server's side.
 */
export type Kind = 'capability' | 'sync' | 'async' | 'unknown-subject' | 'keyless' | 'poll' | 'hostile';

export function kindOf(ex: Exchange): Kind {
  if (ex.method === 'GET') return ex.path.includes('/tasks/') ? 'poll' : 'capability';
  if (ex.requestText.includes(UNREGISTERED_SUBJECT)) return 'unknown-subject';
  if (ex.response.status >= 400) return 'hostile';
  let body: unknown;
  try {
    body = JSON.parse(ex.requestText);
  } catch {
    return 'hostile';
  }
  if (Array.isArray(body)) return 'keyless';
  return (body as { delivery?: { mode?: string } }).delivery?.mode === 'sync' ? 'sync' : 'async';
}

const body = (ex: Exchange): any => {
  try {
    return JSON.parse(ex.requestText);
  } catch {
    return undefined;
  }
};

/** Rewrites the message of one kind of answer (given the request's), then reseals it (unless told not to), keeping its status. */
export const onMessage =
  (
    kind: Kind,
    mutate: (m: Record<string, any>, request: Record<string, any> | undefined) => void,
    options: { reseal?: boolean; status?: number; contentType?: string } = {},
  ): Transform =>
  async (ex) => {
    if (kindOf(ex) !== kind) return ex.response;
    const m = (await ex.response.clone().json()) as Record<string, any>;
    // A keyless answer (to a hostile body sent keyless beside keyed) is left as it is: the faults
    // here are written on keyed members, and one refusal broken is enough to fail the check.
    if (Array.isArray(m)) return ex.response;
    mutate(m, body(ex));
    const headers = new Headers(ex.response.headers);
    if (options.contentType) headers.set('content-type', options.contentType);
    return new Response(JSON.stringify(options.reseal === false ? m : seal(m)), {
      status: options.status ?? ex.response.status,
      headers,
    });
  };

/** A task status of another task than the one polled: the task it names, everywhere it names it. */
const otherTask = (m: Record<string, any>): void => {
  m.body.task_id = 'task-other';
  if (m.delivery?.task_ref !== undefined) m.delivery.task_ref = 'task-other';
};

/**
 * The first poll of each task refused with `refusal`; every later one answered by `then`. A run's
 * async request starts it afresh: a run repeated with the same ids (a property test shrinking)
 * polls the same paths again.
 */
function firstPollRefused(refusal: () => Response, then: Transform): Transform {
  const polled = new Set<string>();
  return (ex) => {
    if (kindOf(ex) === 'async') polled.clear();
    if (kindOf(ex) !== 'poll') return ex.response;
    if (polled.has(ex.path)) return then(ex);
    polled.add(ex.path);
    return refusal();
  };
}

/** Accepts one kind of hostile request (found by its body) instead of refusing it. */
const accepts =
  (matches: (ex: Exchange) => boolean): Transform =>
  (ex) =>
    kindOf(ex) === 'hostile' && matches(ex)
      ? new Response('{"accepted": true}', { status: 202, headers: { 'content-type': 'application/json' } })
      : ex.response;

/** The hostile kinds CONTRACT section 8 refuses under a code of its own, in a problem document. */
const NAMED_REFUSALS: ReadonlySet<string> = new Set([
  'hostile.media_type',
  'hostile.malformed_json',
  'hostile.too_deep',
]);

/** A problem answer with every member CONTRACT section 8 names. */
export const problem = (status: number, code: string, detail = 'No.'): Response =>
  new Response(
    JSON.stringify({ type: `https://uai.example.org/error-registry/#${code}`, title: code, status, detail, code }),
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

/** Rewrites the keyless array of the keyless answer (left unsealed: the fault is in its shape). */
/** Each hostile request refused with the status and code CONTRACT section 8 names, and `detail`. */
const refusedWith = (detail: string) => (ex: Exchange) => {
  const plain = ex.contentType.startsWith('text/plain');
  return problem(plain ? 415 : 400, plain ? 'request.unsupported_media_type' : 'request.invalid', detail);
};

/** Each hostile request refused as refusedWith(detail) does, its problem then edited. */
const refusedEdited =
  (detail: string, edit: (problem: Record<string, any>) => void): Transform =>
  async (ex) => {
    if (kindOf(ex) !== 'hostile') return ex.response;
    const refusal = refusedWith(detail)(ex);
    const json = (await refusal.json()) as Record<string, any>;
    edit(json);
    return new Response(JSON.stringify(json), { status: refusal.status, headers: refusal.headers });
  };

const keylessAnswer =
  (rewrite: (array: unknown[]) => unknown[]): Transform =>
  async (ex) =>
    kindOf(ex) === 'keyless'
      ? new Response(JSON.stringify(rewrite((await ex.response.clone().json()) as unknown[])), {
          status: ex.response.status,
          headers: ex.response.headers,
        })
      : ex.response;

/** A task that reads completed at the first poll and working at the second: a state that went back. */
function completedThenWorking(): Transform {
  let polls = 0;
  return onMessage('poll', (m) => {
    polls += 1;
    m.message_id = `${m.message_id}-${polls}`;
    m.conversation.turn_id = `${m.conversation.turn_id}-${polls}`;
    if (polls % 2 === 1) {
      m.body.state = 'completed';
      m.body.result_ref = `${m.source.uri}#result`;
    } else {
      m.body.state = 'working';
      delete m.body.result_ref;
    }
  });
}

export interface Broken {
  readonly fault: string;
  readonly fails: readonly KitCheckId[];
  /** Checks the fault leaves without anything to judge: not exercised, never a pass. */
  readonly unexercised?: readonly KitCheckId[];
  readonly transform: Transform;
}

export const BROKEN: readonly Broken[] = [
  {
    fault: 'no capability statement',
    fails: ['capability.reachable'],
    // Without a statement nothing says what applies: what depends on a declaration is not exercised.
    unexercised: [
      'capability.names_endpoint',
      'capability.valid',
      'exchange.task_matches',
      'exchange.task_transition',
      'message.keyless_shape',
      'message.source_addressed',
      'task.pollable',
      // A refusal proves nothing from an endpoint not shown to speak UAI-1.
      ...HOSTILE_CHECKS.map((c) => c.id),
    ],
    transform: (ex) =>
      kindOf(ex) === 'capability'
        ? new Response('{"status": 404}', { status: 404, headers: { 'content-type': 'application/problem+json' } })
        : ex.response,
  },
  {
    fault: 'a statement with a broken checksum',
    fails: ['capability.valid'],
    unexercised: ['capability.names_endpoint'],
    transform: onMessage('capability', (m) => void (m.body.name = 'changed'), { reseal: false }),
  },
  {
    fault: 'a statement that does not list the endpoint',
    fails: ['capability.names_endpoint'],
    transform: onMessage(
      'capability',
      (m) =>
        void (m.body.endpoints = [
          { binding: 'https-json-keyed', url: 'https://elsewhere.example/uai', media_type: 'application/json' },
        ]),
    ),
  },
  {
    // The polling endpoint does not count, wherever it points: no keyed or keyless endpoint has the URL.
    fault: 'a statement whose only endpoint left is its polling endpoint',
    fails: ['capability.names_endpoint'],
    transform: onMessage(
      'capability',
      (m) =>
        void (m.body.endpoints = [
          { binding: 'https-json-keyed', url: 'https://elsewhere.example/uai', media_type: 'application/json' },
          ...m.body.endpoints.filter((e: { binding: string }) => e.binding === 'https-async-callback'),
        ]),
    ),
  },
  {
    // The statement is a message the server answers with: 0 warnings is its should as well.
    fault: 'a statement with an unregistered member (a warning)',
    fails: ['message.warning_free'],
    transform: onMessage('capability', (m) => void (m.body.x_unlisted = true)),
  },
  {
    // A client that dispatches on the media type reads it as an error: it was not served as a
    // statement. The run still reads it to plan its requests, so only what it says goes unjudged.
    fault: 'a statement sent as application/problem+json',
    fails: ['capability.reachable'],
    unexercised: ['capability.names_endpoint', 'capability.valid'],
    transform: onMessage('capability', () => {}, { contentType: 'application/problem+json' }),
  },
  {
    fault: 'a bad checksum on the sync answer',
    fails: ['message.valid'],
    transform: onMessage('sync', (m) => void (m.integrity.checksum = `sha256:${'0'.repeat(64)}`), { reseal: false }),
  },
  {
    fault: 'an unknown member in the sync answer',
    fails: ['message.warning_free'],
    transform: onMessage('sync', (m) => void (m.body.extra = true)),
  },
  {
    fault: 'the sync answer sent as text/plain',
    fails: ['message.media_type'],
    transform: onMessage('sync', () => undefined, { contentType: 'text/plain' }),
  },
  {
    fault: 'a keyless request answered keyed',
    fails: ['message.keyless_shape'],
    transform: async (ex) =>
      kindOf(ex) === 'keyless'
        ? new Response(JSON.stringify(messageFromKeyless(await ex.response.clone().json()).value), {
            status: ex.response.status,
            headers: ex.response.headers,
          })
        : ex.response,
  },
  {
    fault: 'accepted sent as 200',
    fails: ['exchange.http_status'],
    transform: onMessage('async', () => undefined, { status: 200 }),
  },
  {
    fault: 'a task status as the direct answer',
    fails: ['exchange.response_profile', 'exchange.task_matches'],
    // The sync request was the run's one chance to see a completed answer.
    unexercised: ['exchange.completed_without_task'],
    transform: onMessage('sync', (m) => {
      m.profile = 'uai.task.status.v1';
      m.body = {
        task_id: 'task-1',
        state: 'working',
        updated_at: '2026-11-20T10:00:00Z',
        request_message_id: m.body.request_message_id,
      };
    }),
  },
  {
    fault: 'a new conversation id',
    fails: ['exchange.conversation_id'],
    transform: onMessage('sync', (m) => void (m.conversation.conversation_id = 'conv-other')),
  },
  {
    fault: 'a parent that is not the request',
    fails: ['exchange.parent_message_id', 'message.warning_free'],
    transform: onMessage('sync', (m) => void (m.conversation.parent_message_id = 'msg-other')),
  },
  {
    fault: 'sequence not +1',
    fails: ['exchange.sequence'],
    transform: onMessage('async', (m) => void (m.conversation.sequence += 1)),
  },
  {
    fault: "the answer in the request's turn",
    fails: ['exchange.new_turn'],
    transform: onMessage('sync', (m, request) => void (m.conversation.turn_id = request!.conversation.turn_id)),
  },
  {
    // The party the statement names is the one the kit addressed: an answer from another is no answer of it.
    fault: 'an answer from another party than the statement names',
    fails: ['message.source_addressed'],
    transform: onMessage('sync', (m) => void (m.source = { ...m.source, id: 'someone-else' })),
  },
  {
    // A body read as a message is answered by its refusal: that answer keeps the conversation as any other.
    fault: 'refusals that start a conversation of their own',
    fails: ['exchange.conversation_id'],
    transform: async (ex) => {
      if (kindOf(ex) !== 'hostile' || !(ex.response.headers.get('content-type') ?? '').startsWith('application/json'))
        return ex.response;
      return onMessage('hostile', (m) => void (m.conversation.conversation_id = 'conv-of-its-own'))(ex);
    },
  },
  {
    fault: 'answered to someone else',
    fails: ['exchange.target_is_requester'],
    transform: onMessage('sync', (m) => void (m.target.id = 'someone-else')),
  },
  {
    fault: 'the requester answering itself',
    fails: ['exchange.source_not_requester', 'message.source_addressed'],
    transform: onMessage('sync', (m) => void (m.source = { ...m.target })),
  },
  {
    // The rule leaves alone only a request sent as the reference server; the kit's never is.
    fault: 'a task status from the requester',
    fails: ['exchange.source_not_requester', 'message.source_addressed'],
    transform: onMessage('poll', (m) => void (m.source = { ...m.target })),
  },
  {
    fault: 'another priority',
    fails: ['exchange.delivery_copied'],
    transform: onMessage(
      'sync',
      (m) => void (m.delivery.priority = m.delivery.priority === 'bulk' ? 'routine' : 'bulk'),
    ),
  },
  {
    // The kit's requests vary their priority: a constant is caught where it is not the request's.
    fault: 'the priority written as a constant',
    fails: ['exchange.delivery_copied'],
    transform: onMessage('async', (m) => void (m.delivery.priority = 'interactive')),
  },
  {
    // Right for a request at sequence 1; the follow-up of the sync answer shows it.
    fault: 'the sequence written as 2',
    fails: ['exchange.sequence'],
    transform: onMessage('sync', (m) => void (m.conversation.sequence = 2)),
  },
  {
    // Each request has a trace of its own: answers carrying the first one seen are caught.
    fault: 'the first trace kept for every answer',
    fails: ['exchange.trace_id_copied', 'exchange.trace_continued'],
    transform: (() => {
      let first: { trace_id: unknown; traceparent: unknown } | undefined;
      return onMessage('sync', (m) => {
        first ??= { trace_id: m.provenance.trace_id, traceparent: m.conversation.traceparent };
        m.provenance.trace_id = first.trace_id;
        m.conversation.traceparent = first.traceparent;
      });
    })(),
  },
  {
    fault: 'a reply requested on acceptance',
    fails: ['exchange.reply_not_requested'],
    transform: onMessage('async', (m) => void (m.delivery.reply_requested = true)),
  },
  {
    fault: 'no delivery.task_ref',
    fails: ['exchange.task_ref_set'],
    // No task reference, no poll: what polling would have shown was not seen.
    unexercised: ['exchange.task_matches', 'exchange.task_transition', 'task.pollable'],
    transform: onMessage('async', (m) => void delete m.delivery.task_ref),
  },
  {
    fault: 'result.task_id disagrees',
    fails: ['exchange.task_ref_agrees', 'message.valid'],
    transform: onMessage('async', (m) => void (m.body.result.task_id = 'task-other')),
  },
  {
    fault: 'another subject',
    fails: ['exchange.subject_copied'],
    transform: onMessage('sync', (m) => void (m.body.subject = 'uai.error.v1')),
  },
  {
    fault: 'a new trace',
    fails: ['exchange.trace_continued', 'exchange.trace_id_copied'],
    transform: onMessage('sync', (m) => {
      m.provenance.trace_id = 'f'.repeat(32);
      m.conversation.traceparent = `00-${'f'.repeat(32)}-${'1'.repeat(16)}-01`;
    }),
  },
  {
    fault: "the request's trace dropped",
    fails: ['exchange.trace_continued'],
    transform: onMessage('async', (m) => void delete m.conversation.traceparent),
  },
  {
    fault: 'request_message_id of another request',
    fails: ['exchange.request_message_id', 'message.warning_free'],
    transform: onMessage('sync', (m) => void (m.body.request_message_id = 'msg-other')),
  },
  {
    fault: 'an unsigned acceptance',
    fails: ['exchange.trust_signed'],
    transform: onMessage('async', (m) => void (m.trust = { channel: 'public', auth_scheme: 'none' })),
  },
  {
    fault: 'a task_ref on a completed answer',
    fails: ['exchange.completed_without_task'],
    transform: onMessage('sync', (m) => void (m.body.task_ref = 'task-1')),
  },
  {
    fault: 'an unpublished error code',
    fails: ['exchange.error_code_published', 'message.valid'],
    // The registry gives no status to hold an unknown code's to, and no other typed error came.
    unexercised: ['exchange.error_status'],
    transform: onMessage('unknown-subject', (m) => void (m.body.code = 'made.up')),
  },
  {
    fault: "a published code with another status than the registry's",
    fails: ['exchange.error_status'],
    transform: onMessage('unknown-subject', (m) => void (m.body.code = 'exchange.intent_unprocessable')),
  },
  {
    fault: 'a code the registry gives as not retryable sent as retryable',
    fails: ['exchange.error_retryable'],
    transform: onMessage('unknown-subject', (m) => void (m.body.retryable = true)),
  },
  {
    fault: 'the status of another task',
    fails: ['exchange.task_matches'],
    transform: onMessage('poll', otherTask),
  },
  {
    // The status is of the task, but its delivery.task_ref sends a client to another one.
    fault: 'a task status whose delivery.task_ref names another task',
    fails: ['message.valid', 'exchange.task_matches', 'task.pollable'],
    transform: onMessage('poll', (m) => void (m.delivery.task_ref = 'task-other')),
  },
  { fault: 'working again after completed', fails: ['exchange.task_transition'], transform: completedThenWorking() },
  // The second poll is judged against the acceptance when the first got no task status: against a
  // refusal it found no task to match (a pass), and against nothing it was read as an answer to the request.
  {
    fault: 'a first poll refused (503, Retry-After past the wait), then the status of another task',
    fails: ['exchange.task_matches', 'task.pollable'],
    transform: firstPollRefused(
      () =>
        new Response('{"type":"about:blank","title":"Busy","status":503}', {
          status: 503,
          headers: { 'content-type': 'application/problem+json', 'retry-after': '10' },
        }),
      onMessage('poll', otherTask),
    ),
  },
  // A 429 the kit waits out (Retry-After: 1) is still an answer: its error must say what its status says.
  {
    fault: 'polls paced with a 429 whose problem says 500 server.internal',
    fails: ['task.pollable'],
    transform: firstPollRefused(
      () =>
        new Response('{"type":"about:blank","title":"Internal","status":500,"code":"server.internal","detail":"x"}', {
          status: 429,
          headers: { 'content-type': 'application/problem+json', 'retry-after': '1' },
        }),
      (ex) => ex.response,
    ),
  },
  {
    fault: 'polls paced with a 429 whose problem names an unpublished code',
    fails: ['task.pollable'],
    transform: firstPollRefused(
      () =>
        new Response('{"type":"about:blank","title":"Slow down","status":429,"code":"made.up.code","detail":"x"}', {
          status: 429,
          headers: { 'content-type': 'application/problem+json', 'retry-after': '1' },
        }),
      (ex) => ex.response,
    ),
  },
  {
    fault: 'a first poll refused in plain text (503, Retry-After past the wait), then the right status',
    fails: ['message.media_type', 'task.pollable'],
    transform: firstPollRefused(
      () => new Response('busy', { status: 503, headers: { 'content-type': 'text/plain', 'retry-after': '10' } }),
      (ex) => ex.response,
    ),
  },
  {
    fault: 'tasks that cannot be polled',
    fails: ['task.pollable'],
    unexercised: ['exchange.task_matches', 'exchange.task_transition'],
    transform: (ex) =>
      kindOf(ex) === 'poll'
        ? new Response('{"status": 404, "title": "not here"}', {
            status: 404,
            headers: { 'content-type': 'application/problem+json' },
          })
        : ex.response,
  },
  {
    fault: 'a bad checksum accepted',
    fails: ['hostile.checksum_mismatch'],
    transform: accepts((ex) => body(ex)?.integrity?.checksum === `sha256:${'0'.repeat(64)}`),
  },
  {
    fault: 'an unknown profile accepted',
    fails: ['hostile.profile_unknown'],
    transform: accepts((ex) => body(ex)?.profile === 'uai.unknown.thing.v1'),
  },
  {
    fault: 'uai_version 2.0 accepted',
    fails: ['hostile.version_unsupported'],
    transform: accepts((ex) => body(ex)?.uai_version === '2.0'),
  },
  {
    // Keyed bodies are checked; a keyless array is normalized and taken as it is, checksum,
    // version and profile unread: the keyless twins of the hostile bodies show it.
    fault: 'keyless bodies taken unchecked',
    fails: ['hostile.checksum_mismatch', 'hostile.profile_unknown', 'hostile.version_unsupported'],
    transform: accepts(
      (ex) =>
        Array.isArray(body(ex)) &&
        ex.contentType.startsWith('application/json') &&
        !ex.requestText.includes('[[[[[[[['),
    ),
  },
  {
    fault: 'alias keys accepted',
    fails: ['hostile.alias_key'],
    transform: accepts((ex) => body(ex)?.messageId !== undefined),
  },
  {
    // Requires message_id, and reads no alias: refuses a body with messageId instead of message_id,
    // takes one with both. The kit sends both, so only an alias check refuses it.
    fault: 'alias keys beside the registered key ignored',
    fails: ['hostile.alias_key'],
    transform: accepts((ex) => body(ex)?.messageId !== undefined && body(ex)?.message_id !== undefined),
  },
  {
    fault: 'over-deep nesting accepted',
    fails: ['hostile.too_deep'],
    transform: accepts((ex) => ex.requestText.includes('[[[[[[[[')),
  },
  {
    fault: 'malformed JSON accepted',
    fails: ['hostile.malformed_json'],
    transform: accepts((ex) => body(ex) === undefined && ex.contentType.startsWith('application/json')),
  },
  {
    fault: 'text/plain accepted',
    fails: ['hostile.media_type'],
    transform: accepts((ex) => ex.contentType.startsWith('text/plain')),
  },
  {
    fault: 'an HTML error page',
    fails: ['hostile.malformed_json', 'message.media_type'],
    transform: (ex) =>
      kindOf(ex) === 'hostile' && body(ex) === undefined && ex.contentType.startsWith('application/json')
        ? new Response('<html><body>Bad request</body></html>', {
            status: 400,
            headers: { 'content-type': 'text/html' },
          })
        : ex.response,
  },
  {
    fault: 'an answer with a byte order mark',
    fails: ['message.encoding'],
    transform: async (ex) =>
      kindOf(ex) === 'sync'
        ? new Response(`\uFEFF${await ex.response.text()}`, { status: 200, headers: ex.response.headers })
        : ex.response,
  },
  {
    fault: 'an answer with data before its JSON value',
    fails: ['message.encoding', 'message.valid'],
    unexercised: ['exchange.completed_without_task'],
    transform: async (ex) =>
      kindOf(ex) === 'sync'
        ? new Response(`)]}',\n${await ex.response.text()}`, { status: 200, headers: ex.response.headers })
        : ex.response,
  },
  {
    // The kit reads the text leniently (U+FFFD) to go on judging: the changed id breaks the checksum too.
    fault: 'an answer with a byte that is not UTF-8',
    fails: ['message.encoding', 'message.valid'],
    transform: async (ex) => {
      if (kindOf(ex) !== 'sync') return ex.response;
      const text = await ex.response.text();
      const at = /"message_id"\s*:\s*"/.exec(text)!;
      const cut = at.index + at[0].length;
      const bytes = Buffer.concat([Buffer.from(text.slice(0, cut)), Buffer.from([0xff]), Buffer.from(text.slice(cut))]);
      return new Response(bytes, { status: 200, headers: ex.response.headers });
    },
  },
  {
    fault: 'an empty answer',
    fails: ['message.encoding', 'message.valid'],
    unexercised: ['exchange.completed_without_task'],
    transform: (ex) =>
      kindOf(ex) === 'sync' ? new Response('', { status: 200, headers: ex.response.headers }) : ex.response,
  },
  {
    fault: 'an answer with a repeated member name',
    fails: ['message.valid'],
    transform: async (ex) =>
      kindOf(ex) === 'sync'
        ? new Response((await ex.response.text()).replace(/^\{/, '{"profile":"uai.intent.response.v1",'), {
            status: 200,
            headers: ex.response.headers,
          })
        : ex.response,
  },
  {
    // The kit asks for the body as it is (Accept-Encoding: identity): a coding no client knows passes nowhere.
    fault: 'an answer in a content coding no one knows',
    fails: ['message.encoding'],
    transform: async (ex) => {
      if (kindOf(ex) !== 'sync') return ex.response;
      const headers = new Headers(ex.response.headers);
      headers.set('content-encoding', 'x-unknown');
      return new Response(await ex.response.text(), { status: 200, headers });
    },
  },
  {
    fault: 'a gzip answer the kit did not ask for',
    fails: ['message.encoding', 'message.valid'],
    unexercised: ['exchange.completed_without_task'],
    transform: async (ex) => {
      if (kindOf(ex) !== 'sync') return ex.response;
      const headers = new Headers(ex.response.headers);
      headers.set('content-encoding', 'gzip');
      return new Response(gzipSync(await ex.response.text()), { status: 200, headers });
    },
  },
  {
    fault: 'an answer in latin-1',
    fails: ['message.encoding'],
    transform: onMessage('sync', () => undefined, { contentType: 'application/json; charset=iso-8859-1' }),
  },
  {
    // Real instants are the validator's (date-time format, RFC 3339): a 30 February fails message.valid.
    fault: 'an answer issued on 30 February',
    fails: ['message.valid'],
    transform: onMessage('sync', (m) => void (m.provenance.issued_at = '2026-02-30T10:00:00Z')),
  },
  {
    // No URL holds a lone surrogate: the task cannot be polled, and the kit must say so, not throw.
    fault: 'a task reference with a lone surrogate',
    fails: ['message.valid'],
    unexercised: ['exchange.task_matches', 'exchange.task_transition', 'task.pollable'],
    transform: onMessage(
      'async',
      (m) => void (m.delivery.task_ref = m.body.task_ref = m.body.result.task_id = '\ud800'),
      { reseal: false },
    ),
  },
  {
    fault: 'a polling endpoint whose url is no URL',
    fails: ['capability.valid'],
    unexercised: ['capability.names_endpoint', 'exchange.task_matches', 'exchange.task_transition', 'task.pollable'],
    transform: onMessage('capability', (m) => {
      for (const e of m.body.endpoints) if (e.binding === 'https-async-callback') e.url = 'not a url/';
    }),
  },
  {
    fault: "an answer reusing the request's message_id",
    fails: ['message.own_ids'],
    transform: async (ex) => {
      if (kindOf(ex) !== 'sync') return ex.response;
      const request = body(ex);
      return onMessage('sync', (m) => void (m.message_id = request.message_id))(ex);
    },
  },
  {
    fault: "an answer reusing the capability statement's message_id",
    fails: ['message.own_ids'],
    // One answer only: two answers given the one id would fail the check as each other's.
    transform: (() => {
      let statementId: string | undefined;
      return async (ex: Exchange) => {
        const kind = kindOf(ex);
        if (kind === 'capability')
          statementId = ((await ex.response.clone().json()) as { message_id: string }).message_id;
        else if (kind === 'sync' && statementId !== undefined) {
          const id = statementId;
          statementId = undefined;
          return onMessage(kind, (m) => void (m.message_id = id))(ex);
        }
        return ex.response;
      };
    })(),
  },
  {
    fault: "a task status reusing the accepted answer's message_id",
    fails: ['message.own_ids'],
    transform: (() => {
      let acceptedId: string | undefined;
      return async (ex: Exchange) => {
        const kind = kindOf(ex);
        if (kind === 'async') acceptedId = ((await ex.response.clone().json()) as { message_id: string }).message_id;
        return kind === 'poll' ? onMessage(kind, (m) => void (m.message_id = acceptedId))(ex) : ex.response;
      };
    })(),
  },
  {
    // A mock that serves one canned message: identical bytes are no excuse for a shared id.
    fault: 'the hostile requests refused with the same bytes, one message_id',
    // The canned answer is the unknown subject's 404: no refusal of what the hostile requests break.
    // Nor does it link to the requests it refuses, which were read as messages.
    fails: [
      'message.own_ids',
      ...HOSTILE_CHECKS.map((c) => c.id),
      'exchange.conversation_id',
      'exchange.delivery_copied',
      'exchange.parent_message_id',
      'exchange.request_message_id',
      // Each request has a trace of its own, which the canned answer does not carry.
      'exchange.trace_continued',
      'exchange.trace_id_copied',
    ],
    transform: (() => {
      let canned: string | undefined;
      return async (ex: Exchange) => {
        const kind = kindOf(ex);
        if (kind === 'unknown-subject') canned = await ex.response.clone().text();
        return kind === 'hostile' && canned
          ? new Response(canned, { status: 404, headers: { 'content-type': 'application/json' } })
          : ex.response;
      };
    })(),
  },
  {
    fault: "an answer reusing another answer's message_id",
    fails: ['message.own_ids'],
    transform: (() => {
      let syncId: string | undefined;
      return async (ex: Exchange) => {
        const kind = kindOf(ex);
        if (kind === 'sync') syncId = ((await ex.response.clone().json()) as { message_id: string }).message_id;
        return kind === 'unknown-subject' ? onMessage(kind, (m) => void (m.message_id = syncId))(ex) : ex.response;
      };
    })(),
  },
  {
    // A problem document refuses a request (CONTRACT section 8): a valid request is answered with a
    // message, a typed uai.error.v1 for the subject no registry lists (section 6).
    fault: 'the valid request naming an unregistered subject answered with a 404 problem document',
    fails: ['message.valid', 'exchange.response_profile'],
    // The run's only typed error was to come from this request.
    unexercised: ['exchange.error_code_published', 'exchange.error_retryable', 'exchange.error_status'],
    transform: (ex) =>
      kindOf(ex) === 'unknown-subject' ? problem(404, 'route.not_found', 'Nothing here.') : ex.response,
  },
  {
    // A replay guard standing in for validation: only the first sight of a message_id is judged.
    fault: 'a repeated message_id refused, anything fresh accepted',
    fails: HOSTILE_CHECKS.map((c) => c.id),
    transform: (() => {
      const seen = new Set<string>();
      return (ex: Exchange) => {
        if (kindOf(ex) === 'capability') seen.clear(); // a run begins
        const id = /"(?:message_id|messageId)":"([^"]+)"/.exec(ex.requestText)?.[1];
        if (id !== undefined && seen.has(id))
          return problem(400, 'request.invalid', `message_id ${id} was seen before`);
        if (id !== undefined) seen.add(id);
        return accepts(() => true)(ex);
      };
    })(),
  },
  {
    fault: 'a keyless answer with positions past its map',
    fails: ['message.valid'],
    transform: keylessAnswer((array) => [...array, 'extra-position', 42]),
  },
  {
    fault: 'a keyless answer with keyed objects where its map has arrays',
    fails: ['message.valid'],
    transform: keylessAnswer((array) => {
      const keyed = messageFromKeyless(array).value as Record<string, unknown>;
      const names = Object.keys(keyed);
      const out = [...array];
      for (const name of ['source', 'target', 'conversation']) out[names.indexOf(name)] = keyed[name];
      return out;
    }),
  },
  {
    fault: "a refusal that takes the hostile request's message_id",
    fails: ['message.own_ids'],
    // Once: several refusals with one id would fail for sharing it, whatever the kit knows of requests.
    transform: (() => {
      let done = false;
      return async (ex: Exchange) => {
        if (kindOf(ex) === 'capability') done = false; // a run begins
        const request = body(ex);
        if (done || kindOf(ex) !== 'hostile' || typeof request?.message_id !== 'string') return ex.response;
        if (!(await ex.response.clone().text()).includes('"profile"')) return ex.response;
        done = true;
        return onMessage('hostile', (m) => void (m.message_id = request.message_id))(ex);
      };
    })(),
  },
  {
    fault: 'an unknown subject answered 400, not 404',
    fails: ['exchange.http_status'],
    transform: onMessage(
      'unknown-subject',
      (m) =>
        void Object.assign(m.body, { status: 400, code: 'exchange.request_invalid', title: 'Request message invalid' }),
      { status: 400 },
    ),
  },
  {
    fault: 'every hostile request refused as rate limited',
    // "Later" refuses nothing of what the request breaks: unseen, and the run fails for it.
    fails: [],
    unexercised: HOSTILE_CHECKS.map((c) => c.id),
    transform: (ex) => (kindOf(ex) === 'hostile' ? problem(429, 'request.rate_limited', 'Slow down.') : ex.response),
  },
  {
    fault: 'hostile requests refused with a stack trace for a problem',
    fails: HOSTILE_CHECKS.map((c) => c.id),
    transform: (ex) =>
      kindOf(ex) === 'hostile'
        ? new Response(
            JSON.stringify({
              code: 'request.invalid',
              detail: 'TypeError: Cannot read properties of undefined\n    at handle (/srv/app/server.js:41:13)',
            }),
            {
              status: ex.contentType.startsWith('text/plain') ? 415 : 400,
              headers: { 'content-type': 'application/problem+json' },
            },
          )
        : ex.response,
  },
  {
    fault: 'hostile requests refused with a whole problem that carries a stack trace',
    fails: HOSTILE_CHECKS.map((c) => c.id),
    transform: (ex) =>
      kindOf(ex) === 'hostile'
        ? refusedWith('Traceback (most recent call last):\n  File "/srv/app/server.py", line 41, in handle')(ex)
        : ex.response,
  },
  {
    fault: 'hostile requests refused with a V8 trace written on one line',
    fails: HOSTILE_CHECKS.map((c) => c.id),
    transform: (ex) =>
      kindOf(ex) === 'hostile'
        ? refusedWith(
            'SyntaxError: Unexpected end of JSON input at JSON.parse (<anonymous>) at handle (/srv/app/server.js:88:17)',
          )(ex)
        : ex.response,
  },
  {
    fault: 'hostile requests refused with internal paths in the detail',
    fails: HOSTILE_CHECKS.map((c) => c.id),
    transform: (ex) =>
      kindOf(ex) === 'hostile'
        ? refusedWith(
            'JSON.parse failed in /srv/acme/node_modules/body-parser/lib/types/json.js; see C:\\inetpub\\wwwroot\\app\\web.config',
          )(ex)
        : ex.response,
  },
  {
    fault: 'hostile requests refused with a problem whose type names another code',
    fails: HOSTILE_CHECKS.map((c) => c.id),
    transform: refusedEdited(
      'Refused.',
      (p) => void (p.type = 'https://uai.example.org/error-registry/#request.rate_limited'),
    ),
  },
  {
    fault: 'hostile requests refused with a problem of type about:blank',
    fails: HOSTILE_CHECKS.map((c) => c.id),
    transform: refusedEdited('Refused.', (p) => void (p.type = 'about:blank')),
  },
  {
    fault: "hostile requests refused with a Go panic's trace in the detail",
    fails: HOSTILE_CHECKS.map((c) => c.id),
    transform: (ex) =>
      kindOf(ex) === 'hostile'
        ? refusedWith(
            'runtime error: invalid memory address\n\ngoroutine 7 [running]:\nmain.handle(...)\n\t/home/acme/uai/server.go:88 +0x1d4',
          )(ex)
        : ex.response,
  },
  {
    fault: 'hostile requests refused with a stack trace in an issue item of the problem',
    fails: HOSTILE_CHECKS.map((c) => c.id),
    transform: refusedEdited('The request is refused.', (p) => {
      p.errors = [
        { code: 'schema.required', message: 'TypeError: x is undefined\n    at check (/srv/app/validate.js:12:7)' },
      ];
    }),
  },
  {
    // Right status, published code, but in a problem document where the registry publishes the code
    // for uai.error.v1 bodies only (its used_in): a client dispatching on the code looks elsewhere.
    fault: 'hostile messages refused with a uai.error.v1 code in a problem document',
    fails: HOSTILE_CHECKS.map((c) => c.id).filter((id) => !NAMED_REFUSALS.has(id)),
    transform: async (ex) => {
      if (kindOf(ex) !== 'hostile') return ex.response;
      const json = (await ex.response.clone().json()) as Record<string, any>;
      return json.profile === 'uai.error.v1' ? problem(ex.response.status, json.body.code, 'Refused.') : ex.response;
    },
  },
  {
    // Refused with the right status, under the code of another refusal (CONTRACT section 8 names it).
    fault: 'hostile requests refused under the code of an unknown subject',
    // The refusals of bodies read as messages answer those messages: their codes are held to the registry's status too.
    fails: [...HOSTILE_CHECKS.map((c) => c.id), 'exchange.error_status'],
    transform: async (ex) => {
      if (kindOf(ex) !== 'hostile') return ex.response;
      const json = (await ex.response.clone().json()) as Record<string, any>;
      if (Array.isArray(json)) return ex.response;
      const problem = (ex.response.headers.get('content-type') ?? '').startsWith('application/problem+json');
      if (problem) json.code = 'exchange.subject_unknown';
      else json.body.code = 'exchange.subject_unknown';
      return new Response(JSON.stringify(problem ? json : seal(json)), {
        status: ex.response.status,
        headers: ex.response.headers,
      });
    },
  },
];
