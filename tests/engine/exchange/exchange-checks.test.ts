import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkExchange,
  checkExchangeAction,
  type CheckExchangeResult,
  type ExchangeCheck,
  exchangeFixtures,
  type ExchangePairFixture,
  messageToKeyless,
  mockExchange,
  publishedExamples,
  seal,
} from '../../../src/engine/index.ts';
import { ERROR_CODES } from '../../../src/standard/codes.ts';
import { EXCHANGE_RULES } from '../../../src/standard/exchange-rules.ts';
import { siteFor } from '../../../src/standard/urls.ts';

/**
 * Exchange checks (spec 4.2, CONTRACT sections 2 and 6): the reference server's every answer
 * passes them, and each rule is failed by a pair that breaks that rule alone.
 */
const site = siteFor('https://uai.example.org');
const NOW = new Date('2026-11-01T09:10:00Z');
const examples = publishedExamples(site);
const example = (profile: string) =>
  structuredClone(examples.find((e) => e.profile === profile)!.message) as Record<string, any>;
const request = example('uai.intent.request.v1');
type Scenario = 'accepted-task' | 'completed-response' | 'typed-error';

function answer(message: Record<string, unknown>, scenario: Scenario) {
  const result = mockExchange({ message, scenario, format: 'exchange' }, { site, now: () => NOW });
  const requestIssues = [...result.request.validation.errors, ...result.request.validation.warnings];
  return {
    result,
    check: checkExchange({
      request: message,
      response: result.response_message,
      httpStatus: result.http_status,
      requestIssues,
    }),
  };
}

const failing = (check: ExchangeCheck): string[] => check.verdicts.filter((v) => v.status === 'fail').map((v) => v.id);

