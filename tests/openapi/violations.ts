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
  const refused = answer.status >= 400 && answer.status < 500 && answer.contentType.startsWith('application/problem+json');
  const undescribed = !answer.path.startsWith(`${restBase}/`);
  return violations.filter((v) => {
    if (v.location[0] !== 'request') return true;
    if (refused) return false;
    return !(undescribed && v.message === ROUTE_NOT_FOUND);
  });
}
