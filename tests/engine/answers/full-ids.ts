/** The answers kept in full beside their digests, so that a difference can be read, not only detected. */
export const FULL_ANSWERS = [
  'localhost:4321@2026/validate/valid/uai.intent.request.v1/keyed/summary',
  'uai.example.org@2026/validate/invalid/trace.traceparent_invalid/result',
  'localhost:4321@2026/mock/variant/no-trace/accepted-task/message',
  'uai.example.org@2031/mock/variant/unicode/typed-error/message',
];
