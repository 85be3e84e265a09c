import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answerMessage,
  checkExchangeMessages,
  messageToKeyless,
  mockExchange,
  publishedExamples,
  seal,
  validateMessage,
  type CheckExchangeResult,
} from '../../../src/engine/index.ts';
import { PROFILE_IDS } from '../../../src/standard/profiles.ts';
import { DELIVERY_MODES, DELIVERY_PRIORITIES, PARTY_TYPES } from '../../../src/standard/value-sets.ts';
import { siteFor } from '../../../src/standard/urls.ts';

/**
 * The service's answers against its own judge: valid requests built from the published intent
 * request within what the contract allows (sequences and parents, delivery modes and priorities,
 * expiries past, present, future, absent or at another offset, trace contexts, trust channels,
 * sources, extensions, any registered profiles in the body) are answered by the mock exchange in
 * every scenario and by the reference server keyed and keyless, and each pair goes through
 * POST /v1/check-exchange's engine. Whatever the service answers, its check must accept: no rule
 * failed, must or should, and the answer valid with 0 errors and 0 warnings. A failure is a bug on
 * one side or the other.
 */
const site = siteFor('https://uai.example.org');
const NOW = new Date('2026-11-01T09:10:00Z');
const context = { site, now: () => NOW };
const published = publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message;

