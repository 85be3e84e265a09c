import { configuredSite } from '../../src/service/config.ts';
import { mockExchangeAction } from '../../src/engine/index.ts';
import { actionCore } from '../../src/http/action-handler.ts';
import { webAdapter } from '../../src/http/web-adapter.ts';

export const config = {
  path: '/v1/mock-exchange',
  // POSTs only: every other method is action-reads.mts, outside the limit (CONTRACT section 8 limits POSTs).
  method: ['POST'],
  // CONTRACT section 8: 120 POSTs per minute per client address. Over the limit, Netlify rewrites
  // the request to RATE_LIMITED_PATH (src/http/api-fallback.ts), which answers the 429 problem
  // with Retry-After. Spelled out because Netlify reads this config without running the module.
  rateLimit: {
    windowLimit: 120,
    windowSize: 60,
    aggregateBy: ['ip', 'domain'],
    action: 'rewrite',
    to: '/v1/errors/rate-limited',
  },
};

/** POST /v1/mock-exchange (CONTRACT section 6): a thin shell over the shared HTTP module and the engine. */
export const core = actionCore({
  site: configuredSite(process.env),
  action: mockExchangeAction,
  paths: [config.path],
});

/** What Netlify calls; the local server runs `core` through its node:http adapter. */
export default webAdapter(core);
