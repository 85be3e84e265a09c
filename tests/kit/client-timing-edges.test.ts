import { beforeAll, describe, expect, it } from 'vitest';
import { judgeClient } from '../../src/kit/client/checks.ts';
import { EVERYTHING_DECLARED } from '../../src/kit/client/index.ts';
import { runClient, type ClientRun } from '../../src/kit/client/run-client.ts';
import type { RecordedRequest } from '../../src/kit/client/server.ts';
import {
  MIN_POLL_INTERVAL_MS,
  RETRY_AFTER_SECONDS,
  WAIT_TOLERANCE_MS,
  type ClientScenarioId,
} from '../../src/standard/client-scenarios.ts';

/**
 * The client checks that compare two instants, at their edges: one real run of a well-behaved
 * client per scenario, then its records moved in time so that the instant the rule compares falls
 * exactly on the boundary, and one millisecond past it. A real run's timings land anywhere in
 * between, so the broken-client table cannot tell `<` from `<=` in these rules.
 */
const command = 'node_modules/.bin/node tests/kit/fixtures/broken-client.mts none';
const runs = new Map<ClientScenarioId, ClientRun>();

beforeAll(async () => {
  const scenarios: ClientScenarioId[] = ['follow-up', 'async', 'rate-limited'];
  const done = await Promise.all(scenarios.map((s) => runClient(command, s, 60_000)));
  scenarios.forEach((s, i) => runs.set(s, done[i]!));
}, 120_000);

/** The run with one record's arrival moved, every later record moved by as much (their order kept). */
function moved(run: ClientRun, index: number, at: number): ClientRun {
  const shift = at - run.records[index]!.at;
  const records = run.records.map((r, i): RecordedRequest => {
    if (i < index) return r;
    const answer = r.answer && {
      ...r.answer,
      sentAt: r.answer.sentAt === undefined ? undefined : r.answer.sentAt + shift,
    };
    return { ...r, at: r.at + shift, answer };
  });
  return { ...run, records };
}

function statusOf(run: ClientRun, check: string) {
  const verdict = judgeClient([run], EVERYTHING_DECLARED).find((v) => v.id === check)!;
  return { status: verdict.status, evidence: verdict.evidence };
}

const posts = (run: ClientRun) => run.records.filter((r) => r.method === 'POST');

describe('client checks at the edges of their waits', () => {
  it('the run is what the edges start from: every timing check passes as recorded', () => {
    for (const [scenario, check] of [
      ['follow-up', 'client.follow_up'],
      ['async', 'client.poll_interval'],
      ['rate-limited', 'client.retry_after'],
      ['follow-up', 'client.waits_for_answer'],
    ] as const)
      expect(statusOf(runs.get(scenario)!, check).status, `${scenario} ${check}`).toBe('pass');
  });

  it('a follow-up sent the very millisecond its parent was answered is a follow-up; one sent before is not', () => {
    const run = runs.get('follow-up')!;
    const [opening, followUp] = posts(run);
    const answeredAt = opening!.answer!.sentAt!;
    expect(statusOf(moved(run, run.records.indexOf(followUp!), answeredAt), 'client.follow_up').status).toBe('pass');
    // Sent before its parent's answer went out, the second message cannot follow it up.
    expect(statusOf(moved(run, run.records.indexOf(followUp!), answeredAt - 1), 'client.follow_up').status).not.toBe(
      'pass',
    );
  });

  it('a request that comes as the previous answer goes out waited for it; one a millisecond sooner did not', () => {
    const run = runs.get('follow-up')!;
    const [opening, next] = posts(run);
    const answeredAt = opening!.answer!.sentAt!;
    expect(statusOf(moved(run, run.records.indexOf(next!), answeredAt), 'client.waits_for_answer').status).toBe('pass');
    const early = statusOf(moved(run, run.records.indexOf(next!), answeredAt - 1), 'client.waits_for_answer');
    expect(early.status).toBe('fail');
    expect(early.evidence.join('\n')).toMatch(/1 ms before its answer went out/);
  });

  it(`two polls ${MIN_POLL_INTERVAL_MS - WAIT_TOLERANCE_MS} ms apart keep the interval (its tolerance); a millisecond less does not`, () => {
    const run = runs.get('async')!;
    const polls = run.records.filter((r) => r.method === 'GET' && r.path.startsWith(new URL(run.pollBase).pathname));
    expect(polls.length).toBeGreaterThanOrEqual(2);
    const second = run.records.indexOf(polls[1]!);
    const edge = polls[0]!.at + MIN_POLL_INTERVAL_MS - WAIT_TOLERANCE_MS;
    expect(statusOf(moved(run, second, edge), 'client.poll_interval').status).toBe('pass');
    const soon = statusOf(moved(run, second, edge - 1), 'client.poll_interval');
    expect(soon.status).toBe('fail');
    expect(soon.evidence.join('\n')).toMatch(new RegExp(`${MIN_POLL_INTERVAL_MS - WAIT_TOLERANCE_MS - 1} ms apart`));
  });

  it('a retry at Retry-After less the tolerance waited as asked; a millisecond sooner did not', () => {
    const run = runs.get('rate-limited')!;
    const refused = run.records.find((r) => r.answer?.status === 429)!;
    const retry = run.records.findIndex(
      (r) => r.index > refused.index && r.method === refused.method && r.path === refused.path,
    );
    const edge = refused.answer!.sentAt! + RETRY_AFTER_SECONDS * 1000 - WAIT_TOLERANCE_MS;
    expect(statusOf(moved(run, retry, edge), 'client.retry_after').status).toBe('pass');
    expect(statusOf(moved(run, retry, edge - 1), 'client.retry_after').status).toBe('fail');
  });
});