const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const hex = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${n}}$`));
const EXPIRIES = [
  '2030-01-01T00:00:00Z',
  '2020-01-01T00:00:00Z',
  '2026-11-01T09:10:00Z',
  '2026-11-01T09:10:00.5Z',
  '2026-11-01T09:09:59.999Z',
  '2026-11-01T11:10:00+02:00',
  '2016-12-31T23:59:60Z',
  '2030-01-01t00:00:00z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
];
const EXTENSIONS: Record<string, unknown> = {
  none: undefined,
  empty: [],
  critical: [{ namespace: 'urn:uai:ext:delivery', purpose: 'Retries.', critical: true }],
  mock: [{ namespace: 'urn:uai:ext:mock-exchange', purpose: 'Echo.', critical: false }],
  foreign: [{ namespace: 'urn:acme:ext:thing', purpose: 'Other.', critical: false }],
};

const requestShape = fc.record({
  messageId: fc.constantFrom('msg-req-0001', 'm', 'urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66', 'x'.repeat(300)),
  conversationId: maybe(fc.constantFrom('c', 'conv with spaces')),
  sequence: fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 1000 }), fc.constantFrom(2 ** 53 - 3, 2 ** 53 - 1)),
  parent: fc.constantFrom('msg-earlier', 'msg-req-0001'),
  mode: fc.constantFrom(...DELIVERY_MODES),
  priority: maybe(fc.constantFrom(...DELIVERY_PRIORITIES)),
  expires: maybe(fc.constantFrom(...EXPIRIES)),
  issued: fc.constantFrom('2026-11-01T09:00:00Z', '2026-11-01T09:20:00Z'),
  reply: maybe(fc.boolean()),
  traceparent: maybe(fc.tuple(hex(32), hex(16), hex(2))),
  traceId: fc.constantFrom('traceparent', 'absent', 'other'),
  trust: fc.constantFrom('credentialed', 'signed-envelope', 'public'),
  sourceType: fc.constantFrom(...PARTY_TYPES),
  sourceBare: fc.boolean(),
  extensions: fc.constantFrom(...Object.keys(EXTENSIONS)),
  subject: fc.constantFrom(...PROFILE_IDS),
  requested: fc.constantFrom(...PROFILE_IDS),
  // Mostly the one profile an intent request is answered with; any registered one now and then.
  responseProfile: fc.oneof(
    { weight: 3, arbitrary: fc.constant('uai.intent.response.v1') },
    { weight: 1, arbitrary: fc.constantFrom(...PROFILE_IDS) },
  ),
  parameters: maybe(
    fc.record(
      { include_schema: fc.boolean(), include_example: fc.boolean(), include_field_registry: fc.boolean() },
      { requiredKeys: [] },
    ),
  ),
});

type Shape = typeof requestShape extends fc.Arbitrary<infer T> ? T : never;

function build(s: Shape): Record<string, unknown> {
  const m = structuredClone(published) as Record<string, any>;
  m.message_id = s.messageId;
  if (s.conversationId !== undefined) m.conversation.conversation_id = s.conversationId;
  m.conversation.sequence = s.sequence;
  if (s.sequence > 1) m.conversation.parent_message_id = s.parent;
  delete m.conversation.traceparent;
  delete m.provenance.parent_trace_id;
  if (s.traceparent) {
    const [traceId, span, flags] = s.traceparent;
    m.conversation.traceparent = `00-${traceId}-${span}-${flags}`;
    if (s.traceId === 'traceparent') m.provenance.trace_id = traceId;
  }
  if (s.traceId === 'absent') delete m.provenance.trace_id;
  m.delivery = { mode: s.mode };
  if (s.priority !== undefined) m.delivery.priority = s.priority;
  if (s.expires !== undefined) m.delivery.expires_at = s.expires;
  if (s.reply !== undefined) m.delivery.reply_requested = s.reply;
  m.provenance.issued_at = s.issued;
  if (s.trust === 'signed-envelope')
    m.trust = { channel: 'signed-envelope', auth_scheme: 'jws', signature_ref: 'https://agents.example.org/sig' };
  if (s.trust === 'public') m.trust = { channel: 'public', auth_scheme: 'none' };
  m.source = s.sourceBare ? { type: s.sourceType, id: 'agent-requester-01' } : { ...m.source, type: s.sourceType };
  if (EXTENSIONS[s.extensions] === undefined) delete m.extensions;
  else m.extensions = EXTENSIONS[s.extensions];
  m.body.subject = s.subject;
  m.body.requested_profile = s.requested;
  m.body.response_profile = s.responseProfile;
  if (s.parameters === undefined) delete m.body.parameters;
  else m.body.parameters = s.parameters;
  return seal(m);
}

/** What the check says against the pair, as lines naming who answered: empty when it accepts it all. */
function complaints(who: string, check: CheckExchangeResult): string[] {
  const v = check.response_validation;
  return [
    ...[...v.errors, ...v.warnings].map((i) => `${who}: answer ${i.code} at ${i.path}`),
    ...check.exchange.verdicts
      .filter((r) => r.status === 'fail')
      .map((r) => `${who}: ${r.id} ${JSON.stringify(r.findings[0])}`),
  ];
}

function judged(request: Record<string, unknown>): string[] {
  const pairs: { who: string; request: unknown; response: unknown; status: number; keyless?: true }[] = [];
  for (const scenario of ['accepted-task', 'completed-response', 'typed-error'] as const) {
    const r = mockExchange({ message: request, scenario, format: 'exchange' }, context);
    pairs.push({ who: `mock ${scenario}`, request, response: r.response_message, status: r.http_status });
  }
  const keyed = answerMessage(request, context);
  if (keyed.ok) pairs.push({ who: 'reference server', request, response: keyed.message, status: keyed.status });
  const keyless = answerMessage(messageToKeyless(request), context);
  if (keyless.ok)
    pairs.push({
      who: 'reference server, keyless',
      request: messageToKeyless(request),
      response: keyless.message,
      status: keyless.status,
      keyless: true,
    });
  expect(pairs).toHaveLength(5);
  return pairs.flatMap((p) =>
    complaints(
      p.who,
      checkExchangeMessages(
        {
          request: p.request,
          response: p.response,
          httpStatus: p.status,
          mode: p.keyless ? 'keyless-json' : 'keyed-json',
        },
        context,
      ),
    ),
  );
}

describe('every answer the service gives to a valid request passes its own exchange check', () => {
  it('requests varied within the contract, every scenario, keyed and keyless (1,000 runs)', () => {
    let declined = 0;
    fc.assert(
      fc.property(requestShape, (shape) => {
        const request = build(shape);
        // The generator stays within the contract: every request it builds is valid.
        expect(validateMessage(request, { mode: 'keyed-json', site, now: NOW }).errors).toEqual([]);
        if (shape.responseProfile !== 'uai.intent.response.v1') declined += 1;
        expect(judged(request)).toEqual([]);
      }),
      { numRuns: 1000, seed: Number(process.env.UAI_PROPERTY_SEED ?? 7) },
    );
    expect(declined).toBeGreaterThan(100);
  });

  it.each(PROFILE_IDS.filter((p) => p !== 'uai.intent.response.v1'))(
    'a request naming %s as its response_profile is declined with a typed error, in every scenario',
    (profile) => {
      const request = seal({
        ...published,
        body: { ...(published.body as Record<string, unknown>), response_profile: profile },
      });
      for (const scenario of ['accepted-task', 'completed-response', 'typed-error'] as const) {
        const r = mockExchange({ message: request, scenario, format: 'exchange' }, context);
        expect(r.http_status).toBe(422);
        expect(r.response_message).toMatchObject({
          profile: 'uai.error.v1',
          body: { code: 'exchange.intent_unprocessable', detail: expect.stringContaining(profile) },
        });
      }
      expect(judged(request)).toEqual([]);
    },
  );
});
