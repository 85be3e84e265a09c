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
import { CollectionPacer } from '../v8-collector.ts';

export const COLLECT_AFTER = 16 * 1024 * 1024;

/** Collects after every `after` bytes of bodies the proxy forwards (COLLECT_AFTER). */
export class GarbagePacer extends CollectionPacer {
  constructor(after = COLLECT_AFTER) {
    super(after);
  }
}
