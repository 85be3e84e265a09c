import { TRACEPARENT_PATTERN } from '../standard/objects/patterns.ts';

/** W3C Trace Context level 1 (section 3.2): the parts of a traceparent header value. */
export interface Traceparent {
  readonly traceId: string;
  readonly parentId: string;
  readonly flags: string;
}

const TRACEPARENT_RE = new RegExp(TRACEPARENT_PATTERN);

/** The parts of a value of the registered traceparent pattern (version 00), else undefined. */
export function parseTraceparent(value: string | undefined): Traceparent | undefined {
  if (value === undefined || !TRACEPARENT_RE.test(value)) return undefined;
  const [, traceId = '', parentId = '', flags = ''] = value.split('-');
  return { traceId, parentId, flags };
}

/** Section 3.2.2.3/3.2.2.4: an all-zero trace-id or parent-id is invalid. */
export const allZeros = (hex: string): boolean => /^0+$/.test(hex);

/**
 * Whether a traceparent of the pattern is still invalid, its trace-id or parent-id all zeros: the
 * validator's trace.traceparent_invalid, and what exchange.trace_continued reads as no trace to continue.
 */
export const hasZeroIds = (parent: Traceparent): boolean => allZeros(parent.traceId) || allZeros(parent.parentId);
