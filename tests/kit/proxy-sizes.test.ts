import { describe, expect, it } from 'vitest';
import { RecordingJudge } from '../../src/kit/proxy/judge.ts';
import type { RecordedExchange } from '../../src/kit/proxy/recording.ts';
import { siteFor } from '../../src/standard/urls.ts';

/**
 * A body past the bound on one message is a fact of the wire: judged even when the proxy kept too
 * little to judge the rest, because its pool was in use by other exchanges (the flood test met
 * this as a missing finding when bodies were in flight at once).
 */
const exchange = (answerBytes: number, requestBytes: number): RecordedExchange => ({
  kind: 'uai.proxy.exchange.v1',
  index: 1,
  upstream: 'http://127.0.0.1:4610/uai',
  started_at: '2026-11-25T10:00:00.000Z',
  answered_at: '2026-11-25T10:00:00.010Z',
  ended_at: '2026-11-25T10:00:01.000Z',
  request: { method: 'POST', target: '/uai', headers: [], body: { bytes: requestBytes, truncated: true, text: '' } },
  response: { status: 200, headers: [], body: { bytes: answerBytes, truncated: true, text: '' } },
  faults: [],
  unjudged: 'the proxy kept too little of a body to judge it: its memory pool was in use',
});

describe('sizes of an exchange the pool left unjudged', () => {
  const sides = (x: RecordedExchange) =>
    new RecordingJudge(siteFor()).judge(x).findings.map((f) => `${f.side} ${f.check}`);

  it("an answer past the bound is the server's, a request past it the client's", () => {
    expect(sides(exchange(100 * 1024 * 1024, 6 * 1024 * 1024))).toEqual([
      'server transport.size_limit',
      'client client.within_budget',
    ]);
  });

  it('bodies within the bound give no finding', () => {
    expect(sides(exchange(1024, 1024))).toEqual([]);
  });
});