describe('every answer of the reference server passes', () => {
  const requests: [string, Record<string, unknown>][] = [
    ['the published request', request],
    ['a sync request without priority or expiry', seal({ ...request, delivery: { mode: 'sync' } })],
    ['an invalid request (refused)', seal({ ...request, conversation: { ...request.conversation, sequence: '1' } })],
    ['an unknown subject (refused)', seal({ ...request, body: { ...request.body, subject: 'uai.nothing.v1' } })],
    ['not an intent request (refused)', seal({ ...example('uai.task.status.v1'), source: request.source })],
    [
      'hostile values',
      {
        message_id: '\ud800',
        conversation: { sequence: 1e308, conversation_id: 7 },
        source: { type: 'x', did: 'nope' },
        delivery: { expires_at: 'soon' },
      },
    ],
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

describe('the exchange fixtures of the conformance pack', () => {
  const { valid, invalid } = exchangeFixtures(site);
  const judge = (f: ExchangePairFixture) =>
    checkExchange({
      request: f.request,
      response: f.response,
      httpStatus: f.http_status,
      ...(f.previous ? { previous: f.previous } : {}),
    });
  it('every rule is broken by one fixture', () => {
    expect(new Set(invalid.flatMap((f) => f.fails))).toEqual(new Set(EXCHANGE_RULES.map((r) => r.id)));
  });
  for (const f of valid) {
    it(`${f.id} passes every rule`, () => {
      expect(failing(judge(f))).toEqual([]);
      expect(judge(f).conforms).toBe(true);
    });
  }
  for (const f of invalid) {
    it(`${f.id}: ${f.description} fails exactly ${f.fails.join(', ')}`, () => {
      const check = judge(f);
      expect(failing(check)).toEqual(f.fails);
      const verdict = check.verdicts.find((v) => v.id === f.fails[0])!;
      expect(verdict.findings.length).toBeGreaterThan(0);
      expect(verdict.findings.every((x) => x.path === '' || x.path.startsWith('/'))).toBe(true);
      expect(check.conforms).toBe(verdict.severity !== 'must');
    });
  }
});

describe('exchange.http_status judges the status the answer came with, and only that', () => {
  const verdict = (scenario: Scenario, httpStatus?: number) => {
    const { result } = answer(request, scenario);
    const response = result.response_message;
    return checkExchange({ request, response, ...(httpStatus !== undefined ? { httpStatus } : {}) }).verdicts.find(
      (v) => v.id === 'exchange.http_status',
    )!;
  };
  it('every status with every answer kind: pass exactly at the status of its kind', () => {
    const errorStatus = (answer(request, 'typed-error').result.response_message as Record<string, any>).body.status;
    expect(errorStatus).toBeGreaterThanOrEqual(400);
    const want: Record<Scenario, number> = {
      'accepted-task': 202,
      'completed-response': 200,
      'typed-error': errorStatus,
    };
    fc.assert(
      fc.property(fc.constantFrom(...(Object.keys(want) as Scenario[])), fc.integer({ min: 100, max: 599 }), (s, n) => {
        expect(verdict(s, n).status).toBe(n === want[s] ? 'pass' : 'fail');
      }),
      { numRuns: 300 },
    );
  });
  // "Leave empty to skip the status rule" (the playground): no status seen is no pass.
  it.each(['accepted-task', 'completed-response', 'typed-error'] as const)('%s with no status given: skip', (s) => {
    expect(verdict(s)).toMatchObject({ status: 'skip', findings: [] });
  });
});

describe('a rule passes only what the pair held: with nothing to read it is skipped', () => {
  const without = (edit: (m: Record<string, any>) => void) => {
    const message = structuredClone(request);
    edit(message);
    return seal(message);
  };
  const statusOf = (message: Record<string, unknown>, id: string) =>
    answer(message, 'accepted-task').check.verdicts.find((v) => v.id === id)!.status;
  it.each([
    ['exchange.trace_continued', (m: Record<string, any>) => delete m.conversation.traceparent],
    ['exchange.trace_id_copied', (m: Record<string, any>) => delete m.provenance.trace_id],
  ] as const)('%s: judged on the published request, skipped without the value it copies', (id, edit) => {
    expect(statusOf(request, id)).toBe('pass');
    expect(statusOf(without(edit), id)).toBe('skip');
  });
  it('exchange.delivery_copied is judged while any of its values is there (mode alone)', () => {
    const sync = without((m) => {
      delete m.delivery.priority;
      delete m.delivery.expires_at;
    });
    expect(statusOf(sync, 'exchange.delivery_copied')).toBe('pass');
  });
  // An answer missing what the rule compares is message.valid's finding; the rule saw nothing to hold.
  it.each([
    [
      'exchange.trace_continued',
      'a traceparent that does not parse',
      (r: Record<string, any>): void => void (r.conversation.traceparent = 'garbage'),
    ],
    ['exchange.source_not_requester', 'no source at all', (r: Record<string, any>): void => void delete r.source],
    ['message.own_ids', 'no message_id', (r: Record<string, any>): void => void delete r.message_id],
    ['exchange.target_is_requester', 'a target of nothing', (r: Record<string, any>): void => void (r.target = {})],
  ] as const)('%s: an answer with %s is skipped, not passed', (id, _what, edit) => {
    const message =
      id === 'exchange.target_is_requester' ? seal({ ...structuredClone(request), source: { label: 'x' } }) : request;
    const response = structuredClone(answer(request, 'completed-response').result.response_message) as Record<
      string,
      any
    >;
    const judge = (r: unknown) =>
      checkExchange({ request: message, response: r, httpStatus: 200 }).verdicts.find((v) => v.id === id)!.status;
    expect(judge(response)).not.toBe('skip');
    edit(response);
    expect(judge(seal(response))).toBe('skip');
  });
  it('exchange.error_retryable: an unpublished code with retryable true gives it nothing to hold; false always does', () => {
    const typed = answer(request, 'typed-error').result.response_message as Record<string, any>;
    const rule = (body: Record<string, unknown>) =>
      checkExchange({ request, response: seal({ ...typed, body: { ...typed.body, ...body } }) }).verdicts.find(
        (v) => v.id === 'exchange.error_retryable',
      )!.status;
    expect(rule({ code: 'made.up', retryable: true })).toBe('skip');
    expect(rule({ code: 'made.up', retryable: false })).toBe('pass');
    expect(rule({ retryable: !typed.body.retryable })).toBe('fail');
  });
  it('the task rules are skipped for an answer that follows nothing, judged for one that does', () => {
    const accepted = answer(request, 'accepted-task').result.response_message as Record<string, any>;
    const status = seal({
      ...structuredClone(example('uai.task.status.v1')),
      body: { ...example('uai.task.status.v1').body, task_id: accepted.delivery.task_ref },
    });
    const rule = (id: string, previous?: unknown) =>
      checkExchange({ request, response: status, ...(previous ? { previous } : {}) }).verdicts.find((v) => v.id === id)!
        .status;
    expect(rule('exchange.task_transition')).toBe('skip');
    expect(rule('exchange.task_transition', accepted)).not.toBe('skip');
    // A task status as the direct answer is not what the request asked for; as a poll it answers no request.
    expect(rule('exchange.response_profile')).toBe('fail');
    expect(rule('exchange.response_profile', accepted)).toBe('skip');
  });
});

describe('a task status polled names the task the acceptance issued', () => {
  const accepted = answer(request, 'accepted-task').result.response_message as Record<string, any>;
  const ref = accepted.delivery.task_ref as string;
  const status = (taskId: string, deliveryRef?: string) => ({
    profile: 'uai.task.status.v1',
    ...(deliveryRef === undefined ? {} : { delivery: { task_ref: deliveryRef } }),
    body: { task_id: taskId, state: 'working' },
  });
  const verdict = (response: unknown) =>
    checkExchange({ request, response, previous: accepted }).verdicts.find((v) => v.id === 'exchange.task_matches')!;
  it.each([
    ['the task, no delivery.task_ref', status(ref), 'pass'],
    ['the task in both places', status(ref, ref), 'pass'],
    ['another task in body.task_id', status('other'), 'fail'],
    ['another task in delivery.task_ref', status(ref, 'other'), 'fail'],
  ])('%s: %s', (_name, response, expected) => expect(verdict(response).status).toBe(expected));

  // A status of a task nothing issued matches no task: "not observed" is no pass.
  it.each([
    ['no previous', undefined],
    ['an empty object', {}],
    ['an array', []],
    ['the request itself', request],
    ['an accepted response without task_ref', { ...accepted, delivery: { mode: 'async' } }],
  ])('previous is %s: fails', (_name, previous) => {
    const check = checkExchange({ request, response: status(ref), ...(previous === undefined ? {} : { previous }) });
    expect(check.verdicts.find((v) => v.id === 'exchange.task_matches')!.status).toBe('fail');
    expect(check.conforms).toBe(false);
  });
});

describe('the sequence is counted on from the request as parsed, its text flagged or not', () => {
  it('an imprecise sequence (4.00000000000000000001, a warning): the answer must be 5', () => {
    const sent = seal({
      ...request,
      conversation: { ...request.conversation, sequence: 4, parent_message_id: 'msg-prev-0003' },
    });
    const text = JSON.stringify(sent).replace('"sequence":4', '"sequence":4.00000000000000000001');
    const result = mockExchange(
      { message: sent, scenario: 'accepted-task', format: 'exchange' },
      { site, now: () => NOW },
      { text },
    );
    const issues = [...result.request.validation.errors, ...result.request.validation.warnings];
    expect(issues.map((i) => i.code)).toContain('message.number_imprecise');
    const judge = (response: unknown) =>
      checkExchange({ request: sent, response, requestIssues: issues }).verdicts.find(
        (v) => v.id === 'exchange.sequence',
      )!.status;
    const answered = result.response_message as Record<string, any>;
    expect(answered.conversation.sequence).toBe(5);
    expect(judge(answered)).toBe('pass');
    expect(judge(seal({ ...answered, conversation: { ...answered.conversation, sequence: 99 } }))).toBe('fail');
  });
});

describe('task transitions follow the published table', () => {
  const status = (state: string) => ({ profile: 'uai.task.status.v1', body: { task_id: 't', state } });
  const verdict = (from: string, to: string) =>
    checkExchange({ request, response: status(to), previous: status(from) }).verdicts.find(
      (v) => v.id === 'exchange.task_transition',
    )!.status;
  it.each([
    ['accepted', 'working', 'pass'],
    ['working', 'working', 'pass'],
    ['working', 'input-required', 'pass'],
    ['input-required', 'working', 'pass'],
    ['working', 'completed', 'pass'],
    ['accepted', 'completed', 'pass'],
    ['accepted', 'input-required', 'pass'],
    ['completed', 'completed', 'pass'],
    ['completed', 'working', 'fail'],
    ['canceled', 'failed', 'fail'],
    ['input-required', 'accepted', 'fail'],
    ['working', 'accepted', 'fail'],
  ])('%s -> %s: %s', (from, to, expected) => expect(verdict(from, to)).toBe(expected));
});

describe('a response that is no answer at all', () => {
  it('fails exchange.response_profile with a finding saying why, skips the rest, and does not conform', () => {
    const check = checkExchange({ request, response: { hello: 'world' } });
    expect(check.response_kind).toBeNull();
    expect(check.conforms).toBe(false);
    expect(check.counts).toMatchObject({ fail: 1, must_fail: 1, skip: EXCHANGE_RULES.length - 1 });
    const failed = check.verdicts.find((v) => v.status === 'fail')!;
    expect(failed.id).toBe('exchange.response_profile');
    expect(failed.findings[0]).toMatchObject({ path: '/profile', message: expect.stringContaining('no profile') });
  });

  it('the request itself echoed back fails exchange.response_profile, as does an unknown body.status', () => {
    const echoed = checkExchange({ request, response: request, httpStatus: 200 });
    expect(echoed.verdicts.find((v) => v.status === 'fail')?.findings[0]).toMatchObject({
      path: '/profile',
      actual: 'uai.intent.request.v1',
    });
    const { result } = answer(request, 'completed-response');
    const odd = structuredClone(result.response_message) as { body: { status: string } };
    odd.body.status = 'pondering';
    expect(
      checkExchange({ request, response: odd }).verdicts.find((v) => v.status === 'fail')?.findings[0],
    ).toMatchObject({ path: '/body/status', actual: 'pondering' });
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
    expect(body).toMatchObject({
      kind: 'uai.exchange.check.result.v1',
      checked_at: '2026-11-01T09:10:00Z',
      conforms: true,
    });
    expect(body.request_validation.valid).toBe(true);
    expect(body.response_validation.valid).toBe(true);
    expect(body.exchange.counts.must_fail).toBe(0);
  });
  it('keyless pairs get the same verdicts as keyed ones', () => {
    for (const scenario of ['accepted-task', 'completed-response', 'typed-error'] as const) {
      const pair = pairOf(scenario);
      const keyedBody = (checkExchangeAction(pair, context) as { body: CheckExchangeResult }).body;
      const keyless = {
        ...pair,
        request: messageToKeyless(pair.request),
        response: messageToKeyless(pair.response),
        normalization_mode: 'keyless-json',
      };
      const keylessBody = (checkExchangeAction(keyless, context) as { body: CheckExchangeResult }).body;
      expect(keylessBody.exchange).toEqual(keyedBody.exchange);
      expect(keylessBody.conforms).toBe(true);
      expect(keylessBody.response_validation.normalization.canonical_hash).toBe(
        keyedBody.response_validation.normalization.canonical_hash,
      );
    }
  });
  it('a broken linkage or an invalid message does not conform', () => {
    const pair = pairOf('accepted-task');
    const relinked = seal({
      ...(pair.response as Record<string, any>),
      conversation: { ...(pair.response as Record<string, any>).conversation, sequence: 9 },
    });
    const broken = (checkExchangeAction({ ...pair, response: relinked }, context) as { body: CheckExchangeResult })
      .body;
    expect(broken.conforms).toBe(false);
    expect(broken.response_validation.valid).toBe(true);
    expect(broken.exchange.verdicts.filter((v) => v.status === 'fail').map((v) => v.id)).toEqual(['exchange.sequence']);
    const unsealed = (
      checkExchangeAction({ ...pair, response: { ...(pair.response as object), message_id: 'changed' } }, context) as {
        body: CheckExchangeResult;
      }
    ).body;
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
    expect(checkExchangeAction(body, context)).toMatchObject({
      ok: false,
      code: 'request.invalid',
      detail: expect.any(String),
    });
  });
});

/**
 * Rule 6: the answer's target is the request's source, so what it gives of the party (an address,
 * a label, a role) is the source's own; rule 7: what the request does not carry has nothing to be
 * copied from.
 */
describe('what an answer adds to the party it answers or to its delivery', () => {
  const accepted = answer(request, 'accepted-task').result.response_message as Record<string, any>;
  const failed = (response: Record<string, unknown>, req = request) =>
    failing(checkExchange({ request: req, response }));
  it.each([
    ['uri', 'https://attacker.example/inbox'],
    ['did', 'did:web:attacker.example'],
    ['label', 'Someone else'],
    ['role', 'public-record-gateway'],
  ])('a target %s not the source’s fails exchange.target_is_requester', (member, value) => {
    expect(request.source[member]).not.toBe(value);
    const response = { ...accepted, target: { ...accepted.target, [member]: value } };
    expect(failed(response)).toEqual(['exchange.target_is_requester']);
    const finding = checkExchange({ request, response }).verdicts.find((v) => v.id === 'exchange.target_is_requester')!
      .findings[0];
    expect(finding).toMatchObject({ path: `/target/${member}`, actual: value });
  });
  it('an address the source does not give fails; a description it does not give, or one left out, does not', () => {
    const { uri: _, did: __, role: ___, ...source } = request.source;
    const bare = seal({ ...request, source });
    const answered = answer(bare, 'accepted-task').result.response_message as Record<string, any>;
    expect(failed(answered, bare)).toEqual([]);
    for (const added of [{ uri: 'https://attacker.example/inbox' }, { did: 'did:web:attacker.example' }])
      expect(failed({ ...answered, target: { ...answered.target, ...added } }, bare)).toEqual([
        'exchange.target_is_requester',
      ]);
    expect(failed({ ...answered, target: { ...answered.target, role: 'requesting-agent' } }, bare)).toEqual([]);
    const { label: ____, ...target } = accepted.target;
    expect(failed({ ...accepted, target })).toEqual([]);
  });
  it('a uri written as another spelling of the same URL is the same address (RFC 3986 section 6.2.2)', () => {
    const withUri = (uri: string) => seal({ ...request, source: { ...request.source, uri } });
    const pairs = [
      ['https://agent.example', 'https://agent.example/'],
      ['https://Agent.Example/inbox', 'https://agent.example/inbox'],
      ['https://agent.example:443/inbox', 'https://agent.example/inbox'],
      // Section 6.2.2.1: the hex of an escape in either case; 6.2.2.2: an unreserved character escaped.
      ['https://agent.example/%7efoo', 'https://agent.example/%7Efoo'],
      ['https://agent.example/%7Efoo', 'https://agent.example/~foo'],
      ['https://agent.example/a%2db', 'https://agent.example/a-b'],
      ['https://agent.example/a%2fb', 'https://agent.example/a%2Fb'],
    ];
    for (const [sent, echoed] of pairs) {
      const req = withUri(sent!);
      const answered = answer(req, 'accepted-task').result.response_message as Record<string, any>;
      expect(failed({ ...answered, target: { ...answered.target, uri: echoed } }, req)).toEqual([]);
    }
    // A reserved character escaped is another URL (`%2F` is no `/`), as is another path.
    for (const [sent, echoed] of [
      ['https://agent.example/a%2Fb', 'https://agent.example/a/b'],
      ['https://agent.example/a%20b', 'https://agent.example/a%21b'],
    ]) {
      const req = withUri(sent!);
      const answered = answer(req, 'accepted-task').result.response_message as Record<string, any>;
      expect(failed({ ...answered, target: { ...answered.target, uri: echoed } }, req)).toEqual([
        'exchange.target_is_requester',
      ]);
    }
  });
  it('an answer may give a priority or an expiry of its own when the request gives none (rule 7 copies what there is)', () => {
    const bare = seal({ ...request, delivery: { mode: 'async' } });
    const answered = answer(bare, 'accepted-task').result.response_message as Record<string, any>;
    for (const added of [{}, { priority: 'routine' }, { expires_at: '2030-01-01T00:00:00Z' }])
      expect(failed({ ...answered, delivery: { ...answered.delivery, ...added } }, bare)).toEqual([]);
  });
});

describe('delivery.expires_at is compared as an instant', () => {
  const accepted = answer(request, 'accepted-task').result.response_message as Record<string, any>;
  const verdict = (expiresAt: string) =>
    checkExchange({
      request,
      response: { ...accepted, delivery: { ...accepted.delivery, expires_at: expiresAt } },
    }).verdicts.find((v) => v.id === 'exchange.delivery_copied')!.status;
  it.each([
    ['2030-01-01T00:00:00Z', 'pass'],
    ['2030-01-01T01:00:00+01:00', 'pass'],
    ['2030-01-01t00:00:00.000z', 'pass'],
    ['2030-01-01T00:00:00.0001Z', 'fail'],
    ['2029-12-31T23:59:60Z', 'fail'],
    ['not a time', 'fail'],
  ])('%s: %s', (expiresAt, expected) => {
    expect(request.delivery.expires_at).toBe('2030-01-01T00:00:00Z');
    expect(verdict(expiresAt)).toBe(expected);
  });
});

describe("a typed error's status is the one the registry gives its code", () => {
  const typed = answer(request, 'typed-error').result.response_message as Record<string, any>;
  const published = ERROR_CODES.map((c) => c.code);
  it('every published code with every error status: the rule fails exactly when the status is not the registry one', () => {
    fc.assert(
      fc.property(fc.constantFrom(...published), fc.integer({ min: 400, max: 599 }), (code, status) => {
        const response = seal({ ...typed, body: { ...typed.body, code, status } });
        const check = checkExchange({ request, response, httpStatus: status });
        const verdict = check.verdicts.find((v) => v.id === 'exchange.error_status')!;
        const want = ERROR_CODES.find((c) => c.code === code)!.status;
        expect(verdict.status).toBe(status === want ? 'pass' : 'fail');
        if (status !== want)
          expect(verdict.findings).toEqual([
            expect.objectContaining({ path: '/body/status', expected: want, actual: status }),
          ]);
        // A should: the pair still conforms when nothing else is broken.
        expect(check.conforms).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
  it('an unpublished code is left to exchange.error_code_published', () => {
    const response = seal({ ...typed, body: { ...typed.body, code: 'made.up', status: 503 } });
    const ids = failing(checkExchange({ request, response, httpStatus: 503 }));
    expect(ids).toEqual(['exchange.error_code_published']);
  });
});

describe('answer fields the spec leaves to a should: each rule alone', () => {
  const judge = (response: Record<string, any>, httpStatus?: number, previous?: unknown, message = request) =>
    failing(
      checkExchange({
        request: message,
        response: seal(response),
        ...(httpStatus !== undefined ? { httpStatus } : {}),
        ...(previous !== undefined ? { previous } : {}),
      }),
    );
  const of = (scenario: Scenario, message = request) =>
    structuredClone(answer(message, scenario).result.response_message) as Record<string, any>;
  const status = (state: string, turn: string, id = 'msg-status-1') => ({
    profile: 'uai.task.status.v1',
    message_id: id,
    conversation: { conversation_id: request.conversation.conversation_id, turn_id: turn },
    body: { task_id: 't', state },
  });

  it.each([
    ["the request's turn", (m: Record<string, any>) => (m.conversation.turn_id = request.conversation.turn_id), true],
    ['a turn of its own', (m: Record<string, any>) => (m.conversation.turn_id = 'turn-9'), false],
  ])('exchange.new_turn: %s', (_what, edit, fails) => {
    for (const scenario of ['accepted-task', 'completed-response', 'typed-error'] as const) {
      const m = of(scenario);
      edit(m);
      expect(judge(m)).toEqual(fails ? ['exchange.new_turn'] : []);
    }
  });
  it('exchange.new_turn: a task status in the turn of the message it follows, unless it is that status read again', () => {
    const rule = (response: unknown, previous: unknown) =>
      checkExchange({ request, response, previous }).verdicts.find((v) => v.id === 'exchange.new_turn')!;
    expect(rule(status('working', 'turn-5'), status('working', 'turn-5')).status).toBe('pass');
    expect(rule(status('completed', 'turn-5', 'msg-status-2'), status('working', 'turn-5')).findings).toEqual([
      expect.objectContaining({ path: '/conversation/turn_id', actual: 'turn-5' }),
    ]);
    expect(rule(status('working', request.conversation.turn_id), status('accepted', 'turn-4')).status).toBe('fail');
  });
  it("exchange.new_turn: a request turn the request's validation flagged is not compared", () => {
    const flagged = seal({ ...request, conversation: { ...request.conversation, turn_id: 7 } });
    const m = of('typed-error', flagged);
    m.conversation.turn_id = 7;
    expect(judge(m, undefined, undefined, flagged)).not.toContain('exchange.new_turn');
  });
  it('exchange.new_turn: a flagged turn that is a string (empty) is not compared either', () => {
    const flagged = seal({ ...request, conversation: { ...request.conversation, turn_id: '' } });
    const m = of('typed-error', flagged);
    m.conversation.turn_id = '';
    expect(judge(m, undefined, undefined, flagged)).not.toContain('exchange.new_turn');
  });
  it('exchange.task_ref_agrees: body.task_ref against delivery.task_ref of an accepted answer', () => {
    const m = of('accepted-task');
    m.body.task_ref = 'task-other';
    expect(judge(m, 202)).toContain('exchange.task_ref_agrees');
  });
  it('exchange.trust_signed: an accepted answer authenticated otherwise than jws', () => {
    const m = of('accepted-task');
    expect(judge(m, 202)).not.toContain('exchange.trust_signed');
    m.trust.auth_scheme = 'bearer';
    expect(judge(m, 202)).toContain('exchange.trust_signed');
  });

  const otherTrace = (m: Record<string, any>) =>
    (m.conversation.traceparent = `00-${'a'.repeat(32)}-${'1'.repeat(16)}-01`);
  it.each([
    ['dropped', (m: Record<string, any>) => delete m.conversation.traceparent, 'fail'],
    ['in another trace', otherTrace, 'fail'],
    [
      'a new span of the same trace',
      (m: Record<string, any>) =>
        (m.conversation.traceparent = request.conversation.traceparent.replace(/-[0-9a-f]{16}-/, '-2222222222222222-')),
      'pass',
    ],
    [
      'the request traceparent itself',
      (m: Record<string, any>) => (m.conversation.traceparent = request.conversation.traceparent),
      'pass',
    ],
  ])('exchange.trace_continued: the traceparent %s', (_what, edit, verdict) => {
    for (const scenario of ['accepted-task', 'completed-response', 'typed-error'] as const) {
      const m = of(scenario);
      edit(m);
      expect(judge(m)).toEqual(verdict === 'fail' ? ['exchange.trace_continued'] : []);
    }
  });
  it('exchange.trace_continued: nothing to continue from a request without a traceparent, or with a flagged one', () => {
    const bare = seal({ ...request, conversation: { ...request.conversation, traceparent: undefined } });
    const zeros = seal({
      ...request,
      conversation: { ...request.conversation, traceparent: `00-${'0'.repeat(32)}-${'1'.repeat(16)}-01` },
    });
    for (const message of [bare, zeros]) {
      const m = of('typed-error', message);
      otherTrace(m);
      expect(judge(m, undefined, undefined, message)).not.toContain('exchange.trace_continued');
    }
  });

  it('exchange.error_retryable: every published code, either retryable, with or without retry_after_seconds', () => {
    const typed = of('typed-error');
    fc.assert(
      fc.property(
        fc.constantFrom(...ERROR_CODES),
        fc.boolean(),
        fc.option(fc.nat(86_400), { nil: undefined }),
        (entry, retryable, after) => {
          const body = { ...typed.body, code: entry.code, status: entry.status, retryable };
          if (after !== undefined) body.retry_after_seconds = after;
          const check = checkExchange({ request, response: seal({ ...typed, body }), httpStatus: entry.status });
          const verdict = check.verdicts.find((v) => v.id === 'exchange.error_retryable')!;
          const paths = [
            ...(retryable !== entry.retryable ? ['/body/retryable'] : []),
            ...(after !== undefined && !retryable ? ['/body/retry_after_seconds'] : []),
          ];
          expect(verdict.findings.map((f) => f.path)).toEqual(paths);
          expect(failing(check)).toEqual(paths.length ? ['exchange.error_retryable'] : []);
          expect(check.conforms).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
  it('exchange.error_retryable: an unpublished code is left to exchange.error_code_published', () => {
    const typed = of('typed-error');
    const response = seal({ ...typed, body: { ...typed.body, code: 'made.up', retryable: true } });
    expect(failing(checkExchange({ request, response }))).toEqual(['exchange.error_code_published']);
  });
});

describe('exchange.http_status says which status, in a sentence', () => {
  it.each([
    ['accepted-task', 200, 'An accepted answer is sent with HTTP 202, not 200.'],
    ['completed-response', 202, 'A completed answer is sent with HTTP 200, not 202.'],
    // Two statuses that disagree: the sentence names both and prescribes neither.
    [
      'typed-error',
      400,
      'An error answer is sent with the HTTP status its body names: body.status says 422, HTTP says 400.',
    ],
  ] as const)('%s answered with %i', (scenario, status, message) => {
    const { result } = answer(request, scenario);
    const check = checkExchange({ request, response: result.response_message, httpStatus: status });
    const verdict = check.verdicts.find((v) => v.id === 'exchange.http_status')!;
    expect(verdict.status).toBe('fail');
    expect(verdict.findings.map((f) => f.message)).toEqual([message]);
  });
});
