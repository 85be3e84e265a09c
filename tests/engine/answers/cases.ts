import { createHash } from 'node:crypto';
import {
  conformanceFixtures,
  mockExchangeAction,
  publishedExamples,
  seal,
  validateAction,
  type Outcome,
} from '../../../src/engine/index.ts';
import { siteFor, type Site } from '../../../src/standard/urls.ts';
import { MOCK_SCENARIOS, VALIDATE_FORMATS } from '../../../src/standard/value-sets.ts';

/**
 * A fixed set of engine answers (POST /v1/validate and /v1/mock-exchange bodies, as the shells
 * receive them) over both origins kinds (with and without a port), every format and scenario,
 * keyed and keyless, valid and invalid messages, at fixed clocks. record.ts writes their digests;
 * answers-parity.test.ts checks that the engine still gives exactly these bytes.
 */
export interface AnswerCase {
  readonly id: string;
  readonly answer: () => Outcome;
  /** The same request as an HTTP client sends it: route, origin, clock and the body's JSON text. */
  readonly request: {
    readonly route: 'validate' | 'mock-exchange';
    readonly origin: string;
    readonly clock: string;
    readonly text: () => string;
  };
}

const ORIGINS = ['http://localhost:4321', 'https://uai.example.org'];
/** The examples' own clock, and one after every example's expiry (the expired-request path). */
const CLOCKS = ['2026-11-02T10:00:00.250Z', '2031-01-01T00:00:00Z'];

type Message = Record<string, any>;

/** Mock-exchange requests beyond the fixtures: parameters, trace variants, expiry, odd sequences. */
function requestVariants(request: Message): [string, unknown][] {
  const variant = (fn: (m: Message) => void, reseal = true): Message => {
    const copy = structuredClone(request);
    fn(copy);
    return reseal ? seal(copy) : copy;
  };
  return [
    [
      'params-all',
      variant((m) => {
        m.body.parameters = { include_schema: true, include_example: true, include_field_registry: true };
      }),
    ],
    [
      'params-none',
      variant((m) => {
        m.body.parameters = {};
      }),
    ],
    [
      'no-traceparent',
      variant((m) => {
        delete m.conversation.traceparent;
      }),
    ],
    [
      'no-trace',
      variant((m) => {
        delete m.conversation.traceparent;
        delete m.provenance.trace_id;
      }),
    ],
    [
      'sequence-max',
      variant((m) => {
        m.conversation.sequence = Number.MAX_SAFE_INTEGER;
      }),
    ],
    [
      'no-expiry',
      variant((m) => {
        delete m.delivery.expires_at;
      }),
    ],
    [
      'source-minimal',
      variant((m) => {
        m.source = { type: 'agent', id: 'a' };
      }),
    ],
    [
      'unsealed',
      variant((m) => {
        m.body.subject = 'uai.task.status.v1';
      }, false),
    ],
    [
      'unicode',
      variant((m) => {
        m.source.label = 'Agent \u00e9\u20ac\ud83d\ude00 "quoted" \\ \n tab\t';
      }),
    ],
  ];
}

