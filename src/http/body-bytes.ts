/**
 * A body as it arrives, in pieces (HTTP/1.1 chunks, network reads, stream reads), kept as one
 * buffer. A piece can be one byte: 256 KiB sent as 1-byte chunks, each piece kept as its own
 * Buffer, grew the local server by 160 MB and the kit by 250 MB or more, for bytes under every cap.
 * Copied into one buffer that doubles as it fills, a body costs at most twice its bytes however it
 * was cut. The first piece is kept as it is until a second comes, so the usual body that arrives
 * whole is not copied.
 *
 * Each piece also costs its reader a few microseconds whatever is done with it (Node's parser
 * and its 'data' event: about 3 µs, so 0.8 s of CPU for 262,144 of them), which no copying saves:
 * the service refuses a body in more than MAX_BODY_PIECES pieces (docs/contract.md, "Limits").
 */
export class BodyBytes {
  readonly #most: number;
  #first: Uint8Array | undefined;
  #buffer: Uint8Array | undefined;
  #length = 0;
  #pieces = 0;

  /** `most`: the most bytes its owner keeps, so the buffer never doubles past them. */
  constructor(most = Number.POSITIVE_INFINITY) {
    this.#most = most;
  }

  add(piece: Uint8Array): void {
    this.#pieces += 1;
    if (piece.byteLength === 0) return;
    if (this.#length === 0 && this.#buffer === undefined) {
      this.#first = piece;
      this.#length = piece.byteLength;
      return;
    }
    const needed = this.#length + piece.byteLength;
    if (this.#buffer === undefined || needed > this.#buffer.byteLength) {
      const grown = new Uint8Array(Math.max(needed, Math.min(2 * this.#length, this.#most), 4096));
      grown.set(this.#buffer ? this.#buffer.subarray(0, this.#length) : this.#first!, 0);
      this.#buffer = grown;
      this.#first = undefined;
    }
    this.#buffer.set(piece, this.#length);
    this.#length = needed;
  }

  /** Bytes so far. */
  get length(): number {
    return this.#length;
  }

  /** Pieces so far, empty ones too (each cost its reader as much). */
  get pieces(): number {
    return this.#pieces;
  }

  /** The bytes so far: a view, not a copy (the first piece itself while it is the only one). */
  bytes(): Uint8Array {
    if (this.#buffer) return this.#buffer.subarray(0, this.#length);
    return this.#first ?? new Uint8Array(0);
  }

  /** Lets the bytes go (a body that will not be read after all). */
  clear(): void {
    this.#first = undefined;
    this.#buffer = undefined;
    this.#length = 0;
  }
}

/**
 * The most pieces the service reads of one request body: past it the body is refused (400
 * request.invalid) and the connection closed, so that no body costs more than about 50 ms of a
 * reader's per-piece work. A client that writes its body whole, or in chunks of 16 bytes or more,
 * stays under it at the largest body the service takes (262,144 bytes).
 */
export const MAX_BODY_PIECES = 16_384;

/** What a CoreRequest's body() gives for a body refused for its pieces, not its bytes. */
export const TOO_MANY_PIECES: unique symbol = Symbol('too many pieces');
