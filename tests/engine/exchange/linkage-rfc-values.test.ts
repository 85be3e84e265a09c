import { describe, expect, it } from 'vitest';
import {
  checkExchange,
  compareInstants,
  mockExchange,
  parseInstant,
  publishedExamples,
  seal,
} from '../../../src/engine/index.ts';
import { siteFor } from '../../../src/standard/urls.ts';

/** The mock exchange's linkage reads request values as the validator does: expires_at as an exact RFC 3339 instant (spec 4.2 rule 7), source.uri by RFC 3986 (rule 6). */
const site = siteFor('https://uai.example.org');
const request = publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message as Record<
  string,
  any
>;

function answer(issuedAt: string, expiresAt: string, now: string) {
  const message = structuredClone(request);
  message.provenance.issued_at = issuedAt;
  message.delivery.expires_at = expiresAt;
  const result = mockExchange(
    { message: seal(message), scenario: 'accepted-task', format: 'exchange' },
    { site, now: () => new Date(now) },
  );
  const res = result.response_message as Record<string, any>;
  return { result, expires: res.delivery.expires_at as string | undefined, issued: res.provenance.issued_at as string };
}

describe('mock exchange expiry', () => {
  it.each([
    // One whole UTC second before the expiry's second (docs/formats-and-instants.md); a leap second's is the :59 it follows.
    ['a leap second', '1998-12-31T23:59:59Z', '1998-12-31T23:59:60Z', '1998-12-31T23:59:59Z'],
    ['a leap second with a fraction', '1998-12-31T23:59:59Z', '1998-12-31T23:59:60.5Z', '1998-12-31T23:59:59Z'],
    ['an offset', '2026-11-20T10:00:00Z', '2026-11-20T12:00:00.123456789+01:00', '2026-11-20T10:59:59Z'],
    ['sub-millisecond fractions', '2026-11-20T10:00:00.00005Z', '2026-11-20T10:00:00.0001Z', '2026-11-20T09:59:59Z'],
  ])(
    'copies an expiry with %s as written, and dates an expired request before it',
    (_what, issuedAt, expiresAt, before) => {
      const { result, expires, issued } = answer(issuedAt, expiresAt, '2031-01-01T00:00:00Z');
      expect(result.request.validation.issue_count).toBe(0);
      expect(expires).toBe(expiresAt);
      expect(issued).toBe(before);
      expect(compareInstants(parseInstant(issued)!, parseInstant(expiresAt)!)).toBeLessThan(0);
      expect(result.response_validation.issue_count).toBe(0);
    },
  );

  it('keeps the clock when the expiry is still ahead', () => {
    const { issued, result } = answer(
      '2026-11-20T10:00:00Z',
      '2026-11-20T10:00:00.5+00:00',
      '2026-11-20T09:59:59.750Z',
    );
    expect(issued).toBe('2026-11-20T09:59:59Z');
    expect(result.response_validation.issue_count).toBe(0);
  });

  it('dates an answer before an expiry with no UTC second before it in four-digit years at +23:59', () => {
    const { expires, issued, result } = answer(
      '0000-01-01T00:00:00+01:00',
      '0000-01-01T00:00:00Z',
      '2026-11-20T10:00:00Z',
    );
    expect(result.request.validation.issue_count).toBe(0);
    expect([expires, issued]).toEqual(['0000-01-01T00:00:00Z', '0000-01-01T23:58:59+23:59']);
    expect(result.response_validation.issue_count).toBe(0);
    expect(checkExchange({ request: result.request.message, response: result.response_message }).conforms).toBe(true);
  });

  it('leaves out an expiry no date-time precedes, which the exchange rules then do not ask for', () => {
    for (const expiresAt of ['0000-01-01T00:00:00+23:59', '0000-01-01T00:00:00.5+23:59']) {
      const message = structuredClone(request);
      delete message.provenance.issued_at;
      message.delivery.expires_at = expiresAt;
      const result = mockExchange(
        { message: seal(message), scenario: 'accepted-task', format: 'exchange' },
        { site, now: () => new Date('2026-11-20T10:00:00Z') },
      );
      const res = result.response_message as Record<string, any>;
      // Within the first second a date-time names, that second is still before it.
      expect(res.delivery.expires_at).toBe(expiresAt.includes('.') ? expiresAt : undefined);
      expect(result.response_validation.issue_count).toBe(0);
      const check = checkExchange({ request: result.request.message, response: res, httpStatus: result.http_status });
      expect(check.verdicts.find((v) => v.id === 'exchange.delivery_copied')!.status).toBe('pass');
    }
  });
});

describe('mock exchange source uri', () => {
  it.each(['https:', 'urn:uai:agent:1', 'http://[2001:db8::7]:8080/a?b#c'])(
    'copies %s, a URI the validator accepts, into the response target',
    (uri) => {
      const message = structuredClone(request);
      message.source.uri = uri;
      const result = mockExchange(
        { message: seal(message), scenario: 'accepted-task', format: 'exchange' },
        { site, now: () => new Date('2026-11-01T09:10:00Z') },
      );
      expect(result.request.validation.issue_count).toBe(0);
      expect((result.response_message as Record<string, any>).target.uri).toBe(uri);
      expect(result.response_validation.issue_count).toBe(0);
    },
  );
});
