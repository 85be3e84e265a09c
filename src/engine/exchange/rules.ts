/**
 * One check function per exchange rule (src/standard/exchange-rules.ts). Each returns the
 * findings for one (request, response) pair, every finding pointing into the response; an empty
 * list is a pass. A rule passes only what it saw: when the pair does not hold what the rule reads
 * (the request carries no value to copy, or one its validation flagged; no HTTP status was given)
 * it returns NOT_JUDGED, a skip, so a report never counts a rule as shown that nothing exercised.
 * Values are compared as the request carries them.
 */
import { errorCode, isPublishedErrorCode } from '../../standard/code-shapes.ts';
import { OWN_IDS, type ExchangeRuleId } from '../../standard/exchange-rules.ts';
import { REFERENCE_SERVER_ID } from '../../standard/parties.ts';
import { TASK_STATES, TASK_TRANSITIONS, type TaskState } from '../../standard/value-sets.ts';
import { compareInstants, parseInstant } from '../instant.ts';
import { isRecord, shown } from '../json.ts';
import { valueAt } from './kind.ts';
import { objectDef } from '../field-model.ts';
import { hasInstantBefore, nextSequence } from './next-turn.ts';
import { reusedIdMessage, reusedIdOf, sameTaskState } from './own-ids.ts';
import { sameUrl } from '../same-url.ts';
import { hasZeroIds, parseTraceparent } from '../trace.ts';
import type { ExchangeFinding, ExchangePair } from './types.ts';

/** What a rule returns when the pair holds nothing it reads: reported as skip, never as pass. */
export const NOT_JUDGED = 'not-judged';

type Verdict = ExchangeFinding[] | typeof NOT_JUDGED;
type Check = (pair: ExchangePair) => Verdict;

/** A rule of several parts: judged when any part is, its findings those of every part judged. */
const allOf = (...parts: Verdict[]): Verdict => {
  const judged = parts.filter((p) => p !== NOT_JUDGED);
  return judged.length ? judged.flat() : NOT_JUDGED;
};

const finding = (path: string, message: string, expected?: unknown, actual?: unknown): ExchangeFinding => {
  const f: ExchangeFinding = { path, message };
  if (expected !== undefined) f.expected = expected;
  if (actual !== undefined) f.actual = actual;
  return f;
};

/** The response value at `responsePath` must equal the request value at `requestPath`, when the request has one. */
/** A pointer as the dotted member name the messages speak of (/delivery/mode -> delivery.mode). */
const dotted = (pointer: string): string => pointer.slice(1).replaceAll('/', '.');

const copied =
  (requestPath: string, responsePath: string): Check =>
  ({ request, response, flagged }) => {
    const want = valueAt(request, requestPath);
    if (want === undefined || flagged(requestPath)) return NOT_JUDGED;
    const got = valueAt(response, responsePath);
    return got === want
      ? []
      : [finding(responsePath, `${dotted(responsePath)} must be ${shown(want)}, copied from the request.`, want, got)];
  };

/**
 * Rule 6 has the answer's target be the request's source. It may leave out what only describes the
 * requester, and may describe it further (a label, a role the source did not give), but an address
 * (`uri`, `did`) is the source's own, never another, and what the source gives of itself is not
 * changed. type and id are held by copied(). URIs are compared as URLs (RFC 3986 section 6.2.2:
 * `https://Agent.Example` and `https://agent.example/` are one address). Only the party's
 * registered members: others are field.unknown_member's, and a hostile target may hold thousands.
 */
function targetOfSource({ request, response }: ExchangePair): Verdict {
  const source = valueAt(request, '/source');
  const target = valueAt(response, '/target');
  if (!isRecord(source) || !isRecord(target)) return NOT_JUDGED;
  const out: ExchangeFinding[] = [];
  let compared = false;
  for (const name of PARTY_MEMBERS) {
    const got = Object.hasOwn(target, name) ? target[name] : undefined;
    const want = Object.hasOwn(source, name) ? source[name] : undefined;
    if (got === undefined) continue;
    compared = true;
    if (sameMember(name, want, got)) continue;
    if (want === undefined && !ADDRESSES.has(name)) continue;
    out.push(
      finding(
        `/target/${name}`,
        want === undefined
          ? `target.${name} is an address the request source does not give: the answer's target is the request source, not another party.`
          : `target.${name} must be ${shown(want)}, the request source's: the answer's target is the request source.`,
        want,
        got,
      ),
    );
  }
  return compared ? out : NOT_JUDGED;
}

