/**
 * Collecting the garbage forwarding makes, at the pace it is made. Each body chunk the proxy
 * forwards is a buffer of its own, allocated by node:http outside V8's heap (the socket's read, the
 * HTTP parser's copy of the body) and dropped once written on: the proxy keeps none of it past
 * what capture.ts keeps, yet V8 starts collecting such memory only once some 64 MB more of it has
 * piled up since its last collection, and under a flood it piles up faster than a collection
 * finishes. That garbage, not what the proxy keeps, was most of the proxy's peak memory. So the
 * proxy collects after every COLLECT_AFTER bytes of bodies it forwards: its garbage stays within
 * about that much, however much passes through, and an idle or lightly used proxy never collects.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export const COLLECT_AFTER = 16 * 1024 * 1024;

type Collect = () => void;
let collectorFound: { collect: Collect | undefined } | undefined;

/**
 * V8's collector: node's own when it runs with --expose-gc, else exposed for a moment to a new
 * context and hidden again (as test runners do, so no other code sees a `gc`), else none: the
 * proxy then forwards as before, only with more garbage between V8's own collections.
 */
function collector(): Collect | undefined {
  if (collectorFound) return collectorFound.collect;
  const own = (globalThis as { gc?: unknown }).gc;
  let collect = typeof own === 'function' ? (own as Collect) : undefined;
  if (!collect)
    try {
      setFlagsFromString('--expose-gc');
      const exposed: unknown = runInNewContext('gc');
      if (typeof exposed === 'function') collect = exposed as Collect;
    } catch {
      collect = undefined;
    } finally {
      setFlagsFromString('--no-expose-gc');
    }
  collectorFound = { collect };
  return collect;
}

/** Counts the body bytes the proxy forwards, and collects after every `after` of them (COLLECT_AFTER). */
export class GarbagePacer {
  readonly #collect = collector();
  readonly #after: number;
  #since = 0;

  constructor(after = COLLECT_AFTER) {
    this.#after = after;
  }

  forwarded(bytes: number): void {
    if (!this.#collect) return;
    this.#since += bytes;
    if (this.#since < this.#after) return;
    this.#since = 0;
    this.#collect();
  }
}
