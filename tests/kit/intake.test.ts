import { describe, expect, it } from 'vitest';
import { BUDGETS, intakeFindings, runIntake, type ScenarioIntake } from '../../src/kit/client/intake.ts';
import { startScenarioServer, type ScenarioServer } from '../../src/kit/client/server.ts';

/**
 * The budgets of what a client sends: per scenario and per run, requests and body bytes, and the
 * connections held at once. Past one, everything is counted and refused, and the finding names the
 * budget with the totals; within them there is no finding. The run's parse budget settles, as
 * messages arrive, which ones the judge parses: the scenario servers keep no other body once answered.
 */
const MiB = 1024 * 1024;

/** Sends `requests` requests of `bytes` body bytes each; returns how many were admitted and kept. */
function send(intake: ScenarioIntake, requests: number, bytes: number): number {
  let kept = 0;
  for (let i = 0; i < requests; i++) {
    const admitted = intake.admit();
    const taken = intake.take(bytes);
    if (admitted && taken) kept += 1;
    else intake.refuse();
  }
  return kept;
}

describe('the intake budgets', () => {
  it('a well-behaved scenario: a few small requests, no finding', () => {
    const intake = runIntake().scenario();
    expect(send(intake, 6, 2000)).toBe(6);
    expect(intakeFindings(intake.counts())).toEqual([]);
  });

  it('past the requests of a scenario: counted, refused, the finding names the budget', () => {
    const intake = runIntake().scenario();
    expect(send(intake, 250, 0)).toBe(BUDGETS.scenarioRequests);
    expect(intakeFindings(intake.counts())).toEqual([
      '250 requests, 0 MiB sent; budget 200 requests per scenario (50 requests past it counted and refused, not kept)',
    ]);
  });

  it('past the bytes of a scenario: 600 bodies of 1 MiB, as the issue saw them', () => {
    const intake = runIntake().scenario();
    expect(send(intake, 600, MiB)).toBe(8);
    expect(intakeFindings(intake.counts())).toEqual([
      '600 requests, 600 MiB sent; budget 8 MiB per scenario (592 requests past it counted and refused, not kept)',
    ]);
  });

  it('past the bytes of a run: each scenario within its own budget, the run not', () => {
    const run = runIntake();
    const findings = Array.from({ length: 6 }, () => {
      const intake = run.scenario();
      send(intake, 7, MiB);
      return intakeFindings(intake.counts());
    });
    expect(findings.slice(0, 4)).toEqual([[], [], [], []]);
    expect(findings[4]).toEqual([
      '7 requests, 7 MiB sent; budget 32 MiB per run (3 requests past it counted and refused, not kept)',
    ]);
    expect(findings[5]![0]).toMatch(/budget 32 MiB per run \(7 requests past it/);
  });

  it('past the requests of a run', () => {
    const run = runIntake();
    const last = Array.from({ length: 6 }, () => {
      const intake = run.scenario();
      send(intake, 190, 0);
      return intakeFindings(intake.counts());
    }).at(-1)!;
    expect(last[0]).toMatch(/^190 requests, 0 MiB sent; budget 1000 requests per run \(140 requests past it/);
  });

  it('connections past the ones open at once', () => {
    const intake = runIntake().scenario();
    for (let i = 0; i < 3; i++) intake.dropConnection();
    expect(intakeFindings(intake.counts())).toEqual([
      `3 connections closed as they came: more than ${BUDGETS.openConnections} open at once`,
    ]);
  });
});

/** A JSON object of exactly `bytes` bytes. */
const message = (bytes: number) => `{"pad":"${'x'.repeat(bytes - 10)}"}`;
const post = (server: ScenarioServer, body: string, path = '') =>
  fetch(`${server.endpoint}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
    (r) => r.arrayBuffer(),
  );
/** Per request: its bytes, whether its body is still kept, and why it is not parsed. */
const kept = (server: ScenarioServer) => server.records.map((r) => [r.bytes, r.body !== undefined, r.unparsed]);

describe('what the scenario servers keep of a body once it is answered', () => {
  it('the bodies of the messages the judge parses, on the parse budget of the whole run; no other', async () => {
    const run = runIntake();
    const first = await startScenarioServer('sync', run.scenario());
    await post(first, message(200_000));
    await post(first, message(300_000));
    await post(first, message(200_000));
    await post(first, message(200_000));
    await post(first, message(1000), '/elsewhere');
    await first.close();
    const second = await startScenarioServer('sync', run.scenario());
    await post(second, message(130_000));
    await post(second, message(100_000));
    await second.close();
    const past = (bytes: number) =>
      `${bytes} bytes, past the 524,288 bytes the kit parses in one run (400000 parsed before it)`;
    expect(kept(first)).toEqual([
      [200_000, true, undefined],
      [
        300_000,
        false,
        '300000 bytes, over the 262,144 bytes of one message the kit parses (the most POST /v1/validate takes)',
      ],
      [200_000, true, undefined],
      [200_000, false, past(200_000)],
      // Not a message to the endpoint: nothing reads it once the core has answered.
      [1000, false, undefined],
    ]);
    expect(kept(second)).toEqual([
      [130_000, false, past(130_000)],
      [100_000, true, undefined],
    ]);
  });
});
