/**
 * The seam between the pure engine and the HTTP shells. Shells parse bytes into JSON and call
 * an engine action; the engine answers with an Outcome. The shell alone turns an Outcome into
 * HTTP: a failure's status comes from the error registry entry of its code.
 */
import type { ErrorCodeId } from '../standard/codes.ts';
import type { Site } from '../standard/urls.ts';
import type { Issue } from './issues.ts';

export interface EngineContext {
  readonly site: Site;
  /** The clock, passed in so that tests and published examples are reproducible. */
  readonly now: () => Date;
}

/**
 * The one failure shape, from reading the request body to the shell: a published error code (its
 * registry entry gives the HTTP status), a detail that says how to fix it, and the issues behind it.
 */
export interface Failure<C extends ErrorCodeId = ErrorCodeId> {
  readonly ok: false;
  readonly code: C;
  readonly detail: string;
  readonly errors?: readonly Issue[];
}

/** A value, or the failure that kept it from being read. */
export type Result<T, C extends ErrorCodeId = ErrorCodeId> = { readonly ok: true; readonly value: T } | Failure<C>;

export type Outcome =
  | {
      readonly ok: true;
      readonly body: unknown;
      /** Defaults to application/json; SARIF logs use application/sarif+json. */
      readonly mediaType?: string;
      /** When set, the shell sends Content-Disposition: attachment with this file name. */
      readonly filename?: string;
    }
  | Failure;

/** The request body as sent: its text, parsed with the same result as requestBody. */
export interface RequestSource {
  readonly text: string;
}

/**
 * POST /v1/validate and POST /v1/mock-exchange take the parsed request body, and its text when
 * the shell has it (validate reads duplicate member names and source positions from it).
 */
export type EngineAction = (requestBody: unknown, context: EngineContext, source?: RequestSource) => Outcome;
