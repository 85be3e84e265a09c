import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KitReport } from '../../src/kit/index.ts';
import { EXCHANGE_RULES } from '../../src/standard/exchange-rules.ts';
import { kindOf, onMessage, problem } from './broken-server-table.ts';
import { checksWith as withStatus, runKitOn, startKitServer, type Exchange, type KitServer } from './harness.ts';

/**
 * How `uai test` holds the typed errors refusing its hostile requests to the exchange rules: only a
 * body a server reads as a 1.0 message is answered by its refusal (a wrong checksum, an unknown
 * profile), and a refusal can fail a rule but never pass one. A refusal of what cannot be read as
 * such a message (version 2.0, a misspelled message_id) is not held to linkage it cannot have.
 */
let server: KitServer;
beforeAll(async () => void (server = await startKitServer()));
afterAll(async () => server.stop());

const run = (): Promise<KitReport> => runKitOn(server);
const isJson = (ex: Exchange) => (ex.response.headers.get('content-type') ?? '').startsWith('application/json');
const body = (ex: Exchange): Record<string, unknown> => {
  try {
    return JSON.parse(ex.requestText) as Record<string, unknown>;
  } catch {
    return {};
  }
};

describe('refusals of what cannot be read as a 1.0 message are not held to its linkage', () => {
  it('a misspelled message_id refused at sequence 1 with no parent (there is no id to name): nothing fails', async () => {
    server.transform = (ex) =>
      kindOf(ex) === 'hostile' && isJson(ex) && 'messageId' in body(ex)
        ? onMessage('hostile', (m) => {
            m.conversation.sequence = 1;
            delete m.conversation.parent_message_id;
            delete m.body.request_message_id;
          })(ex)
        : ex.response;
    const report = await run();
    expect(withStatus(report, 'fail')).toEqual([]);
    expect(report.exit_code).toBe(0);
  });

  it('version 2.0 refused under a conversation of its own (its members mean nothing under 1.0): nothing fails', async () => {
    server.transform = (ex) =>
      kindOf(ex) === 'hostile' && isJson(ex) && body(ex).uai_version === '2.0'
        ? onMessage('hostile', (m) => {
            m.conversation = { conversation_id: 'conv-own', turn_id: 'turn-own', sequence: 1 };
            m.target = { type: 'agent', id: 'whoever-sent-it' };
            delete m.body.request_message_id;
          })(ex)
        : ex.response;
    const report = await run();
    expect(withStatus(report, 'fail')).toEqual([]);
  });
});

describe('a refusal given before the body was read answers nothing of it', () => {
  it('the wrong checksum refused with 429 request.rate_limited under a conversation of its own: no exchange rule fails', async () => {
    server.transform = (ex) => {
      const sent = body(ex).integrity as { checksum?: string } | undefined;
      if (kindOf(ex) !== 'hostile' || !isJson(ex) || sent?.checksum !== `sha256:${'0'.repeat(64)}`) return ex.response;
      const limited = onMessage(
        'hostile',
        (m) => {
          m.conversation = { conversation_id: 'conv-limited', turn_id: 'turn-limited', sequence: 1 };
          m.body = {
            code: 'request.rate_limited',
            status: 429,
            title: 'Too many requests',
            detail: 'Slow down.',
            retryable: true,
            retry_after_seconds: 60,
          };
        },
        { status: 429 },
      );
      return limited(ex);
    };
    const report = await run();
    expect(report.checks.filter((c) => c.id.startsWith('exchange.') && c.status === 'fail')).toEqual([]);
    expect(report.checks.find((c) => c.id === 'hostile.checksum_mismatch')!.status).toBe('not_exercised');
  });
});

describe('a refusal can fail an exchange rule, never pass one', () => {
  it('an endpoint that answers every valid request with a 500 problem: no exchange rule passes on its refusals', async () => {
    server.transform = (ex) =>
      ex.method === 'POST' && kindOf(ex) !== 'hostile' ? problem(500, 'server.internal') : ex.response;
    const report = await run();
    const rules = new Set<string>(EXCHANGE_RULES.map((r) => r.id));
    const passed = report.checks.filter((c) => rules.has(c.id) && c.id !== 'message.own_ids' && c.status === 'pass');
    expect(passed.map((c) => c.id)).toEqual([]);
    expect(report.checks.find((c) => c.id === 'message.source_addressed')!.status).toBe('not_exercised');
    expect(report.exit_code).toBe(1);
  });
});

describe('message.source_addressed names only a party the kit addressed', () => {
  it('a statement whose source id is no string: the kit addressed the endpoint itself, so the check is not exercised, not failed', async () => {
    server.transform = onMessage('capability', (m) => void (m.source.id = 7));
    const report = await run();
    const verdict = report.checks.find((c) => c.id === 'message.source_addressed')!;
    expect(verdict.status).toBe('not_exercised');
    expect(verdict.evidence.join('\n')).toMatch(/no type and id strings, so the kit addressed the endpoint itself/);
  });
});

describe('a problem document sent as application/json', () => {
  it('fails its refusal, and the evidence names the media type, not a missing code', async () => {
    server.transform = (ex) => {
      if (kindOf(ex) !== 'hostile' || !(ex.response.headers.get('content-type') ?? '').includes('problem+json'))
        return ex.response;
      const headers = new Headers(ex.response.headers);
      headers.set('content-type', 'application/json');
      return new Response(ex.response.body, { status: ex.response.status, headers });
    };
    const report = await run();
    const media = report.checks.find((c) => c.id === 'hostile.media_type')!;
    expect(media.status).toBe('fail');
    expect(media.evidence.join('\n')).toMatch(
      /HTTP 415 with a problem document \(code request\.unsupported_media_type\) not sent as application\/problem\+json/,
    );
  });
});