/** The party's registered members beside type and id (src/standard/objects, PARTY). */
const PARTY_MEMBERS: readonly string[] = objectDef('party')
  .fields.map((f) => f.key)
  .filter((key) => key !== 'type' && key !== 'id');

/** The party members that say where an answer goes. */
const ADDRESSES = new Set(['uri', 'did']);

/** The same value of a party member: a uri as the URL it names (same-url.ts), anything else as it is. */
function sameMember(name: string, a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return name === 'uri' && typeof a === 'string' && typeof b === 'string' && sameUrl(a, b);
}

/** Both are RFC 3339 instants naming the same moment (a response may write the request's expiry another way). */
function sameInstant(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const x = typeof a === 'string' ? parseInstant(a) : undefined;
  const y = typeof b === 'string' ? parseInstant(b) : undefined;
  return x !== undefined && y !== undefined && compareInstants(x, y) === 0;
}

/**
 * An expiry no RFC 3339 date-time precedes: an answer carrying it could not be issued before it
 * (delivery.expiry_not_after_issue), so it may leave it out.
 */
function noAnswerBefore(expires: unknown): boolean {
  const t = typeof expires === 'string' ? parseInstant(expires) : undefined;
  return t !== undefined && !hasInstantBefore(t);
}

/** The states a task can reach from a state along the published transitions (CONTRACT section 2), in table order. */
function reachableStates(from: TaskState): TaskState[] {
  const seen = new Set<TaskState>();
  const visit = (state: TaskState) => {
    for (const next of TASK_TRANSITIONS[state]) {
      if (seen.has(next)) continue;
      seen.add(next);
      visit(next);
    }
  };
  visit(from);
  return TASK_STATES.filter((s) => seen.has(s));
}

const isTaskState = (v: unknown): v is TaskState =>
  typeof v === 'string' && (TASK_STATES as readonly string[]).includes(v);

/** The HTTP status each kind of answer is sent with (CONTRACT section 6). */
function expectedStatus(pair: ExchangePair): number | undefined {
  if (pair.kind === 'accepted') return 202;
  if (pair.kind === 'completed') return 200;
  const status = valueAt(pair.response, '/body/status');
  return pair.kind === 'error' && typeof status === 'number' ? status : undefined;
}

/** The request expiry, as the instant it names: an answer that could not be issued before it may leave it out. */
function expiryCopied(pair: ExchangePair): Verdict {
  const expires = valueAt(pair.request, '/delivery/expires_at');
  if (expires === undefined || pair.flagged('/delivery/expires_at')) return NOT_JUDGED;
  const got = valueAt(pair.response, '/delivery/expires_at');
  return sameInstant(expires, got) || (got === undefined && noAnswerBefore(expires))
    ? []
    : [
        finding(
          '/delivery/expires_at',
          'delivery.expires_at must name the same instant as the request expiry.',
          expires,
          got,
        ),
      ];
}

