import { describe, expect, it } from 'vitest';
import { BUDGETS, intakeFindings, runIntake, type ScenarioIntake } from '../../src/kit/client/intake.ts';

/**
 * The budgets of what a client sends: per scenario and per run, requests and body bytes, and the
 * connections held at once. Past one, everything is counted and refused, and the finding names the
 * budget with the totals; within them there is no finding.
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
