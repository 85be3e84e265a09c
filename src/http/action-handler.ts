import type { EngineAction, EngineContext } from '../engine/index.ts';
import type { Site } from '../standard/site.ts';
import { JSON_TYPE, PREFLIGHT_HEADERS } from './headers.ts';
import { actionHeaders, problemResponse } from './problem.ts';
import { isJsonMediaType, readJsonBody, unreadableEncoding } from './request-body.ts';

/**
 * The one HTTP shell of the POST routes, Web-standard `Request -> Response`: the Netlify
 * functions and the local server both run it (CONTRACT section 8). It owns methods, media type,
 * size and depth limits, JSON parsing, problem responses and headers; the engine action owns
 * everything else and answers with an Outcome.
 */
export interface ActionHandlerOptions {
  readonly site: Site;
  readonly action: EngineAction;
  /** The clock; tests may pin it. */
  readonly now?: () => Date;
}

export const ACTION_ALLOW = 'POST, OPTIONS';

/** A header-safe file name for Content-Disposition (ASCII, no quotes or backslashes). */
const safeFilename = (name: string): string => name.replace(/[^A-Za-z0-9._-]/g, '_') || 'download.json';

export function actionHandler(options: ActionHandlerOptions): (request: Request) => Promise<Response> {
  const { site, action } = options;
  const context: EngineContext = { site, now: options.now ?? (() => new Date()) };

  async function handle(request: Request): Promise<Response> {
    if (request.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: { ...actionHeaders(), ...PREFLIGHT_HEADERS, Allow: ACTION_ALLOW },
      });
    }
    if (request.method !== 'POST') {
      return problemResponse(
        site,
        'request.method_not_allowed',
        `This route takes POST (and OPTIONS for CORS preflight), not ${request.method}.`,
        { headers: { Allow: ACTION_ALLOW } },
      );
    }
    const declared = Number(request.headers.get('content-length'));
    if (!isJsonMediaType(request.headers.get('content-type'))) {
      if (Number.isFinite(declared) && declared > 262_144)
        return problemResponse(site, 'request.too_large', 'The request body is over 262,144 bytes.');
      return problemResponse(
        site,
        'request.unsupported_media_type',
        'Send the body as application/json (or a +json media type) with a matching Content-Type header.',
      );
    }
    const encoding = unreadableEncoding(request.headers);
    if (encoding) return problemResponse(site, 'request.unsupported_media_type', encoding);
    const parsed = await readJsonBody(request);
    if (!parsed.ok) return problemResponse(site, parsed.code, parsed.detail);
    // The text goes along so that validate can see duplicate names and measure source positions.
    const outcome = action(parsed.value, context, { text: parsed.text });
    if (!outcome.ok)
      return problemResponse(site, outcome.code, outcome.detail, outcome.errors ? { errors: outcome.errors } : {});
    const headers: Record<string, string> = {
      ...actionHeaders(),
      'Content-Type': outcome.mediaType ? `${outcome.mediaType}; charset=utf-8` : JSON_TYPE,
    };
    if (outcome.filename) headers['Content-Disposition'] = `attachment; filename="${safeFilename(outcome.filename)}"`;
    return new Response(JSON.stringify(outcome.body), { status: 200, headers });
  }

  return async (request: Request): Promise<Response> => {
    try {
      return await handle(request);
    } catch {
      // Never a stack trace or an internal path on the wire (CONTRACT section 8).
      return problemResponse(site, 'server.internal', 'The service failed unexpectedly; the request may be retried.');
    }
  };
}
