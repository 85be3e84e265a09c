import { indexJson } from '../engine/index.ts';

/**
 * Where JSON text first goes wrong, for the detail of request.malformed_json (CONTRACT section 8).
 * V8's JSON.parse names a position only for some errors, so on failure the engine's position
 * scanner (RFC 8259 grammar, the one that maps JSON Pointers to source ranges) finds the offset of
 * the first bad character. The body was already checked for size and depth, so the scan's own
 * limits are set just above the HTTP ones.
 */
const LIMITS = { maxDepth: 1_000, maxBytes: Number.MAX_SAFE_INTEGER } as const;

export function jsonErrorPosition(text: string): number | undefined {
  const index = indexJson(text, LIMITS);
  return index.failure === 'malformed' ? index.errorOffset : undefined;
}
