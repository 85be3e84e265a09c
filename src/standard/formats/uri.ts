/**
 * RFC 3986 section 3 `URI` (an absolute reference with a scheme; the JSON Schema `uri` format),
 * one anchored regular expression built from the ABNF of the RFC, rule by rule:
 *
 *   URI         = scheme ":" hier-part [ "?" query ] [ "#" fragment ]        ; 3
 *   hier-part   = "//" authority path-abempty / path-absolute / path-rootless / path-empty
 *   scheme      = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )                 ; 3.1
 *   authority   = [ userinfo "@" ] host [ ":" port ]                         ; 3.2
 *   userinfo    = *( unreserved / pct-encoded / sub-delims / ":" )           ; 3.2.1
 *   host        = IP-literal / IPv4address / reg-name                        ; 3.2.2
 *   IP-literal  = "[" ( IPv6address / IPvFuture ) "]"
 *   IPvFuture   = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
 *   IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet        ; no leading zeros
 *   reg-name    = *( unreserved / pct-encoded / sub-delims )
 *   port        = *DIGIT                                                     ; 3.2.3
 *   path-*      = segments of pchar                                          ; 3.3
 *   query       = *( pchar / "/" / "?" )                                     ; 3.4
 *   fragment    = *( pchar / "/" / "?" )                                     ; 3.5
 *
 *   URI-reference = URI / relative-ref                                      ; 4.1
 *   relative-ref  = relative-part [ "?" query ] [ "#" fragment ]            ; 4.2
 *   relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
 *   path-noscheme = segment-nz-nc *( "/" segment )   ; a first segment without ":" (not a scheme)
 *
 * Each repeated part stops at a character the next part starts with (userinfo at "@", reg-name at
 * ":" or "/", segments at "/"), so a string is split only one way and matching stays linear.
 */
const UNRESERVED = 'A-Za-z0-9\\-._~';
const SUB_DELIMS = "!$&'()*+,;=";
const PCT_ENCODED = '%[0-9A-Fa-f]{2}';
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT_ENCODED})`;

const DEC_OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])';
const IPV4 = `${DEC_OCTET}(?:\\.${DEC_OCTET}){3}`;
const H16 = '[0-9A-Fa-f]{1,4}';
const LS32 = `(?:${H16}:${H16}|${IPV4})`;
/** RFC 3986 section 3.2.2: the nine forms of IPv6address (RFC 4291 section 2.2 text forms). */
const IPV6 = [
  `(?:${H16}:){6}${LS32}`,
  `::(?:${H16}:){5}${LS32}`,
  `(?:${H16})?::(?:${H16}:){4}${LS32}`,
  `(?:(?:${H16}:){0,1}${H16})?::(?:${H16}:){3}${LS32}`,
  `(?:(?:${H16}:){0,2}${H16})?::(?:${H16}:){2}${LS32}`,
  `(?:(?:${H16}:){0,3}${H16})?::${H16}:${LS32}`,
  `(?:(?:${H16}:){0,4}${H16})?::${LS32}`,
  `(?:(?:${H16}:){0,5}${H16})?::${H16}`,
  `(?:(?:${H16}:){0,6}${H16})?::`,
].join('|');
const IP_FUTURE = `[Vv][0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+`;
const IP_LITERAL = `\\[(?:${IPV6}|${IP_FUTURE})\\]`;
const REG_NAME = `(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT_ENCODED})*`;
const USERINFO = `(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT_ENCODED})*`;
const AUTHORITY = `(?:${USERINFO}@)?(?:${IP_LITERAL}|${IPV4}|${REG_NAME})(?::[0-9]*)?`;

const SEGMENT = `${PCHAR}*`;
const SEGMENT_NZ = `${PCHAR}+`;
const HIER_PART = `(?://${AUTHORITY}(?:/${SEGMENT})*|/(?:${SEGMENT_NZ}(?:/${SEGMENT})*)?|${SEGMENT_NZ}(?:/${SEGMENT})*|)`;
const QUERY = `(?:${PCHAR}|[/?])*`;

const URI_BODY = `[A-Za-z][A-Za-z0-9+\\-.]*:${HIER_PART}(?:\\?${QUERY})?(?:#${QUERY})?`;
const URI = new RegExp(`^${URI_BODY}$`);

const SEGMENT_NZ_NC = `(?:[${UNRESERVED}${SUB_DELIMS}@]|${PCT_ENCODED})+`;
const RELATIVE_PART = `(?://${AUTHORITY}(?:/${SEGMENT})*|/(?:${SEGMENT_NZ}(?:/${SEGMENT})*)?|${SEGMENT_NZ_NC}(?:/${SEGMENT})*|)`;
const RELATIVE_REF = `${RELATIVE_PART}(?:\\?${QUERY})?(?:#${QUERY})?`;

/**
 * RFC 3986 section 4.1 `URI-reference`, as a pattern source: the same expression serves the engine
 * and the OpenAPI document's request schema (valid with and without the `u` flag), so a request
 * Prism or a generated client accepts is one the service accepts.
 */
export const URI_REFERENCE_PATTERN = `^(?:${URI_BODY}|${RELATIVE_REF})$`;
const URI_REFERENCE = new RegExp(URI_REFERENCE_PATTERN);

/** `uri`: an RFC 3986 URI (scheme required; relative references are `uri-reference`). */
export const isUri = (value: string): boolean => URI.test(value);

/** `uri-reference`: an RFC 3986 URI or relative reference (`messages/order.json`, `#frag`, `//host/x`). */
export const isUriReference = (value: string): boolean => URI_REFERENCE.test(value);
