import { errorCode } from '../../standard/codes.ts';
import type { Route } from '../../service/routes.ts';
import { ref } from './schema-helpers.ts';

/** Pieces every operation of the document shares: JSON objects, operation ids, problem answers. */
export type Json = Record<string, unknown>;

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

export const problemResponse = (code: string) => {
  const entry = errorCode(code)!;
  const headers = PROBLEM_HEADERS[entry.status];
  return {
    description: `${entry.title} (${code})`,
    ...(headers ? { headers } : {}),
    content: { 'application/problem+json': { schema: ref('Problem') } },
  };
};

export function operationId(route: Route): string {
  const words = route.id.split('-');
  return (route.method === 'GET' ? 'get' : 'post') + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}
