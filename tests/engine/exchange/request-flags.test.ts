import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answerMessage,
  checkExchange,
  issueFlags,
  mockExchange,
  publishedExamples,
  seal,
  TASK_RUN_SECONDS,
  taskStatus,
  validateMessage,
  type ExchangeCheck,
  type ExchangeInput,
} from '../../../src/engine/index.ts';
import { PROFILE_IDS } from '../../../src/standard/profiles.ts';
import { siteFor } from '../../../src/standard/urls.ts';
import { DELIVERY_MODES, DELIVERY_PRIORITIES, PARTY_TYPES } from '../../../src/standard/value-sets.ts';

/**
 * checkExchange is public: a caller may pass the request's validation issues (the hosted route, the
 * CLI) or not (the kit, the package). The exchange rules leave alone a request value the validator
 * flags, so the verdicts must not hang on whether the caller brought them: requests whose linkage
 * values are valid, invalid or near-misses (traceparents with all-zero ids, uppercase hex, another
 * version or length; sequences past 2^53, strings, zero; expiries that are no RFC 3339 instant...)
 * are answered by the reference server, the mock exchange and a naive server that copies every
 * value as sent, and each pair is judged three ways: without issues, with the listed issues and
 * with the flags of the request's validation. All three say the same; the service's own answers
 * fail no rule.
 */
const site = siteFor('https://uai.example.org');
const NOW = new Date('2026-11-01T09:10:00Z');
const context = { site, now: () => NOW };
const examples = publishedExamples(site);
const published = examples.find((e) => e.profile === 'uai.intent.request.v1')!.message;

