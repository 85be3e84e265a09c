/** Value patterns shared by several fields; each cites the rule it encodes. */

/** W3C DID Core 1.0 section 3.1 syntax: did:<method-name>:<method-specific-id>. */
export const DID_PATTERN =
  '^did:[a-z0-9]+:(?:(?:[A-Za-z0-9._-]|%[0-9A-Fa-f]{2})*:)*(?:[A-Za-z0-9._-]|%[0-9A-Fa-f]{2})+$';
/** W3C Trace Context level 1 traceparent, version 00 (all-zero ids are checked by the engine). */
export const TRACEPARENT_PATTERN = '^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$';
/** CONTRACT section 3: `sha256:` + 64 lowercase hex digits. */
export const CHECKSUM_PATTERN = '^sha256:[0-9a-f]{64}$';
/**
 * Spec 2.2: extension namespaces are URNs of the form urn:<ns>:ext:<name>. <ns> is an RFC 8141
 * section 2 NID, `(alphanum) 0*30(ldh) alphanum`: 2 to 32 characters, no hyphen at either end.
 * Written in lowercase, as every registered namespace is (docs/decisions.md).
 */
export const EXTENSION_NAMESPACE_PATTERN = '^urn:[a-z0-9][a-z0-9-]{0,30}[a-z0-9]:ext:[a-z0-9][a-z0-9._-]*$';
/**
 * RFC 6901 section 3 JSON Pointer: "" (the whole document) or reference tokens, each after a "/",
 * in which "~" appears only as the escapes ~0 and ~1.
 */
export const JSON_POINTER_PATTERN = '^(?:/(?:[^/~]|~[01])*)*$';
