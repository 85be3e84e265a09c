/**
 * Strings one step off the `date-time` and `uri` grammars (RFC 3339 section 5.6, RFC 3986
 * section 3), with a few valid but unusual ones among them: the schema differential puts them in
 * the formatted fields of mutated messages, and the ajv-formats comparison runs them through both
 * sets of checkers.
 */
export const DATE_TIME_NEAR_MISSES: readonly string[] = [
  '2026-11-02',
  '2026-11-02T10:00:00',
  '2026-11-02T10:00:00+01',
  '2026-11-02T10:00:00+0100',
  '2026-11-02 10:00:00Z',
  '2026-11-02\t10:00:00Z',
  '2026-13-02T10:00:00Z',
  '2026-02-30T10:00:00Z',
  '2026-11-02T24:00:00Z',
  '2026-11-02T10:00:60Z',
  '2026-11-02T10:00:00.Z',
  '२०२६-11-02T10:00:00Z',
  '2026-11-02t10:00:00z',
  '2026-12-31T23:59:60Z',
  '1963-06-19T00:59:59.999999999999999Z',
];

export const URI_NEAR_MISSES: readonly string[] = [
  'example.org/path',
  '/relative',
  '//example.org',
  'https:',
  'https://exa mple.org/',
  'http://example.com:abc/path',
  'http://[::ffff:01.2.3.4]',
  'http:/[::1]',
  'https://example.org/%zz',
  'https://example.org/a\uD800',
  'urn:uai:ext:x',
  'mailto:a@example.org',
  ':no-scheme',
];
