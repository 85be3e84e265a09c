import { describe, expect, it } from 'vitest';
import { ConversationJudge, MAX_REMEMBERED, type ConversationStep } from '../../src/engine/index.ts';
import { CONVERSATION_RULES } from '../../src/standard/conversation-rules.ts';

/**
 * The conversation rules, one table: each row is a conversation (steps in order) that breaks one
 * rule, and the same conversation told right breaks none. A rule no row breaks is a rule that
 * cannot fail, which the last test refuses.
 */
type Json = Record<string, unknown>;
const T0 = Date.parse('2026-11-20T10:00:00Z');
const request = (id: string, conv: string, seq: number, parent?: string): Json => ({
  profile: 'uai.intent.request.v1',
  message_id: id,
  conversation: { conversation_id: conv, sequence: seq, ...(parent ? { parent_message_id: parent } : {}) },
});
const answer = (id: string, conv: string, seq: number, extra: Json = {}): Json => ({
  profile: 'uai.intent.response.v1',
  message_id: id,
  conversation: { conversation_id: conv, sequence: seq },
  body: { status: 'completed' },
  ...extra,
});
const accepted = (id: string, conv: string, seq: number, task: string): Json =>
  answer(id, conv, seq, { body: { status: 'accepted', task_ref: task }, delivery: { task_ref: task } });
const status = (id: string, task: string, state: string): Json => ({
  profile: 'uai.task.status.v1',
  message_id: id,
  body: { task_id: task, state },
});

let index = 0;
const send = (
  req: Json,
  ans: Json | undefined,
  st = 200,
  at = T0 + index * 10,
  extra: Partial<ConversationStep> = {},
) =>
  ({
    index: ++index,
    at,
    answeredAt: at + 1,
    kind: 'message',
    request: req,
    requestText: JSON.stringify(req),
    status: st,
    ...(ans ? { answer: ans } : {}),
    ...extra,
  }) as ConversationStep;
const poll = (ref: string, ans: Json, at = T0 + index * 10) =>
  ({
    index: ++index,
    at,
    answeredAt: at + 1,
    kind: 'poll',
    pollRef: ref,
    status: 200,
    answer: ans,
  }) as ConversationStep;

interface Row {
  readonly rule: string;
  readonly broken: () => ConversationStep[];
  readonly right: () => ConversationStep[];
}

