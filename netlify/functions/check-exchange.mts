import { configuredSite } from '../../src/service/config.ts';
import { checkExchangeAction } from '../../src/engine/index.ts';
import { actionHandler } from '../../src/http/action-handler.ts';

/** POST /v1/check-exchange: both messages of an exchange validated and the pair judged by the exchange rules. */
const handle = actionHandler({ site: configuredSite(process.env), action: checkExchangeAction });

export default async (request: Request): Promise<Response> => handle(request);

export const config = {
  path: '/v1/check-exchange',
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
