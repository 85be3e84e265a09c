import { PROXY_RECORD_KIND } from '../../standard/proxy-recording.ts';
import { IMPLEMENTATION_SIDES } from '../../standard/implementations.ts';
import type { JsonSchema } from '../../standard/schemas.ts';
import { int, str, uri } from './schema-helpers.ts';

/**
 * The published schema of one line of a uai proxy recording (src/kit/proxy/recording.ts writes and
 * reads it; docs/proxy.md describes it): one exchange the proxy forwarded, with what the judge
 * reads, so that `uai check-exchange --recording` judges it offline as the proxy judged it live.
 */
const closed = (description: string, properties: Record<string, JsonSchema>, optional: string[] = []): JsonSchema => ({
  type: 'object',
  description,
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  properties,
  additionalProperties: false,
});
const time = (description: string) => str(description, { format: 'date-time' });
const headers = (description: string): JsonSchema => ({
  type: 'array',
  description,
  items: {
    type: 'array',
    prefixItems: [str('Name, lower case.'), str('Value.')],
    minItems: 2,
    maxItems: 2,
    // Two strings exactly; written as a schema (not false) for linters that want one beside prefixItems.
    items: { type: 'string' },
  },
});
const body = (description: string): JsonSchema => ({
  ...closed(
    description,
    {
      bytes: int('Bytes that passed through, kept or not.'),
      truncated: {
        type: 'boolean',
        description: 'true when not kept whole: past 4 MB, the proxy kept none, or the sender did not finish it.',
      },
      text: str('The body, when it is UTF-8.'),
      base64: str('The body in base64, when it is not UTF-8.', { contentEncoding: 'base64' }),
    },
    ['text', 'base64'],
  ),
  oneOf: [{ required: ['text'] }, { required: ['base64'] }],
});

export const proxyExchangeRecordSchema = (): JsonSchema =>
  closed(
    'One line of a uai proxy recording (JSON Lines): one exchange between a client and a server, as forwarded.',
    {
      kind: { const: PROXY_RECORD_KIND },
      index: { type: 'integer', minimum: 1, description: 'The exchange, 1-based, in the order exchanges completed.' },
      upstream: uri('The endpoint the proxy forwards to.'),
      started_at: time('When the request arrived (milliseconds).'),
      answered_at: time("When the answer's headers came."),
      ended_at: time('When the exchange ended.'),
      request: closed('What the client sent.', {
        method: str('HTTP method.'),
        target: str('The request target as sent: a path and query.'),
        headers: headers('Header pairs in arrival order.'),
        body: body('The request body.'),
      }),
      response: closed('What the server answered, forwarded unchanged; absent when no answer came.', {
        status: { type: 'integer', minimum: 100, maximum: 599, description: 'HTTP status.' },
        headers: headers('Header pairs as the server sent them.'),
        body: body('The answer body.'),
      }),
      faults: {
        type: 'array',
        description: 'What went wrong on the wire, with the side that caused it.',
        items: closed('One fault.', {
          side: str('server or client.', { enum: [...IMPLEMENTATION_SIDES] }),
          check: str('The published check it breaks (error registry).'),
          detail: str('What was seen.'),
        }),
      },
      unjudged: str('Why the exchange was forwarded but not judged (the proxy kept too little of a body).'),
    },
    ['answered_at', 'response', 'unjudged'],
  );