const ROWS: readonly Row[] = [
  {
    rule: 'conversation.fresh_ids',
    broken: () => [
      send(request('m1', 'c1', 1), answer('a1', 'c1', 2)),
      send(request('m1', 'c2', 1), answer('a2', 'c2', 2)),
    ],
    right: () => [
      send(request('m1', 'c1', 1), answer('a1', 'c1', 2)),
      send(request('m2', 'c2', 1), answer('a2', 'c2', 2)),
    ],
  },
  {
    rule: 'conversation.follow_up',
    broken: () => [
      send(request('m1', 'c1', 1), answer('a1', 'c1', 2)),
      send(request('m2', 'c1', 2, 'm1'), answer('a2', 'c1', 3)),
    ],
    right: () => [
      send(request('m1', 'c1', 1), answer('a1', 'c1', 2)),
      send(request('m2', 'c1', 3, 'a1'), answer('a2', 'c1', 4)),
      // A 429 as a uai.error.v1 of the conversation asks for the request again: a fresh attempt at
      // sequence 1 is a retry, not a follow-up of the refusal.
      send(request('m3', 'c2', 1), answer('e3', 'c2', 2, { profile: 'uai.error.v1' }), 429, T0 + 100, {
        retryAfter: '1',
      }),
      send(request('m4', 'c2', 1), answer('a4', 'c2', 2), 200, T0 + 1200),
    ],
  },
  {
    rule: 'conversation.opens_unparented',
    broken: () => [send(request('m1', 'c1', 1, 'elsewhere'), answer('a1', 'c1', 2))],
    right: () => [
      send(request('m1', 'c1', 1), answer('a1', 'c1', 2)),
      // A parent at sequence 2 is a follow-up's (conversation.follow_up judges it), not an opening's.
      send(request('m2', 'c1', 3, 'a1'), answer('a2', 'c1', 4)),
    ],
  },
  {
    rule: 'conversation.waits_for_answer',
    // Judged as the exchanges end: the copy sent under a fresh id a second into the wait is answered
    // first. The first request, judged after it, is no follow-up of the copy's answer (sent later).
    broken: () => [
      send(request('m2', 'c1', 1), answer('a2', 'c1', 2), 200, T0 + 1000),
      send(request('m1', 'c1', 1), answer('a1', 'c1', 2), 200, T0, { answeredAt: T0 + 2000 }),
    ],
    right: () => [
      send(request('m1', 'c1', 1), answer('a1', 'c1', 2), 200, T0, { answeredAt: T0 + 2000 }),
      // Another conversation meanwhile waits on nothing of c1's; c1's next request follows its answer.
      send(request('m2', 'c2', 1), answer('a2', 'c2', 2), 200, T0 + 1000),
      send(request('m3', 'c1', 3, 'a1'), answer('a3', 'c1', 4), 200, T0 + 2000),
      // A request that ended with no answer (its connection failed) holds no wait: another may be sent.
      send(request('m4', 'c3', 1), undefined, 0, T0 + 3000, { answeredAt: undefined, status: undefined }),
      send(request('m5', 'c3', 1), answer('a5', 'c3', 2), 200, T0 + 3100),
    ],
  },
  {
    rule: 'conversation.answer_ids',
    broken: () => [
      send(request('m1', 'c1', 1), answer('a1', 'c1', 2)),
      send(request('m2', 'c2', 1), answer('a1', 'c2', 2)),
    ],
    right: () => [
      send(request('m1', 'c1', 1), answer('a1', 'c1', 2)),
      send(request('m2', 'c2', 1), answer('a2', 'c2', 2)),
    ],
  },
  {
    rule: 'conversation.task_known',
    broken: () => [
      send(request('m1', 'c1', 1), accepted('a1', 'c1', 2, 't1'), 202),
      poll('t2', status('s1', 't2', 'completed')),
    ],
    right: () => [
      send(request('m1', 'c1', 1), accepted('a1', 'c1', 2, 't1'), 202),
      poll('t1', status('s1', 't1', 'completed')),
    ],
  },
  {
    rule: 'conversation.poll_stops',
    broken: () => [
      send(request('m1', 'c1', 1), accepted('a1', 'c1', 2, 't1'), 202),
      poll('t1', status('s1', 't1', 'completed')),
      poll('t1', status('s1', 't1', 'completed')),
    ],
    right: () => [
      send(request('m1', 'c1', 1), accepted('a1', 'c1', 2, 't1'), 202),
      poll('t1', status('s1', 't1', 'completed')),
    ],
  },
  {
    rule: 'conversation.task_followed',
    broken: () => [
      send(request('m1', 'c1', 1), accepted('a1', 'c1', 2, 't1'), 202),
      poll('t1', status('s1', 't1', 'working')),
    ],
    right: () => [
      send(request('m1', 'c1', 1), accepted('a1', 'c1', 2, 't1'), 202),
      poll('t1', status('s1', 't1', 'working')),
      poll('t1', status('s2', 't1', 'failed')),
    ],
  },
  {
    rule: 'conversation.retry_after',
    broken: () => [
      send(request('m1', 'c1', 1), undefined, 429, T0, { retryAfter: '2' }),
      send(request('m1', 'c1', 1), answer('a1', 'c1', 2), 200, T0 + 500),
    ],
    right: () => [
      send(request('m1', 'c1', 1), undefined, 429, T0, { retryAfter: 'Fri, 20 Nov 2026 10:00:02 GMT' }),
      // Reading the capability statement meanwhile is no retry of the refused POST.
      { index: ++index, at: T0 + 100, answeredAt: T0 + 101, kind: 'other', status: 200 },
      send(request('m1', 'c1', 1), answer('a1', 'c1', 2), 200, T0 + 2001),
    ],
  },
];

