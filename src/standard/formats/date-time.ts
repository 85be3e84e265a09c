/**
 * RFC 3339 section 5.6 timestamps, exactly as the grammar reads:
 *
 *   full-date      = date-fullyear "-" date-month "-" date-mday      ; 4DIGIT "-" 2DIGIT "-" 2DIGIT
 *   partial-time   = time-hour ":" time-minute ":" time-second [time-secfrac]
 *   time-secfrac   = "." 1*DIGIT                                     ; any number of digits
 *   time-numoffset = ("+" / "-") time-hour ":" time-minute           ; minutes are not optional
 *   time-offset    = "Z" / time-numoffset
 *   date-time      = full-date "T" partial-time time-offset
 *
 * with the section 5.7 limits (mday by month and leap year, hour 00-23, minute 00-59, second
 * 00-60), "T" and "Z" case-insensitive (section 5.6 NOTE), DIGIT ASCII only (RFC 5234 B.1), and a
 * leap second (second 60) only in the last minute of a UTC day once the offset is applied
 * (section 5.7 and appendix D: 23:59:60Z, or 15:59:60-08:00).
 */
export interface DateTimeParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  /** 0-60; 60 is a leap second. */
  readonly second: number;
  /** The digits after the decimal point, as written ("" when there is none). */
  readonly fraction: string;
  /** time-numoffset in minutes east of UTC; 0 for Z (and for -00:00, "unknown local offset"). */
  readonly offsetMinutes: number;
}

const FULL_DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
const DATE_TIME =
  /^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]+))?(?:[Zz]|([+-])([0-9]{2}):([0-9]{2}))$/;

const isLeapYear = (y: number): boolean => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

/** RFC 3339 section 5.7: the last day of each month, February by the Gregorian leap-year rule. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const validDate = (y: number, m: number, d: number): boolean => m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);

/** `full-date` (the JSON Schema `date` format). */
export function isFullDate(value: string): boolean {
  const m = FULL_DATE.exec(value);
  return m !== null && validDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** The fields of an RFC 3339 `date-time`, or undefined when the text breaks the grammar or its limits. */
export function parseDateTime(value: string): DateTimeParts | undefined {
  const m = DATE_TIME.exec(value);
  if (!m) return undefined;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const hour = Number(m[4]);
  const minute = Number(m[5]);
  const second = Number(m[6]);
  if (!validDate(year, month, day) || hour > 23 || minute > 59 || second > 60) return undefined;
  let offsetMinutes = 0;
  if (m[8] !== undefined) {
    const offsetHour = Number(m[9]);
    const offsetMinute = Number(m[10]);
    if (offsetHour > 23 || offsetMinute > 59) return undefined;
    offsetMinutes = (m[8] === '-' ? -1 : 1) * (offsetHour * 60 + offsetMinute);
  }
  if (second === 60) {
    // The minute of the UTC day this local minute falls on must be 23:59.
    const utcMinuteOfDay = (((hour * 60 + minute - offsetMinutes) % 1440) + 1440) % 1440;
    if (utcMinuteOfDay !== 1439) return undefined;
  }
  return { year, month, day, hour, minute, second, fraction: m[7] ?? '', offsetMinutes };
}

/** `date-time`. */
export const isDateTime = (value: string): boolean => parseDateTime(value) !== undefined;
