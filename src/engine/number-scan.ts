/**
 * Numbers a double cannot hold (I-JSON, RFC 7493 section 2.2; RFC 8785 section 3.2.2.3 and
 * appendix D): JSON.parse reads such a token as the nearest IEEE 754 double, and the
 * canonical form, so integrity.checksum, writes that double (its ECMAScript serialization), not
 * the number the sender wrote. A reader that keeps numbers exact (Go's big numbers, Java's
 * BigDecimal, Python's int) computes another canonical form and another checksum.
 *
 * A decimal of at most 15 significant digits (DBL_DIG) inside the normal range of doubles comes
 * back from its double as the same value, so only longer tokens, and tokens that reach below the
 * normal range (subnormal or read as 0), need the exact comparison: the scans read every token's
 * digits once and compare only those.
 */

/** Significant digits a decimal may have and still come back from its double unchanged. */
const EXACT_DIGITS = 15;

/**
 * A token without an exponent reaches below the normal range (2.2e-308) only past this many
 * characters: "0." and 307 zeros before its first digit.
 */
const NORMAL_RANGE_CHARS = 300;

/**
 * Where the JSON number token starting at `start` ends, negated when the token may denote a value
 * its double does not hold (more than 15 significant digits, an exponent, or a very long token):
 * only those are compared exactly (impreciseCanonical). The text must be valid JSON.
 */
export function numberEnd(text: string, start: number): number {
  let i = start;
  if (text.charCodeAt(i) === 0x2d) i++;
  // Digits from the first non-zero digit to the last: zeros are counted once a digit follows them.
  let significant = 0;
  let zeros = 0;
  let c = text.charCodeAt(i);
  for (; ; c = text.charCodeAt(++i)) {
    if (c >= 0x31 && c <= 0x39) {
      significant += zeros + 1;
      zeros = 0;
    } else if (c === 0x30) {
      if (significant > 0) zeros++;
    } else if (c !== 0x2e) break;
  }
  let exponent = false;
  if (c === 0x65 || c === 0x45) {
    exponent = true;
    c = text.charCodeAt(++i);
    if (c === 0x2b || c === 0x2d) c = text.charCodeAt(++i);
    while (c >= 0x30 && c <= 0x39) c = text.charCodeAt(++i);
  }
  return significant > EXACT_DIGITS || exponent || i - start > NORMAL_RANGE_CHARS ? -i : i;
}

/**
 * The canonical form of a JSON number token (JSON.stringify of its double, RFC 8785 section
 * 3.2.2.3) when the value it denotes differs from the token's; undefined when both are the same
 * value (1.0, 1e0, 10E-1, -0), and when the token has no canonical form (beyond the double range:
 * message.not_canonicalizable).
 */
export function impreciseCanonical(token: string): string | undefined {
  const n = Number(token);
  if (!Number.isFinite(n)) return undefined;
  // For a finite number, String gives JSON.stringify's text (Number::toString, -0 as 0), faster.
  const canonical = String(n);
  if (canonical === token) return undefined;
  // Two integers written without exponent (JSON has no leading zeros; -0 is 0) differ in value
  // when their texts differ: the common long token, compared without taking either apart.
  if (n !== 0 && isInteger(token) && isInteger(canonical)) return canonical;
  return sameValue(token, canonical) ? undefined : canonical;
}

/** Whether a JSON number text is an integer written without fraction or exponent. */
function isInteger(text: string): boolean {
  for (let i = text.charCodeAt(0) === 0x2d ? 1 : 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/** Whether two JSON number texts denote the same decimal value: signs, digits and exponents normalized. */
function sameValue(a: string, b: string): boolean {
  const x = decimalOf(a);
  const y = decimalOf(b);
  return x.digits === y.digits && x.exponent === y.exponent && x.negative === y.negative;
}

/**
 * A JSON number text as sign, significant digits (no leading or trailing zero) and the power of
 * ten of their first digit: 0.0120 is ("12", -2), 120 is ("12", 2). Zero is ("", 0), unsigned.
 */
function decimalOf(text: string): { negative: boolean; digits: string; exponent: number } {
  const negative = text.charCodeAt(0) === 0x2d;
  let point = -1;
  let e = text.length;
  let first = -1;
  let last = -1;
  for (let k = negative ? 1 : 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 0x2e) point = k;
    else if (c === 0x65 || c === 0x45) {
      e = k;
      break;
    } else if (c !== 0x30) {
      if (first < 0) first = k;
      last = k;
    }
  }
  if (first < 0) return { negative: false, digits: '', exponent: 0 };
  const mantissaEnd = point < 0 ? e : point;
  // The power of ten of the first significant digit, before the exponent part.
  const place = first < mantissaEnd ? mantissaEnd - first - 1 : mantissaEnd - first;
  const digits =
    point > first && point < last
      ? text.slice(first, point) + text.slice(point + 1, last + 1)
      : text.slice(first, last + 1);
  // An exponent too long for an exact integer only occurs where the double is 0 or infinite, and
  // those differ from the token in their digits, or are not compared at all.
  const exponent = e < text.length ? Number(text.slice(e + 1)) : 0;
  return { negative, digits, exponent: place + exponent };
}
