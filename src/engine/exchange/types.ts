import type { ExchangeRuleId, ResponseKind } from '../../standard/exchange-rules.ts';

/** One broken expectation of a rule; `path` is an RFC 6901 pointer into the response. */
export interface ExchangeFinding {
  path: string;
  message: string;
  expected?: unknown;
  actual?: unknown;
}

/** What the rule checks see: both keyed messages, the kind of the response and what came before it. */
export interface ExchangePair {
  readonly request: unknown;
  readonly response: unknown;
  readonly kind: ResponseKind;
  /** The HTTP status the response came with, when it came over HTTP. */
  readonly httpStatus?: number;
  /** For a task status: the accepted response, or the task status, it follows. */
  readonly previous?: unknown;
  /**
   * Whether the request's own validation reported an issue at or below a path: such a
   * value cannot be copied into a valid response, so rules do not require it.
   */
  readonly flagged: (requestPath: string) => boolean;
}

export interface ExchangeVerdict {
  readonly id: ExchangeRuleId;
  readonly section: string;
  readonly severity: 'must' | 'should';
  readonly title: string;
  readonly status: 'pass' | 'fail' | 'skip';
  readonly findings: readonly ExchangeFinding[];
}

/** How many rules (or kit checks) passed, failed and were skipped; failures split by severity. */
export interface VerdictCounts {
  readonly pass: number;
  readonly fail: number;
  readonly skip: number;
  readonly must_fail: number;
  readonly should_fail: number;
}

export interface ExchangeCheck {
  /**
   * null when the response is none of the kinds an exchange answers with: exchange.response_profile
   * fails with a finding saying why, every other rule is skipped.
   */
  readonly response_kind: ResponseKind | null;
  /** true when no must-rule failed. */
  readonly conforms: boolean;
  readonly counts: VerdictCounts;
  readonly verdicts: readonly ExchangeVerdict[];
}
