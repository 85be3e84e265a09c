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

/** The grammar above as a shape: `\d` is ASCII only, and the i flag makes T and Z case-insensitive. */
const DATE_TIME_SHAPE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)$/i;

/** 2DIGIT at i, once the shape has matched. */
const twoDigits = (text: string, i: number): number => (text.charCodeAt(i) - 48) * 10 + text.charCodeAt(i + 1) - 48;

/**
 * The fields of an RFC 3339 `date-time`, or undefined when the text breaks the grammar or its
 * limits. The shape is tested without capture groups and the fields read at their fixed places
 * (every check reads several timestamps; one expression with ten groups took twice as long), held
 * to that expression by tests/formats/date-time-parser.test.ts.
 */
export function parseDateTime(value: string): DateTimeParts | undefined {
  if (!DATE_TIME_SHAPE.test(value)) return undefined;
  const year = twoDigits(value, 0) * 100 + twoDigits(value, 2);
  const month = twoDigits(value, 5);
  const day = twoDigits(value, 8);
  const hour = twoDigits(value, 11);
  const minute = twoDigits(value, 14);
  const second = twoDigits(value, 17);
  if (!validDate(year, month, day) || hour > 23 || minute > 59 || second > 60) return undefined;
  // The zone closes the text: Z, or an offset of six characters.
  const zulu = (value.charCodeAt(value.length - 1) | 0x20) === 0x7a;
  const zoneAt = value.length - (zulu ? 1 : 6);
  let offsetMinutes = 0;
  if (!zulu) {
    const offsetHour = twoDigits(value, zoneAt + 1);
    const offsetMinute = twoDigits(value, zoneAt + 4);
    if (offsetHour > 23 || offsetMinute > 59) return undefined;
    offsetMinutes = (value[zoneAt] === '-' ? -1 : 1) * (offsetHour * 60 + offsetMinute);
  }
  if (second === 60) {
    // The minute of the UTC day this local minute falls on must be 23:59.
    const utcMinuteOfDay = (((hour * 60 + minute - offsetMinutes) % 1440) + 1440) % 1440;
    if (utcMinuteOfDay !== 1439) return undefined;
  }
  const fraction = value[19] === '.' ? value.slice(20, zoneAt) : '';
  return { year, month, day, hour, minute, second, fraction, offsetMinutes };
}

/** `date-time`. */
export const isDateTime = (value: string): boolean => parseDateTime(value) !== undefined;
