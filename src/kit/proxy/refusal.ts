/**
 * Requests a server must refuse, as the traffic shows them: the hostile requests of the kit
 * (src/standard/kit-checks.ts, HOSTILE_CHECKS) are the ones a broken client may send for real. When
 * the client sends one, the proxy holds the server's answer to the same rule `uai test` holds it
 * to (../judge/refusal.ts).
 */

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
