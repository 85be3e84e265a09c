/**
 * Collecting the garbage that parsing what a client posts makes, and giving back the memory V8 grew
 * to make it. The scenario servers' reference core parses and validates every message a client
 * posts, and the judge some of them once more: a message of 256 KiB is a tree of 5 to 30 MB while it
 * is judged. Each scavenge that finds such a tree alive copies it, and V8 doubles its young
 * generation whenever the bytes scavenges copied pass its size, up to 128 MB (two semi-spaces of
 * 64 MB; node is built without pointer compression). A full collection frees the trees but keeps
 * that young generation: a client posting such messages held the kit at 300 MB with 40 MB alive.
 * Only a collection that reduces memory (V8's last-resort one) shrinks it again, so the kit runs one
 * after every COLLECT_AFTER bytes of bodies taken in, and the young generation regrows within that
 * much. A client's usual messages never reach it.
 */
import { CollectionPacer } from '../v8-collector.ts';

/** Half the largest message the core parses: one of those is collected after on its own. */
export const COLLECT_AFTER = 128 * 1024;

/** Collects, shrinking the young generation, after every `after` bytes of bodies taken in to be parsed. */
export class ShrinkingPacer extends CollectionPacer {
  constructor(after = COLLECT_AFTER) {
    super(after, { type: 'major', execution: 'sync', flavor: 'last-resort' });
  }
}
