import { MOCK_FORMATS, MOCK_SCENARIOS, type MockScenario } from '../../standard/value-sets.ts';
import type { Result } from '../api.ts';
import { choice, invalid, wrapper } from '../request-members.ts';
import { isRecord, own, type JsonObject } from '../json.ts';

/** POST /v1/mock-exchange request members (CONTRACT section 6); unknown members are ignored. */
export type MockFormat = (typeof MOCK_FORMATS)[number];

export interface MockRequest {
  readonly scenario: MockScenario;
  readonly format: MockFormat;
  readonly message: JsonObject;
}

export type ParsedMockRequest = Result<MockRequest, 'request.invalid'>;

export function parseMockRequest(body: unknown): ParsedMockRequest {
  const read = wrapper(body, '{"message": <a uai.intent.request.v1 message>, "scenario": ..., "format": ...}');
  if (!read.ok) return read;
  const message = own(read.value, 'message');
  if (!isRecord(message)) return invalid('message must be a JSON object (a keyed uai.intent.request.v1 message).');
  const scenario = choice(read.value, 'scenario', MOCK_SCENARIOS, 'accepted-task');
  if (!scenario.ok) return scenario;
  const format = choice(read.value, 'format', MOCK_FORMATS, 'exchange');
  if (!format.ok) return format;
  return { ok: true, value: { scenario: scenario.value, format: format.value, message } };
}
