/**
 * What the proxy keeps of the bodies it forwards, to judge them: the first bytes of each body, up
 * to the kit's cap on one answer (MAX_ANSWER_BYTES), drawn from one pool shared by every exchange
 * in flight. Everything is forwarded whatever is kept; past the cap or an empty pool a body is
 * counted, not kept, and recorded as truncated. So a flood of exchanges, or one endless body,
 * grows the proxy by at most the pool.
 */
import { BodyBytes } from '../../http/body-bytes.ts';
import { MAX_ANSWER_BYTES } from '../server/http.ts';

export const POOL_BYTES = 16 * 1024 * 1024;

export class BytePool {
  #free: number;
  constructor(bytes = POOL_BYTES) {
    this.#free = bytes;
  }
  take(n: number): boolean {
    if (n > this.#free) return false;
    this.#free -= n;
    return true;
  }
  give(n: number): void {
    this.#free += n;
  }
}

export class Capture {
  // One buffer, not a Buffer per chunk: a body in 1-byte chunks took the proxy past 900 MB (body-bytes.ts).
  readonly #bytes = new BodyBytes(MAX_ANSWER_BYTES);
  readonly #pool: BytePool;
  #total = 0;
  #full = false;
  /** Why the body was not kept whole: past the cap on one body (the sender's doing) or the pool ran dry (the proxy's). */
  #cut: 'size' | 'pool' | undefined;

  constructor(pool: BytePool) {
    this.#pool = pool;
  }

  add(chunk: Buffer): void {
    this.#total += chunk.length;
    if (this.#full) return;
    const cut =
      this.#bytes.length + chunk.length > MAX_ANSWER_BYTES
        ? 'size'
        : this.#pool.take(chunk.length)
          ? undefined
          : 'pool';
    if (cut) {
      // Cut here: a body judged in part could be judged wrongly, so none of it is kept.
      this.#cut = cut;
      this.#release();
      this.#full = true;
      return;
    }
    this.#bytes.add(chunk);
  }

  get cut(): 'size' | 'pool' | undefined {
    return this.#cut;
  }

  get total(): number {
    return this.#total;
  }

  /** The kept bytes (empty once cut), handed over: the pool has them back. */
  take(): Uint8Array {
    const bytes = this.#bytes.bytes();
    this.#release();
    return bytes;
  }

  #release(): void {
    this.#pool.give(this.#bytes.length);
    this.#bytes.clear();
  }
}
