import type { Issue } from '../engine/index.ts';
import type { ErrorCodeId } from '../standard/codes.ts';
import { problemBody } from '../service/problem.ts';
import type { Site } from '../standard/site.ts';
import { CORS_HEADERS, NO_STORE, PROBLEM_TYPE, SECURITY_HEADERS } from './headers.ts';

/** RFC 9457 problem responses (CONTRACT section 8), with the headers of every function response. */
export interface ProblemOptions {
  readonly errors?: readonly Issue[];
  readonly headers?: Readonly<Record<string, string>>;
}

/** Headers of every function response: security, CORS and no-store. */
export const actionHeaders = (): Record<string, string> => ({
  ...SECURITY_HEADERS,
  ...CORS_HEADERS,
  'Cache-Control': NO_STORE,
});

export function problemResponse(site: Site, code: ErrorCodeId, detail: string, options: ProblemOptions = {}): Response {
  const body = problemBody(site, code, detail, options.errors);
  return new Response(JSON.stringify(body), {
    status: body.status as number,
    headers: { ...actionHeaders(), 'Content-Type': PROBLEM_TYPE, ...options.headers },
  });
}
