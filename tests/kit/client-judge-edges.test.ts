import { beforeAll, describe, expect, it } from 'vitest';
import { judgeClient } from '../../src/kit/client/checks.ts';
import { seal } from '../../src/engine/index.ts';
import { EVERYTHING_DECLARED, NOTHING_DECLARED, type ClientManifest } from '../../src/kit/client/index.ts';
import { runClient, type ClientRun } from '../../src/kit/client/run-client.ts';
import type { RecordedRequest } from '../../src/kit/client/server.ts';
import {
  MIN_POLL_INTERVAL_MS,
  RETRY_AFTER_SECONDS,
  WAIT_TOLERANCE_MS,
  type ClientScenarioId,
} from '../../src/standard/client-scenarios.ts';

/**
 * The client judge on real runs edited at one point. One real run of a fixture client per
 * (fault, scenario), then a copy of its records changed where a rule decides:
 * - the checks that compare two instants, at their edges: the instant the rule compares put exactly
 *   on the boundary, and one millisecond past it (a real run's timings land anywhere in between,
 *   so the broken-client table cannot tell `<` from `<=`);
 * - the branches a mutation of the judge showed no fixture client reaches: a wrong parent, a
 *   request to another path, a HEAD of the result, a 429 never sent, and so on, each asserted on
 *   the verdict the unedited judge gives.
 */
const PAIRS = [
  ['none', 'follow-up'],
  ['none', 'async'],
  ['none', 'rate-limited'],
  ['none', 'sync'],
  ['none', 'keyless'],
  ['none', 'typed-error'],
  ['gives-up', 'slow'],
  ['keyed-anyway', 'keyless'],
  ['fetches-result', 'async'],
] as const satisfies readonly (readonly [string, ClientScenarioId])[];
type Pair = `${(typeof PAIRS)[number][0]}/${(typeof PAIRS)[number][1]}`;
const recorded = new Map<string, ClientRun>();
/** A copy of a recorded run, free to edit. */
type EditableRun = Omit<ClientRun, 'records' | 'exitCode'> & { records: RecordedRequest[]; exitCode: number | null };
const run = (pair: Pair): EditableRun => structuredClone(recorded.get(pair)!) as EditableRun;

beforeAll(async () => {
  const done = await Promise.all(
    PAIRS.map(([fault, scenario]) =>
      runClient(`node_modules/.bin/node tests/kit/fixtures/broken-client.mts ${fault}`, scenario, 60_000),
    ),
  );
  PAIRS.forEach(([fault, scenario], i) => recorded.set(`${fault}/${scenario}`, done[i]!));
}, 120_000);

/** The run with one record's arrival moved, every later record moved by as much (their order kept). */
function moved(recording: ClientRun, index: number, at: number): ClientRun {
  const shift = at - recording.records[index]!.at;
  const records = recording.records.map((r, i): RecordedRequest => {
    if (i < index) return r;
    const answer = r.answer && {
      ...r.answer,
      sentAt: r.answer.sentAt === undefined ? undefined : r.answer.sentAt + shift,
    };
    return { ...r, at: r.at + shift, answer };
  });
  return { ...recording, records };
}

function statusOf(recording: ClientRun, check: string, manifest: ClientManifest = EVERYTHING_DECLARED) {
  const verdict = judgeClient([recording], manifest).find((v) => v.id === check)!;
  return { status: verdict.status, evidence: verdict.evidence };
}

const posts = (recording: ClientRun) => recording.records.filter((r) => r.method === 'POST');
/** Records renumbered after an edit added or removed one (evidence names requests by their place). */
const renumbered = (records: RecordedRequest[]): RecordedRequest[] => records.map((r, index) => ({ ...r, index }));

