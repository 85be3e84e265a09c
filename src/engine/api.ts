import type { Site } from '../standard/site.ts';
import type { Issue } from './issues.ts';

/**
 * The seam between the pure engine and the HTTP shells. Shells parse bytes into JSON and call
 * an engine action; the engine answers with an Outcome. The shell alone turns an Outcome into
 * HTTP: a failure's status comes from the error registry entry of its code.
 */
export interface EngineContext {
  readonly site: Site;
  /** The clock, passed in so that tests and published examples are reproducible. */
  readonly now: () => Date;
}

export type Outcome =
  | {
      readonly ok: true;
      readonly body: unknown;
      /** Defaults to application/json; SARIF logs use application/sarif+json. */
      readonly mediaType?: string;
      /** When set, the shell sends Content-Disposition: attachment with this file name. */
      readonly filename?: string;
    }
  | {
      readonly ok: false;
      /** A published error code (ERROR_CODES), e.g. request.invalid. */
      readonly code: string;
      readonly detail: string;
      readonly errors?: readonly Issue[];
    };

/** The request body as sent: its text, parsed with the same result as requestBody. */
export interface RequestSource {
  readonly text: string;
}

/**
 * POST /v1/validate and POST /v1/mock-exchange take the parsed request body, and its text when
 * the shell has it (validate reads duplicate member names and source positions from it).
 */
export type EngineAction = (requestBody: unknown, context: EngineContext, source?: RequestSource) => Outcome;