/** Cases grouped by origin host and clock year, e.g. `localhost:4321@2026`. */
export function answerCases(): Record<string, AnswerCase[]> {
  const cases: Record<string, AnswerCase[]> = {};
  for (const origin of ORIGINS) {
    const site: Site = siteFor(origin);
    const host = new URL(origin).host;
    const { valid, invalid } = conformanceFixtures(site);
    const request = publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message as Message;
    for (const clock of CLOCKS) {
      const context = { site, now: () => new Date(clock) };
      const tag = `${host}@${clock.slice(0, 4)}`;
      const group = (cases[tag] = []) as AnswerCase[];
      // `text` gives the body as sent; by default the body value as JSON (fixtures given as text embed it).
      const validate = (id: string, body: () => unknown, text = () => JSON.stringify(body())) =>
        group.push({
          id: `validate/${id}`,
          answer: () => validateAction(body(), context),
          request: { route: 'validate', origin, clock, text },
        });
      const mock = (id: string, body: () => unknown, text = () => JSON.stringify(body())) =>
        group.push({
          id: `mock/${id}`,
          answer: () => mockExchangeAction(body(), context),
          request: { route: 'mock-exchange', origin, clock, text },
        });
      // Minified fixtures parse to the keyed ones; `record` and `summary` are parts of `result`, so
      // invalid fixtures take result and sarif, and one scenario each (their refusal is the same).
      const fixtures = [...valid.filter((f) => f.form !== 'minified'), ...invalid];
      fixtures.forEach((f, i) => {
        const message = () => (f.text !== undefined ? JSON.parse(f.text) : structuredClone(f.message));
        /** The request as sent: the fixture's own text as the message when it has one (1e400 does not survive a round trip). */
        const sent = (members: Record<string, unknown>) => () =>
          f.text === undefined
            ? JSON.stringify({ message: f.message, ...members })
            : `{"message":${f.text},${JSON.stringify(members).slice(1)}`;
        const isValid = i < fixtures.length - invalid.length;
        const formats = isValid ? VALIDATE_FORMATS : (['result', 'sarif'] as const);
        for (const format of formats)
          validate(
            `${f.id}/${format}`,
            () => ({ message: message(), normalization_mode: f.mode, format }),
            sent({ normalization_mode: f.mode, format }),
          );
        if (f.mode !== 'keyed-json') return;
        const scenarios = isValid ? MOCK_SCENARIOS : [MOCK_SCENARIOS[i % MOCK_SCENARIOS.length]!];
        for (const scenario of scenarios)
          mock(`${f.id}/${scenario}`, () => ({ message: message(), scenario }), sent({ scenario }));
      });
      for (const [id, message] of requestVariants(request)) {
        for (const scenario of MOCK_SCENARIOS) {
          for (const format of ['exchange', 'message'])
            mock(`variant/${id}/${scenario}/${format}`, () => ({
              message: structuredClone(message),
              scenario,
              format,
            }));
        }
        validate(`variant/${id}`, () => ({ message: structuredClone(message) }));
      }
      // Requests the actions refuse, and messages that are not UAI messages at all.
      validate('bad/no-message', () => ({}));
      validate('bad/format', () => ({ message: {}, format: 'xml' }));
      validate('bad/mode', () => ({ message: {}, normalization_mode: 'yaml' }));
      validate('bad/not-wrapper', () => [1, 2]);
      validate('odd/empty-object', () => ({ message: {} }));
      validate('odd/empty-array', () => ({ message: [], normalization_mode: 'keyless-json' }));
      validate('odd/proto-key', () => ({
        message: JSON.parse('{"__proto__": {"a": 1}, "profile": "uai.intent.request.v1", "message_id": "\\ud800x"}'),
      }));
      validate('odd/lone-key', () => ({
        message: JSON.parse('{"\\udc00": 1, "integrity": {"checksum": "sha256:00"}}'),
      }));
      validate('odd/numbers', () => ({
        message: JSON.parse('{"a": -0, "b": 1e21, "c": 5e-324, "d": 0.1, "e": 1e-7, "integrity": 1}'),
        format: 'summary',
      }));
      mock('bad/scenario', () => ({ message: request, scenario: 'teapot' }));
      mock('bad/no-message', () => ({ scenario: 'typed-error' }));
      mock('odd/empty-object', () => ({ message: {} }));
    }
  }
  return cases;
}

/** The bytes a shell sends for an answer: the outcome, body serialized as the HTTP layer does. */
export const answerText = (outcome: Outcome): string =>
  outcome.ok
    ? JSON.stringify({ mediaType: outcome.mediaType, filename: outcome.filename, body: JSON.stringify(outcome.body) })
    : JSON.stringify(outcome);

/** 64 bits of the answer's sha256: enough to tell any change, short enough to keep the record small. */
export const answerDigest = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);
