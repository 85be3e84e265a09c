import fc from 'fast-check';
import { compareInstants, parseInstant, publishedExamples, seal, type JsonObject } from '../../src/engine/index.ts';
import type { Site } from '../../src/standard/urls.ts';
import { DELIVERY_PRIORITIES } from '../../src/standard/value-sets.ts';

/**
 * Valid uai.intent.request.v1 messages at the edges of what the validator accepts, for the
 * properties that hold the service's answers to its own checks: identifiers short, long (enough
 * to take the reference server's task reference past its 4096 characters) and multibyte;
 * sequences from 1 up to and past 2^53; issue and expiry times anywhere from the first instant
 * RFC 3339 names to the last, with offsets, fractions and a leap second.
 */

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

const id = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme' }),
  fc.string({ minLength: 1, maxLength: 40, unit: 'binary' }),
  // Hundreds to thousands of characters, of one, three and four UTF-8 bytes.
  fc.integer({ min: 500, max: 1600 }).map((n) => 'm'.repeat(n)),
  fc.integer({ min: 200, max: 700 }).map((n) => '\u6f22'.repeat(n)),
  fc.integer({ min: 100, max: 400 }).map((n) => '\u{1f600}'.repeat(n)),
);

const sequence = fc.oneof(
  fc.integer({ min: 1, max: 1000 }),
  fc.integer({ min: 1, max: MAX_SAFE }),
  fc.constantFrom(MAX_SAFE - 2, MAX_SAFE - 1, MAX_SAFE, 2 ** 53, 2 ** 53 + 2, 2 ** 60, 1e20),
);

const two = (n: number) => String(n).padStart(2, '0');

/** An RFC 3339 date-time in four-digit years, any offset, with or without fraction digits. */
const dateTime = fc
  .record({
    year: fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(0, 1970, 2026, 2027, 9999)),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 59 }),
    fraction: fc.option(fc.stringMatching(/^[0-9]{1,12}$/), { nil: undefined }),
    offset: fc.oneof(
      fc.constant('Z'),
      fc.constantFrom('+23:59', '-23:59', '+00:00', '-00:00'),
      fc
        .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([s, h, m]) => `${s}${two(h)}:${two(m)}`),
    ),
  })
  .map(
    (t) =>
      `${String(t.year).padStart(4, '0')}-${two(t.month)}-${two(t.day)}T${two(t.hour)}:${two(t.minute)}:${two(t.second)}${t.fraction === undefined ? '' : `.${t.fraction}`}${t.offset}`,
  );

const instantText = fc.oneof(
  dateTime,
  fc.constantFrom(
    '0000-01-01T00:00:00+23:59',
    '0000-01-01T00:00:00.5+23:59',
    '0000-01-01T00:00:00Z',
    '0000-01-01T23:59:59+23:59',
    '1998-12-31T23:59:60Z',
    '2026-11-01T09:00:30Z',
    '2026-11-01T09:00:30.001+00:00',
    '9999-12-31T23:59:59-23:59',
    '9999-12-31T23:59:59.999999999Z',
  ),
);

export interface EdgeRequest {
  readonly message: JsonObject;
  readonly scenario: 'accepted-task' | 'completed-response' | 'typed-error';
}

/** A sealed, valid request (0 errors, 0 warnings) with edge values, and a mock scenario to ask for. */
export function edgeRequests(site: Site, modes: readonly ('async' | 'sync')[] = ['async', 'sync']) {
  const base = publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message as Record<
    string,
    any
  >;
  return fc
    .record({
      messageId: id,
      conversationId: id,
      sourceId: id,
      sequence,
      mode: fc.constantFrom(...modes),
      priority: fc.option(fc.constantFrom(...DELIVERY_PRIORITIES), { nil: undefined }),
      times: fc.option(fc.tuple(instantText, instantText), { nil: undefined }),
      trace: fc.constantFrom('both', 'traceparent', 'trace_id', 'none'),
      scenario: fc.constantFrom('accepted-task', 'completed-response', 'typed-error') as fc.Arbitrary<
        EdgeRequest['scenario']
      >,
    })
    .filter(({ times }) => {
      if (!times) return true;
      const [a, b] = times.map((t) => parseInstant(t)!);
      return compareInstants(a!, b!) !== 0;
    })
    .map((g): EdgeRequest => {
      const m = structuredClone(base);
      m.message_id = g.messageId;
      m.conversation.conversation_id = g.conversationId;
      m.source.id = g.sourceId;
      m.conversation.sequence = g.sequence;
      if (g.sequence > 1) m.conversation.parent_message_id = 'msg-answer-before';
      m.delivery.mode = g.mode;
      if (g.priority === undefined) delete m.delivery.priority;
      else m.delivery.priority = g.priority;
      if (g.times) {
        // The earlier instant is the issue time: an expiry after it is no warning.
        const [a, b] = g.times;
        const earlier = compareInstants(parseInstant(a)!, parseInstant(b)!) < 0;
        m.provenance.issued_at = earlier ? a : b;
        m.delivery.expires_at = earlier ? b : a;
      }
      if (g.trace === 'traceparent' || g.trace === 'none') delete m.provenance.trace_id;
      if (g.trace === 'trace_id' || g.trace === 'none') delete m.conversation.traceparent;
      return { message: seal(m), scenario: g.scenario };
    });
}
