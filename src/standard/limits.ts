/**
 * The service's published bounds on what one answer holds (docs/contract.md, "Limits"). They
 * are part of the standard's service description: the validator result, its conformance record,
 * the SARIF log and the CLI's reports all cut their issue lists here, and say so.
 */

/** A result lists at most this many issues of one message, the first in the stable order (path, then code); its counts stay exact. */
export const ISSUE_LIST_LIMIT = 100;
