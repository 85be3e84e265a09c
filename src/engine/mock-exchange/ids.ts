/**
 * Deterministic identifiers of a mock response (CONTRACT section 6): derived from the canonical
 * hash of the request message and the scenario, so identical requests get identical ids and
 * different requests different ones.
 */
import { canonicalJson, sha256Hex } from '../canonical.ts';
import type { MockScenario } from '../../standard/value-sets.ts';

export interface ExchangeIds {
  /** 64 hex digits. */
  readonly digest: string;
  readonly messageId: string;
  readonly turnId: string;
  readonly taskRef: string;
  /** A W3C trace-context span id (16 hex, never all zeros). */
  readonly spanId: string;
}

/**
 * The ids of one exchange, from the request's canonical hash (or its JSON text) and the scenario.
 * `taskRef`, when the answer carries a task reference of its own (the reference server's, which
 * holds the acceptance time), goes into the digest too: two answers that differ in it are two
 * messages, and get two message_ids.
 */
export function exchangeIds(
  requestHash: string | null,
  message: unknown,
  scenario: MockScenario,
  taskRef?: string,
): ExchangeIds {
  // A message without a canonical form (lone surrogate, 1e400) falls back to its JSON text.
  const requestDigest = requestHash ?? `json:${sha256Hex(JSON.stringify(message) ?? 'null')}`;
  const digest = sha256Hex(
    canonicalJson(
      taskRef === undefined
        ? { request: requestDigest, scenario }
        : { request: requestDigest, scenario, task: taskRef },
    ),
  );
  return {
    digest,
    messageId: `msg-mock-${digest.slice(0, 24)}`,
    turnId: `turn-mock-${digest.slice(24, 40)}`,
    taskRef: taskRef ?? `task-mock-${digest.slice(40, 60)}`,
    spanId: `${digest.slice(44, 59)}1`,
  };
}