describe('client checks at the edges of their waits', () => {
  it('the run is what the edges start from: every timing check passes as recorded', () => {
    for (const [scenario, check] of [
      ['follow-up', 'client.follow_up'],
      ['async', 'client.poll_interval'],
      ['rate-limited', 'client.retry_after'],
      ['follow-up', 'client.waits_for_answer'],
    ] as const)
      expect(statusOf(run(`none/${scenario}`), check).status, `${scenario} ${check}`).toBe('pass');
  });

  it('a follow-up sent the very millisecond its parent was answered is a follow-up; one sent before is not', () => {
    const recording = run('none/follow-up');
    const [opening, followUp] = posts(recording);
    const answeredAt = opening!.answer!.sentAt!;
    expect(
      statusOf(moved(recording, recording.records.indexOf(followUp!), answeredAt), 'client.follow_up').status,
    ).toBe('pass');
    // Sent before its parent's answer went out, the second message cannot follow it up.
    expect(
      statusOf(moved(recording, recording.records.indexOf(followUp!), answeredAt - 1), 'client.follow_up').status,
    ).not.toBe('pass');
  });

  it('a request that comes as the previous answer goes out waited for it; one a millisecond sooner did not', () => {
    const recording = run('none/follow-up');
    const [opening, next] = posts(recording);
    const answeredAt = opening!.answer!.sentAt!;
    expect(
      statusOf(moved(recording, recording.records.indexOf(next!), answeredAt), 'client.waits_for_answer').status,
    ).toBe('pass');
    const early = statusOf(
      moved(recording, recording.records.indexOf(next!), answeredAt - 1),
      'client.waits_for_answer',
    );
    expect(early.status).toBe('fail');
    expect(early.evidence.join('\n')).toMatch(/1 ms before its answer went out/);
  });

  it(`two polls ${MIN_POLL_INTERVAL_MS - WAIT_TOLERANCE_MS} ms apart keep the interval (its tolerance); a millisecond less does not`, () => {
    const recording = run('none/async');
    const polls = recording.records.filter(
      (r) => r.method === 'GET' && r.path.startsWith(new URL(recording.pollBase).pathname),
    );
    expect(polls.length).toBeGreaterThanOrEqual(2);
    const second = recording.records.indexOf(polls[1]!);
    const edge = polls[0]!.at + MIN_POLL_INTERVAL_MS - WAIT_TOLERANCE_MS;
    expect(statusOf(moved(recording, second, edge), 'client.poll_interval').status).toBe('pass');
    const soon = statusOf(moved(recording, second, edge - 1), 'client.poll_interval');
    expect(soon.status).toBe('fail');
    expect(soon.evidence.join('\n')).toMatch(new RegExp(`${MIN_POLL_INTERVAL_MS - WAIT_TOLERANCE_MS - 1} ms apart`));
  });

  it('a retry at Retry-After less the tolerance waited as asked; a millisecond sooner did not', () => {
    const recording = run('none/rate-limited');
    const refused = recording.records.find((r) => r.answer?.status === 429)!;
    const retry = recording.records.findIndex(
      (r) => r.index > refused.index && r.method === refused.method && r.path === refused.path,
    );
    const edge = refused.answer!.sentAt! + RETRY_AFTER_SECONDS * 1000 - WAIT_TOLERANCE_MS;
    expect(statusOf(moved(recording, retry, edge), 'client.retry_after').status).toBe('pass');
    expect(statusOf(moved(recording, retry, edge - 1), 'client.retry_after').status).toBe('fail');
  });
});

