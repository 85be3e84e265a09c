import { configuredSite } from '../../src/service/config.ts';
import { actionCore } from '../../src/http/action-handler.ts';
import { webAdapter } from '../../src/http/web-adapter.ts';

export const config = {
  path: ['/v1/validate', '/v1/mock-exchange', '/v1/check-exchange'],
  method: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE'],
};

/**
 * The three POST routes for every method but POST: OPTIONS (the CORS preflight, 204) and the 405
 * of the rest, without the rate limit. Netlify's limiter counts every request a function takes,
 * and the contract limits POSTs only, so a browser's preflights must not use up a client's 120
 * POSTs, nor be answered 429 past them. validate.mts, mock-exchange.mts and check-exchange.mts
 * take the POSTs; this shell answers the same as they do to any other method, and never reaches
 * an action (only a POST does), so it carries none of the engine.
 */
export const core = actionCore({
  site: configuredSite(process.env),
  action: () => ({ ok: false, code: 'server.internal', detail: 'This function takes no POST.' }),
  paths: config.path,
});

/** What Netlify calls; the local server runs `core` through its node:http adapter. */
export default webAdapter(core);
