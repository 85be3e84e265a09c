/**
 * A recording: what `uai proxy` saw, one JSON object per exchange, one per line (JSON Lines), in
 * the order the exchanges completed. It holds everything the judge reads (the bytes of both
 * bodies within the proxy's bounds, status, headers, times, and what went wrong on the wire), so
 * `uai check-exchange --recording` judges it offline with the verdicts of the live run. Its schema
 * is published in the OpenAPI document (component ProxyExchangeRecord); docs/proxy.md describes it.
 */
import { isRecord, parseJson } from '../../engine/index.ts';
import type { KitSide } from '../../standard/kit-checks.ts';
import { PROXY_RECORD_KIND } from '../../standard/proxy-recording.ts';
import { proxyCheck } from './checks.ts';

export const RECORD_KIND = PROXY_RECORD_KIND;

/** A body as recorded: its text when it is UTF-8, else base64; `truncated` past the kept bytes. */
export interface RecordedBody {
  readonly bytes: number;
  readonly truncated: boolean;
  readonly text?: string;
  readonly base64?: string;
}

/** Something that went wrong on the wire, with the side that caused it and the check it breaks. */
export interface RecordedFault {
  readonly side: KitSide;
  readonly check: string;
  readonly detail: string;
}

export interface RecordedExchange {
  readonly kind: typeof RECORD_KIND;
  /** 1-based, in the order exchanges completed. */
  readonly index: number;
  /** The endpoint the proxy forwards to. */
  readonly upstream: string;
  /** RFC 3339 with milliseconds: the request arrived, the answer's headers came, the exchange ended. */
  readonly started_at: string;
  readonly answered_at?: string;
  readonly ended_at: string;
  readonly request: {
    readonly method: string;
    /** The request target as the client sent it (path and query). */
    readonly target: string;
    /** Header name (lower case) and value pairs, in arrival order. */
    readonly headers: readonly (readonly [string, string])[];
    readonly body: RecordedBody;
  };
  /** Absent when no answer came from the upstream (see faults). */
  readonly response?: {
    readonly status: number;
    readonly headers: readonly (readonly [string, string])[];
    readonly body: RecordedBody;
  };
  readonly faults: readonly RecordedFault[];
  /** Why the exchange was forwarded but not judged: the proxy's own memory pool ran dry. */
  readonly unjudged?: string;
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The kept bytes of a body as recorded; `total` counts what passed through, kept or not. */
export function recordBody(kept: Uint8Array, total: number): RecordedBody {
  const truncated = total > kept.length;
  try {
    return { bytes: total, truncated, text: STRICT_UTF8.decode(kept) };
  } catch {
    return { bytes: total, truncated, base64: Buffer.from(kept).toString('base64') };
  }
}

/** The kept bytes of a recorded body. */
export const bodyBytes = (b: RecordedBody): Uint8Array =>
  b.text !== undefined ? new TextEncoder().encode(b.text) : Buffer.from(b.base64 ?? '', 'base64');

/**
 * The value of a header, or undefined: the field lines of that name combined into one list, as
 * RFC 9110 section 5.3 reads them and as fetch does. A singleton sent twice (two Content-Types)
 * then reads as no one value, as clients see it, not as the first line node:http would keep.
 */
export function header(headers: readonly (readonly [string, string])[], name: string): string | undefined {
  let value: string | undefined;
  for (const [n, v] of headers) if (n === name) value = value === undefined ? v : `${value}, ${v}`;
  return value;
}

export const recordLine = (x: RecordedExchange): string => `${JSON.stringify(x)}\n`;

const isPairs = (v: unknown) =>
  Array.isArray(v) &&
  v.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' && typeof p[1] === 'string');
const isBody = (v: unknown) =>
  isRecord(v) &&
  Number.isSafeInteger(v.bytes) &&
  typeof v.truncated === 'boolean' &&
  (typeof v.text === 'string') !== (typeof v.base64 === 'string');
const isTime = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v));

/** Why a line is not a recorded exchange, or undefined when it is one. */
function problemOf(v: unknown): string | undefined {
  if (!isRecord(v)) return 'not a JSON object';
  if (v.kind !== RECORD_KIND) return `kind is not ${RECORD_KIND}`;
  if (!Number.isSafeInteger(v.index) || (v.index as number) < 1) return 'index is not a positive integer';
  if (typeof v.upstream !== 'string' || !URL.canParse(v.upstream)) return 'upstream is not a URL';
  if (!isTime(v.started_at) || !isTime(v.ended_at) || (v.answered_at !== undefined && !isTime(v.answered_at)))
    return 'started_at, answered_at or ended_at is not a date-time';
  const rq = v.request;
  if (!isRecord(rq) || typeof rq.method !== 'string' || typeof rq.target !== 'string' || !isPairs(rq.headers))
    return 'request needs method, target and headers ([name, value] pairs)';
  if (!isBody(rq.body)) return 'request.body needs bytes, truncated and one of text or base64';
  const rs = v.response;
  if (rs !== undefined) {
    if (!isRecord(rs) || !Number.isInteger(rs.status) || !isPairs(rs.headers))
      return 'response needs status and headers';
    if (!isBody(rs.body)) return 'response.body needs bytes, truncated and one of text or base64';
  }
  const faults = v.faults;
  if (
    !Array.isArray(faults) ||
    !faults.every(
      (f) =>
        isRecord(f) &&
        (f.side === 'server' || f.side === 'client') &&
        typeof f.check === 'string' &&
        proxyCheck.has(f.check) &&
        typeof f.detail === 'string',
    )
  )
    return 'faults must be a list of {side, check, detail}, each check a published check id';
  if (v.unjudged !== undefined && typeof v.unjudged !== 'string') return 'unjudged must be a string';
  return undefined;
}

export type ParsedLine = { ok: true; exchange: RecordedExchange } | { ok: false; error: string };

/** One line of a recording, checked: a recording is input like any other, and may be anything. */
export function parseRecordLine(line: string): ParsedLine {
  let value: unknown;
  try {
    value = parseJson(line);
  } catch (error) {
    return { ok: false, error: `not JSON (${(error as Error).message})` };
  }
  const problem = problemOf(value);
  return problem ? { ok: false, error: problem } : { ok: true, exchange: value as RecordedExchange };
}
