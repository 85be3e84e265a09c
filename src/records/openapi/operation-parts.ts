import { errorCode, type ErrorCodeId } from '../../standard/codes.ts';
import type { Site } from '../../standard/urls.ts';
import type { Route } from '../../service/routes.ts';
import { problemExample } from './examples.ts';
import { ref, type Json } from './schema-helpers.ts';

/** Pieces every operation of the document shares: operation ids, problem answers. */

/** Headers a problem answer carries because of its status (RFC 9110 sections 10.2.1 and 15.5.6; RFC 6585 section 4). */
const PROBLEM_HEADERS: Record<number, Json> = {
  405: { Allow: { description: 'The methods the path answers.', required: true, schema: { type: 'string' } } },
  429: {
    'Retry-After': {
      description: 'Seconds until the client may try again.',
      required: true,
      schema: { type: 'string', pattern: '^[0-9]+$' },
    },
  },
};

/** The answer of a status that carries these problem codes, with each code's problem document as an example. */
export const problemResponse = (site: Site, ...codes: [ErrorCodeId, ...ErrorCodeId[]]) => {
  const headers = PROBLEM_HEADERS[errorCode(codes[0]).status];
  return {
    description: codes.map((c) => `${errorCode(c).title} (${c})`).join('; '),
    ...(headers ? { headers } : {}),
    content: {
      'application/problem+json': {
        schema: ref('Problem'),
        examples: Object.fromEntries(codes.map((c) => [c, problemExample(site, c)])),
      },
    },
  };
};

/**
 * What the local server answers to a request of any route before reading what it asks
 * (docs/slow-clients.md): one its HTTP parser refuses, headers that never finish, a declared
 * length past any limit, headers over its limit. Declared on every operation, so that every real
 * answer is a described one.
 */
export const transportProblems = (site: Site) => ({
  '400': problemResponse(site, 'request.invalid'),
  '408': problemResponse(site, 'request.timeout'),
  '413': problemResponse(site, 'request.too_large'),
  '431': problemResponse(site, 'request.headers_too_large'),
});

export function operationId(route: Route): string {
  const words = route.id.split('-');
  return (route.method === 'GET' ? 'get' : 'post') + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}
