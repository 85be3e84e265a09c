import { configuredSite } from '../../src/service/config.ts';
import { referenceServerCore } from '../../src/http/reference-server-handler.ts';
import { webAdapter } from '../../src/http/web-adapter.ts';

/**
 * The reference server for every method but POST: GET and HEAD of its capability statement and of
 * the tasks it accepted, OPTIONS, and the 405 of the rest. The same core as reference-server.mts,
 * which takes the POSTs under the rate limit; reads are not limited (CONTRACT section 8 limits
 * POSTs), as on the local server.
 */
export const core = referenceServerCore({ site: configuredSite(process.env) });

/** What Netlify calls; the local server runs `core` through its node:http adapter. */
export default webAdapter(core);

export const config = {
  path: ['/v1/reference-server', '/v1/reference-server/tasks/*'],
  method: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE'],
};
