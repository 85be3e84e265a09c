/**
 * What the kit saw: every exchange it made, in order. The verdicts (verdicts.ts) are computed
 * from these observations alone, so a report can always show its evidence.
 */
import type { Answer } from './http.ts';

export type Scenario = 'sync' | 'async' | 'keyless' | 'poll' | 'poll-again' | 'unknown-subject' | `hostile.${string}`;

export interface Observation {
  readonly scenario: Scenario;
  readonly method: 'GET' | 'POST';
  readonly url: string;
  /** The keyed request message, when the kit sent one. */
  readonly request?: Record<string, unknown>;
  readonly answer: Answer;
  /** For a task status: the accepted answer it follows. */
  readonly previous?: unknown;
  /** For a keyless request: whether the answer came as a keyless array (answer.json is its keyed form). */
  readonly keylessAnswer?: boolean;
}

export interface CapabilityObservation {
  readonly url: string;
  readonly answer?: Answer;
  /** Why the statement could not be fetched at all. */
  readonly error?: string;
}

export interface Observations {
  readonly endpoint: string;
  readonly capability: CapabilityObservation;
  readonly declaredBindings: readonly string[];
  readonly exchanges: readonly Observation[];
  /** What the kit chose not to do, and why (for skipped checks). */
  readonly notes: readonly string[];
  /** Why the run stopped early (budget, time cap, an endpoint that stopped answering). */
  readonly aborted?: string;
}
