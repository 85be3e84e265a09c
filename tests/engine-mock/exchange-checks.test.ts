import { describe, expect, it } from 'vitest';
import { seal } from '../../src/engine/canonical.ts';
import { checkExchange, checkExchangeAction, type CheckExchangeResult, type ExchangeCheck } from '../../src/engine/exchange/index.ts';
import { messageToKeyless } from '../../src/engine/keyless.ts';
import { mockExchange } from '../../src/engine/mock-exchange/index.ts';
import { publishedExamples } from '../../src/records/examples.ts';
import { EXCHANGE_RULES, type ExchangeRuleId } from '../../src/standard/exchange-rules.ts';
import { siteFor } from '../../src/standard/site.ts';

/**
 * Exchange checks (spec 4.2, CONTRACT sections 2 and 6): the reference server's every answer
 * passes them, and each rule is failed by a pair that breaks that rule alone.
 */
const site = siteFor('https://uai.example.org');
const NOW = new Date('2026-11-01T09:10:00Z');
const examples = publishedExamples(site);
const example = (profile: string) => structuredClone(examples.find((e) => e.profile === profile)!.message) as Record<string, any>;
const request = example('uai.intent.request.v1');
type Scenario = 'accepted-task' | 'completed-response' | 'typed-error';

function answer(message: Record<string, unknown>, scenario: Scenario) {
  const result = mockExchange({ message, scenario, format: 'exchange' }, { site, now: () => NOW });
  const requestIssues = [...result.request.validation.errors, ...result.request.validation.warnings];
  return { result, check: checkExchange({ request: message, response: result.response_message, httpStatus: result.http_status, requestIssues }) };
}

const failing = (check: ExchangeCheck): string[] => check.verdicts.filter((v) => v.status === 'fail').map((v) => v.id);

describe('every answer of the reference server passes', () => {
  const requests: [string, Record<string, unknown>][] = [
    ['the published request', request],
    ['a sync request without priority or expiry', seal({ ...request, delivery: { mode: 'sync' } })],
    ['an invalid request (refused)', seal({ ...request, conversation: { ...request.conversation, sequence: '1' } })],
    ['an unknown subject (refused)', seal({ ...request, body: { ...request.body, subject: 'uai.nothing.v1' } })],
    ['not an intent request (refused)', seal({ ...example('uai.task.status.v1'), source: request.source })],
    ['hostile values', { message_id: '\ud800', conversation: { sequence: 1e308, conversation_id: 7 }, source: { type: 'x', did: 'nope' }, delivery: { expires_at: 'soon' } }],
  ];
  for (const [name, message] of requests) {
    for (const scenario of ['accepted-task', 'completed-response', 'typed-error'] as const) {
      it(`${name}, ${scenario}`, () => {
        const { check } = answer(message, scenario);
        expect(failing(check)).toEqual([]);
        expect(check.conforms).toBe(true);
        expect(check.counts.pass).toBeGreaterThan(0);
      });
    }
  }
  it('the kinds: accepted, completed, error', () => {
    expect(answer(request, 'accepted-task').check.response_kind).toBe('accepted');
    expect(answer(request, 'completed-response').check.response_kind).toBe('completed');
    expect(answer(request, 'typed-error').check.response_kind).toBe('error');
  });
});

/** A mutation of a good pair that must fail exactly the named rule. */
interface Broken {
  readonly rule: ExchangeRuleId;
  readonly scenario: Scenario;
  readonly why: string;
  readonly breakIt: (response: Record<string, any>, pair: { httpStatus: number; previous?: unknown; request: Record<string, any> }) => void;
  /** For task-status rules: the response is the published task status example, answering the accepted response. */
  readonly taskStatus?: boolean;
}

