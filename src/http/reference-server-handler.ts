/**
 * The HTTP shell of the reference server (transport bindings https-json-keyed, https-json-keyless
 * and https-async-callback), Web-standard Request -> Response like the other functions:
 *   GET  /v1/reference-server               its capability statement
 *   POST /v1/reference-server               a bare message; the answer is a bare message with the
 *                                           binding's status (200 completed, 202 accepted, 4xx uai.error.v1)
 *   GET  /v1/reference-server/tasks/{ref}   a uai.task.status.v1 for a task it accepted
 * Transport failures (media type, size, depth, JSON) are problem+json as on every POST route.
 */
import { answerMessage, capabilityStatement, type EngineContext, taskStatus } from '../engine/index.ts';
import type { Site } from '../standard/site.ts';
import { JSON_TYPE, PREFLIGHT_HEADERS } from './headers.ts';
import { actionHeaders, problemResponse } from './problem.ts';
import { isJsonMediaType, readJsonBody } from './request-body.ts';

export const REFERENCE_SERVER_PATH = '/v1/reference-server';
const TASKS_PREFIX = `${REFERENCE_SERVER_PATH}/tasks/`;

export interface ReferenceServerOptions {
  readonly site: Site;
  readonly now?: () => Date;
}

const json = (body: unknown, status: number, head: boolean): Response =>
  new Response(head ? null : JSON.stringify(body), {
    status,
    headers: { ...actionHeaders(), 'Content-Type': JSON_TYPE },
  });

export function referenceServerHandler(options: ReferenceServerOptions): (request: Request) => Promise<Response> {
  const { site } = options;
  const context: EngineContext = { site, now: options.now ?? (() => new Date()) };
  const notAllowed = (allow: string, method: string) =>
    problemResponse(site, 'request.method_not_allowed', `This path takes ${allow}, not ${method}.`, {
      headers: { Allow: allow },
    });

  async function post(request: Request): Promise<Response> {
    if (!isJsonMediaType(request.headers.get('content-type'))) {
      return problemResponse(
        site,
        'request.unsupported_media_type',
        'Send the message as application/json (a JSON object keyed, a JSON array keyless).',
      );
    }
    const parsed = await readJsonBody(request);
    if (!parsed.ok) return problemResponse(site, parsed.code, parsed.detail);
    const answer = answerMessage(parsed.value, context);
    if (!answer.ok) return problemResponse(site, answer.code, answer.detail);
    return json(answer.message, answer.status, false);
  }

  async function handle(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    const method = request.method;
    const head = method === 'HEAD';
    if (pathname.startsWith(TASKS_PREFIX)) {
      if (method !== 'GET' && !head) return notAllowed('GET, HEAD', method);
      let ref: string;
      try {
        ref = decodeURIComponent(pathname.slice(TASKS_PREFIX.length));
      } catch {
        ref = '';
      }
      const status = taskStatus(ref, context);
      return status.ok ? json(status.message, 200, head) : problemResponse(site, status.code, status.detail);
    }
    if (pathname !== REFERENCE_SERVER_PATH)
      return problemResponse(site, 'route.not_found', `No route of the reference server has the path ${pathname}.`);
    if (method === 'OPTIONS')
      return new Response(null, {
        status: 204,
        headers: { ...actionHeaders(), ...PREFLIGHT_HEADERS, Allow: 'GET, HEAD, POST, OPTIONS' },
      });
    if (method === 'GET' || head) return json(capabilityStatement(site), 200, head);
    if (method === 'POST') return post(request);
    return notAllowed('GET, HEAD, POST, OPTIONS', method);
  }

  return async (request) => {
    try {
      return await handle(request);
    } catch {
      return problemResponse(site, 'server.internal', 'The service failed unexpectedly; the request may be retried.');
    }
  };
}
