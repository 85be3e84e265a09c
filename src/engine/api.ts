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

/** POST /v1/validate and POST /v1/mock-exchange take the parsed request body. */
export type EngineAction = (requestBody: unknown, context: EngineContext) => Outcome;