const BROKEN: readonly Broken[] = [
  { rule: 'exchange.http_status', scenario: 'accepted-task', why: 'accepted sent as 200', breakIt: (_r, pair) => void (pair.httpStatus = 200) },
  {
    rule: 'exchange.response_profile', scenario: 'completed-response', why: 'not the response profile the request names',
    breakIt: (_r, pair) => void (pair.request.body.response_profile = 'uai.capability.statement.v1'),
  },
  { rule: 'exchange.conversation_id', scenario: 'accepted-task', why: 'a new conversation id', breakIt: (r) => void (r.conversation.conversation_id = 'conv-other') },
  { rule: 'exchange.parent_message_id', scenario: 'typed-error', why: 'parent is not the request', breakIt: (r) => void (r.conversation.parent_message_id = 'msg-other') },
  { rule: 'exchange.sequence', scenario: 'accepted-task', why: 'sequence not +1', breakIt: (r) => void (r.conversation.sequence += 1) },
  { rule: 'exchange.target_is_requester', scenario: 'completed-response', why: 'target is someone else', breakIt: (r) => void (r.target.id = 'agent:someone-else') },
  { rule: 'exchange.source_not_requester', scenario: 'accepted-task', why: 'the requester answers itself', breakIt: (r) => void (r.source = { ...r.target }) },
  { rule: 'exchange.delivery_copied', scenario: 'accepted-task', why: 'expiry moved', breakIt: (r) => void (r.delivery.expires_at = '2031-01-01T00:00:00Z') },
  { rule: 'exchange.reply_not_requested', scenario: 'accepted-task', why: 'reply requested', breakIt: (r) => void (r.delivery.reply_requested = true) },
  { rule: 'exchange.task_ref_set', scenario: 'accepted-task', why: 'no delivery.task_ref', breakIt: (r) => void delete r.delivery.task_ref },
  { rule: 'exchange.task_ref_agrees', scenario: 'accepted-task', why: 'result.task_id differs', breakIt: (r) => void (r.body.result.task_id = 'task-other') },
  { rule: 'exchange.subject_copied', scenario: 'completed-response', why: 'another subject', breakIt: (r) => void (r.body.subject = 'uai.error.v1') },
  { rule: 'exchange.trace_id_copied', scenario: 'typed-error', why: 'a new trace', breakIt: (r) => void (r.provenance.trace_id = 'f'.repeat(32)) },
  { rule: 'exchange.request_message_id', scenario: 'accepted-task', why: 'request_message_id differs', breakIt: (r) => void (r.body.request_message_id = 'msg-other') },
  { rule: 'exchange.trust_signed', scenario: 'accepted-task', why: 'a public channel', breakIt: (r) => void (r.trust = { channel: 'public', auth_scheme: 'jws' }) },
  { rule: 'exchange.completed_without_task', scenario: 'completed-response', why: 'a task_ref on a completed answer', breakIt: (r) => void (r.body.task_ref = 'task-1') },
  { rule: 'exchange.error_code_published', scenario: 'typed-error', why: 'an unpublished code', breakIt: (r) => void (r.body.code = 'made.up') },
  {
    rule: 'exchange.task_matches', scenario: 'accepted-task', taskStatus: true, why: 'status of another task',
    breakIt: (r) => void (r.body.task_id = 'task-other'),
  },
  {
    rule: 'exchange.task_transition', scenario: 'accepted-task', taskStatus: true, why: 'accepted straight to completed',
    breakIt: (r) => void (r.body.state = 'completed'),
  },
];

/** The task status that follows an accepted answer: the published example, relinked to it. */
function followingStatus(accepted: Record<string, any>): Record<string, any> {
  const status = example('uai.task.status.v1');
  status.conversation = { ...status.conversation, conversation_id: request.conversation.conversation_id, parent_message_id: accepted.message_id };
  status.target = structuredClone(request.source);
  status.provenance = { ...status.provenance, trace_id: request.provenance.trace_id };
  status.body = { ...status.body, task_id: accepted.delivery.task_ref, request_message_id: request.message_id, state: 'working' };
  delete status.body.result_ref;
  return status;
}

describe('each rule is failed by a pair that breaks it alone', () => {
  it('the table names every rule', () => {
    expect(new Set(BROKEN.map((b) => b.rule))).toEqual(new Set(EXCHANGE_RULES.map((r) => r.id)));
  });
  for (const broken of BROKEN) {
    it(`${broken.rule}: ${broken.why}`, () => {
      const { result } = answer(request, broken.scenario);
      const accepted = result.response_message as Record<string, any>;
      const response = broken.taskStatus ? followingStatus(accepted) : structuredClone(accepted);
      const pair = { request: structuredClone(request), httpStatus: broken.taskStatus ? 200 : result.http_status, ...(broken.taskStatus ? { previous: accepted } : {}) };
      const good = checkExchange({ response, ...pair });
      expect(failing(good)).toEqual([]);
      broken.breakIt(response, pair);
      const check = checkExchange({ response, ...pair });
      expect(failing(check)).toEqual([broken.rule]);
      const verdict = check.verdicts.find((v) => v.id === broken.rule)!;
      expect(verdict.findings.length).toBeGreaterThan(0);
      expect(verdict.findings.every((f) => f.path === '' || f.path.startsWith('/'))).toBe(true);
      expect(check.conforms).toBe(verdict.severity !== 'must');
    });
  }
});

