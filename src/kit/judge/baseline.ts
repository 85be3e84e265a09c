/**
 * Expected failures: a baseline file lists check ids known to fail for an implementation, so CI can
 * adopt the kit before every check passes. A listed check that fails is expected; a failure not
 * listed is a regression; a listed check that no longer fails is stale (remove it). Regressions
 * and stale entries both fail the run, so the baseline can only shrink. A check that applies but
 * was not exercised counts as failing (a baseline may list it, for a server whose tasks are polled
 * at an origin the kit does not contact).
 */
import { isRecord, parseJson } from '../../engine/index.ts';
import { TEST_CHECKS } from '../../standard/kit-checks.ts';
import { failsRun, type KitVerdict } from './verdict.ts';

export interface Baseline {
  readonly expected_failures: readonly string[];
}

export type BaselineRead = { ok: true; baseline: Baseline } | { ok: false; error: string };

const KNOWN = new Set<string>(TEST_CHECKS.map((c) => c.id));

export function parseBaseline(text: string): BaselineRead {
  let value: unknown;
  try {
    value = parseJson(text);
  } catch {
    return { ok: false, error: 'the baseline is not JSON; write {"expected_failures": ["check.id", ...]}' };
  }
  const list = isRecord(value) ? value.expected_failures : undefined;
  if (!Array.isArray(list) || !list.every((id) => typeof id === 'string'))
    return { ok: false, error: 'expected_failures must be an array of check ids' };
  const unknown = list.filter((id) => !KNOWN.has(id));
  if (unknown.length) return { ok: false, error: `unknown check id(s) in the baseline: ${unknown.join(', ')}` };
  return { ok: true, baseline: { expected_failures: list } };
}

export interface BaselineOutcome {
  /** Failing (or not exercised) checks the baseline lists. */
  readonly expected: readonly string[];
  /** Failing checks the baseline does not list. */
  readonly regressions: readonly string[];
  /** Listed checks that did not fail. */
  readonly stale: readonly string[];
}

export function compareBaseline(verdicts: readonly KitVerdict[], baseline: Baseline | undefined): BaselineOutcome {
  const listed = new Set(baseline?.expected_failures ?? []);
  const failed = (v: KitVerdict) => v.status === 'fail' || v.status === 'not_exercised';
  const failing = verdicts.filter((v) => failsRun(v) || (failed(v) && listed.has(v.id))).map((v) => v.id);
  return {
    expected: failing.filter((id) => listed.has(id)),
    regressions: failing.filter((id) => !listed.has(id)),
    stale: [...listed].filter((id) => !verdicts.some((v) => v.id === id && failed(v))),
  };
}
