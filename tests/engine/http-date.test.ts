import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { httpDateMs, retryDelayMs } from '../../src/engine/index.ts';

/**
 * Retry-After as an HTTP-date, in the three formats a recipient must accept (RFC 9110 section
 * 5.6.7), each written here from the instant's UTC parts, independently of the parser.
 */
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');
const clock = (d: Date) => `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
const imf = (d: Date) =>
  `${DAYS[d.getUTCDay()]!.slice(0, 3)}, ${two(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${clock(d)} GMT`;
const rfc850 = (d: Date) =>
  `${DAYS[d.getUTCDay()]}, ${two(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${two(d.getUTCFullYear() % 100)} ${clock(d)} GMT`;
const asctime = (d: Date) =>
  `${DAYS[d.getUTCDay()]!.slice(0, 3)} ${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${clock(d)} ${d.getUTCFullYear()}`;

const NOW = Date.parse('2026-11-27T12:00:00Z');
// Instants from 49 years before NOW to 49 years after it, whole seconds: the RFC 850 year is then unambiguous.
const instant = fc
  .integer({ min: NOW / 1000 - 49 * 365 * 86400, max: NOW / 1000 + 49 * 365 * 86400 })
  .map((s) => new Date(s * 1000));

describe('httpDateMs', () => {
  it('reads IMF-fixdate, RFC 850 and asctime forms of the same instant alike', () => {
    fc.assert(
      fc.property(instant, (d) => {
        for (const form of [imf, rfc850, asctime]) expect(httpDateMs(form(d), NOW), form(d)).toBe(d.getTime());
      }),
      { numRuns: 500 },
    );
  });
  it('takes a two-digit year more than 50 years ahead as the last past year with those digits', () => {
    expect(httpDateMs('Sunday, 06-Nov-94 08:49:37 GMT', NOW)).toBe(Date.parse('1994-11-06T08:49:37Z'));
    expect(httpDateMs('Monday, 06-Nov-28 08:49:37 GMT', NOW)).toBe(Date.parse('2028-11-06T08:49:37Z'));
    // The edge, counted in years as the parser counts them: 50 years ahead is still ahead, 51 is the past.
    expect(httpDateMs('Friday, 06-Nov-76 08:49:37 GMT', NOW)).toBe(Date.parse('2076-11-06T08:49:37Z'));
    expect(httpDateMs('Sunday, 06-Nov-77 08:49:37 GMT', NOW)).toBe(Date.parse('1977-11-06T08:49:37Z'));
  });
  it('refuses what is no HTTP-date: another zone, a day past the month, lower-case names, extra text', () => {
    for (const text of [
      'Sun, 06 Nov 1994 08:49:37 UTC',
      'Thu, 31 Feb 2026 08:49:37 GMT',
      'sun, 06 nov 1994 08:49:37 GMT',
      'Sun, 06 Nov 1994 08:49:37 GMT x',
      'Sun Nov 6 08:49:37 1994',
      '2026-11-27T12:00:00Z',
    ])
      expect(httpDateMs(text, NOW), text).toBeUndefined();
  });
  it('gives Retry-After its delay from the answer in every form', () => {
    const later = new Date(NOW + 2_000);
    for (const form of [imf, rfc850, asctime]) expect(retryDelayMs(form(later), NOW)).toBe(2_000);
    expect(retryDelayMs('3', NOW)).toBe(3_000);
    expect(retryDelayMs('soon', NOW)).toBeUndefined();
  });
});
