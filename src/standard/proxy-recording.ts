/**
 * The kind of one line of a uai proxy recording (JSON Lines, one exchange a line). The recording is
 * written and read by src/kit/proxy/recording.ts; its schema is the OpenAPI component
 * ProxyExchangeRecord (src/records/openapi/recording-schema.ts); docs/proxy.md describes it.
 */
export const PROXY_RECORD_KIND = 'uai.proxy.exchange.v1';
