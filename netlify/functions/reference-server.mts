import { configuredSite } from '../../src/service/config.ts';
import { referenceServerCore } from '../../src/http/reference-server-handler.ts';
import { webAdapter } from '../../src/http/web-adapter.ts';

/**
 * The reference server of the HTTPS JSON binding, for POST: a bare message, answered as its peer
 * would. Every other method (its capability statement, task polls, OPTIONS, the 405 of the rest)
 * is reference-server-reads.mts, the same core without the rate limit: Netlify's limiter counts
 * every request a function takes, and the contract limits POSTs only, so a client polling its
 * task once a second must not be cut off.
 */
export const core = referenceServerCore({ site: configuredSite(process.env) });

/** What Netlify calls; the local server runs `core` through its node:http adapter. */
export default webAdapter(core);

export const config = {
  path: ['/v1/reference-server', '/v1/reference-server/tasks/*'],
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
