import type { EngineAction, EngineContext, Outcome } from '../api.ts';
import { toSarif } from '../sarif.ts';
import { NORMALIZATION_MODES, VALIDATE_FORMATS } from '../../standard/value-sets.ts';
import { isRecord, own } from './json.ts';
import { validateMessage } from './pipeline.ts';
import type { NormalizationMode } from './types.ts';

/** POST /v1/validate (CONTRACT section 4): request members, formats and request.invalid details. */
export type ValidateFormat = (typeof VALIDATE_FORMATS)[number];

export interface ValidateRequest {
  readonly message: unknown;
  readonly mode: NormalizationMode;
  readonly format: ValidateFormat;
}

type Parsed = { ok: true; request: ValidateRequest } | { ok: false; detail: string };

const ENVELOPE_HINTS = ['uai_version', 'profile', 'message_id'];

function member<T extends string>(body: Record<string, unknown>, key: string, allowed: readonly T[], fallback: T): T | string {
  if (!Object.hasOwn(body, key)) return fallback;
  const value = own(body, key);
  if (typeof value !== 'string') return `${key} must be a string, one of ${allowed.join(', ')}.`;
  if (!(allowed as readonly string[]).includes(value)) return `Unknown ${key} ${JSON.stringify(value.slice(0, 64))}; use one of ${allowed.join(', ')}.`;
  return value as T;
}

/** Reads the request body; unknown members are ignored, unknown values of known members are not. */
export function parseValidateRequest(body: unknown): Parsed {
  if (!isRecord(body)) return { ok: false, detail: 'The request body must be a JSON object of the form {"message": ..., "normalization_mode": ..., "format": ...}.' };
  if (!Object.hasOwn(body, 'message')) {
    const bare = ENVELOPE_HINTS.some((k) => Object.hasOwn(body, k));
    return {
      ok: false,
      detail: bare
        ? 'The body looks like a bare UAI-1 message; wrap it as {"message": <your message>}.'
        : 'The request has no message member; send {"message": <a UAI-1 message>}.',
    };
  }
  const message = own(body, 'message');
  if (typeof message !== 'object' || message === null) {
    return { ok: false, detail: 'message must be a JSON object (keyed-json) or a JSON array (keyless-json).' };
  }
  const mode = member(body, 'normalization_mode', NORMALIZATION_MODES, 'keyed-json');
  if (!(NORMALIZATION_MODES as readonly string[]).includes(mode)) return { ok: false, detail: mode };
  const format = member(body, 'format', VALIDATE_FORMATS, 'result');
  if (!(VALIDATE_FORMATS as readonly string[]).includes(format)) return { ok: false, detail: format };
  return { ok: true, request: { message, mode: mode as NormalizationMode, format: format as ValidateFormat } };
}

export const validateAction: EngineAction = (requestBody: unknown, context: EngineContext): Outcome => {
  const parsed = parseValidateRequest(requestBody);
  if (!parsed.ok) return { ok: false, code: 'request.invalid', detail: parsed.detail };
  const { message, mode, format } = parsed.request;
  const result = validateMessage(message, { mode, site: context.site, now: context.now() });
  switch (format) {
    case 'summary': {
      const { conformance_record: _record, ...summary } = result;
      return { ok: true, body: summary };
    }
    case 'record':
      return { ok: true, body: result.conformance_record, filename: result.download_filename };
    case 'sarif':
      return { ok: true, body: toSarif(result, context.site), mediaType: 'application/sarif+json' };
    default:
      return { ok: true, body: result };
  }
};
