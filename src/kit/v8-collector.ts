/**
 * V8's garbage collector, for the kit's pacers (client/collector.ts, proxy/collector.ts), which
 * collect at the pace a hostile peer makes garbage instead of when V8 gets to it: node's own `gc`
 * when it runs with --expose-gc, else one exposed for a moment to a new context and hidden again
 * (as test runners do, so no other code sees a `gc`), else none: the kit then runs as before, only
 * with more garbage between V8's own collections.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's gc(): a full collection, or, with `flavor: 'last-resort'`, one that also shrinks the heap's spaces. */
export type Collect = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

let collectorFound: { collect: Collect | undefined } | undefined;

export function v8Collector(): Collect | undefined {
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

/**
 * Counts the body bytes a pacer's owner takes in, and collects after every `after` of them, with
 * `options` (a plain full collection without): garbage stays within about that much, however much
 * passes, and an idle or lightly used kit never collects.
 */
export class CollectionPacer {
  readonly #collect = v8Collector();
  readonly #after: number;
  readonly #options: Parameters<Collect>[0];
  #since = 0;

  constructor(after: number, options?: Parameters<Collect>[0]) {
    this.#after = after;
    this.#options = options;
  }

  took(bytes: number): void {
    if (!this.#collect) return;
    this.#since += bytes;
    if (this.#since < this.#after) return;
    this.#since = 0;
    if (this.#options) this.#collect(this.#options);
    else this.#collect();
  }
}
