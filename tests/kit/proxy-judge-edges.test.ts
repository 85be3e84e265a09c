import { describe, expect, it } from 'vitest';
import { capabilityStatement, publishedExamples } from '../../src/engine/index.ts';
import { ProxySession } from '../../src/kit/proxy/report.ts';
import { recordBody, type RecordedExchange } from '../../src/kit/proxy/recording.ts';
import { links, siteFor } from '../../src/standard/urls.ts';

/**
 * The proxy's judge on recorded exchanges written by hand, for the branches a mutation of the judge
 * showed no proxied server reaches: a statement in an error document's media type, a message of
 * another profile where the statement belongs, and checks of an exchange that did not apply to it.
 */
const site = siteFor('http://127.0.0.1:4610');
const upstream = links(site).referenceServer;
const body = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  return recordBody(bytes, bytes.length);
};
const exchange = (
  index: number,
  method: 'GET' | 'POST',
  requestText: string,
  status: number,
  type: string,
  answerText: string,
): RecordedExchange => ({
  kind: 'uai.proxy.exchange.v1',
  index,
  upstream,
  started_at: `2026-11-25T10:00:0${index}.000Z`,
  answered_at: `2026-11-25T10:00:0${index}.010Z`,
  ended_at: `2026-11-25T10:00:0${index}.020Z`,
  request: {
    method,
    target: new URL(upstream).pathname,
    headers: method === 'POST' ? [['content-type', 'application/json']] : [],
    body: body(requestText),
  },
  response: { status, headers: [['content-type', type]], body: body(answerText) },
  faults: [],
});
const serverChecks = (exchanges: readonly RecordedExchange[]) => {
  const session = new ProxySession(site);
  for (const x of exchanges) session.add(x);
  return session.report({ site, runId: '4bf92f3577b34da6a3ce929d0e0e4736', now: new Date('2026-11-25T10:01:00Z') })
    .server.checks;
};
const statusOf = (exchanges: readonly RecordedExchange[], id: string) =>
  serverChecks(exchanges).find((c) => c.id === id)!;
const example = (profile: string) => publishedExamples(site).find((e) => e.message.profile === profile)!.message;
const statement = JSON.stringify(capabilityStatement(site));

describe("the proxy's judge on hand-written exchanges", () => {
  it('the statement read as it should be passes capability.valid: the cases below differ from it in one point', () => {
    expect(statusOf([exchange(1, 'GET', '', 200, 'application/json', statement)], 'capability.valid').status).toBe(
      'pass',
    );
  });

  it('a valid statement sent as application/problem+json fails capability.valid', () => {
    const verdict = statusOf([exchange(1, 'GET', '', 200, 'application/problem+json', statement)], 'capability.valid');
    expect(verdict.status).toBe('fail');
    expect(verdict.evidence.join('\n')).toMatch(/application\/problem\+json/);
  });

  it('a valid message of another profile where the statement belongs fails capability.valid', () => {
    const response = JSON.stringify(example('uai.intent.response.v1'));
    const verdict = statusOf([exchange(1, 'GET', '', 200, 'application/json', response)], 'capability.valid');
    expect(verdict.status).toBe('fail');
    expect(verdict.evidence.join('\n')).toMatch(/not a uai\.capability\.statement\.v1/);
  });

  it('checks that did not apply to a completed exchange stay skipped, never passed', () => {
    const checks = serverChecks([
      exchange(1, 'GET', '', 200, 'application/json', statement),
      exchange(
        2,
        'POST',
        JSON.stringify(example('uai.intent.request.v1')),
        200,
        'application/json',
        JSON.stringify(example('uai.intent.response.v1')),
      ),
    ]);
    const of = (id: string) => checks.find((c) => c.id === id)!.status;
    // The exchange was judged: its messages were read and its copy rules applied.
    expect([of('message.valid'), of('exchange.conversation_id')]).toEqual(['pass', 'pass']);
    for (const id of [
      'exchange.completed_without_task',
      'exchange.error_code_published',
      'exchange.error_status',
      'exchange.error_retryable',
      'exchange.task_matches',
      'exchange.task_transition',
    ])
      expect(of(id), id).toBe('skip');
  });
});
