/**
 * A peer's JSON, parsed within the kit's bounds. The kit reads up to 4 MB of a body
 * (transport.size_limit), but parses at most 262,144 bytes of one: the most POST /v1/validate
 * takes (CONTRACT section 8, request.too_large), so the most of one message the standard's own
 * validator judges. Parsing is what costs memory, not reading: JSON.parse of 4 MB of `[{},{},...]`
 * or of `[[[[...` holds 200 to 500 MB while it runs, of 262,144 bytes about 30 MB.
 */
import { parseJson as parseJsonText } from '../../engine/index.ts';
import { withThousands } from '../../http/digits.ts';
import { MAX_BODY_BYTES } from '../../http/request-body.ts';

export const MAX_PARSED_BYTES = MAX_BODY_BYTES;

/** Why a JSON text that begins with U+FEFF fails, on either side of an exchange. */
export const BEGINS_WITH_BOM = 'begins with a byte order mark (RFC 8259 section 8.1: implementations must not add one)';

/**
 * The bytes `uai test` parses over one run, all answers together: two messages of the largest
 * size. A run keeps every parsed answer to judge them together at its end (a dozen answers of
 * 262,144 bytes held it at 320 MB), and a UAI-1 run's dozen answers take a few kilobytes each.
 */
export const MAX_RUN_PARSED_BYTES = 512 * 1024;

/** Why a body of this many bytes is not parsed, when it is over the bound. */
export const unparsedReason = (bytes: number): string | undefined =>
  bytes > MAX_PARSED_BYTES
    ? `${bytes} bytes, over the 262,144 bytes of one message the kit parses (the most POST /v1/validate takes)`
    : undefined;

/** What one run may still parse; a body past it is read and judged as bytes, not parsed. */
export class ParseBudget {
  readonly #size: number;
  #left: number;

  constructor(size = MAX_RUN_PARSED_BYTES) {
    this.#size = this.#left = size;
  }

  /** Takes a body of `bytes` from the budget; why it is not parsed, when it is not. */
  take(bytes: number): string | undefined {
    const over = unparsedReason(bytes);
    if (over !== undefined) return over;
    if (bytes > this.#left)
      return `${bytes} bytes, past the ${withThousands(this.#size)} bytes the kit parses in one run (${this.#size - this.#left} parsed before it)`;
    this.#left -= bytes;
    return undefined;
  }
}

/** The text as JSON: undefined when it is no JSON, or when its `bytes` are over the bound. */
export function parseJson(text: string, bytes = Buffer.byteLength(text)): unknown {
  if (bytes > MAX_PARSED_BYTES) return undefined;
  try {
    return parseJsonText(text);
  } catch {
    return undefined;
  }
}
