/**
 * Reading the members of a POST body (CONTRACT sections 4 and 6), shared by both actions:
 * unknown members are ignored, a missing message or an unknown value of a known member is a
 * request.invalid detail that says how to fix it.
 */
import type { Result } from './api.ts';
import { isRecord, own, type JsonObject } from './json.ts';

type Read<T> = Result<T, 'request.invalid'>;

/** A request.invalid failure with the detail that says how to fix the request. */
export const invalid = (detail: string) => ({ ok: false, code: 'request.invalid', detail }) as const;

/** Envelope members that betray a bare message posted without the {"message": ...} wrapper. */
const ENVELOPE_HINTS = ['uai_version', 'profile', 'message_id', 'conversation', 'body'];

/** The body as an object holding a `message` member; `shape` names the members for the error text. */
export function wrapper(body: unknown, shape: string, keyless = false): Read<JsonObject> {
  // A keyless message is an array: sent bare where the route reads keyless ones, say how to wrap it.
  if (keyless && Array.isArray(body))
    return invalid(
      `The body is a JSON array; if it is a keyless UAI-1 message, wrap it as {"message": <your array>, "normalization_mode": "keyless-json"}, the form being ${shape}.`,
    );
  if (!isRecord(body)) return invalid(`The request body must be a JSON object of the form ${shape}.`);
  if (Object.hasOwn(body, 'message')) return { ok: true, value: body };
  const bare = ENVELOPE_HINTS.some((k) => Object.hasOwn(body, k));
  return invalid(
    bare
      ? `The body looks like a bare UAI-1 message; wrap it as {"message": <your message>}, the form being ${shape}.`
      : `The request has no message member; send ${shape}.`,
  );
}

/** An optional string member from a closed set, with its default. */
export function choice<T extends string>(body: JsonObject, key: string, allowed: readonly T[], fallback: T): Read<T> {
  if (!Object.hasOwn(body, key)) return { ok: true, value: fallback };
  const value = own(body, key);
  if (typeof value !== 'string') return invalid(`${key} must be a string, one of ${allowed.join(', ')}.`);
  if (!(allowed as readonly string[]).includes(value)) {
    return invalid(`Unknown ${key} ${JSON.stringify(value.slice(0, 64))}; use one of ${allowed.join(', ')}.`);
  }
  return { ok: true, value: value as T };
}
