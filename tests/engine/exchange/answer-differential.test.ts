import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answerMessage,
  checkExchangeMessages,
  messageToKeyless,
  mockExchange,
  publishedExamples,
  seal,
  TASK_RUN_SECONDS,
  taskStatus,
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
 * every scenario and by the reference server keyed and keyless (an accepted task polled working
 * and completed), and each pair goes through
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
  const pairs: {
    who: string;
    request: unknown;
    response: unknown;
    status: number;
    previous?: unknown;
    keyless?: true;
  }[] = [];
  for (const scenario of ['accepted-task', 'completed-response', 'typed-error'] as const) {
    const r = mockExchange({ message: request, scenario, format: 'exchange' }, context);
    pairs.push({ who: `mock ${scenario}`, request, response: r.response_message, status: r.http_status });
  }
  const keyed = answerMessage(request, context);
  if (keyed.ok) pairs.push({ who: 'reference server', request, response: keyed.message, status: keyed.status });
  const ref =
    keyed.ok && keyed.status === 202 ? (keyed.message as { delivery: { task_ref: string } }).delivery.task_ref : '';
  let previous = keyed.ok ? keyed.message : undefined;
  for (const seconds of ref ? [0, TASK_RUN_SECONDS] : []) {
    const polled = taskStatus(ref, { site, now: () => new Date(NOW.getTime() + seconds * 1000) });
    expect(polled.ok).toBe(true);
    if (!polled.ok) continue;
    pairs.push({ who: `task status at ${seconds} s`, request, response: polled.message, status: 200, previous });
    previous = polled.message;
  }
  const keyless = answerMessage(messageToKeyless(request), context);
  if (keyless.ok)
    pairs.push({
      who: 'reference server, keyless',
      request: messageToKeyless(request),
      response: keyless.message,
      status: keyless.status,
      keyless: true,
    });
  expect(pairs.filter((p) => !p.who.startsWith('task status'))).toHaveLength(5);
  return pairs.flatMap((p) =>
    complaints(
      p.who,
      checkExchangeMessages(
        {
          request: p.request,
          response: p.response,
          httpStatus: p.status,
          ...(p.previous !== undefined ? { previous: p.previous } : {}),
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

/**
 * The answer fields the should-rules read, one mutation at a time: the mock's answer to any valid
 * request passes every rule, and a mutation of one such field fails exactly the rule that reads it
 * (the answer still valid: a rule, not the validator, is what sees it).
 */
describe('one mutated answer field, exactly its rule', () => {
  type Answer = Record<string, any>;
  const mutation = fc.oneof(
    fc.constant({
      rule: 'exchange.new_turn',
      to: (m: Answer, r: Answer) => (m.conversation.turn_id = r.conversation.turn_id),
    }),
    fc.constant({ rule: 'exchange.trace_continued', to: (m: Answer) => delete m.conversation.traceparent }),
    hex(32)
      .filter((h) => !/^0+$/.test(h))
      .map((trace) => ({
        rule: 'exchange.trace_continued',
        // Where the request has no trace_id: the answer then has none to disagree (trace.trace_id_mismatch).
        to: (m: Answer, r: Answer) =>
          r.provenance.trace_id === undefined &&
          trace !== r.conversation.traceparent.split('-')[1] &&
          ((m.conversation.traceparent = `00-${trace}-${'1'.repeat(16)}-01`), true),
      })),
    fc.constant({
      rule: 'exchange.error_retryable',
      to: (m: Answer) => m.profile === 'uai.error.v1' && ((m.body.retryable = !m.body.retryable), true),
    }),
    fc.nat(86_400).map((after) => ({
      rule: 'exchange.error_retryable',
      to: (m: Answer) =>
        m.profile === 'uai.error.v1' && !m.body.retryable && ((m.body.retry_after_seconds = after), true),
    })),
  );
  it('random valid requests, every scenario (600 runs)', () => {
    const mutated = new Map<string, number>();
    fc.assert(
      fc.property(
        requestShape,
        fc.constantFrom('accepted-task', 'completed-response', 'typed-error'),
        mutation,
        (shape, scenario, m) => {
          const request = build(shape);
          const r = mockExchange({ message: request, scenario, format: 'exchange' }, context);
          const judge = (response: unknown, httpStatus: number) =>
            checkExchangeMessages({ request, response, httpStatus, mode: 'keyed-json' }, context);
          const fails = (response: unknown, httpStatus: number) =>
            judge(response, httpStatus)
              .exchange.verdicts.filter((v) => v.status === 'fail')
              .map((v) => v.id);
          expect(fails(r.response_message, r.http_status)).toEqual([]);
          const answer = structuredClone(r.response_message) as Answer;
          // The rule has something to read: a traceparent in the request, an error answer.
          const traced = typeof request.conversation === 'object' && 'traceparent' in (request.conversation as object);
          if (m.rule === 'exchange.trace_continued' && !traced) return;
          if (m.to(answer, request as Answer) === false) return;
          mutated.set(m.rule, (mutated.get(m.rule) ?? 0) + 1);
          const sealed = seal(answer);
          const check = judge(sealed, r.http_status);
          expect(check.exchange.verdicts.filter((v) => v.status === 'fail').map((v) => v.id)).toEqual([m.rule]);
          const v = check.response_validation;
          expect([...v.errors, ...v.warnings].map((i) => i.code)).toEqual([]);
        },
      ),
      { numRuns: 600, seed: Number(process.env.UAI_PROPERTY_SEED ?? 7) },
    );
    // Every rule got its share of the mutations.
    expect([...mutated.keys()].sort()).toEqual([
      'exchange.error_retryable',
      'exchange.new_turn',
      'exchange.trace_continued',
    ]);
    expect(Math.min(...mutated.values())).toBeGreaterThan(30);
  });
});
