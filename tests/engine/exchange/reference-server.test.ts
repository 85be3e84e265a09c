import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answerMessage,
  capabilityStatement,
  checkExchange,
  decodeTaskRef,
  encodeTaskRef,
  messageFromKeyless,
  messageToKeyless,
  publishedExamples,
  seal,
  TASK_RUN_SECONDS,
  taskStatus,
  type TaskTicket,
  validateMessage,
} from '../../../src/engine/index.ts';
import { PROFILE_IDS } from '../../../src/standard/profiles.ts';
import { siteFor } from '../../../src/standard/urls.ts';
import { DELIVERY_PRIORITIES, PARTY_TYPES } from '../../../src/standard/value-sets.ts';

/** The reference server of the HTTPS JSON binding, engine only: answers, polling, capability. */
const site = siteFor('https://uai.example.org');
const NOW = new Date('2026-11-01T09:10:00Z');
const at = (seconds: number) => ({ site, now: () => new Date(NOW.getTime() + seconds * 1000) });
const request = structuredClone(
  publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message,
) as Record<string, any>;
const clean = (message: unknown) => {
  const result = validateMessage(message, { mode: 'keyed-json', site, now: NOW });
  return [...result.errors, ...result.warnings].map((i) => `${i.code} ${i.path}`);
};
const answered = (body: unknown, seconds = 0) => {
  const a = answerMessage(body, at(seconds));
  if (!a.ok) throw new Error(a.detail);
  return a as { status: number; message: Record<string, any> };
};

describe('answers', () => {
  it('an async request is accepted as a task (202) that links back to it', () => {
    expect(request.delivery.mode).toBe('async');
    const { status, message } = answered(request);
    expect(status).toBe(202);
    expect(message.body.status).toBe('accepted');
    expect(clean(message)).toEqual([]);
    expect(checkExchange({ request, response: message, httpStatus: status }).conforms).toBe(true);
    expect(decodeTaskRef(message.delivery.task_ref)).toMatchObject({
      conversationId: request.conversation.conversation_id,
      requestMessageId: request.message_id,
      subject: request.body.subject,
    });
  });
  it('the same request accepted at two instants: two task references, so two messages with two message_ids', () => {
    const first = answered(request, 0).message;
    const again = answered(request, 0).message;
    const later = answered(request, 1).message;
    // The same instant is the same answer, byte for byte; another is another message.
    expect(again).toEqual(first);
    expect(later.delivery.task_ref).not.toBe(first.delivery.task_ref);
    expect(later.message_id).not.toBe(first.message_id);
    expect(later.conversation.turn_id).not.toBe(first.conversation.turn_id);
    expect(clean(later)).toEqual([]);
  });
  it('a sync request is resolved inline (200)', () => {
    const sync = seal({ ...request, delivery: { ...request.delivery, mode: 'sync' } });
    const { status, message } = answered(sync);
    expect(status).toBe(200);
    expect(message.body.status).toBe('completed');
    expect(clean(message)).toEqual([]);
    expect(checkExchange({ request: sync, response: message, httpStatus: status }).conforms).toBe(true);
  });
  it('a keyless request gets a keyless answer, the same message as the keyed one', () => {
    const keyed = answered(request);
    const keyless = answered(messageToKeyless(request));
    expect(Array.isArray(keyless.message)).toBe(true);
    expect(keyless.status).toBe(202);
    expect(messageFromKeyless(keyless.message).value).toEqual(keyed.message);
  });
  // What the validator finds converting a keyless message refuses it here too (CONTRACT section 6).
  it.each([
    ['a position past the envelope map', (k: unknown[]) => [...k, 'extra']],
    ['a position past the source map', (k: any[]) => k.map((v, i) => (i === 3 ? [...v, 'extra'] : v))],
  ])('a keyless request with %s is refused as invalid, keyless (400 exchange.request_invalid)', (_name, edit) => {
    const sent = edit(messageToKeyless(request) as any[]);
    expect(validateMessage(sent, { mode: 'keyless-json', site, now: NOW }).errors.map((i) => i.code)).toContain(
      'keyless.overflow',
    );
    const { status, message } = answered(sent);
    expect(status).toBe(400);
    const answer = messageFromKeyless(message).value as Record<string, any>;
    expect([answer.profile, answer.body.code]).toEqual(['uai.error.v1', 'exchange.request_invalid']);
    expect(answer.body.errors.map((i: { code: string }) => i.code)).toContain('keyless.overflow');
    expect(validateMessage(message, { mode: 'keyless-json', site, now: NOW }).issue_count).toBe(0);
  });
  it('an invalid request gets a uai.error.v1 with its HTTP status', () => {
    const { status, message } = answered({ ...request, uai_version: '2.0' });
    expect(status).toBe(400);
    expect(message.profile).toBe('uai.error.v1');
    expect(message.body).toMatchObject({ status: 400, code: 'exchange.request_invalid' });
    expect(clean(message)).toEqual([]);
    const unknown = answered(seal({ ...request, body: { ...request.body, subject: 'uai.nothing.v1' } }));
    expect([unknown.status, unknown.message.body.code]).toEqual([404, 'exchange.subject_unknown']);
  });
  it('a message posted inside {"message": ...}: the refusal says to send the message itself, and validates clean', () => {
    const hint =
      /looks like a \{"message": \.\.\.\} wrapper; the reference server takes the message itself as the body\.$/;
    const wrapped = answered({ message: request });
    expect(wrapped.status).toBe(400);
    expect(wrapped.message.body).toMatchObject({
      code: 'exchange.request_invalid',
      detail: expect.stringMatching(hint),
    });
    expect(clean(wrapped.message)).toEqual([]);
    // A message invalid in another way is not told it is wrapped.
    expect(answered({ ...request, uai_version: '2.0' }).message.body.detail).not.toMatch(hint);
  });
  it.each([
    ['a string', 'hello'],
    ['null', null],
    ['a number', 7],
  ])('%s is not a message', (_n, body) => {
    expect(answerMessage(body, at(0))).toMatchObject({ ok: false, code: 'request.invalid' });
  });
  it('an array that is no keyless message is answered as an invalid one, keyless', () => {
    const { status, message } = answered([1, 2]);
    expect(status).toBe(400);
    expect(messageFromKeyless(message).value).toMatchObject({ profile: 'uai.error.v1' });
  });
});

