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

/** The ASCII digit at i as a number, or -1 (also past the end: charCodeAt gives NaN). */
function digitAt(text: string, i: number): number {
  const d = text.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : -1;
}

/** 2DIGIT at i as a number, or -1. */
function twoDigits(text: string, i: number): number {
  const a = digitAt(text, i);
  const b = digitAt(text, i + 1);
  return a < 0 || b < 0 ? -1 : a * 10 + b;
}

/**
 * The fields of an RFC 3339 `date-time`, or undefined when the text breaks the grammar or its
 * limits. Read character by character (every check of a message reads several timestamps; a
 * regular expression with ten groups took about three times as long), held to the grammar above
 * by tests/formats/date-time-parser.test.ts, which compares it with that expression.
 */
export function parseDateTime(value: string): DateTimeParts | undefined {
  if (value.length < 20) return undefined;
  const y1 = twoDigits(value, 0);
  const y2 = twoDigits(value, 2);
  const month = twoDigits(value, 5);
  const day = twoDigits(value, 8);
  const hour = twoDigits(value, 11);
  const minute = twoDigits(value, 14);
  const second = twoDigits(value, 17);
  if ((y1 | y2 | month | day | hour | minute | second) < 0) return undefined;
  const t = value.charCodeAt(10);
  if (value[4] !== '-' || value[7] !== '-' || (t !== 84 && t !== 116) || value[13] !== ':' || value[16] !== ':')
    return undefined;
  const year = y1 * 100 + y2;
  if (!validDate(year, month, day) || hour > 23 || minute > 59 || second > 60) return undefined;
  let i = 19;
  let fraction = '';
  if (value[i] === '.') {
    let end = i + 1;
    while (digitAt(value, end) >= 0) end += 1;
    if (end === i + 1) return undefined;
    fraction = value.slice(i + 1, end);
    i = end;
  }
  let offsetMinutes = 0;
  const zone = value[i];
  if (zone === 'Z' || zone === 'z') {
    if (value.length !== i + 1) return undefined;
  } else if (zone === '+' || zone === '-') {
    const offsetHour = twoDigits(value, i + 1);
    const offsetMinute = twoDigits(value, i + 4);
    if (value.length !== i + 6 || value[i + 3] !== ':' || offsetHour < 0 || offsetMinute < 0) return undefined;
    if (offsetHour > 23 || offsetMinute > 59) return undefined;
    offsetMinutes = (zone === '-' ? -1 : 1) * (offsetHour * 60 + offsetMinute);
  } else return undefined;
  if (second === 60) {
    // The minute of the UTC day this local minute falls on must be 23:59.
    const utcMinuteOfDay = (((hour * 60 + minute - offsetMinutes) % 1440) + 1440) % 1440;
    if (utcMinuteOfDay !== 1439) return undefined;
  }
  return { year, month, day, hour, minute, second, fraction, offsetMinutes };
}

/** `date-time`. */
export const isDateTime = (value: string): boolean => parseDateTime(value) !== undefined;