function judge(steps: ConversationStep[]): string[] {
  const judge = new ConversationJudge();
  const found = steps.flatMap((s) => judge.step(s).findings.map((f) => f.rule));
  return [...found, ...judge.finish(steps.at(-1)!.index).map((f) => f.rule)];
}

describe('each conversation rule fails its broken conversation, and only that one', () => {
  for (const row of ROWS) {
    it(row.rule, () => {
      index = 0;
      expect([...new Set(judge(row.broken()))]).toEqual([row.rule]);
      index = 0;
      expect(judge(row.right())).toEqual([]);
    });
  }
  it('every published conversation rule can fail', () => {
    expect(CONVERSATION_RULES.map((r) => r.id).filter((id) => !ROWS.some((r) => r.rule === id))).toEqual([]);
  });
});

describe('conversation.waits_for_answer', () => {
  it('is found whichever of the two overlapping exchanges ends first, once, naming both', () => {
    index = 0;
    const first = send(request('m1', 'c1', 1), answer('a1', 'c1', 2), 200, T0, { answeredAt: T0 + 2000 });
    const copy = send(request('m2', 'c1', 1), answer('a2', 'c1', 2), 200, T0 + 1000, { answeredAt: T0 + 2500 });
    for (const order of [
      [first, copy],
      [copy, first],
    ]) {
      const judge = new ConversationJudge();
      const found = order.flatMap((s) => judge.step(s).findings);
      expect(found.map((f) => [f.rule, f.message])).toEqual([
        [
          'conversation.waits_for_answer',
          `exchange #${copy.index} came 1000 ms after exchange #${first.index} of conversation "c1", 1000 ms before its answer: a request waits for the answer to the one before it.`,
        ],
      ]);
    }
  });
});

describe('the same request sent again', () => {
  const findings = (steps: ConversationStep[]) => {
    const judge = new ConversationJudge();
    return steps.flatMap((s) => judge.step(s).findings.map((f) => [f.rule, f.index]));
  };
  it('answered again under the same id (CONTRACT section 6): the client resent, the server did nothing wrong; judged once', () => {
    index = 0;
    // A reply at sequence 3 after the answer a1, then the same reply again: one fresh_ids, no follow_up twice.
    const steps = [
      send(request('m1', 'c1', 1), answer('a1', 'c1', 2)),
      send(request('m2', 'c1', 2, 'm1'), answer('a2', 'c1', 3)),
      send(request('m2', 'c1', 2, 'm1'), answer('a2', 'c1', 3)),
    ];
    expect(findings(steps)).toEqual([
      ['conversation.follow_up', 2],
      ['conversation.follow_up', 2],
      ['conversation.fresh_ids', 3],
    ]);
  });
  it('a request with no message_id sent twice, answered by the same error twice: no finding', () => {
    index = 0;
    const bare = { profile: 'uai.intent.request.v1', conversation: { conversation_id: 'c1', sequence: 1 } };
    const error = { profile: 'uai.error.v1', message_id: 'e1', body: { code: 'x' } };
    expect(findings([send(bare, error, 400), send(bare, error, 400)])).toEqual([]);
  });
  it('answered with the id another request got: the server reused it', () => {
    index = 0;
    const steps = [
      send(request('m1', 'c1', 1), answer('a1', 'c1', 2)),
      send(request('m2', 'c2', 1), answer('a2', 'c2', 2)),
      send(request('m2', 'c2', 1), answer('a1', 'c2', 2)),
    ];
    expect(findings(steps)).toEqual([
      ['conversation.fresh_ids', 3],
      ['conversation.answer_ids', 3],
    ]);
  });
});

