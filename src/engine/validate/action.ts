import type { EngineAction, EngineContext, Outcome, RequestSource, Result } from '../api.ts';
import { memberTexts } from '../request-texts.ts';
import { toSarif } from '../sarif.ts';
import { sourceLocator } from '../source-locator.ts';
import { NORMALIZATION_MODES, VALIDATE_FORMATS } from '../../standard/value-sets.ts';
import { choice, invalid, wrapper } from '../request-members.ts';
import { own } from '../json.ts';
import { isUriReference } from '../../standard/formats/uri.ts';
import { ARTIFACT_URI_MAX_LENGTH } from '../../standard/limits.ts';
import { validateMessage, validateSummary } from './pipeline.ts';
import type { NormalizationMode } from './types.ts';

/** POST /v1/validate (CONTRACT section 4): request members, formats and request.invalid details. */
export type ValidateFormat = (typeof VALIDATE_FORMATS)[number];

export interface ValidateRequest {
  readonly message: unknown;
  readonly mode: NormalizationMode;
  readonly format: ValidateFormat;
  /** artifact_uri: the URI SARIF results name as their file (default message.json). */
  readonly artifactUri: string;
}

export const DEFAULT_ARTIFACT_URI = `message.json`;

const validArtifactUri = (uri: string): boolean =>
  uri.length >= 1 && uri.length <= ARTIFACT_URI_MAX_LENGTH && isUriReference(uri);

/** Reads the request body; unknown members are ignored, unknown values of known members are not. */
export function parseValidateRequest(body: unknown): Result<ValidateRequest, 'request.invalid'> {
  const read = wrapper(body, '{"message": ..., "normalization_mode": ..., "format": ...}', true);
  if (!read.ok) return read;
  const message = own(read.value, 'message');
  if (typeof message !== 'object' || message === null) {
    return invalid('message must be a JSON object (keyed-json) or a JSON array (keyless-json).');
  }
  const mode = choice(read.value, 'normalization_mode', NORMALIZATION_MODES, 'keyed-json');
  if (!mode.ok) return mode;
  const format = choice(read.value, 'format', VALIDATE_FORMATS, 'result');
  if (!format.ok) return format;
  const artifactUri = Object.hasOwn(read.value, 'artifact_uri')
    ? own(read.value, 'artifact_uri')
    : DEFAULT_ARTIFACT_URI;
  // SARIF's artifactLocation.uri is a URI reference (RFC 3986 section 4.1); empty would name no file.
  if (typeof artifactUri !== 'string' || !validArtifactUri(artifactUri)) {
    return invalid(
      'artifact_uri must be a URI reference (RFC 3986 section 4.1) such as "messages/order.json", 1 to 2048 characters: spaces, other ASCII punctuation outside the RFC and non-ASCII characters percent-encoded as UTF-8.',
    );
  }
  return { ok: true, value: { message, mode: mode.value, format: format.value, artifactUri } };
}

export const validateAction: EngineAction = (
  requestBody: unknown,
  context: EngineContext,
  source?: RequestSource,
): Outcome => {
  const parsed = parseValidateRequest(requestBody);
  if (!parsed.ok) return parsed;
  const { message, mode, format, artifactUri } = parsed.value;
  const posted = memberTexts(source, ['message'], format === 'sarif');
  if (!posted.ok) return posted;
  const text = posted.value.message;
  const options = { mode, site: context.site, now: context.now(), ...(text === undefined ? {} : { text }) };
  // Neither the summary nor the SARIF log shows the conformance record: it is not built for them.
  if (format === 'summary') return { ok: true, body: validateSummary(message, options) };
  if (format === 'sarif') {
    const result = validateSummary(message, options);
    return {
      ok: true,
      body: toSarif(result, context.site, {
        uri: artifactUri,
        ...(text === undefined
          ? {}
          : {
              locate: sourceLocator(
                text,
                mode,
                message,
                '',
                [...result.errors, ...result.warnings].map((i) => i.path),
              ),
            }),
      }),
      mediaType: 'application/sarif+json',
    };
  }
  const result = validateMessage(message, options);
  return format === 'record'
    ? { ok: true, body: result.conformance_record, filename: result.download_filename }
    : { ok: true, body: result };
};
