import { describe, expect, it } from 'vitest';
import {
  checkExchange,
  mockExchange,
  mockExchangeAction,
  publishedExamples,
  seal,
  validateMessage,
} from '../../../src/engine/index.ts';
import { PROFILE_IDS } from '../../../src/standard/profiles.ts';
import { profileSchema } from '../../../src/standard/schemas.ts';
import { siteFor } from '../../../src/standard/urls.ts';

/** The mock exchange engine, pure (spec 4.2, CONTRACT section 6): one assertion per rule. */
const site = siteFor('https://uai.example.org');
const NOW = new Date('2026-11-01T09:10:00Z');
const context = { site, now: () => NOW };
const request = publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message as Record<
  string,
  any
>;
const run = (
  message: Record<string, unknown>,
  scenario: 'accepted-task' | 'completed-response' | 'typed-error' = 'accepted-task',
  now = NOW,
) => mockExchange({ message, scenario, format: 'exchange' }, { site, now: () => now });

describe('accepted-task: spec 4.2 rules', () => {
  const result = run(request);
  const res = result.response_message as Record<string, any>;
  it('1. http_status is 202', () => expect(result.http_status).toBe(202));
  it('2. profile uai.intent.response.v1, body.status accepted', () => {
    expect(res.profile).toBe('uai.intent.response.v1');
    expect(res.body.status).toBe('accepted');
  });
  it('3. conversation_id copied', () =>
    expect(res.conversation.conversation_id).toBe(request.conversation.conversation_id));
  it('4. parent_message_id is the request message_id', () =>
    expect(res.conversation.parent_message_id).toBe(request.message_id));
  it('5. sequence is request sequence + 1', () =>
    expect(res.conversation.sequence).toBe(request.conversation.sequence + 1));
  it('6. target is the request source; source is the mock service as reference-server', () => {
    expect(res.target).toEqual(request.source);
    expect(res.source.role).toBe('reference-server');
    expect(res.source.uri).toBe('https://uai.example.org/v1/reference-server');
  });
  it('7. delivery mode, priority and expires_at copied (ISO 8601)', () => {
    expect(res.delivery.mode).toBe(request.delivery.mode);
    expect(res.delivery.priority).toBe(request.delivery.priority);
    expect(res.delivery.expires_at).toBe(request.delivery.expires_at);
  });
  it('8. reply_requested false, task_ref set', () => {
    expect(res.delivery.reply_requested).toBe(false);
    expect(res.delivery.task_ref).toMatch(/^task-mock-[0-9a-f]+$/);
  });
  it('9. body.task_ref and body.result.task_id equal delivery.task_ref', () => {
    expect(res.body.task_ref).toBe(res.delivery.task_ref);
    expect(res.body.result.task_id).toBe(res.delivery.task_ref);
  });
  it('10. body.subject and provenance.trace_id copied', () => {
    expect(res.body.subject).toBe(request.body.subject);
    expect(res.provenance.trace_id).toBe(request.provenance.trace_id);
  });
  it('11. body.request_message_id is the request message_id', () =>
    expect(res.body.request_message_id).toBe(request.message_id));
  it('12. trust signed-envelope / jws with a signature_ref', () => {
    expect(res.trust.channel).toBe('signed-envelope');
    expect(res.trust.auth_scheme).toBe('jws');
    expect(res.trust.signature_ref).toMatch(/^https:\/\/uai\.example\.org\/v1\/reference-server#sig-/);
  });
  it('13. both validations are validator results whose record sequence is checked + 1', () => {
    expect(result.request.validation.valid).toBe(true);
    expect(result.request.validation.conformance_record.conversation).toMatchObject({
      sequence: request.conversation.sequence + 1,
    });
    expect(result.response_validation.conformance_record.conversation).toMatchObject({
      sequence: res.conversation.sequence + 1,
    });
  });
  it('the response validates with 0 errors and 0 warnings, timestamps are the call time', () => {
    expect(result.response_validation.issue_count).toBe(0);
    expect(res.provenance.issued_at).toBe('2026-11-01T09:10:00Z');
    expect(result.generated_at).toBe('2026-11-01T09:10:00Z');
    expect(res.conversation.traceparent).toMatch(new RegExp(`^00-${request.provenance.trace_id}-[0-9a-f]{16}-01$`));
    expect(res.conversation.traceparent).not.toBe(request.conversation.traceparent);
  });
});

describe('other scenarios and refusals', () => {
  it('completed-response: 200, completed, no task_ref, inline artifacts', () => {
    const result = run(request, 'completed-response');
    const body = (result.response_message as Record<string, any>).body;
    expect(result.http_status).toBe(200);
    expect(body.status).toBe('completed');
    expect(body.task_ref).toBeUndefined();
    expect(Object.keys(body.result)).toEqual(expect.arrayContaining(['schema', 'example', 'field_order_map']));
    expect(result.response_validation.issue_count).toBe(0);
  });
  it.each(PROFILE_IDS)('completed-response carries the schema of %s as published for its origin', (id) => {
    const message = seal({ ...request, body: { ...request.body, requested_profile: id } });
    const body = (run(message, 'completed-response').response_message as Record<string, any>).body;
    // Compared as text: the members' order is part of the published bytes.
    expect(JSON.stringify(body.result.schema)).toBe(JSON.stringify(profileSchema(site, id)));
  });
  it('completed-response includes only what parameters ask for', () => {
    const message = seal({ ...request, body: { ...request.body, parameters: { include_schema: true } } });
    const body = (run(message, 'completed-response').response_message as Record<string, any>).body;
    expect(body.result.schema).toBeDefined();
    expect(body.result.example).toBeUndefined();
    expect(body.result.field_order_map).toBeUndefined();
  });
  it('typed-error: 422 uai.error.v1 exchange.intent_unprocessable with linkage', () => {
    const result = run(request, 'typed-error');
    const res = result.response_message as Record<string, any>;
    expect(result.http_status).toBe(422);
    expect(res.profile).toBe('uai.error.v1');
    expect(res.body.code).toBe('exchange.intent_unprocessable');
    expect(res.conversation.parent_message_id).toBe(request.message_id);
    expect(res.body.request_message_id).toBe(request.message_id);
    expect(result.response_validation.issue_count).toBe(0);
  });
  it('an expired request keeps its expiry and is answered without warnings', () => {
    const result = run(request, 'accepted-task', new Date('2031-01-01T00:00:00Z'));
    const res = result.response_message as Record<string, any>;
    expect(res.delivery.expires_at).toBe(request.delivery.expires_at);
    expect(Date.parse(res.provenance.issued_at)).toBeLessThan(Date.parse(res.delivery.expires_at));
    expect(result.response_validation.issue_count).toBe(0);
    expect(result.generated_at).toBe('2031-01-01T00:00:00Z');
  });
  it('a request dated after its own expiry (a warning) still has its expiry copied, and an answer without it fails rule 7', () => {
    // delivery.expiry_not_after_issue weighs the expiry against the request's issued_at, which the
    // answer does not copy: the value itself can be copied into a valid answer (spec 4.2 rule 7).
    const late = seal({
      ...request,
      provenance: { ...request.provenance, issued_at: '2031-01-01T00:00:00Z' },
      delivery: { ...request.delivery, expires_at: '2030-06-01T00:00:00Z' },
    });
    const validation = validateMessage(late, { mode: 'keyed-json', site, now: NOW });
    expect(validation.warnings.map((w) => w.code)).toEqual(['delivery.expiry_not_after_issue']);
    for (const now of [NOW, new Date('2031-02-01T00:00:00Z')]) {
      const result = run(late, 'accepted-task', now);
      const res = result.response_message as Record<string, any>;
      expect(res.delivery.expires_at).toBe('2030-06-01T00:00:00Z');
      expect(result.response_validation.issue_count).toBe(0);
      const copied = (response: unknown, requestIssues?: typeof validation.warnings) =>
        checkExchange({
          request: late,
          response,
          httpStatus: 202,
          ...(requestIssues ? { requestIssues } : {}),
        }).verdicts.find((v) => v.id === 'exchange.delivery_copied')!.status;
      const dropped = structuredClone(res);
      delete dropped.delivery.expires_at;
      // The same verdicts whether the caller brings the request's issues or not.
      for (const issues of [undefined, validation.warnings]) {
        expect(copied(res, issues)).toBe('pass');
        expect(copied(seal(dropped), issues)).toBe('fail');
      }
    }
  });
  it.each([
    ['garbage', { hello: 'world' }, 400, 'exchange.request_invalid'],
    ['not an intent request', publishedExamples(site)[1]!.message, 400, 'exchange.wrong_profile'],
    [
      'unknown subject',
      seal({ ...request, body: { ...request.body, subject: 'uai.nothing.v1' } }),
      404,
      'exchange.subject_unknown',
    ],
    [
      'hostile values',
      {
        message_id: '\ud800',
        conversation: { sequence: 1e308, conversation_id: 7 },
        source: { type: 'x', did: 'nope' },
        delivery: { expires_at: 'soon' },
      },
      400,
      'exchange.request_invalid',
    ],
  ] as const)('%s gets a clean typed error', (_name, message, status, code) => {
    for (const scenario of ['accepted-task', 'completed-response', 'typed-error'] as const) {
      const result = run(message as Record<string, unknown>, scenario);
      expect(result.http_status).toBe(status);
      expect((result.response_message as Record<string, any>).body.code).toBe(code);
      expect(validateMessage(result.response_message, { mode: 'keyed-json', site, now: NOW }).issue_count).toBe(0);
    }
  });
  it('identical requests give identical ids, different ones differ', () => {
    const ids = (m: Record<string, unknown>, s: 'accepted-task' | 'typed-error' = 'accepted-task') => {
      const r = run(m, s).response_message as Record<string, any>;
      return [r.message_id, r.conversation.turn_id, r.delivery.task_ref ?? null];
    };
    expect(ids(request)).toEqual(ids(structuredClone(request)));
    const other = ids(seal({ ...request, message_id: 'msg-other' }));
    expect(other.every((v, i) => v !== ids(request)[i])).toBe(true);
    expect(ids(request, 'typed-error')[0]).not.toBe(ids(request)[0]);
  });
  it('request problems are request.invalid outcomes', () => {
    const bare = mockExchangeAction(request, context);
    expect(bare).toMatchObject({ ok: false, code: 'request.invalid', detail: expect.stringContaining('{"message": ') });
    expect(mockExchangeAction({ message: request, scenario: 'x' }, context)).toMatchObject({
      ok: false,
      code: 'request.invalid',
    });
    expect(mockExchangeAction({ message: request, format: 1 }, context)).toMatchObject({
      ok: false,
      code: 'request.invalid',
    });
    expect(mockExchangeAction({ message: [] }, context)).toMatchObject({ ok: false, code: 'request.invalid' });
    const alone = mockExchangeAction({ message: request, format: 'message', extra: true }, context);
    expect(alone.ok && (alone.body as Record<string, unknown>).profile).toBe('uai.intent.response.v1');
  });
});