const SERVER_ID = (examples.find((e) => e.profile === 'uai.error.v1')!.message as { source: { id: string } }).source.id;
const T = '4bf92f3577b34da6a3ce929d0e0e4736';
const P = '00f067aa0ba902b7';
const Z32 = '0'.repeat(32);
const Z16 = '0'.repeat(16);
const hex = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${n}}$`));

/** A member left as the base has it, or taken out. */
const KEEP = Symbol('keep');
const ABSENT = Symbol('absent');
type Slot = unknown;
const slot = (...values: unknown[]): fc.Arbitrary<Slot> =>
  fc.oneof({ weight: 2, arbitrary: fc.constant(KEEP) }, fc.constant(ABSENT), fc.constantFrom(...values));

const traceparent = fc.oneof(
  fc.tuple(hex(32), hex(16), hex(2)).map(([t, p, f]) => `00-${t}-${p}-${f}`),
  // W3C Trace Context 3.2.2.3/3.2.2.4: of the pattern, yet invalid (trace.traceparent_invalid).
  fc.constantFrom(`00-${T}-${Z16}-01`, `00-${Z32}-${P}-01`, `00-${Z32}-${Z16}-01`, `00-${T}-${Z16}-00`),
  fc.constantFrom(
    `00-${T.toUpperCase()}-${P}-01`,
    `00-${T}-${P.toUpperCase()}-01`,
    `01-${T}-${P}-01`,
    `ff-${T}-${P}-01`,
    `00-${T}0-${P}-01`,
    `00-${T}-${P.slice(1)}-01`,
    `00-${T}-${P}-1`,
    `00-${T}-${P}-01-extra`,
    '',
    7,
  ),
);

const mutation = fc.record({
  base: fc.oneof({ weight: 4, arbitrary: fc.constant(-1) }, fc.nat(examples.length - 1)),
  sealed: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
  traceparent: fc.oneof({ weight: 2, arbitrary: fc.constant(KEEP) }, fc.constant(ABSENT), traceparent),
  // 'same': the trace-id of the traceparent, whatever it is.
  traceId: slot('same', T, Z32, T.toUpperCase(), 'abc', '', 5),
  sequence: slot(1, 2, 7, 0, -1, 1.5, '1', 2 ** 53 - 2, 2 ** 53 - 1, 2 ** 53, 1e308),
  parent: slot('msg-earlier', '', 7),
  turn: slot('turn-x', '', 7),
  conversationId: slot('c', '', 7, 'conv with spaces'),
  messageId: slot('m', '', 7, 'msg-req-0001'),
  mode: slot(...DELIVERY_MODES, 'bogus', 7),
  priority: slot(...DELIVERY_PRIORITIES, 'bogus', 7),
  expires: slot(
    '2030-01-01T00:00:00Z',
    '2020-01-01T00:00:00Z',
    '2026-11-01T11:10:00+02:00',
    '2030-01-01t00:00:00z',
    '0000-01-01T00:00:00Z',
    '2030-01-01T00:00:00',
    '2030-02-30T00:00:00Z',
    'soon',
    7,
  ),
  issued: slot('2026-11-01T09:00:00Z', '2031-01-01T00:00:00Z', 'now'),
  sourceType: slot(...PARTY_TYPES, 'x', 7),
  // The reference server's own id: a request sent as the party that answers it.
  sourceId: slot('agent-requester-01', '', 7, SERVER_ID),
  subject: slot(...PROFILE_IDS, 'uai.nothing.v1', 7),
  responseProfile: slot('uai.intent.response.v1', 'uai.error.v1', 'nope'),
});

type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

/** Sets (or takes out) the member at a pointer, making the objects on the way. */
function put(message: Record<string, any>, path: string, value: Slot): void {
  if (value === KEEP) return;
  const keys = path.split('/').slice(1);
  const last = keys.pop()!;
  let at = message;
  for (const key of keys) {
    if (typeof at[key] !== 'object' || at[key] === null) at[key] = {};
    at = at[key];
  }
  if (value === ABSENT) delete at[last];
  else at[last] = value;
}

function build(m: Mutation): Record<string, unknown> {
  const message = structuredClone(m.base < 0 ? published : examples[m.base]!.message) as Record<string, any>;
  put(message, '/conversation/traceparent', m.traceparent);
  const sent = message.conversation?.traceparent;
  const same = typeof sent === 'string' ? (sent.split('-')[1] ?? '') : T;
  put(message, '/provenance/trace_id', m.traceId === 'same' ? same : m.traceId);
  put(message, '/conversation/sequence', m.sequence);
  put(message, '/conversation/parent_message_id', m.parent);
  put(message, '/conversation/turn_id', m.turn);
  put(message, '/conversation/conversation_id', m.conversationId);
  put(message, '/message_id', m.messageId);
  put(message, '/delivery/mode', m.mode);
  put(message, '/delivery/priority', m.priority);
  put(message, '/delivery/expires_at', m.expires);
  put(message, '/provenance/issued_at', m.issued);
  put(message, '/source/type', m.sourceType);
  put(message, '/source/id', m.sourceId);
  put(message, '/body/subject', m.subject);
  put(message, '/body/response_profile', m.responseProfile);
  return m.sealed ? seal(message) : message;
}

/** The request values the copy rules read, with where an answer carries them. */
const COPIED: [string, string][] = [
  ['/conversation/conversation_id', '/conversation/conversation_id'],
  ['/conversation/traceparent', '/conversation/traceparent'],
  ['/conversation/turn_id', '/conversation/turn_id'],
  ['/message_id', '/conversation/parent_message_id'],
  ['/message_id', '/body/request_message_id'],
  ['/source/id', '/target/id'],
  ['/source/type', '/target/type'],
  ['/delivery/mode', '/delivery/mode'],
  ['/delivery/priority', '/delivery/priority'],
  ['/delivery/expires_at', '/delivery/expires_at'],
  ['/body/subject', '/body/subject'],
  ['/provenance/trace_id', '/provenance/trace_id'],
];

const read = (message: unknown, path: string): unknown =>
  path
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (v, k) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[k] : undefined),
      message,
    );

/** A server that copies every request value as sent, valid or not, and the sequence as sent. */
function naive(request: unknown, answer: unknown): Record<string, any> {
  const copy = structuredClone(answer) as Record<string, any>;
  for (const [from, to] of COPIED) {
    const value = read(request, from);
    if (value !== undefined) put(copy, to, value);
  }
  put(copy, '/conversation/sequence', read(request, '/conversation/sequence') ?? ABSENT);
  return copy;
}

interface Pair {
  readonly who: string;
  readonly response: unknown;
  readonly httpStatus: number;
  readonly previous?: unknown;
  /** The service's own answer: it must fail no rule. */
  readonly own: boolean;
}

function pairs(request: Record<string, unknown>): Pair[] {
  const out: Pair[] = [];
  const answer = answerMessage(request, context);
  expect(answer.ok).toBe(true);
  if (!answer.ok) return out;
  out.push({ who: 'reference server', response: answer.message, httpStatus: answer.status, own: true });
  out.push({ who: 'naive server', response: naive(request, answer.message), httpStatus: answer.status, own: false });
  const ref = answer.status === 202 ? (answer.message as { delivery: { task_ref: string } }).delivery.task_ref : '';
  let previous = answer.message;
  for (const seconds of ref ? [0, TASK_RUN_SECONDS] : []) {
    const polled = taskStatus(ref, { site, now: () => new Date(NOW.getTime() + seconds * 1000) });
    if (!polled.ok) continue;
    out.push({ who: `task status at ${seconds} s`, response: polled.message, httpStatus: 200, previous, own: true });
    previous = polled.message;
  }
  for (const scenario of ['accepted-task', 'completed-response', 'typed-error'] as const) {
    const r = mockExchange({ message: request, scenario, format: 'exchange' }, context);
    out.push({ who: `mock ${scenario}`, response: r.response_message, httpStatus: r.http_status, own: true });
  }
  return out;
}

const failing = (check: ExchangeCheck) =>
  check.verdicts.filter((v) => v.status === 'fail').map((v) => `${v.id} ${JSON.stringify(v.findings)}`);

describe('checkExchange gives the same verdicts with or without the request issues', () => {
  it('generated requests, the service answers and a naive copy of each (1,000 runs)', () => {
    let differs = 0;
    let zeroParent = 0;
    let ownSource = 0;
    fc.assert(
      fc.property(mutation, (m) => {
        const request = build(m);
        const validation = validateMessage(request, { mode: 'keyed-json', site, now: NOW });
        const requestIssues = [...validation.errors, ...validation.warnings];
        if (typeof m.traceparent === 'string' && m.traceparent.includes(`-${Z16}-`)) zeroParent += 1;
        if (read(request, '/source/id') === SERVER_ID) ownSource += 1;
        for (const pair of pairs(request)) {
          const input: ExchangeInput = {
            request,
            response: pair.response,
            httpStatus: pair.httpStatus,
            ...(pair.previous !== undefined ? { previous: pair.previous } : {}),
          };
          const without = checkExchange(input);
          expect(without, pair.who).toEqual(checkExchange({ ...input, requestIssues }));
          expect(without, pair.who).toEqual(checkExchange({ ...input, requestFlags: issueFlags(validation) }));
          if (pair.own) expect(failing(without), pair.who).toEqual([]);
          // The generator has teeth: a caller claiming a clean request would be judged otherwise.
          if (JSON.stringify(checkExchange({ ...input, requestIssues: [] })) !== JSON.stringify(without)) differs += 1;
        }
      }),
      { numRuns: 1000, seed: Number(process.env.UAI_PROPERTY_SEED ?? 7) },
    );
    expect(differs).toBeGreaterThan(300);
    expect(zeroParent).toBeGreaterThan(30);
    // Requests sent as the reference server (the published answers among them).
    expect(ownSource).toBeGreaterThan(100);
  });
});

describe('a request traceparent the validator rejects is no trace to continue', () => {
  const withTraceparent = (value: string, traceId: 'kept' | 'absent') => {
    const message = structuredClone(published) as Record<string, any>;
    message.conversation.traceparent = value;
    if (traceId === 'absent') delete message.provenance.trace_id;
    return seal(message);
  };
  it.each([
    ['an all-zero parent-id', `00-${T}-${Z16}-01`],
    ['an all-zero trace-id', `00-${Z32}-${P}-01`],
    ['both ids all zeros', `00-${Z32}-${Z16}-01`],
    ['uppercase hex', `00-${T.toUpperCase()}-${P}-01`],
    ['version ff', `ff-${T}-${P}-01`],
  ] as const)(
    '%s: the reference server refuses it, and exchange.trace_continued is skipped however judged',
    (_, value) => {
      for (const traceId of ['kept', 'absent'] as const) {
        const request = withTraceparent(value, traceId);
        const validation = validateMessage(request, { mode: 'keyed-json', site, now: NOW });
        expect(validation.errors.map((i) => `${i.code} ${i.path}`)).toContain(
          'trace.traceparent_invalid /conversation/traceparent',
        );
        const answer = answerMessage(request, context);
        if (!answer.ok) throw new Error(answer.detail);
        expect(answer.status).toBe(400);
        const response = answer.message as Record<string, any>;
        expect(response.profile).toBe('uai.error.v1');
        // Without a trace_id to follow, the refusal carries no traceparent at all.
        if (traceId === 'absent') expect(response.conversation.traceparent).toBeUndefined();
        const input = { request, response, httpStatus: answer.status };
        const ways = {
          without: checkExchange(input),
          issues: checkExchange({ ...input, requestIssues: [...validation.errors, ...validation.warnings] }),
          // The rule's own reading, with no flag to lean on.
          unflagged: checkExchange({ ...input, requestIssues: [] }),
        };
        for (const [way, check] of Object.entries(ways))
          // No trace to continue: nothing for the rule to see, so no pass either.
          expect(check.verdicts.find((v) => v.id === 'exchange.trace_continued')?.status, way).toBe('skip');
        expect(failing(ways.without)).toEqual([]);
        expect(ways.without).toEqual(ways.issues);
      }
    },
  );
});

describe('values no validator flag covers: the service answers as the rules read them', () => {
  /** The published request, edited and sealed again. */
  const edited = (edit: (m: Record<string, any>) => void, base: unknown = published) => {
    const message = structuredClone(base) as Record<string, any>;
    edit(message);
    return seal(message);
  };
  const untraced = (traceId: string, mode = 'async') =>
    edited((m) => {
      delete m.conversation.traceparent;
      m.provenance.trace_id = traceId;
      m.delivery.mode = mode;
    });
  const answerOf = (profile: string) => examples.find((e) => e.profile === profile)!.message;
  /** Every answer of the service to the request: none fails a rule, each validates clean. */
  const ownAnswers = (request: Record<string, unknown>) =>
    pairs(request)
      .filter((p) => p.own)
      .map((p) => {
        const check = checkExchange({
          request,
          response: p.response,
          httpStatus: p.httpStatus,
          ...(p.previous !== undefined ? { previous: p.previous } : {}),
        });
        expect(failing(check), p.who).toEqual([]);
        const v = validateMessage(p.response, { mode: 'keyed-json', site, now: NOW });
        expect([...v.errors, ...v.warnings], p.who).toEqual([]);
        return p;
      });

  it.each([
    ['an empty provenance.trace_id (the schema sets no minLength)', ''],
    ['a provenance.trace_id that is no trace-id', 'abc'],
    ['an uppercase trace-id', T.toUpperCase()],
    ['an all-zero trace-id', Z32],
  ])('%s, no traceparent: every answer and task status carries it as sent', (_, traceId) => {
    for (const mode of ['async', 'sync']) {
      const request = untraced(traceId, mode);
      const validation = validateMessage(request, { mode: 'keyed-json', site, now: NOW });
      expect(validation.errors.length + validation.warnings.length).toBe(0);
      const answers = ownAnswers(request);
      if (mode === 'async') expect(answers.filter((p) => p.who.startsWith('task status'))).toHaveLength(2);
      for (const p of answers) expect(read(p.response, '/provenance/trace_id'), `${mode} ${p.who}`).toBe(traceId);
    }
  });

  it('property: any trace_id without a traceparent is carried as sent to the last task status', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80, unit: 'grapheme' }), (traceId) => {
        const answers = ownAnswers(untraced(traceId));
        expect(answers.filter((p) => p.who.startsWith('task status'))).toHaveLength(2);
        for (const p of answers) expect(read(p.response, '/provenance/trace_id'), p.who).toBe(traceId);
      }),
      { numRuns: 100 },
    );
  });

  it.each([
    ['an intent request', published],
    ['the published response posted back', answerOf('uai.intent.response.v1')],
    ['the published task status posted back', answerOf('uai.task.status.v1')],
    ['the published error posted back', answerOf('uai.error.v1')],
  ])('%s sent as the reference server: answered from its id, and that is no echo', (_, base) => {
    const request = edited((m) => void (m.source.id = SERVER_ID), base);
    for (const p of ownAnswers(request)) expect(read(p.response, '/source/id'), p.who).toBe(SERVER_ID);
  });

  it('a server that answers as the requester still fails exchange.source_not_requester, bar that one id (left alone: skip)', () => {
    for (const [id, fails] of [
      ['agent-requester-01', true],
      ['another-service', true],
      [SERVER_ID, false],
    ] as const) {
      const request = edited((m) => void (m.source.id = id));
      const answer = answerMessage(request, context);
      if (!answer.ok) throw new Error(answer.detail);
      const echo = structuredClone(answer.message) as Record<string, any>;
      echo.source = structuredClone(echo.target);
      const verdict = checkExchange({ request, response: echo, httpStatus: answer.status }).verdicts.find(
        (v) => v.id === 'exchange.source_not_requester',
      );
      expect(verdict?.status, id).toBe(fails ? 'fail' : 'skip');
    }
  });
});
