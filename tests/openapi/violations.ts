/** One entry of Prism's `sl-violations` header: where (request… or response…), how bad, what. */
export interface Violation {
  readonly location: string[];
  readonly severity: string;
  readonly code?: string | number;
  readonly message: string;
}

export interface Answer {
  readonly path: string;
  readonly status: number;
  readonly contentType: string;
}

/**
 * Prism 5 validates a response body against the first declared media type whose subtype matches
 * once a structured suffix is dropped (stoplightio/prism#2713, open): an `application/sarif+json`
 * answer is checked against the `application/json` schema of the same response. For such an
 * answer its body violations say nothing; the body is checked against the schema the document
 * declares for its exact media type instead (prism-proxy.ts).
 */
export const misreadBySuffix = (mediaType: string): boolean => /^application\/[^/]+\+json$/.test(mediaType);
export const isBodyViolation = (v: Violation): boolean => v.location[0] === 'response' && v.location[1] === 'body';

/** What Prism says of a request whose path and method match no operation of the document. */
export const ROUTE_NOT_FOUND = 'Selected route not found';

/**
 * The violations that show a disagreement between the document and the service.
 * - A request the document does not allow (a wrong media type, a missing `message`, an unknown
 *   path or method) is one the service must refuse: its request-side violations are expected
 *   when the answer is a 4xx problem+json, whose status and schema Prism then checks as a
 *   response wherever the document has the operation.
 * - Paths outside the REST base (the human pages) are not part of the document at all.
 * Every response-side violation counts, and so does a request violation on an answer that
 * succeeded (the document refuses what the service accepts).
 */
export function unexplainedViolations(violations: readonly Violation[], answer: Answer, restBase: string): Violation[] {
  const refused =
    answer.status >= 400 && answer.status < 500 && answer.contentType.startsWith('application/problem+json');
  const undescribed = !answer.path.startsWith(`${restBase}/`);
  const mediaType = answer.contentType.split(';')[0]!.trim();
  return violations.filter((v) => {
    if (isBodyViolation(v) && misreadBySuffix(mediaType)) return false;
    if (v.location[0] !== 'request') return true;
    if (refused) return false;
    return !(undescribed && v.message === ROUTE_NOT_FOUND);
  });
}
