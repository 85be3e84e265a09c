/**
 * Deterministic identifiers of a mock response (CONTRACT section 6): derived from the canonical
 * hash of the request message and the scenario, so identical requests get identical ids and
 * different requests different ones; from the posted text where the hash cannot tell two apart.
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
  postedText?: string,
): ExchangeIds {
  // The posted text when the canonical form does not tell the request (`postedText`: repeated
  // names, numbers a double does not hold, no canonical form at all: two texts that parse alike
  // are then two requests); else the canonical hash; with neither, the message's JSON text.
  const requestDigest =
    postedText !== undefined
      ? `text:${sha256Hex(postedText)}`
      : (requestHash ?? `json:${sha256Hex(JSON.stringify(message) ?? 'null')}`);
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
