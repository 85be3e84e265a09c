import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDateTime, type DateTimeParts } from '../../src/standard/formats/date-time.ts';

/**
 * The date-time reader (src/standard/formats/date-time.ts) reads character by character. Here it
 * is compared with the RFC 3339 section 5.6 grammar written as one regular expression (its former
 * implementation, kept as the oracle), over timestamps built field by field and then edited at
 * random: the same parts, or the same refusal.
 */
const DATE_TIME =
  /^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]+))?(?:[Zz]|([+-])([0-9]{2}):([0-9]{2}))$/;

const isLeapYear = (y: number): boolean => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const daysInMonth = (y: number, m: number): number =>
  m === 2 ? (isLeapYear(y) ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;

function oracle(value: string): DateTimeParts | undefined {
  const m = DATE_TIME.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i]));
  if (!(month! >= 1 && month! <= 12 && day! >= 1 && day! <= daysInMonth(year!, month!))) return undefined;
  if (hour! > 23 || minute! > 59 || second! > 60) return undefined;
  let offsetMinutes = 0;
  if (m[8] !== undefined) {
    const [oh, om] = [Number(m[9]), Number(m[10])];
    if (oh > 23 || om > 59) return undefined;
    offsetMinutes = (m[8] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  if (second === 60 && (((hour! * 60 + minute! - offsetMinutes) % 1440) + 1440) % 1440 !== 1439) return undefined;
  return {
    year: year!,
    month: month!,
    day: day!,
    hour: hour!,
    minute: minute!,
    second: second!,
    fraction: m[7] ?? '',
    offsetMinutes,
  };
}

const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
/** Mostly valid fields, with the edges (29 February, 60 seconds, 24 hours) often enough to matter. */
const stamp = fc
  .tuple(
    fc
      .oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(1900, 2000, 2024, 2100))
      .map((y) => String(y).padStart(4, '0')),
    two(13),
    two(32),
    fc.constantFrom('T', 't', ' ', 'x'),
    two(24),
    two(60),
    two(61),
    fc.option(fc.stringMatching(/^\.[0-9]{0,12}$/), { nil: '' }),
    fc.oneof(
      fc.constantFrom('Z', 'z', '', 'Q'),
      fc.tuple(fc.constantFrom('+', '-'), two(24), two(60)).map(([s, h, m]) => `${s}${h}:${m}`),
    ),
  )
  .map(
    (parts) =>
      `${parts[0]}-${parts[1]}-${parts[2]}${parts[3]}${parts[4]}:${parts[5]}:${parts[6]}${parts[7]}${parts[8]}`,
  );

/** One edit: a character replaced, inserted or removed, from ASCII, other digits and surrogates. */
const edit = fc.record({
  kind: fc.constantFrom('replace', 'insert', 'delete'),
  at: fc.nat(),
  char: fc.oneof(
    fc.constantFrom('0', '9', '-', ':', '.', 'T', 'Z', '+', '\u0660', '\uff10', '\ud800', '\n', ' ', '/'),
    fc.string({ minLength: 1, maxLength: 1 }),
  ),
});

function applyEdits(text: string, edits: readonly { kind: string; at: number; char: string }[]): string {
  let out = text;
  for (const e of edits) {
    const i = out.length ? e.at % (out.length + 1) : 0;
    if (e.kind === 'replace') out = out.slice(0, i) + e.char + out.slice(i + 1);
    else if (e.kind === 'insert') out = out.slice(0, i) + e.char + out.slice(i);
    else out = out.slice(0, i) + out.slice(i + 1);
  }
  return out;
}

describe('parseDateTime reads as the grammar does', () => {
  it('timestamps built field by field (20,000)', () => {
    fc.assert(
      fc.property(stamp, (text) => {
        expect(parseDateTime(text)).toEqual(oracle(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it('the same, edited at random (20,000)', () => {
    fc.assert(
      fc.property(stamp, fc.array(edit, { minLength: 1, maxLength: 3 }), (text, edits) => {
        const edited = applyEdits(text, edits);
        expect(parseDateTime(edited)).toEqual(oracle(edited));
      }),
      { numRuns: 20_000 },
    );
  });

  it('both accept some and refuse some of the generated timestamps', () => {
    const sample = fc.sample(stamp, { numRuns: 2_000, seed: 7 });
    const accepted = sample.filter((t) => oracle(t) !== undefined).length;
    expect(accepted).toBeGreaterThan(100);
    expect(accepted).toBeLessThan(1_900);
  });

  it('edge cases', () => {
    for (const text of [
      '2024-02-29T23:59:60Z',
      '2023-02-29T00:00:00Z',
      '1990-12-31T15:59:60-08:00',
      '1990-12-31T23:59:60+00:01',
      '2026-11-26T10:00:00.Z',
      '2026-11-26T10:00:00.5z',
      '2026-11-26t10:00:00+23:59',
      '2026-11-26T10:00:00+24:00',
      '2026-11-26T10:00:00+05:60',
      '2026-11-26T10:00:00+0530',
      '2026-11-26T10:00:00Z\n',
      '２026-11-26T10:00:00Z',
      '',
    ])
      expect(parseDateTime(text), text).toEqual(oracle(text));
  });
});