describe('task transitions follow the published table', () => {
  const status = (state: string) => ({ profile: 'uai.task.status.v1', body: { task_id: 't', state } });
  const verdict = (from: string, to: string) => checkExchange({ request, response: status(to), previous: status(from) }).verdicts.find((v) => v.id === 'exchange.task_transition')!.status;
  it.each([
    ['accepted', 'working', 'pass'],
    ['working', 'working', 'pass'],
    ['working', 'input-required', 'pass'],
    ['input-required', 'working', 'pass'],
    ['working', 'completed', 'pass'],
    ['completed', 'working', 'fail'],
    ['completed', 'completed', 'fail'],
    ['canceled', 'failed', 'fail'],
    ['accepted', 'input-required', 'fail'],
  ])('%s -> %s: %s', (from, to, expected) => expect(verdict(from, to)).toBe(expected));
});

describe('a response that is no answer at all', () => {
  it('skips every rule and does not conform', () => {
    const check = checkExchange({ request, response: { hello: 'world' } });
    expect(check.response_kind).toBeNull();
    expect(check.conforms).toBe(false);
    expect(check.counts.skip).toBe(EXCHANGE_RULES.length);
  });
});

describe('the check-exchange action (hosted route and CLI)', () => {
  const context = { site, now: () => NOW };
  const pairOf = (scenario: Scenario) => {
    const { result } = answer(request, scenario);
    return { request, response: result.response_message, http_status: result.http_status };
  };
  it('a good pair conforms; both messages are validated', () => {
    const outcome = checkExchangeAction(pairOf('accepted-task'), context);
    expect(outcome.ok).toBe(true);
    const body = (outcome as { body: CheckExchangeResult }).body;
    expect(body).toMatchObject({ kind: 'uai.exchange.check.result.v1', checked_at: '2026-11-01T09:10:00Z', conforms: true });
    expect(body.request_validation.valid).toBe(true);
    expect(body.response_validation.valid).toBe(true);
    expect(body.exchange.counts.must_fail).toBe(0);
  });
  it('keyless pairs get the same verdicts as keyed ones', () => {
    for (const scenario of ['accepted-task', 'completed-response', 'typed-error'] as const) {
      const pair = pairOf(scenario);
      const keyedBody = (checkExchangeAction(pair, context) as { body: CheckExchangeResult }).body;
      const keyless = { ...pair, request: messageToKeyless(pair.request), response: messageToKeyless(pair.response), normalization_mode: 'keyless-json' };
      const keylessBody = (checkExchangeAction(keyless, context) as { body: CheckExchangeResult }).body;
      expect(keylessBody.exchange).toEqual(keyedBody.exchange);
      expect(keylessBody.conforms).toBe(true);
      expect(keylessBody.response_validation.normalization.canonical_hash).toBe(keyedBody.response_validation.normalization.canonical_hash);
    }
  });
  it('a broken linkage or an invalid message does not conform', () => {
    const pair = pairOf('accepted-task');
    const relinked = seal({ ...(pair.response as Record<string, any>), conversation: { ...(pair.response as Record<string, any>).conversation, sequence: 9 } });
    const broken = (checkExchangeAction({ ...pair, response: relinked }, context) as { body: CheckExchangeResult }).body;
    expect(broken.conforms).toBe(false);
    expect(broken.response_validation.valid).toBe(true);
    expect(broken.exchange.verdicts.filter((v) => v.status === 'fail').map((v) => v.id)).toEqual(['exchange.sequence']);
    const unsealed = (checkExchangeAction({ ...pair, response: { ...(pair.response as object), message_id: 'changed' } }, context) as { body: CheckExchangeResult }).body;
    expect(unsealed.conforms).toBe(false);
    expect(unsealed.response_validation.errors.map((e) => e.code)).toContain('integrity.checksum_mismatch');
  });
  it.each([
    ['not an object', []],
    ['no response', { request }],
    ['no request', { response: request }],
    ['a string response', { request, response: 'x' }],
    ['an unknown mode', { request, response: request, normalization_mode: 'xml' }],
    ['a status out of range', { request, response: request, http_status: 99 }],
    ['a fractional status', { request, response: request, http_status: 200.5 }],
    ['a string previous', { request, response: request, previous: 'x' }],
  ])('%s is request.invalid', (_name, body) => {
    expect(checkExchangeAction(body, context)).toMatchObject({ ok: false, code: 'request.invalid', detail: expect.any(String) });
  });
});
