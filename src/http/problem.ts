import type { Issue } from '../engine/issues.ts';
import { errorCode } from '../standard/codes.ts';
import { links, type Site } from '../standard/site.ts';
import { CORS_HEADERS, NO_STORE, PROBLEM_TYPE, SECURITY_HEADERS } from './headers.ts';

/**
 * RFC 9457 problem responses (CONTRACT section 8). The status always comes from the error
 * registry entry of the code, so the registry, OpenAPI and the wire cannot disagree.
 */
export interface ProblemOptions {
  readonly errors?: readonly Issue[];
  readonly headers?: Readonly<Record<string, string>>;
}

/** Headers of every function response: security, CORS and no-store. */
export const actionHeaders = (): Record<string, string> => ({ ...SECURITY_HEADERS, ...CORS_HEADERS, 'Cache-Control': NO_STORE });

export function problemBody(site: Site, code: string, detail: string, errors?: readonly Issue[]) {
  const entry = errorCode(code) ?? errorCode('server.internal')!;
  const body: Record<string, unknown> = { type: links(site).codeHelp(entry.code), title: entry.title, status: entry.status, detail, code: entry.code };
  if (errors && errors.length) body.errors = errors;
  return body;
}

export function problemResponse(site: Site, code: string, detail: string, options: ProblemOptions = {}): Response {
  const body = problemBody(site, code, detail, options.errors);
  return new Response(JSON.stringify(body), {
    status: body.status as number,
    headers: { ...actionHeaders(), 'Content-Type': PROBLEM_TYPE, ...options.headers },
  });
}
