/**
 * The HTTP shell of the reference server (transport bindings https-json-keyed, https-json-keyless
 * and https-async-callback), written against the HTTP core (core.ts) like the other functions:
 *   GET  /v1/reference-server               its capability statement
 *   POST /v1/reference-server               a bare message; the answer is a bare message with the
 *                                           binding's status (200 completed, 202 accepted, 4xx uai.error.v1)
 *   GET  /v1/reference-server/tasks/{ref}   a uai.task.status.v1 for a task it accepted
 * Transport failures (media type, size, depth, JSON) are problem+json as on every POST route.
 */
import { answerMessage, capabilityStatement, type EngineContext, MAX_DEPTH, taskStatus } from '../engine/index.ts';
import type { Site } from '../standard/urls.ts';
import type { MockScenario } from '../standard/value-sets.ts';
import { headAsGet, type CoreHandler, type CoreReply, type CoreRequest } from './core.ts';
import { PREFLIGHT_HEADERS, RECORD_PREFLIGHT_HEADERS } from './headers.ts';
import { ACTION_HEADERS, failClosed, JSON_HEADERS, problemReply } from './problem.ts';
import { readPostedJson } from './request-body.ts';
import { webAdapter } from './web-adapter.ts';

export const REFERENCE_SERVER_PATH = '/v1/reference-server';
const TASKS_PREFIX = `${REFERENCE_SERVER_PATH}/tasks/`;

export interface ReferenceServerOptions {
  readonly site: Site;
  readonly now?: () => Date;
  /** Answer every message with this mock scenario instead of choosing by delivery mode (scripted servers). */
  readonly scenario?: MockScenario;
}

const PREFLIGHT_REPLY: CoreReply = {
  status: 204,
  headers: Object.freeze({ ...ACTION_HEADERS, ...PREFLIGHT_HEADERS, Allow: 'GET, HEAD, POST, OPTIONS' }),
  body: null,
};

/** The methods of a task path: it is read, as a record is. */
const TASK_ALLOW = 'GET, HEAD, OPTIONS';

/**
 * A task path's preflight, as a record's: a client on another origin that polls with a header of
 * its own (a traceparent, as tracing libraries add to every call) is preflighted even for a GET,
 * and without a 204 here its poll never leaves the browser.
 */
const TASK_PREFLIGHT_REPLY: CoreReply = {
  status: 204,
  headers: Object.freeze({ ...ACTION_HEADERS, ...RECORD_PREFLIGHT_HEADERS, Allow: TASK_ALLOW }),
  body: null,
};

// HEAD arrives here as GET (headAsGet), so every answer has its body.
const json = (body: unknown, status: number): CoreReply => ({
  status,
  headers: JSON_HEADERS,
  body: JSON.stringify(body),
});

export function referenceServerCore(options: ReferenceServerOptions): CoreHandler {
  const { site } = options;
  const context: EngineContext = { site, now: options.now ?? (() => new Date()) };
  const notAllowed = (allow: string, method: string) =>
    problemReply(site, 'request.method_not_allowed', `This path takes ${allow}, not ${method}.`, {
      headers: { Allow: allow },
    });

  async function post(request: CoreRequest): Promise<CoreReply> {
    // The body is the message, with no wrapper: it nests no deeper than a message may (64).
    const parsed = await readPostedJson(
      request,
      'Send the message as application/json (a JSON object keyed, a JSON array keyless).',
      MAX_DEPTH,
    );
    if (!parsed.ok) return problemReply(site, parsed.code, parsed.detail);
    const answer = answerMessage(parsed.value, context, options.scenario, parsed.text);
    if (!answer.ok) return problemReply(site, answer.code, answer.detail);
    return json(answer.message, answer.status);
  }

  async function handle(request: CoreRequest): Promise<CoreReply> {
    const pathname = request.path;
    const method = request.method;
    if (pathname.startsWith(TASKS_PREFIX)) {
      if (method === 'OPTIONS') return TASK_PREFLIGHT_REPLY;
      if (method !== 'GET') return notAllowed(TASK_ALLOW, method);
      let ref: string;
      try {
        ref = decodeURIComponent(pathname.slice(TASKS_PREFIX.length));
      } catch {
        ref = '';
      }
      const status = taskStatus(ref, context);
      return status.ok ? json(status.message, 200) : problemReply(site, status.code, status.detail);
    }
    if (pathname !== REFERENCE_SERVER_PATH)
      return problemReply(site, 'route.not_found', `No route of the reference server has the path ${pathname}.`);
    if (method === 'OPTIONS') return PREFLIGHT_REPLY;
    if (method === 'GET') return json(capabilityStatement(site), 200);
    if (method === 'POST') return post(request);
    return notAllowed('GET, HEAD, POST, OPTIONS', method);
  }

  return failClosed(site, headAsGet(handle));
}

/** The same shell as a Web `Request -> Response` handler. */
export const referenceServerHandler = (options: ReferenceServerOptions): ((request: Request) => Promise<Response>) =>
  webAdapter(referenceServerCore(options));
