/**
 * What an answer writes after its request where a message's numbers and times run out: the next
 * sequence (spec 4.1, spec 4.2 rule 5) and an issue time before the request's expiry (rule 7).
 * The mock exchange, the reference server, the conformance record and the exchange rules all
 * read them here, so what the service writes is what its checks expect.
 */
import { inFourDigitYears, utcSecondText, type Instant } from '../instant.ts';

/**
 * The sequence after `sequence`, or undefined when none can be written exactly. JSON numbers are
 * IEEE 754 doubles as RFC 8785 reads them (and RFC 7493 section 2.2 bounds exact integers to
 * 2^53 - 1): every safe integer has its successor, up to 2^53 itself. Past that, the value read
 * may already be a rounding of the one written (9007199254740993 reads as 9007199254740992) and
 * its successor has no double, so no answer can carry "sequence + 1".
 */
export function nextSequence(sequence: unknown): number | undefined {
  return Number.isSafeInteger(sequence) && (sequence as number) >= 1 ? (sequence as number) + 1 : undefined;
}

/** +23:59, the widest offset RFC 3339 writes, in seconds. */
const WIDEST_OFFSET = 23 * 3600 + 59 * 60;
/** 0000-01-01T00:00:00+23:59: the earliest instant an RFC 3339 date-time (four-digit years) names. */
const FIRST_SECOND = -62_167_219_200 - WIDEST_OFFSET;

/** Whether an RFC 3339 date-time can name an instant before this one. */
export const hasInstantBefore = (t: Instant): boolean =>
  t.utcSeconds > FIRST_SECOND || (t.utcSeconds === FIRST_SECOND && (t.fraction !== '' || t.leap));

/**
 * The issue time of an answer to a request that expired at `t`: a whole second before it (one
 * second before, or the first second when `t` lies within it), in UTC with `Z` like every time
 * the service writes, or undefined when no date-time names an earlier instant. Only a second of
 * the last day before year 0000 in UTC has no `Z` form; it is written at +23:59, the one way
 * RFC 3339 can name it.
 */
export function issuedBefore(t: Instant): string | undefined {
  if (!hasInstantBefore(t)) return undefined;
  // A leap second (:60) counts as the :59 it follows (instant.ts), which is already a second before it.
  const second = Math.max(t.leap ? t.utcSeconds : t.utcSeconds - 1, FIRST_SECOND);
  if (inFourDigitYears(second)) return utcSecondText(second);
  return inFourDigitYears(second + WIDEST_OFFSET)
    ? `${utcSecondText(second + WIDEST_OFFSET).slice(0, -1)}+23:59`
    : undefined;
}
