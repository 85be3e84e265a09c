import { configuredSite } from '../../src/config.ts';
import { referenceServerHandler } from '../../src/http/reference-server-handler.ts';

/**
 * The reference server of the HTTPS JSON binding: GET its capability statement, POST a bare
 * message, GET the status of a task it accepted.
 */
const handle = referenceServerHandler({ site: configuredSite(process.env) });

export default async (request: Request): Promise<Response> => handle(request);

export const config = {
  path: ['/v1/reference-server', '/v1/reference-server/tasks/*'],
  // CONTRACT section 8: 120 POSTs per minute per client address.
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
