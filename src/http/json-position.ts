import { jsonErrorOffset } from '../engine/index.ts';

/**
 * Where JSON text first goes wrong, for the detail of request.malformed_json (CONTRACT section 8)
 * and `uai validate`. V8's JSON.parse names a position only for some errors, so on failure the
 * engine's grammar scan (the token rules of its position index, keeping nothing) finds the offset
 * of the first bad character, in time linear in the text: `uai validate` reads files of up to
 * 4 MiB. Nesting deeper than 1,000 levels before the error gives no position.
 */
export function jsonErrorPosition(text: string): number | undefined {
  return jsonErrorOffset(text, 1_000);
}
