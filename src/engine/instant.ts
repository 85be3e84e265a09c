import { parseDateTime } from '../standard/formats/date-time.ts';
import { isoSeconds } from './time.ts';

/**
 * An RFC 3339 instant (section 5.6), exact: whole UTC seconds since 1970 with the offset applied
 * (section 4.2), a leap-second flag, and every fraction digit as written. The engine compares
 * timestamps only through this module, never with Date.parse, which refuses second 60 and
 * truncates fractions to milliseconds.
 */
export interface Instant {
  /** UTC seconds since 1970-01-01T00:00:00Z; a leap second counts as the :59 before it. */
  readonly utcSeconds: number;
  /** True for second 60: it falls after every fraction of :59 and before the next minute. */
  readonly leap: boolean;
  /** The fraction digits without trailing zeros ("" for a whole second). */
  readonly fraction: string;
}

/** Days from 1970-01-01 to the given proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The instant a `date-time` names, or undefined when the text is not an RFC 3339 date-time. */
export function parseInstant(text: string): Instant | undefined {
  const p = parseDateTime(text);
  if (!p) return undefined;
  const leap = p.second === 60;
  const local = daysFromCivil(p.year, p.month, p.day) * 86400 + p.hour * 3600 + p.minute * 60 + (leap ? 59 : p.second);
  return { utcSeconds: local - p.offsetMinutes * 60, leap, fraction: p.fraction.replace(/0+$/, '') };
}

/** The instant of a JavaScript Date (milliseconds), for comparing message times with the clock. */
export function instantOfDate(date: Date): Instant {
  const ms = date.getTime();
  const utcSeconds = Math.floor(ms / 1000);
  return {
    utcSeconds,
    leap: false,
    fraction: String(ms - utcSeconds * 1000)
      .padStart(3, '0')
      .replace(/0+$/, ''),
  };
}

/** Negative when a is earlier than b, 0 when they are the same instant, positive when later. */
export function compareInstants(a: Instant, b: Instant): number {
  if (a.utcSeconds !== b.utcSeconds) return a.utcSeconds < b.utcSeconds ? -1 : 1;
  if (a.leap !== b.leap) return a.leap ? 1 : -1;
  // Equal-length digit strings order as the numbers they spell.
  const width = Math.max(a.fraction.length, b.fraction.length);
  const fa = a.fraction.padEnd(width, '0');
  const fb = b.fraction.padEnd(width, '0');
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}

/** Whether a whole UTC second falls in years 0000-9999, the four-digit years RFC 3339 can write. */
export function inFourDigitYears(utcSeconds: number): boolean {
  const year = new Date(utcSeconds * 1000).getUTCFullYear();
  return year >= 0 && year <= 9999;
}

/** RFC 3339 UTC text of a whole second (one in four-digit years): YYYY-MM-DDTHH:MM:SSZ. */
export const utcSecondText = (utcSeconds: number): string => isoSeconds(new Date(utcSeconds * 1000));