describe('task status polling', () => {
  const accepted = answered(request).message;
  const ref = accepted.delivery.task_ref as string;
  const poll = (seconds: number) => {
    const s = taskStatus(ref, at(seconds));
    if (!s.ok) throw new Error(s.detail);
    return s.message as Record<string, any>;
  };
  it('working at first, then completed with the subject registry entry as result', () => {
    const working = poll(TASK_RUN_SECONDS - 1);
    const completed = poll(TASK_RUN_SECONDS + 5);
    expect(working.body).toMatchObject({ task_id: ref, state: 'working' });
    expect(completed.body).toMatchObject({
      task_id: ref,
      state: 'completed',
      result_ref: `https://uai.example.org/v1/registry/${request.body.subject}`,
    });
    expect(clean(working)).toEqual([]);
    expect(clean(completed)).toEqual([]);
    const first = checkExchange({ request, response: working, previous: accepted });
    const next = checkExchange({ request, response: completed, previous: working });
    expect(first.verdicts.filter((v) => v.status === 'fail')).toEqual([]);
    expect(next.verdicts.filter((v) => v.status === 'fail')).toEqual([]);
    expect(first.response_kind).toBe('task-status');
  });
  it.each([
    ['a 513-character message_id', { message_id: 'm'.repeat(513) }, {}, 202],
    ['a sequence two below 2^53 - 1', {}, { sequence: Number.MAX_SAFE_INTEGER - 1 }, 202],
    ['sequence 2^53 - 1', {}, { sequence: Number.MAX_SAFE_INTEGER }, 422],
    ['sequence 1e20', {}, { sequence: 1e20 }, 422],
    ['512-character CJK ids', { message_id: '\u6f22'.repeat(512) }, { conversation_id: '\u6f22'.repeat(512) }, 422],
  ])('%s: accepted with a reference it can poll, or declined (422) without one', (_what, top, conv, want) => {
    const conversation = { ...request.conversation, parent_message_id: 'msg-answer-before', ...conv };
    const message = seal({ ...request, ...top, conversation });
    expect(clean(message)).toEqual([]);
    const { status, message: answer } = answered(message);
    expect(status).toBe(want);
    expect(clean(answer)).toEqual([]);
    expect(checkExchange({ request: message, response: answer, httpStatus: status }).conforms).toBe(true);
    if (status === 422) expect(answer.body.code).toBe('exchange.intent_unprocessable');
    else expect(taskStatus(answer.delivery.task_ref, at(0)).ok).toBe(true);
  });
  it('a trace_id that is no trace-id counts toward the reference: a 4,000-character one is declined (422)', () => {
    for (const [length, want] of [
      [2_000, 202],
      [4_000, 422],
    ] as const) {
      const { traceparent: _, ...conversation } = request.conversation;
      const message = seal({
        ...request,
        conversation,
        provenance: { ...request.provenance, trace_id: 't'.repeat(length) },
      });
      expect(clean(message)).toEqual([]);
      const { status, message: answer } = answered(message);
      expect(status).toBe(want);
      expect(checkExchange({ request: message, response: answer, httpStatus: status }).conforms).toBe(true);
      if (status === 422) expect(answer.body.detail).toContain('provenance.trace_id');
      else expect(answer.delivery.task_ref.length).toBeLessThanOrEqual(4096);
    }
  });
  it('property: a request is held as a task exactly when its reference fits, measured as it would be written', () => {
    // Identifiers of one, two, three and four UTF-8 bytes a character, around the 4,096 the server issues.
    const id = fc
      .tuple(fc.constantFrom('m', '\u00e9', '\u6f22', '\u{1f600}'), fc.integer({ min: 300, max: 3_200 }))
      .map(([unit, n]) => unit.repeat(Math.ceil(n / unit.length)));
    fc.assert(
      fc.property(id, fc.option(id, { nil: undefined }), (messageId, conversationId) => {
        const conversation = { ...request.conversation, parent_message_id: 'msg-answer-before' };
        if (conversationId) conversation.conversation_id = conversationId;
        const message = seal({ ...request, message_id: messageId, conversation });
        const ticket: TaskTicket = {
          conversationId: conversation.conversation_id,
          requestMessageId: messageId,
          requesterType: request.source.type,
          requesterId: request.source.id,
          traceId: request.provenance.trace_id,
          sentTraceId: null,
          sequence: conversation.sequence,
          subject: request.body.subject,
          priority: request.delivery.priority,
          acceptedAt: Math.floor(NOW.getTime() / 1000),
        };
        const written = encodeTaskRef(ticket).length;
        const { status, message: answer } = answered(message);
        expect(status).toBe(written <= 4096 ? 202 : 422);
        if (status === 202) expect(answer.delivery.task_ref.length).toBe(written);
        else expect(JSON.stringify(answer)).toContain(`these would make it ${written} characters, over the 4096`);
      }),
      { numRuns: 150 },
    );
  });
  it('a reference it did not issue is exchange.task_unknown', () => {
    for (const forged of [
      'task-mock-0123',
      'task-',
      'task-!!!',
      `task-${'A'.repeat(5000)}`,
      ref.slice(0, -2),
      `${ref}x`,
    ]) {
      expect(taskStatus(forged, at(0))).toMatchObject({ ok: false, code: 'exchange.task_unknown' });
    }
  });
  // Issued before a reference could carry the request's trace_id as sent: the published request's
  // (trace 4bf9...), and the same without traceparent and with trace_id "abc" (no trace then).
  const OLD_TRACED =
    'task-WzEsImNvbnYtMjAyNi0xMS0wMS0wMDAxIiwibXNnLXJlcS0wMDAxIiwiYWdlbnQiLCJhZ2VudC1yZXF1ZXN0ZXItMDEiLCI0YmY5MmYzNTc3YjM0ZGE2YTNjZTkyOWQwZTBlNDczNiIsMSwidWFpLnRhc2suc3RhdHVzLnYxIiwiaW50ZXJhY3RpdmUiLDE3OTM1MjQyMDBd';
  const OLD_UNTRACED =
    'task-WzEsImNvbnYtMjAyNi0xMS0wMS0wMDAxIiwibXNnLXJlcS0wMDAxIiwiYWdlbnQiLCJhZ2VudC1yZXF1ZXN0ZXItMDEiLG51bGwsMSwidWFpLnRhc2suc3RhdHVzLnYxIiwiaW50ZXJhY3RpdmUiLDE3OTM1MjQyMDBd';
  it('a reference issued before the trace_id member reads as it did, and is what is issued still', () => {
    expect(ref).toBe(OLD_TRACED);
    expect(decodeTaskRef(OLD_TRACED)).toMatchObject({ traceId: request.provenance.trace_id, sentTraceId: null });
    expect(decodeTaskRef(OLD_UNTRACED)).toMatchObject({ traceId: null, sentTraceId: null });
    for (const old of [OLD_TRACED, OLD_UNTRACED]) {
      const s = taskStatus(old, at(0));
      expect(s.ok && clean(s.message)).toEqual([]);
    }
  });
  it('a reference with a trace_id member holdTask would not write is exchange.task_unknown', () => {
    const T = request.provenance.trace_id as string;
    const written = (fields: unknown[]) =>
      `task-${btoa(JSON.stringify(fields)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')}`;
    const base = [1, 'c', 'm', 'agent', 'a', null, 1, 'uai.task.status.v1', null, 1_793_524_200];
    expect(decodeTaskRef(written([...base, 'abc']))).toMatchObject({ traceId: null, sentTraceId: 'abc' });
    expect(decodeTaskRef(written([...base, '']))).toMatchObject({ traceId: null, sentTraceId: '' });
    for (const forged of [
      [...base, null], // null is written as no member at all
      [...base, 7],
      [...base, T], // a trace-id is the trace itself, never carried beside it
      [...base, '\ud800'],
      [...base.slice(0, 5), T, ...base.slice(6), 'abc'], // beside a trace it would make the status warn
      [...base, 'abc', 'more'],
    ])
      expect(taskStatus(written(forged), at(0))).toMatchObject({ ok: false, code: 'exchange.task_unknown' });
  });
  it('a forged reference with any acceptance instant is refused, or its status validates clean', () => {
    const ticket = decodeTaskRef(ref)!;
    // Any safe integer of seconds, the edges of what Date and RFC 3339's four-digit years hold among them.
    const instant = fc.oneof(
      fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
      fc.integer({ min: -62_167_219_300, max: 253_402_300_900 }),
      fc.constantFrom(-8_640_000_000_000, -62_167_219_201, -62_167_219_200, -1, 0, 253_402_300_799, 8_640_000_000_000),
    );
    let held = 0;
    fc.assert(
      fc.property(instant, fc.integer({ min: -10, max: 10 }), (acceptedAt, after) => {
        const forged = encodeTaskRef({ ...ticket, acceptedAt });
        for (const now of [NOW, new Date((acceptedAt + after) * 1000)]) {
          // The server's clock is this century's; a ticket's instant is whatever a forger writes.
          if (!(now.getTime() >= 0 && now.getTime() <= 253_402_300_799_000)) continue;
          const s = taskStatus(forged, { site, now: () => now });
          if (!s.ok) expect(s.code).toBe('exchange.task_unknown');
          else {
            held++;
            expect(clean(s.message), `acceptedAt ${acceptedAt}, now ${now.toISOString()}`).toEqual([]);
          }
        }
      }),
      { numRuns: 300 },
    );
    expect(held).toBeGreaterThan(0);
  });
  it('any ticket round-trips, and its status validates clean', () => {
    const text = fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' });
    // A trace to continue, none, or a trace_id that is none, carried as sent ("" and any text too).
    const trace = fc.oneof(
      fc.record({ traceId: fc.stringMatching(/^[0-9a-f]{31}[1-9a-f]$/), sentTraceId: fc.constant(null) }),
      fc.record({
        traceId: fc.constant(null),
        sentTraceId: fc.option(
          fc
            .oneof(fc.string({ maxLength: 40, unit: 'grapheme' }), fc.constantFrom('', '0'.repeat(32), 'A'.repeat(32)))
            .filter(
              // A trace-id is the trace itself (traceId), never carried beside it.
              (id) => !/^(?!0{32})[0-9a-f]{32}$/.test(id),
            ),
          { nil: null },
        ),
      }),
    );
    const fields = fc.record({
      conversationId: text,
      requestMessageId: text,
      requesterType: fc.constantFrom(...PARTY_TYPES),
      requesterId: text,
      sequence: fc.integer({ min: 1, max: 1_000_000 }),
      subject: fc.constantFrom(...PROFILE_IDS),
      priority: fc.option(fc.constantFrom(...DELIVERY_PRIORITIES), { nil: null }),
      acceptedAt: fc.integer({ min: 1_700_000_000, max: 1_900_000_000 }),
    });
    const ticket: fc.Arbitrary<TaskTicket> = fc.tuple(fields, trace).map(([f, t]) => ({ ...f, ...t }));
    fc.assert(
      fc.property(ticket, fc.integer({ min: 0, max: 10 }), (t, after) => {
        const ref = encodeTaskRef(t);
        expect(decodeTaskRef(ref)).toEqual(t);
        const s = taskStatus(ref, { site, now: () => new Date((t.acceptedAt + after) * 1000) });
        expect(s.ok && clean(s.message)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('capability statement', () => {
  it('is the published example, validates clean and names the reference server endpoints', () => {
    const statement = capabilityStatement(site) as Record<string, any>;
    expect(statement).toEqual(
      publishedExamples(site).find((e) => e.profile === 'uai.capability.statement.v1')!.message,
    );
    expect(clean(statement)).toEqual([]);
    const urls = statement.body.endpoints.map((e: { url: string }) => e.url);
    expect(urls).toContain('https://uai.example.org/v1/reference-server');
    expect(statement.body.endpoints.map((e: { binding: string }) => e.binding)).toEqual([
      'https-json-keyed',
      'https-json-keyless',
      'https-async-callback',
    ]);
  });
});
