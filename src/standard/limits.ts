/**
 * The service's published bounds on what one answer holds (docs/contract.md, "Limits"). They
 * are part of the standard's service description: the validator result, its conformance record,
 * the SARIF log and the CLI's reports all cut their issue lists here, and say so.
 */

/**
 * A result lists at most this many issues of one message, errors before warnings, each the first
 * in the stable order (path, then code); its counts stay exact.
 */
export const ISSUE_LIST_LIMIT = 100;

/**
 * ...and stops after the issue whose path takes the listed paths past this many characters. A
 * path echoes the request's member names, and a hundred issues under one path of a thousand
 * characters would echo it a hundred times in each list of the answer (the result, its
 * conformance record, a SARIF log): a 4 KB request answered with 300 KB. Lifting the list limit
 * (the CLI's offline report) lifts this one too.
 */
export const ISSUE_PATH_CHARS_LIMIT = 16_384;

/** The longest `artifact_uri` POST /v1/validate takes for SARIF's artifactLocation.uri (a file's path, not a document). */
export const ARTIFACT_URI_MAX_LENGTH = 2048;

/**
 * The most bytes an answer of a POST route holds, for a request of `requestBytes`: a fixed part
 * (a SARIF log's rule table, a record's envelope, a hundred listed issues) and a small multiple of
 * the request (what an answer echoes: identifiers copied into a record, the request a mock exchange
 * shows back). Tested on every worst shape of every route (tests/http-inprocess/worst-shapes.test.ts).
 */
export const ANSWER_BOUND = { fixedBytes: 131_072, perRequestByte: 8 } as const;

export const answerByteBound = (requestBytes: number): number =>
  ANSWER_BOUND.fixedBytes + ANSWER_BOUND.perRequestByte * requestBytes;