describe('bounded', () => {
  it(`remembers at most ${MAX_REMEMBERED} ids: the oldest are forgotten first`, () => {
    index = 0;
    const judge = new ConversationJudge();
    const first = send(request('m0', 'c0', 1), answer('a0', 'c0', 2));
    judge.step(first);
    for (let i = 1; i <= MAX_REMEMBERED; i++)
      judge.step(send(request(`m${i}`, `c${i}`, 1), answer(`a${i}`, `c${i}`, 2)));
    // m0 was forgotten; the last one is still known.
    expect(judge.step(send(request('m0', 'cx', 1), answer('ax', 'cx', 2))).findings).toEqual([]);
    expect(
      judge.step(send(request(`m${MAX_REMEMBERED}`, 'cy', 1), answer('ay', 'cy', 2))).findings.map((f) => f.rule),
    ).toEqual(['conversation.fresh_ids']);
  });
});

describe('a rule is exercised only where the conversation showed it', () => {
  const exercised = (steps: ConversationStep[]) => {
    const judge = new ConversationJudge();
    return new Set(steps.flatMap((s) => [...judge.step(s).exercised]));
  };
  const COMPARED = ['conversation.fresh_ids', 'conversation.answer_ids', 'conversation.waits_for_answer'];
  it('one exchange has nothing before it to compare ids or waits with; a second one has', () => {
    index = 0;
    const one = exercised([send(request('m1', 'c1', 1), answer('a1', 'c1', 2))]);
    expect(COMPARED.filter((id) => one.has(id as never))).toEqual([]);
    index = 0;
    const two = exercised([
      send(request('m1', 'c1', 1), answer('a1', 'c1', 2), 200, T0),
      send(request('m2', 'c1', 3, 'a1'), answer('a2', 'c1', 4), 200, T0 + 1000),
    ]);
    expect(COMPARED.filter((id) => two.has(id as never))).toEqual(COMPARED);
  });
  it('conversation.poll_stops: not while the task is still working, once a poll answered its final state', () => {
    index = 0;
    const accepted_ = send(request('m1', 'c1', 1), accepted('a1', 'c1', 2, 't1'), 202);
    expect(exercised([accepted_, poll('t1', status('s1', 't1', 'working'))]).has('conversation.poll_stops')).toBe(
      false,
    );
    index = 0;
    const again = send(request('m1', 'c1', 1), accepted('a1', 'c1', 2, 't1'), 202);
    expect(exercised([again, poll('t1', status('s1', 't1', 'completed'))]).has('conversation.poll_stops')).toBe(true);
  });
  it('a status naming another task is no status of the polled one: it neither ends the task nor becomes what the next status follows', () => {
    index = 0;
    const judge = new ConversationJudge();
    const steps = [
      send(request('m1', 'c1', 1), accepted('a1', 'c1', 2, 't1'), 202),
      poll('t1', status('s1', 't-other', 'completed')),
      poll('t1', { ...status('s2', 't1', 'working'), delivery: { task_ref: 't-other' } }),
      poll('t1', status('s3', 't1', 'working')),
    ];
    const found = steps.flatMap((s) => judge.step(s).findings.map((f) => f.rule));
    // Still polled after the wrong "completed": the client did right to poll on.
    expect(found).toEqual([]);
    expect(judge.task('t1')?.last).toEqual(status('s3', 't1', 'working'));
    expect(judge.task('t1')?.final).toBe(false);
    // A status naming the task in delivery.task_ref alone (no body.task_id, a schema fault of its own) is still its status.
    const { body: _b, ...rest } = status('s4', 't1', 'completed');
    judge.step(poll('t1', { ...rest, body: { state: 'completed' }, delivery: { task_ref: 't1' } }));
    expect(judge.task('t1')?.final).toBe(true);
    expect(judge.finish(index).map((f) => f.rule)).toEqual([]);
  });
});

