import { MOCK_FORMATS, MOCK_SCENARIOS, type MockScenario } from '../../standard/value-sets.ts';
import { isRecord, own, type JsonObject } from '../validate/json.ts';

/** POST /v1/mock-exchange request members (CONTRACT section 6); unknown members are ignored. */
export type MockFormat = (typeof MOCK_FORMATS)[number];

export interface MockRequest {
  readonly scenario: MockScenario;
  readonly format: MockFormat;
  readonly message: JsonObject;
}

export type ParsedMockRequest = { ok: true; request: MockRequest } | { ok: false; detail: string };

/** Envelope members that betray a bare message posted without the {"message": ...} wrapper. */
const ENVELOPE_HINTS = ['uai_version', 'profile', 'message_id', 'conversation', 'body'];

function choice<T extends string>(body: JsonObject, key: string, allowed: readonly T[], fallback: T): { value: T } | { detail: string } {
  if (!Object.hasOwn(body, key)) return { value: fallback };
  const value = own(body, key);
  if (typeof value !== 'string') return { detail: `${key} must be a string, one of ${allowed.join(', ')}.` };
  if (!(allowed as readonly string[]).includes(value)) {
    return { detail: `Unknown ${key} ${JSON.stringify(value.slice(0, 64))}; use one of ${allowed.join(', ')}.` };
  }
  return { value: value as T };
}

export function parseMockRequest(body: unknown): ParsedMockRequest {
  if (!isRecord(body)) {
    return { ok: false, detail: 'The request body must be a JSON object of the form {"message": ..., "scenario": ..., "format": ...}.' };
  }
  if (!Object.hasOwn(body, 'message')) {
    const bare = ENVELOPE_HINTS.some((k) => Object.hasOwn(body, k));
    return {
      ok: false,
      detail: bare
        ? 'The body looks like a bare UAI-1 message; wrap it in {"message": <your message>} (optionally with "scenario" and "format").'
        : 'The request has no message member; send {"message": <a uai.intent.request.v1 message>}.',
    };
  }
  const message = own(body, 'message');
  if (!isRecord(message)) return { ok: false, detail: 'message must be a JSON object (a keyed uai.intent.request.v1 message).' };
  const scenario = choice(body, 'scenario', MOCK_SCENARIOS, 'accepted-task');
  if ('detail' in scenario) return { ok: false, detail: scenario.detail };
  const format = choice(body, 'format', MOCK_FORMATS, 'exchange');
  if ('detail' in format) return { ok: false, detail: format.detail };
  return { ok: true, request: { scenario: scenario.value, format: format.value, message } };
}