describe('client checks on branches no fixture client reaches', () => {
  it('a follow-up that names the wrong parent with the right sequence fails client.follow_up', () => {
    const edited = run('none/follow-up');
    const [opening, followUp] = posts(edited);
    const message = JSON.parse(followUp!.body!) as Record<string, Record<string, unknown>>;
    // Its own opening, not the answer it follows.
    message.conversation!.parent_message_id = (JSON.parse(opening!.body!) as { message_id: string }).message_id;
    followUp!.body = JSON.stringify(seal(message));
    expect(statusOf(edited, 'client.message_valid').status).toBe('pass');
    const verdict = statusOf(edited, 'client.follow_up');
    expect(verdict.status).toBe('fail');
    expect(verdict.evidence.join('\n')).toMatch(/parent_message_id/);
  });

  it('one message with nothing read or sent before it shows no fresh id (skipped, not passed)', () => {
    const edited = run('none/sync');
    edited.records = renumbered(edited.records.filter((r) => r.method !== 'GET'));
    expect(posts(edited)).toHaveLength(1);
    expect(statusOf(edited, 'client.fresh_ids').status).toBe('skip');
  });

  it('a client that gives up on the slow answer shows no wait (not exercised, not passed)', () => {
    expect(statusOf(run('gives-up/slow'), 'client.waits_for_answer').status).toBe('not_exercised');
  });

  it('a 429 that never went out asks for no wait: the retry 10 ms later is not judged by it', () => {
    const edited = run('none/rate-limited');
    const refused = edited.records.findIndex((r) => r.answer?.status === 429);
    const limited = edited.records[refused]!;
    delete limited.answer!.sentAt;
    const retry = edited.records.findIndex((r, i) => i > refused && r.method === 'POST');
    const shifted = moved(edited, retry, limited.at + 10);
    expect(statusOf(shifted, 'client.retry_after').status).toBe('not_exercised');
  });

  it('a request to another path while Retry-After runs is no retry of the refused one', () => {
    const edited = run('none/rate-limited');
    const refused = edited.records.findIndex((r) => r.answer?.status === 429);
    const limited = edited.records[refused]!;
    const sentAt = limited.answer!.sentAt!;
    const elsewhere: RecordedRequest = {
      ...limited,
      path: `${limited.path}/x`,
      at: sentAt + 5,
      answer: { status: 404, headers: {}, text: '{}', sentAt: sentAt + 6 },
    };
    edited.records = renumbered([
      ...edited.records.slice(0, refused + 1),
      elsewhere,
      ...edited.records.slice(refused + 1),
    ]);
    expect(statusOf(edited, 'client.retry_after').status).toBe('pass');
  });

  it('a keyless client whose extra POST is no JSON at all is not said to send a keyed object', () => {
    const edited = run('none/keyless');
    const first = posts(edited)[0]!;
    const at = edited.records.indexOf(first);
    const hello: RecordedRequest = {
      ...first,
      body: 'hello',
      bytes: 5,
      answer: { ...first.answer!, status: 400, text: '{}', sentAt: first.at + 1 },
    };
    // The real POST and all after it move 2 ms on, after the answer to the extra one.
    const { records } = moved(edited, at, first.at + 2);
    edited.records = renumbered([...records.slice(0, at), hello, ...records.slice(at)]);
    const verdict = statusOf(edited, 'client.binding_form');
    expect(verdict.status, verdict.evidence.join('\n')).toBe('pass');
  });

  it("a POST to another path after the final answer is binding_form's fault alone, not quiet_after_final's", () => {
    const edited = run('none/sync');
    const post = posts(edited)[0]!;
    const answered = post.answer!.sentAt!;
    edited.records = renumbered([
      ...edited.records,
      {
        ...post,
        path: `${post.path}/x`,
        at: answered + 100,
        answer: { status: 404, headers: {}, text: '{}', sentAt: answered + 101 },
      },
    ]);
    expect(statusOf(edited, 'client.binding_form').status).toBe('fail');
    expect(statusOf(edited, 'client.quiet_after_final').status).toBe('pass');
  });

  it('reading the result by HEAD after the final answer is as quiet as reading it by GET', () => {
    const edited = run('fetches-result/async');
    const last = edited.records.at(-1)!;
    expect(last.method).toBe('GET');
    expect(statusOf(edited, 'client.quiet_after_final').status).toBe('pass');
    edited.records = [...edited.records.slice(0, -1), { ...last, method: 'HEAD' }];
    expect(statusOf(edited, 'client.quiet_after_final').status).toBe('pass');
  });

  it('a client that ends a scenario ending in a typed error with exit 1 completes it', () => {
    const edited = run('none/typed-error');
    edited.exitCode = 1;
    expect(statusOf(edited, 'client.completes').status).toBe('pass');
  });

  it('a refused follow-up is no follow-up whose result the client still owes', () => {
    const edited = run('none/follow-up');
    const followUp = posts(edited)[1]!;
    followUp.answer = {
      ...followUp.answer!,
      status: 400,
      text: JSON.stringify({ type: 'about:blank', title: 'Invalid request', status: 400, code: 'request.invalid' }),
    };
    edited.exitCode = 0;
    expect(statusOf(edited, 'client.completes').status).toBe('pass');
  });

  it('keyed JSON posted where only keyless is served, refused, then exit 1: completes fails, within_budget passes', () => {
    const keyedAnyway = run('keyed-anyway/keyless');
    expect(statusOf(keyedAnyway, 'client.completes', NOTHING_DECLARED).status).toBe('fail');
    expect(statusOf(keyedAnyway, 'client.within_budget', NOTHING_DECLARED).status).toBe('pass');
  });

  it('the refused intent asked again under its own id on a changed envelope fails error_not_resent and fresh_ids', () => {
    const edited = run('none/typed-error');
    const refused = posts(edited)[0]!;
    expect(refused.answer!.status).toBe(422);
    const message = JSON.parse(refused.body!) as Record<string, Record<string, unknown>>;
    message.delivery!.priority = message.delivery!.priority === 'bulk' ? 'routine' : 'bulk';
    const sentAt = refused.answer!.sentAt!;
    edited.records = renumbered([
      ...edited.records,
      {
        ...refused,
        body: JSON.stringify(seal(message)),
        at: sentAt + 100,
        answer: { ...refused.answer!, sentAt: sentAt + 101 },
      },
    ]);
    const verdict = statusOf(edited, 'client.error_not_resent');
    expect(verdict.status).toBe('fail');
    expect(verdict.evidence.join('\n')).toMatch(/under the same message_id, its envelope changed/);
    expect(statusOf(edited, 'client.fresh_ids').status).toBe('fail');
  });
});
