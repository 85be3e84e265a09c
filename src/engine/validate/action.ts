import type { EngineAction, EngineContext, Outcome, Result } from '../api.ts';
import { toSarif } from '../sarif.ts';
import { NORMALIZATION_MODES, VALIDATE_FORMATS } from '../../standard/value-sets.ts';
import { choice, invalid, wrapper } from '../request-members.ts';
import { own } from '../json.ts';
import { validateMessage } from './pipeline.ts';
import type { NormalizationMode } from './types.ts';

/** POST /v1/validate (CONTRACT section 4): request members, formats and request.invalid details. */
export type ValidateFormat = (typeof VALIDATE_FORMATS)[number];

export interface ValidateRequest {
  readonly message: unknown;
  readonly mode: NormalizationMode;
  readonly format: ValidateFormat;
}


/** Reads the request body; unknown members are ignored, unknown values of known members are not. */
export function parseValidateRequest(body: unknown): Result<ValidateRequest, 'request.invalid'> {
  const read = wrapper(body, '{"message": ..., "normalization_mode": ..., "format": ...}');
  if (!read.ok) return read;
  const message = own(read.value, 'message');
  if (typeof message !== 'object' || message === null) {
    return invalid('message must be a JSON object (keyed-json) or a JSON array (keyless-json).');
  }
  const mode = choice(read.value, 'normalization_mode', NORMALIZATION_MODES, 'keyed-json');
  if (!mode.ok) return mode;
  const format = choice(read.value, 'format', VALIDATE_FORMATS, 'result');
  if (!format.ok) return format;
  return { ok: true, value: { message, mode: mode.value, format: format.value } };
}

export const validateAction: EngineAction = (requestBody: unknown, context: EngineContext): Outcome => {
  const parsed = parseValidateRequest(requestBody);
  if (!parsed.ok) return parsed;
  const { message, mode, format } = parsed.value;
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
