import type { EngineAction, EngineContext } from '../engine/index.ts';
import type { Site } from '../standard/urls.ts';
import { headAsGet, type CoreHandler, type CoreReply, type CoreRequest } from './core.ts';
import { PREFLIGHT_HEADERS } from './headers.ts';
import { ACTION_HEADERS, failClosed, JSON_HEADERS, problemReply } from './problem.ts';
import { readPostedJson } from './request-body.ts';
import { webAdapter } from './web-adapter.ts';

/**
 * The one HTTP shell of the POST routes (CONTRACT section 8), written against the HTTP core
 * (core.ts): the Netlify functions run it through the Web adapter, the local server through the
 * node:http adapter. It owns methods, media type, size and depth limits, JSON parsing, problem
 * responses and headers; the engine action owns everything else and answers with an Outcome.
 */
export interface ActionHandlerOptions {
  readonly site: Site;
  readonly action: EngineAction;
  /** The clock; tests may pin it. */
  readonly now?: () => Date;
  /**
   * The paths the route answers, exactly (its function's config.path). A host may hand it others:
   * netlify-cli matches function paths without case and drops a trailing slash, so `POST
   * /v1/Validate/` ran the check there while the local server answered 404. Any other path is an
   * unknown one (CONTRACT section 8: 404 route.not_found), as on the local server.
   */
  readonly paths?: readonly string[];
}

export const ACTION_ALLOW = 'POST, OPTIONS';

/** A header-safe file name for Content-Disposition (ASCII, no quotes or backslashes). */
const safeFilename = (name: string): string => name.replace(/[^A-Za-z0-9._-]/g, '_') || 'download.json';

const PREFLIGHT_REPLY: CoreReply = {
  status: 204,
  headers: Object.freeze({ ...ACTION_HEADERS, ...PREFLIGHT_HEADERS, Allow: ACTION_ALLOW }),
  body: null,
};

export function actionCore(options: ActionHandlerOptions): CoreHandler {
  const { site, action } = options;
  const context: EngineContext = { site, now: options.now ?? (() => new Date()) };

  async function handle(request: CoreRequest): Promise<CoreReply> {
    if (options.paths && !options.paths.includes(request.path))
      return problemReply(
        site,
        'route.not_found',
        `No route of the REST surface has the path ${request.path}; GET ${site.base}/catalog lists every route.`,
      );
    if (request.method === 'OPTIONS') return PREFLIGHT_REPLY;
    if (request.method !== 'POST') {
      return problemReply(
        site,
        'request.method_not_allowed',
        `This route takes POST (and OPTIONS for CORS preflight), not ${request.method}.`,
        { headers: { Allow: ACTION_ALLOW } },
      );
    }
    const parsed = await readPostedJson(
      request,
      'Send the body as application/json (or a +json media type) with a matching Content-Type header.',
    );
    if (!parsed.ok) return problemReply(site, parsed.code, parsed.detail);
    // The text goes along so that validate can see duplicate names and measure source positions.
    const outcome = action(parsed.value, context, { text: parsed.text });
    if (!outcome.ok)
      return problemReply(site, outcome.code, outcome.detail, outcome.errors ? { errors: outcome.errors } : {});
    let headers: Readonly<Record<string, string>> = JSON_HEADERS;
    if (outcome.mediaType || outcome.filename) {
      const custom: Record<string, string> = { ...JSON_HEADERS };
      if (outcome.mediaType) custom['Content-Type'] = `${outcome.mediaType}; charset=utf-8`;
      if (outcome.filename) custom['Content-Disposition'] = `attachment; filename="${safeFilename(outcome.filename)}"`;
      headers = custom;
    }
    return { status: 200, headers, body: JSON.stringify(outcome.body) };
  }

  return failClosed(site, headAsGet(handle));
}

/** The same shell as a Web `Request -> Response` handler. */
export const actionHandler = (options: ActionHandlerOptions): ((request: Request) => Promise<Response>) =>
  webAdapter(actionCore(options));
