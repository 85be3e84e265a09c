/**
 * The scenarios of the client test kit (`uai test-client`), as they are published (the page, the
 * adoption-kit manifest, `--list`): each a scripted server that behaves one way, run by
 * src/kit/client/server.ts on the reference server's core, so the answers a client gets are the
 * reference server's own. A scenario only adds a script around it: a refusal first, a delay, a
 * typed error, a clock that moves a task on per poll, or the keyless binding alone.
 */

export const CLIENT_SCENARIO_IDS = [
  'sync',
  'async',
  'typed-error',
  'rate-limited',
  'slow',
  'keyless',
  'follow-up',
] as const;
export type ClientScenarioId = (typeof CLIENT_SCENARIO_IDS)[number];

export interface ClientScenario {
  readonly id: ClientScenarioId;
  readonly title: string;
  /** What the client is expected to do, as `uai test-client --list` prints it. */
  readonly expects: string;
  /**
   * The delivery mode the scenario is there to show. Not a requirement: every scenario server answers
   * in the mode the client asked for (spec 4.2 rule 7), and a client may always ask its own.
   */
  readonly mode?: 'sync' | 'async';
  /**
   * The optional behaviour the scenario is there to show. A client that declares it is expected to
   * show it here; one that does not is still run, and what it does is judged.
   */
  readonly shows?: 'async' | 'keyless' | 'follow_ups';
  /**
   * The endpoint speaks only what the scenario shows: a client that does not declare it and sends
   * nothing there has declined the scenario, as it should (its completion is not judged there).
   */
  readonly declinable?: boolean;
  /** The scenario's final answer is a typed error, not a result. */
  readonly endsInError?: boolean;
}

/** Seconds a refused first attempt must wait (the 429's Retry-After). */
export const RETRY_AFTER_SECONDS = 1;
/** How long the slow scenario holds its answer, milliseconds. */
export const SLOW_ANSWER_MS = 2_000;
/** The documented minimum interval between two polls of one task, milliseconds. */
export const MIN_POLL_INTERVAL_MS = 1_000;
/** Timer and scheduling slack allowed on every wait the kit measures, milliseconds. */
export const WAIT_TOLERANCE_MS = 50;

export const CLIENT_SCENARIOS: readonly ClientScenario[] = [
  {
    id: 'sync',
    title: 'A sync request, completed at once',
    expects:
      'POST one uai.intent.request.v1; asked sync, the answer is 200 uai.intent.response.v1 (asked async, it is accepted 202 and completes over polls). Stop at the result.',
    mode: 'sync',
  },
  {
    id: 'async',
    title: 'An async request: accepted, then working, then completed over polls',
    expects:
      'POST with delivery.mode async; the answer is 202 with delivery.task_ref. GET <polling url><task_ref> at most once a second: the first poll says working, the next completed. Stop polling at completed (asked sync, the answer is 200 at once).',
    mode: 'async',
    shows: 'async',
  },
  {
    id: 'typed-error',
    title: 'A request answered with a typed error',
    expects:
      'POST a request; the answer is 422 uai.error.v1 (exchange.intent_unprocessable, not retryable). Report it; do not send the same message again.',
    endsInError: true,
  },
  {
    id: 'rate-limited',
    title: 'A first attempt refused with 429 and Retry-After: 1, then served',
    expects:
      'POST a request; the first attempt gets 429 request.rate_limited with Retry-After: 1. Wait at least that long, send again (the same message or a fresh one), and finish with the answer.',
  },
  {
    id: 'slow',
    title: 'A slow acceptance: the answer takes 2 s',
    expects: 'POST a request and wait for the answer, which comes after 2 seconds; do not send again while waiting.',
  },
  {
    id: 'keyless',
    title: 'The keyless binding only',
    expects:
      'The capability statement declares only https-json-keyless at the endpoint: POST the request as a keyless JSON array; the answer comes back keyless. A client that does not declare keyless declines it by sending nothing.',
    shows: 'keyless',
    declinable: true,
  },
  {
    id: 'follow-up',
    title: 'Two turns in one conversation',
    expects:
      'POST a request; when the result comes, POST a follow-up request in the same conversation (same conversation_id, parent_message_id the last answer, sequence that answer plus one) and finish with its result.',
    mode: 'sync',
    shows: 'follow_ups',
  },
];

export const scenarioById = (id: string): ClientScenario | undefined => CLIENT_SCENARIOS.find((s) => s.id === id);

export function listScenarios(): string {
  const lines = ['Scenarios of uai test-client (UAI_SCENARIO names the one being run):', ''];
  for (const s of CLIENT_SCENARIOS) lines.push(`${s.id}`, `  ${s.title}.`, `  Expects: ${s.expects}`, '');
  return `${lines.join('\n')}`;
}
