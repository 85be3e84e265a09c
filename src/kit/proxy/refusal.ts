/**
 * Requests a server must refuse, as the traffic shows them: the hostile requests of the kit
 * (src/standard/kit-checks.ts, HOSTILE_CHECKS) are the ones a broken client may send for real. When
 * the client sends one, the proxy holds the server's answer to the same check `uai test` holds it
 * to: refused with a 4xx and a published error code (a uai.error.v1 or a problem document).
 */
import { isRecord, valueAt } from '../../engine/index.ts';
import { isPublishedErrorCode } from '../../standard/codes.ts';

/** The validator's issue codes that make a request one of the kit's hostile kinds. */
const BY_ISSUE: Readonly<Record<string, string>> = {
  'integrity.checksum_mismatch': 'hostile.checksum_mismatch',
  'envelope.profile_unknown': 'hostile.profile_unknown',
  'envelope.version_unsupported': 'hostile.version_unsupported',
  'field.alias_key': 'hostile.alias_key',
  'message.too_deep': 'hostile.too_deep',
};

/** The hostile check a request falls under, if any: its media type, its JSON, then its errors. */
export function refusalCheck(jsonType: boolean, json: boolean, errorCodes: readonly string[]): string | undefined {
  if (!jsonType) return 'hostile.media_type';
  if (!json) return 'hostile.malformed_json';
  for (const code of errorCodes) if (BY_ISSUE[code]) return BY_ISSUE[code];
  return undefined;
}

/** Whether an answer refuses: a 4xx carrying a published error code, as a uai.error.v1 or a problem document. */
export function refuses(status: number, answer: unknown, isProblem: boolean): boolean {
  const code = isProblem
    ? isRecord(answer)
      ? answer.code
      : undefined
    : valueAt(answer, '/profile') === 'uai.error.v1'
      ? valueAt(answer, '/body/code')
      : undefined;
  return status >= 400 && status < 500 && isPublishedErrorCode(code);
}
