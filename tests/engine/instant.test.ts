import { describe, expect, it } from 'vitest';
import {
  compareInstants,
  inFourDigitYears,
  type Instant,
  instantOfDate,
  parseInstant,
  seal,
  utcSecondText,
} from '../../src/engine/index.ts';
import { check, codesOf } from './helpers.ts';
import { exampleSources } from '../../src/standard/examples.ts';
import { site } from './helpers.ts';

/** The engine's RFC 3339 instants (section 5.6): exact order, offsets applied, leap seconds after :59. */
const at = (text: string): Instant => {
  const instant = parseInstant(text);
  if (!instant) throw new Error(`not an instant: ${text}`);
  return instant;
};
const order = (a: string, b: string): number => Math.sign(compareInstants(at(a), at(b)));

describe('parseInstant', () => {
  it('applies offsets both ways', () => {
    expect(order('2026-11-20T10:00:00+01:00', '2026-11-20T09:00:00Z')).toBe(0);
    expect(order('2026-11-20T10:00:00-01:30', '2026-11-20T11:30:00Z')).toBe(0);
    expect(order('2026-11-20T00:30:00+01:00', '2026-11-19T23:30:00Z')).toBe(0);
    expect(order('2026-11-19T23:30:00-01:00', '2026-11-20T00:30:00Z')).toBe(0);
    expect(order('2026-11-20T10:00:00+01:00', '2026-11-20T10:00:00Z')).toBe(-1);
    expect(order('2026-11-20T10:00:00-00:01', '2026-11-20T10:00:00Z')).toBe(1);
    expect(order('2026-11-20T10:00:00-00:00', '2026-11-20T10:00:00z')).toBe(0);
  });

  it('orders a leap second after every fraction of :59 and before the next minute', () => {
    expect(order('1998-12-31T23:59:60Z', '1998-12-31T23:59:59.999999999999Z')).toBe(1);
    expect(order('1998-12-31T23:59:60Z', '1999-01-01T00:00:00Z')).toBe(-1);
    expect(order('1998-12-31T23:59:60.5Z', '1998-12-31T23:59:60.25Z')).toBe(1);
    expect(order('1998-12-31T15:59:60-08:00', '1998-12-31T23:59:60Z')).toBe(0);
    expect(order('1999-01-01T00:59:60+01:00', '1998-12-31T23:59:60Z')).toBe(0);
  });

  it.each(Array.from({ length: 20 }, (_, i) => i + 1))('is exact to the last of %i fraction digits', (digits) => {
    const base = '2026-11-20T10:00:00.';
    const smaller = `${base}${'0'.repeat(digits - 1)}1Z`;
    const larger = `${base}${'0'.repeat(digits - 1)}2Z`;
    expect(order(smaller, larger)).toBe(-1);
    expect(order(larger, smaller)).toBe(1);
    expect(order(`${smaller.slice(0, -1)}000Z`, smaller)).toBe(0); // trailing zeros change nothing
    expect(order(smaller, '2026-11-20T10:00:00Z')).toBe(1);
  });

  it('compares fractions of different lengths as numbers', () => {
    expect(order('2026-11-20T10:00:00.0001Z', '2026-11-20T10:00:00.00005Z')).toBe(1);
    expect(order('2026-11-20T10:00:00.1Z', '2026-11-20T10:00:00.09999999999999999999Z')).toBe(1);
    expect(order('2026-11-20T10:00:00.5Z', '2026-11-20T10:00:00.50Z')).toBe(0);
  });

  it('agrees with Date where Date is exact (millisecond fractions, no leap second)', () => {
    for (const text of [
      '1970-01-01T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999Z',
      '2000-02-29T12:34:56.789+05:45',
      '1900-03-01T00:00:00-12:00',
    ]) {
      expect(compareInstants(at(text), instantOfDate(new Date(text)))).toBe(0);
    }
  });

  it.each([
    ['no minutes in the offset', '2026-11-20T10:00:00+01'],
    ['a tab between date and time', '2026-11-20\t10:00:00Z'],
    ['a space between date and time', '2026-11-20 10:00:00Z'],
    ['no offset', '2026-11-20T10:00:00'],
    ['an empty fraction', '2026-11-20T10:00:00.Z'],
    ['a leap second outside the last UTC minute', '1998-12-31T23:58:60Z'],
    ['a leap second in the last local minute only', '1998-12-31T23:59:60+01:00'],
    ['second 61', '1998-12-31T23:59:61Z'],
    ['February 29 of a common year', '2100-02-29T00:00:00Z'],
    ['hour 24', '2026-11-20T24:00:00Z'],
    ['offset hour 24', '2026-11-20T10:00:00-24:00'],
    ['non-ASCII digits', '2026-11-2\u09EAT10:00:00Z'],
    ['a trailing newline', '2026-11-20T10:00:00Z\n'],
    ['an empty string', ''],
  ])('refuses %s', (_why, text) => {
    expect(parseInstant(text)).toBeUndefined();
  });
});

describe('utcSecondText and inFourDigitYears', () => {
  it('write whole UTC seconds in four-digit years', () => {
    expect(utcSecondText(at('1999-01-01T00:59:60+01:00').utcSeconds)).toBe('1998-12-31T23:59:59Z');
    expect(utcSecondText(at('0000-01-01T00:00:00Z').utcSeconds)).toBe('0000-01-01T00:00:00Z');
    expect(inFourDigitYears(at('0000-01-01T00:00:00Z').utcSeconds - 1)).toBe(false);
    expect(inFourDigitYears(at('9999-12-31T23:59:59Z').utcSeconds)).toBe(true);
    expect(inFourDigitYears(at('9999-12-31T23:59:59Z').utcSeconds + 1)).toBe(false);
  });
});

describe('delivery.expiry_not_after_issue uses exact instants', () => {
  const intent = exampleSources(site).find((e) => e.profile === 'uai.intent.request.v1')!.message;
  const withTimes = (issued: string, expires: string) => {
    const m = structuredClone(intent) as Record<string, Record<string, unknown>>;
    m.provenance!.issued_at = issued;
    m.delivery!.expires_at = expires;
    return codesOf(check(seal(m)));
  };

  it('a real leap second before the next day is flagged; after it, not', () => {
    expect(withTimes('1999-01-01T00:00:00Z', '1998-12-31T23:59:60Z')).toEqual(['delivery.expiry_not_after_issue']);
    expect(withTimes('1998-12-31T23:59:59.9Z', '1998-12-31T23:59:60Z')).toEqual([]);
  });

  it('fractions below a millisecond count', () => {
    expect(withTimes('2026-11-20T10:00:00.00005Z', '2026-11-20T10:00:00.0001Z')).toEqual([]);
    expect(withTimes('2026-11-20T10:00:00.0001Z', '2026-11-20T10:00:00.00005Z')).toEqual([
      'delivery.expiry_not_after_issue',
    ]);
  });

  it('offsets are applied', () => {
    expect(withTimes('2026-11-20T10:00:00Z', '2026-11-20T10:30:00+01:00')).toEqual(['delivery.expiry_not_after_issue']);
    expect(withTimes('2026-11-20T10:00:00Z', '2026-11-20T09:30:00-01:00')).toEqual([]);
  });

  it('a malformed timestamp gets the format issue and no ordering issue', () => {
    expect(withTimes('2026-11-20T10:00:00Z', '2026-11-20T09:00:00+01')).toEqual(['schema.format']);
    expect(withTimes('2026-11-20T11:00:00+01', '2026-11-20T10:00:00Z')).toEqual(['schema.format']);
  });
});