/**
 * Edges of the rules a mutation of each left unnoticed: each row is a conversation at one edge and
 * the findings it must give, exactly (an empty list is a conversation that must pass).
 */
describe('edges of the rules', () => {
  const completedStatus = (id: string, task: string): Json => status(id, task, 'completed');
  const cases: [string, () => ConversationStep[], string[]][] = [
    [
      'a follow-up sent the moment its parent was answered is a follow-up of an answered exchange',
      () => [
        send(request('m1', 'c1', 1), answer('a1', 'c1', 2), 200, T0, { answeredAt: T0 + 5 }),
        send(request('m2', 'c1', 2, 'm1'), answer('a2', 'c1', 3), 200, T0 + 5),
      ],
      ['conversation.follow_up', 'conversation.follow_up'],
    ],
    [
      'a completed answer carrying a task_ref starts no task to poll',
      () => [
        send(request('m1', 'c1', 1), answer('a1', 'c1', 2, { delivery: { task_ref: 't1' } })),
        poll('t1', completedStatus('s1', 't1')),
      ],
      ['conversation.task_known'],
    ],
    [
      'a status naming another task in delivery.task_ref ends nothing: polling on is right',
      () => [
        send(request('m1', 'c1', 1), accepted('a1', 'c1', 2, 't1'), 202),
        poll('t1', { ...completedStatus('s1', 't1'), delivery: { task_ref: 't-other' } }),
        poll('t1', completedStatus('s2', 't1')),
      ],
      [],
    ],
    [
      'a status naming no task at all is no status of it: the task is left unfollowed, not over',
      () => [
        send(request('m1', 'c1', 1), accepted('a1', 'c1', 2, 't1'), 202),
        poll('t1', { profile: 'uai.task.status.v1', message_id: 's1', body: { state: 'completed' } }),
        poll('t1', status('s2', 't1', 'working')),
      ],
      ['conversation.task_followed'],
    ],
    [
      'a retry within the tolerance of its Retry-After',
      () => [
        send(request('m1', 'c1', 1), undefined, 429, T0, { retryAfter: '2' }),
        send(request('m1', 'c1', 1), answer('a1', 'c1', 2), 200, T0 + 1981),
      ],
      [],
    ],
    [
      'a Retry-After on a 200 asks for no wait',
      () => [
        send(request('m1', 'c1', 1), answer('a1', 'c1', 2), 200, T0, { retryAfter: '5' }),
        send(request('m2', 'c2', 1), answer('a2', 'c2', 2), 200, T0 + 100),
      ],
      [],
    ],
    [
      "an answer's id equal to its own request's is the pair rule's, not the conversation's",
      () => [send(request('m1', 'c1', 1), answer('m1', 'c1', 2))],
      [],
    ],
    [
      'a completed status answered 500 ends no task',
      () => [
        send(request('m1', 'c1', 1), accepted('a1', 'c1', 2, 't1'), 202),
        { ...poll('t1', completedStatus('s1', 't1')), status: 500 },
        poll('t1', completedStatus('s2', 't1')),
      ],
      [],
    ],
    [
      'an error message that reads completed ends no task',
      () => [
        send(request('m1', 'c1', 1), accepted('a1', 'c1', 2, 't1'), 202),
        poll('t1', { profile: 'uai.error.v1', message_id: 'e1', body: { task_id: 't1', state: 'completed' } }),
        poll('t1', completedStatus('s2', 't1')),
      ],
      [],
    ],
    [
      'an opening without a parent, sent again after a 503, is judged once',
      () => [
        send(request('m1', 'c1', 1, 'elsewhere'), answer('a1', 'c1', 2), 503),
        send(request('m1', 'c1', 1, 'elsewhere'), answer('a1', 'c1', 2), 200, T0 + 5000),
      ],
      ['conversation.opens_unparented'],
    ],
  ];
  for (const [name, steps, want] of cases)
    it(name, () => {
      index = 0;
      expect(judge(steps())).toEqual(want);
    });
});
