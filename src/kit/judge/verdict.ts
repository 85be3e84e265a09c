/**
 * The verdict of one check, the same for both sides of the kit (`uai test`, `uai test-client`).
 * Four statuses, and only one of them is a pass:
 *   pass           the check judged what it applies to and found nothing wrong;
 *   fail           it found something wrong (the evidence says what);
 *   skip           it does not apply, because of what the implementation declares (its capability
 *                  statement, a client's manifest): the evidence names the declaration;
 *   not_exercised  it applies, but nothing it judges was observed: it fails the run like a failed
 *                  must check, whatever its level. "Not observed" is never a pass.
 */
import type { KitCheck } from '../../standard/kit-checks.ts';

export const VERDICT_STATUSES = ['pass', 'fail', 'skip', 'not_exercised'] as const;
export type VerdictStatus = (typeof VERDICT_STATUSES)[number];

export interface KitVerdict extends KitCheck {
  readonly status: VerdictStatus;
  /** What was seen: why it failed, why it was not exercised, or which declaration makes it not apply. */
  readonly evidence: readonly string[];
}

/** Whether a verdict fails the run: a failed must-check, or any check that applies but was not exercised. */
export const failsRun = (v: Pick<KitVerdict, 'status' | 'severity'>): boolean =>
  v.status === 'not_exercised' || (v.status === 'fail' && v.severity === 'must');

/** A status with its evidence, before it is attached to its check. */
export interface Outcome {
  readonly status: VerdictStatus;
  readonly evidence: readonly string[];
}

export const pass = (): Outcome => ({ status: 'pass', evidence: [] });
export const skip = (declaration: string): Outcome => ({ status: 'skip', evidence: [declaration] });
export const notExercised = (why: string): Outcome => ({ status: 'not_exercised', evidence: [why] });
/** A failure when there is evidence against the check, otherwise the outcome given (a pass by default). */
export const failWith = (evidence: readonly string[], otherwise: Outcome = pass()): Outcome =>
  evidence.length ? { status: 'fail', evidence } : otherwise;

/** One verdict per check of a side, in published order; a check nothing judged is not exercised. */
export function verdictsFor(
  checks: readonly KitCheck[],
  outcomeOf: (c: KitCheck) => Outcome | undefined,
): KitVerdict[] {
  return checks.map((c) => {
    const o = outcomeOf(c) ?? notExercised('no observation judges this check');
    return { ...c, status: o.status, evidence: o.evidence };
  });
}

/**
 * Evidence gathered piece by piece while a run is read (the client side reads it request by
 * request): failures, checks seen to hold, checks that a scenario run called for (pending until
 * seen), and checks a declaration makes not apply. The outcome of a check, in this order: any
 * failure fails it; still pending, it was not exercised; seen, it passed; declared away, it is
 * skipped; otherwise the outcome the side gives for a check no scenario called for.
 */
export class Tally<Id extends string = string> {
  readonly #failures = new Map<Id, string[]>();
  readonly #pending = new Map<Id, string>();
  readonly #seen = new Set<Id>();
  readonly #declared = new Map<Id, string>();

  fail(id: Id, text: string): void {
    this.#seen.add(id);
    // In place: a copy per finding made a run of n findings of one check cost n squared.
    const list = this.#failures.get(id);
    if (list) list.push(text);
    else this.#failures.set(id, [text]);
  }
  saw(id: Id): void {
    this.#seen.add(id);
  }
  /** The check applies to what was run: not exercised until `met`. The first reason is kept. */
  expect(id: Id, reason: string): void {
    if (!this.#pending.has(id)) this.#pending.set(id, reason);
  }
  /** What a pending check waited for happened. */
  met(id: Id): void {
    this.#pending.delete(id);
  }
  isPending(id: Id): boolean {
    return this.#pending.has(id);
  }
  /** The implementation declares it does not do what the check judges. */
  declaredAway(id: Id, declaration: string): void {
    if (!this.#declared.has(id)) this.#declared.set(id, declaration);
  }
  outcome(id: Id, unseen: Outcome): Outcome {
    const failures = this.#failures.get(id);
    if (failures?.length) return { status: 'fail', evidence: [...failures] };
    const pending = this.#pending.get(id);
    if (pending !== undefined) return notExercised(pending);
    if (this.#seen.has(id)) return pass();
    const declared = this.#declared.get(id);
    return declared !== undefined ? skip(declared) : unseen;
  }
}
