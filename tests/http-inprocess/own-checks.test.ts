import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkExchangeAction, mockExchangeAction } from '../../src/engine/index.ts';
import { actionHandler } from '../../src/http/action-handler.ts';
import { referenceServerHandler } from '../../src/http/reference-server-handler.ts';
import { edgeRequests } from '../support/edge-requests.ts';
import { NOW, ORIGIN, site } from '../support/in-process.ts';

/**
 * The service's answers pass its own checks, over HTTP in process, for valid requests at the
 * edges (tests/support/edge-requests.ts): the mock exchange's answer to any of them breaks no
 * must-rule of POST /v1/check-exchange, and every task the reference server accepts is one its
 * task route can be polled for.
 */
const now = () => NOW;
const mock = actionHandler({ site, action: mockExchangeAction, now });
const check = actionHandler({ site, action: checkExchangeAction, now });
const referenceServer = referenceServerHandler({ site, now });

const post = (handler: (r: Request) => Promise<Response>, path: string, body: unknown) =>
  handler(
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );

type Json = Record<string, any>;

/** What the two validations and the exchange rules found wrong with one exchange, as lines. */
function faults(verdict: Json): string[] {
  const lines: string[] = [];
  for (const side of ['request_validation', 'response_validation'])
    for (const i of [...verdict[side].errors, ...verdict[side].warnings]) lines.push(`${side} ${i.code} ${i.path}`);
  for (const v of verdict.exchange.verdicts)
    if (v.status === 'fail' && v.severity === 'must')
      for (const f of v.findings) lines.push(`${v.id} ${f.path}: ${f.message}`);
  return lines;
}

async function checked(request: unknown, response: unknown, httpStatus: number, previous?: unknown): Promise<Json> {
  const res = await post(check, '/v1/check-exchange', { request, response, http_status: httpStatus, previous });
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}

describe('the mock exchange answers as POST /v1/check-exchange checks', () => {
  it('no must-failure and clean messages for valid requests at the edges, in every scenario', async () => {
    await fc.assert(
      fc.asyncProperty(edgeRequests(site), async ({ message, scenario }) => {
        const res = await post(mock, '/v1/mock-exchange', { message, scenario });
        expect(res.status).toBe(200);
        const result = (await res.json()) as Json;
        expect(result.request.validation.issue_count).toBe(0);
        // Spec 4.1 and 4.2 rules 5 and 13: the answer and both conformance records carry the
        // sequence after the one they follow, wherever it can be written exactly (docs/decisions.md).
        const after = (q: number, otherwise: number) => (Number.isSafeInteger(q) ? q + 1 : otherwise);
        const sent = (message.conversation as Json).sequence as number;
        const answered = result.response_message.conversation.sequence;
        expect([
          answered,
          result.request.validation.conformance_record.conversation.sequence,
          result.response_validation.conformance_record.conversation.sequence,
        ]).toEqual([after(sent, 2), after(sent, 1), after(answered, 1)]);
        const verdict = await checked(message, result.response_message, result.http_status);
        expect(faults(verdict)).toEqual([]);
        expect(verdict.conforms).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('every task the reference server accepts can be polled', () => {
  it('an async request at the edges is accepted with a reference its task route reads, or declined without one', async () => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(edgeRequests(site, ['async']), async ({ message }) => {
        const res = await post(referenceServer, '/v1/reference-server', message);
        const answer = (await res.json()) as Json;
        seen.add(res.status);
        expect(faults(await checked(message, answer, res.status))).toEqual([]);
        if (res.status === 422) {
          expect(answer.body.code).toBe('exchange.intent_unprocessable');
          expect(answer.delivery.task_ref).toBeUndefined();
          return;
        }
        expect(res.status).toBe(202);
        const ref = answer.delivery.task_ref as string;
        const poll = await referenceServer(
          new Request(`${ORIGIN}/v1/reference-server/tasks/${encodeURIComponent(ref)}`),
        );
        const status = (await poll.json()) as Json;
        expect([poll.status, status.body?.task_id]).toEqual([200, ref]);
        expect(faults(await checked(message, status, poll.status, answer))).toEqual([]);
      }),
      { numRuns: 300 },
    );
    // Both ways are taken: the property is not held by declining everything (or nothing).
    expect([...seen].sort()).toEqual([202, 422]);
  });
});
