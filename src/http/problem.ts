import type { Issue } from '../engine/index.ts';
import type { ErrorCodeId } from '../standard/codes.ts';
import { problemBody } from '../service/problem-body.ts';
import type { Site } from '../standard/urls.ts';
import type { CoreHandler, CoreReply } from './core.ts';
import { CORS_HEADERS, JSON_TYPE, NO_STORE, PROBLEM_TYPE, SECURITY_HEADERS } from './headers.ts';
import { toWebResponse } from './web-adapter.ts';

/** RFC 9457 problem responses (CONTRACT section 8), with the headers of every function response. */
export interface ProblemOptions {
  readonly errors?: readonly Issue[];
  readonly headers?: Readonly<Record<string, string>>;
}

/** Headers of every function response: security, CORS and no-store. Built once; spread, never changed. */
export const ACTION_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...SECURITY_HEADERS,
  ...CORS_HEADERS,
  'Cache-Control': NO_STORE,
});

/** Headers of a function's JSON answer. */
export const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...ACTION_HEADERS,
  'Content-Type': JSON_TYPE,
});

const PROBLEM_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...ACTION_HEADERS,
  'Content-Type': PROBLEM_TYPE,
});

/** A fresh copy of ACTION_HEADERS, for callers that add to it. */
export const actionHeaders = (): Record<string, string> => ({ ...ACTION_HEADERS });

export function problemReply(site: Site, code: ErrorCodeId, detail: string, options: ProblemOptions = {}): CoreReply {
  const body = problemBody(site, code, detail, options.errors);
  return {
    status: body.status as number,
    headers: options.headers ? { ...PROBLEM_HEADERS, ...options.headers } : PROBLEM_HEADERS,
    body: JSON.stringify(body),
  };
}

/** The 500 problem of CONTRACT section 8: never a stack trace or an internal path on the wire. */
export const internalProblem = (site: Site): CoreReply =>
  problemReply(site, 'server.internal', 'The service failed unexpectedly; the request may be retried.');

/** A core handler that answers the 500 problem instead of throwing. */
export const failClosed =
  (site: Site, handle: CoreHandler): CoreHandler =>
  async (request) => {
    try {
      return await handle(request);
    } catch {
      return internalProblem(site);
    }
  };

export function problemResponse(site: Site, code: ErrorCodeId, detail: string, options: ProblemOptions = {}): Response {
  return toWebResponse(problemReply(site, code, detail, options));
}
