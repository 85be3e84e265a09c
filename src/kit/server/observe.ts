/**
 * What the kit saw: every exchange it made, in order. The verdicts (verdicts.ts) are computed
 * from these observations alone, so a report can always show its evidence.
 */
import type { Answer, TransportFault } from './http.ts';

/** `poll-paced`: a poll's 429 or 503 the kit waited out, judged as an answer (media type, bytes, message) and by task.pollable for what its error says (pacedFaults). */
export type Scenario =
  | 'sync'
  | 'follow-up'
  | 'async'
  | 'keyless'
  | 'poll'
  | 'poll-again'
  | 'poll-paced'
  | 'unknown-subject'
  | `hostile.${string}`;

export interface Observation {
  readonly scenario: Scenario;
  readonly method: 'GET' | 'POST';
  readonly url: string;
  /**
   * The request message in its keyed form, whichever form it was sent in; for a hostile request,
   * the valid request it was made from (whose ids it carries: an answer may not take them as its own).
   */
  readonly request?: Record<string, unknown>;
  readonly answer: Answer;
  /**
   * For a hostile request a server reads as a message (requests.ts, READ_AS_MESSAGE): the message
   * its body holds, in keyed form, which a typed error refusing it answers.
   */
  readonly sent?: Record<string, unknown>;
  /** For a task status: the accepted answer it follows. */
  readonly previous?: unknown;
  /** Set for a request sent keyless: whether the answer came as a keyless array (answer.json is then its keyed form). */
  readonly keylessAnswer?: boolean;
  /** The keyless array as it came (answer.json is its keyed form): validated as sent, extra positions and all. */
  readonly keylessForm?: readonly unknown[];
}

export interface CapabilityObservation {
  readonly url: string;
  readonly answer?: Answer;
  /** Why the statement could not be fetched at all. */
  readonly error?: string;
  /** Whether, all the same, the server sent bytes back (that were no HTTP answer): it was reached. */
  readonly reached?: boolean;
}

/** A transport fault with the request it happened on. */
export interface SeenFault extends TransportFault {
  readonly scenario: Scenario | 'capability';
}

export interface Observations {
  readonly endpoint: string;
  readonly capability: CapabilityObservation;
  readonly declaredBindings: readonly string[];
  readonly exchanges: readonly Observation[];
  /** What the kit could not do, and why (for checks not exercised). */
  readonly notes: readonly string[];
  /** How many requests the kit sent (one that got no answer included). */
  readonly requestsSent: number;
  /** Every transport fault of the run, the one that stopped it included. */
  readonly faults: readonly SeenFault[];
  /** Why the run stopped early (budget, time cap, an endpoint that stopped answering). */
  readonly aborted?: string;
  /** The request the run stopped at, when it stopped early. */
  readonly stoppedAt?: Scenario | 'capability';
}
