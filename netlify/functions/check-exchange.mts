import { configuredSite } from '../../src/service/config.ts';
import { checkExchangeAction } from '../../src/engine/index.ts';
import { actionCore } from '../../src/http/action-handler.ts';
import { webAdapter } from '../../src/http/web-adapter.ts';

export const config = {
  path: '/v1/check-exchange',
  // POSTs only: every other method is action-reads.mts, outside the limit (CONTRACT section 8 limits POSTs).
  method: ['POST'],
  // CONTRACT section 8: 120 requests per minute per client address; over the limit, Netlify rewrites
  // the request to RATE_LIMITED_PATH (src/http/api-fallback.ts), which answers the 429 problem.
  rateLimit: {
    windowLimit: 120,
    windowSize: 60,
    aggregateBy: ['ip', 'domain'],
    action: 'rewrite',
    to: '/v1/errors/rate-limited',
  },
};

/** POST /v1/check-exchange: both messages of an exchange validated and the pair judged by the exchange rules. */
export const core = actionCore({
  site: configuredSite(process.env),
  action: checkExchangeAction,
  paths: [config.path],
});

/** What Netlify calls; the local server runs `core` through its node:http adapter. */
export default webAdapter(core);