export const CHECKS: Readonly<Record<ExchangeRuleId, Check>> = {
  'exchange.http_status': (pair) => {
    const want = expectedStatus(pair);
    // An error body with no status of its own is the validator's finding; there is nothing to hold HTTP to.
    if (pair.httpStatus === undefined || want === undefined) return NOT_JUDGED;
    if (pair.httpStatus === want) return [];
    // An error's two statuses disagree: which one is wrong is the rule of its cause, not this one's.
    const text =
      pair.kind === 'error'
        ? `An error answer is sent with the HTTP status its body names: body.status says ${want}, HTTP says ${pair.httpStatus}.`
        : `${/^[aeiou]/.test(pair.kind) ? 'An' : 'A'} ${pair.kind} answer is sent with HTTP ${want}, not ${pair.httpStatus}.`;
    return [finding('', text, want, pair.httpStatus)];
  },
  'exchange.response_profile': ({ request, response, previous }) => {
    // A task status that follows an accepted answer is polled, not an answer to the request itself.
    if (previous !== undefined) return NOT_JUDGED;
    const named = valueAt(request, '/body/response_profile');
    const allowed = ['uai.error.v1', typeof named === 'string' ? named : 'uai.intent.response.v1'];
    const got = valueAt(response, '/profile');
    return allowed.includes(got as string)
      ? []
      : [
          finding(
            '/profile',
            `The answer must be ${allowed[1]} (the request's response_profile) or uai.error.v1.`,
            allowed,
            got,
          ),
        ];
  },
  'exchange.conversation_id': copied('/conversation/conversation_id', '/conversation/conversation_id'),
  'exchange.parent_message_id': copied('/message_id', '/conversation/parent_message_id'),
  'exchange.sequence': ({ request, response }) => {
    // A sequence with no exact successor (past 2^53 - 1) gives the rule nothing to hold an answer to.
    const want = nextSequence(valueAt(request, '/conversation/sequence'));
    // Counted on even when the request's text of it is flagged (docs/decisions.md, "Exchange rules"):
    // a whole number as parsed has one successor, and the answer, its record and its task agree on it.
    if (want === undefined) return NOT_JUDGED;
    const got = valueAt(response, '/conversation/sequence');
    return got === want
      ? []
      : [
          finding(
            '/conversation/sequence',
            `conversation.sequence must be ${want}, the request sequence plus 1.`,
            want,
            got,
          ),
        ];
  },
  'exchange.new_turn': ({ request, response, previous, flagged }) => {
    const turn = valueAt(response, '/conversation/turn_id');
    if (typeof turn !== 'string') return NOT_JUDGED;
    // A task status read again in the same state is the same message again (message.own_ids), turn and all.
    const earlier = [
      ...(flagged('/conversation/turn_id') ? [] : [{ label: 'the request', message: request }]),
      ...(previous !== undefined && !sameTaskState(previous, response)
        ? [{ label: 'the message it follows', message: previous }]
        : []),
    ];
    if (!earlier.length) return NOT_JUDGED;
    const same = earlier.find((e) => valueAt(e.message, '/conversation/turn_id') === turn);
    return same
      ? [
          finding(
            '/conversation/turn_id',
            `conversation.turn_id ${shown(turn)} is already the turn of ${same.label}; an answer is a turn of its own.`,
            undefined,
            turn,
          ),
        ]
      : [];
  },
  'exchange.target_is_requester': (pair) =>
    allOf(copied('/source/id', '/target/id')(pair), copied('/source/type', '/target/type')(pair), targetOfSource(pair)),
  'exchange.source_not_requester': ({ request, response }) => {
    const requester = valueAt(request, '/source/id');
    const got = valueAt(response, '/source/id');
    // A pair does not show who answers, so an answer from the requester's id reads as that id
    // echoed. A request sent as the reference server (a published answer posted back) is answered
    // by it from that same id, as rule 6 has the mock answer as itself to the request's source:
    // there the honest answer and an echo are one message, and the rule leaves it alone.
    // An answer with no source id names nobody, the requester or another (message.valid's finding).
    if (requester === undefined || requester === REFERENCE_SERVER_ID || got === undefined) return NOT_JUDGED;
    return got !== requester
      ? []
      : [finding('/source/id', 'The response source must be the answering party, not the requester.', undefined, got)];
  },
  'exchange.delivery_copied': (pair) =>
    allOf(
      copied('/delivery/mode', '/delivery/mode')(pair),
      copied('/delivery/priority', '/delivery/priority')(pair),
      expiryCopied(pair),
    ),
  'exchange.reply_not_requested': ({ response }) => {
    const got = valueAt(response, '/delivery/reply_requested');
    return got === false
      ? []
      : [
          finding(
            '/delivery/reply_requested',
            'An accepted response sets delivery.reply_requested to false.',
            false,
            got,
          ),
        ];
  },
  'exchange.task_ref_set': ({ response }) => {
    const got = valueAt(response, '/delivery/task_ref');
    return typeof got === 'string' && got !== ''
      ? []
      : [
          finding(
            '/delivery/task_ref',
            'An accepted response sets delivery.task_ref to the task it started.',
            undefined,
            got,
          ),
        ];
  },
  'exchange.task_ref_agrees': ({ response }) => {
    const ref = valueAt(response, '/delivery/task_ref');
    if (typeof ref !== 'string') return NOT_JUDGED;
    return ['/body/task_ref', '/body/result/task_id']
      .filter((path) => valueAt(response, path) !== ref)
      .map((path) => finding(path, `${dotted(path)} must equal delivery.task_ref.`, ref, valueAt(response, path)));
  },
  'exchange.subject_copied': copied('/body/subject', '/body/subject'),
  'exchange.trace_id_copied': copied('/provenance/trace_id', '/provenance/trace_id'),
  'exchange.trace_continued': ({ request, response, flagged }) => {
    // W3C Trace Context: whoever continues a trace keeps its trace-id and gives its own span a new
    // parent-id. A malformed answer traceparent is the validator's finding (trace.traceparent_invalid).
    // A request traceparent the validator rejects (the pattern, hasZeroIds) is no trace to continue,
    // read here as the validator reads it, so the verdict does not hang on the caller's flags.
    const sent = valueAt(request, '/conversation/traceparent');
    const trace =
      typeof sent === 'string' && !flagged('/conversation/traceparent') ? parseTraceparent(sent) : undefined;
    if (trace === undefined || hasZeroIds(trace)) return NOT_JUDGED;
    const got = valueAt(response, '/conversation/traceparent');
    if (got === undefined)
      return [
        finding(
          '/conversation/traceparent',
          `The request carries a traceparent of trace ${trace.traceId}; the answer carries none, so the trace ends here.`,
          trace.traceId,
        ),
      ];
    const kept = typeof got === 'string' ? parseTraceparent(got) : undefined;
    // A traceparent that does not parse carries no trace-id to compare (trace.traceparent_invalid).
    if (kept === undefined) return NOT_JUDGED;
    return kept.traceId === trace.traceId
      ? []
      : [
          finding(
            '/conversation/traceparent',
            `conversation.traceparent must keep the request's trace-id ${trace.traceId}, not start trace ${kept.traceId}.`,
            trace.traceId,
            kept.traceId,
          ),
        ];
  },
  'exchange.request_message_id': (pair) => {
    // A task status may leave request_message_id out; an answer to the request may not.
    if (pair.kind === 'task-status' && valueAt(pair.response, '/body/request_message_id') === undefined)
      return NOT_JUDGED;
    return copied('/message_id', '/body/request_message_id')(pair);
  },
  'exchange.trust_signed': ({ response }) => {
    const channel = valueAt(response, '/trust/channel');
    const scheme = valueAt(response, '/trust/auth_scheme');
    const out: ExchangeFinding[] = [];
    if (channel !== 'signed-envelope')
      out.push(
        finding('/trust/channel', 'An accepted response travels as a signed envelope.', 'signed-envelope', channel),
      );
    if (scheme !== 'jws')
      out.push(
        finding('/trust/auth_scheme', 'A signed-envelope response names jws as its auth scheme.', 'jws', scheme),
      );
    return out;
  },
  'exchange.completed_without_task': ({ response }) =>
    ['/body/task_ref', '/delivery/task_ref']
      .filter((path) => valueAt(response, path) !== undefined)
      .map((path) =>
        finding(
          path,
          'A completed response answers inline and carries no task reference.',
          undefined,
          valueAt(response, path),
        ),
      ),
  'exchange.error_code_published': ({ response }) => {
    const code = valueAt(response, '/body/code');
    return isPublishedErrorCode(code)
      ? []
      : [finding('/body/code', 'The error code must be one the error registry publishes.', undefined, code)];
  },
  'exchange.error_status': ({ response }) => {
    // A client reads the code and the status alike; the registry pairs each code with one status
    // (as RFC 9457 registers a problem type with its recommended status). An unpublished code is
    // exchange.error_code_published's finding, not this one's.
    const code = valueAt(response, '/body/code');
    const status = valueAt(response, '/body/status');
    if (!isPublishedErrorCode(code) || typeof status !== 'number') return NOT_JUDGED;
    const want = errorCode(code).status;
    return status === want
      ? []
      : [
          finding(
            '/body/status',
            `body.status must be ${want}, the error registry's status for ${code}.`,
            want,
            status,
          ),
        ];
  },
  'exchange.error_retryable': ({ response }) => {
    // The registry says of each code whether the same request may succeed later (as it gives its
    // status: exchange.error_status); retry_after_seconds is "when to retry, if retryable".
    const code = valueAt(response, '/body/code');
    const retryable = valueAt(response, '/body/retryable');
    // Judged when retryable false rules out a retry time, or the registry has a value to hold true to.
    if (retryable !== false && !(retryable === true && isPublishedErrorCode(code))) return NOT_JUDGED;
    const out: ExchangeFinding[] = [];
    if (isPublishedErrorCode(code) && typeof retryable === 'boolean' && retryable !== errorCode(code).retryable)
      out.push(
        finding(
          '/body/retryable',
          `body.retryable must be ${String(!retryable)}, the error registry's value for ${code}.`,
          !retryable,
          retryable,
        ),
      );
    const after = valueAt(response, '/body/retry_after_seconds');
    if (after !== undefined && retryable === false)
      out.push(
        finding(
          '/body/retry_after_seconds',
          'retry_after_seconds says when to retry, so it comes only with retryable true.',
          undefined,
          after,
        ),
      );
    return out;
  },
  'exchange.task_matches': ({ response, previous }) => {
    const task =
      valueAt(previous, '/profile') === 'uai.task.status.v1'
        ? valueAt(previous, '/body/task_id')
        : valueAt(previous, '/delivery/task_ref');
    // No task issued before it, none named: a status of a task nobody accepted matches nothing.
    if (task === undefined)
      return [
        finding(
          '',
          previous === undefined
            ? 'A task status follows the accepted response that issued its task (previous); none is given.'
            : 'previous issued no task: it is neither an accepted response with delivery.task_ref nor a task status.',
        ),
      ];
    const got = valueAt(response, '/body/task_id');
    const delivered = valueAt(response, '/delivery/task_ref');
    return [
      ...(got === task
        ? []
        : [finding('/body/task_id', 'A task status names the task the accepted response issued.', task, got)]),
      ...(delivered === undefined || delivered === task
        ? []
        : [
            finding(
              '/delivery/task_ref',
              'A task status that carries delivery.task_ref names the task the accepted response issued there too.',
              task,
              delivered,
            ),
          ]),
    ];
  },
  [OWN_IDS]: ({ request, response, previous }) => {
    const earlier = [
      { label: 'the request', message: request },
      ...(previous === undefined
        ? []
        : [
            {
              label:
                valueAt(previous, '/profile') === 'uai.task.status.v1'
                  ? 'the task status it follows'
                  : 'the accepted answer',
              message: previous,
            },
          ]),
    ];
    // An answer with no id of its own has none to compare (message.valid says it lacks one).
    if (typeof valueAt(response, '/message_id') !== 'string') return NOT_JUDGED;
    const reused = reusedIdOf(response, earlier);
    return reused
      ? [
          finding(
            '/message_id',
            reusedIdMessage(valueAt(response, '/message_id'), reused),
            undefined,
            valueAt(response, '/message_id'),
          ),
        ]
      : [];
  },
  'exchange.task_transition': ({ response, previous }) => {
    if (previous === undefined) return NOT_JUDGED;
    const from = valueAt(previous, '/profile') === 'uai.task.status.v1' ? valueAt(previous, '/body/state') : 'accepted';
    const to = valueAt(response, '/body/state');
    if (!isTaskState(from) || !isTaskState(to)) return NOT_JUDGED;
    // A poll sees states, not transitions: the same state again is a progress update (or a terminal
    // state read twice), and states in between may be missed, so the next state must be reachable.
    const reachable = reachableStates(from);
    if (from === to || reachable.includes(to)) return [];
    return [
      finding(
        '/body/state',
        `A task cannot move from ${from} to ${to}; from ${from} it can only reach ${reachable.join(', ') || 'nothing (terminal)'}.`,
        reachable,
        to,
      ),
    ];
  },
};
