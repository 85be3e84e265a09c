import { mockExchangeAction, publishedExamples, validateAction, type JsonObject } from '../../src/engine/index.ts';
import { actionHandler } from '../../src/http/action-handler.ts';
import { siteFor } from '../../src/standard/urls.ts';

/**
 * Test support: the shared HTTP shell (src/http) called in process with real Request objects, as
 * hono tests its handlers. No socket, no child process: the same Request -> Response functions the
 * Netlify functions and the local server run, with a pinned clock.
 */
export const ORIGIN = 'http://localhost:4321';
export const site = siteFor(ORIGIN);
export const NOW = new Date('2026-11-01T09:00:30Z');

export const handlers = {
  validate: actionHandler({ site, action: validateAction, now: () => NOW }),
  'mock-exchange': actionHandler({ site, action: mockExchangeAction, now: () => NOW }),
} as const;

export type ActionRoute = keyof typeof handlers;

/** POST a body (JSON-encoded unless already a string) to an action, in process. */
export function post(route: ActionRoute, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return handlers[route](
    new Request(`${ORIGIN}/v1/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

/** The published intent request example: the first packet of every walkthrough. */
export const requestExample = (): JsonObject =>
  structuredClone(publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message);
