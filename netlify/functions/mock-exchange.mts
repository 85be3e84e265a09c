import { configuredSite } from '../../src/config.ts';
import { mockExchangeAction } from '../../src/engine/index.ts';
import { actionHandler } from '../../src/http/action-handler.ts';

/** POST /v1/mock-exchange (CONTRACT section 6): a thin shell over the shared HTTP module and the engine. */
const handle = actionHandler({ site: configuredSite(process.env), action: mockExchangeAction });

export default async (request: Request): Promise<Response> => handle(request);

export const config = {
  path: '/v1/mock-exchange',
  // CONTRACT section 8: 120 POSTs per minute per client address.
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
