import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal } from '../../src/engine/index.ts';
import { MOCK_SCENARIOS } from '../../src/standard/value-sets.ts';
import {
  expectedServer,
  expectHeader,
  openApiValidator,
  postJson,
  SECURITY,
  securityHeadersOf,
  startServer,
  type RunningServer,
} from './server.ts';

/** POST /v1/validate and /v1/mock-exchange over HTTP (CONTRACT sections 4, 6 and 8). */
let server: RunningServer;
let examples: { profile: string; message: Record<string, unknown> }[];
const schema = openApiValidator();

beforeAll(async () => {
  server = await startServer();
  const list = await (await fetch(`${server.base}/v1/examples`)).json();
  examples = await Promise.all(
    list.examples.map(async (e: { profile: string }) => {
      const record = await (await fetch(`${server.base}/v1/examples/${e.profile}`)).json();
      return { profile: e.profile, message: record.message };
    }),
  );
}, 30_000);
afterAll(() => server?.stop());

const request = () => examples.find((e) => e.profile === 'uai.intent.request.v1')!.message;

function expectActionHeaders(response: Response) {
  expect(securityHeadersOf(response)).toEqual(SECURITY);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expectHeader(response, 'x-powered-by', 'function', null);
  expect(response.headers.get('server')).toBe(expectedServer());
}

async function validateBack(message: unknown) {
  const response = await postJson(server.base, '/v1/validate', { message });
  expect(response.status).toBe(200);
  return response.json();
}

describe('POST /v1/validate', () => {
  it('every published example is valid with 0 warnings and matches ValidatorResult', async () => {
    for (const { profile, message } of examples) {
      const response = await postJson(server.base, '/v1/validate', { message });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expectActionHeaders(response);
      const result = await response.json();
      expect({ profile, valid: result.valid, errors: result.error_count, warnings: result.warning_count }).toEqual({
        profile,
        valid: true,
        errors: 0,
        warnings: 0,
      });
      expect(schema('ValidatorResult', result)).toEqual([]);
      expect(result.conformance_record.conversation.sequence).toBe(
        (message.conversation as { sequence: number }).sequence + 1,
      );
    }
  });

  it('format=record is a download of the conformance record', async () => {
    const response = await postJson(server.base, '/v1/validate', { message: request(), format: 'record' });
    expect(response.status).toBe(200);
    const record = await response.json();
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${record.message_id}.json"`);
    expect(schema('ConformanceResultMessage', record)).toEqual([]);
  });

  it('an invalid message is still HTTP 200 with valid false', async () => {
    const broken = { ...request(), uai_version: '2.0' };
    const result = await validateBack(broken);
    expect(result.valid).toBe(false);
    expect(result.errors.map((e: { code: string }) => e.code)).toContain('envelope.version_unsupported');
    expect(schema('ValidatorResult', result)).toEqual([]);
  });
});

describe('POST /v1/mock-exchange', () => {
  for (const scenario of MOCK_SCENARIOS) {
    it(`${scenario}: every example, both formats; responses validate back clean`, async () => {
      for (const { profile, message } of examples) {
        const response = await postJson(server.base, '/v1/mock-exchange', { scenario, message });
        expect(response.status).toBe(200);
        expectActionHeaders(response);
        const result = await response.json();
        expect(schema('MockExchangeResult', result)).toEqual([]);
        expect(result.kind).toBe('uai.mock.exchange.result.v1');
        expect(result.scenario).toBe(scenario);
        const expected =
          profile === 'uai.intent.request.v1'
            ? { 'accepted-task': 202, 'completed-response': 200, 'typed-error': 422 }[scenario]
            : 400;
        expect({ profile, status: result.http_status }).toEqual({ profile, status: expected });
        if (profile !== 'uai.intent.request.v1')
          expect(result.response_message.body.code).toBe('exchange.wrong_profile');
        expect(result.response_validation.error_count + result.response_validation.warning_count).toBe(0);
        expect(result.request.validation.conformance_record.conversation.sequence).toBe(
          message.conversation && (message.conversation as { sequence: number }).sequence + 1,
        );
        const back = await validateBack(result.response_message);
        expect({ profile, scenario, errors: back.errors, warnings: back.warnings }).toEqual({
          profile,
          scenario,
          errors: [],
          warnings: [],
        });

        const alone = await (
          await postJson(server.base, '/v1/mock-exchange', { scenario, message, format: 'message' })
        ).json();
        expect(alone.message_id).toBe(result.response_message.message_id);
        expect(schema('AnyMessage', alone)).toEqual([]);
      }
    });
  }

  it('completed-response carries the schema, example and order map the parameters ask for', async () => {
    const result = await (
      await postJson(server.base, '/v1/mock-exchange', { scenario: 'completed-response', message: request() })
    ).json();
    const inline = result.response_message.body.result;
    const published = await (await fetch(`${server.base}/v1/schemas/uai.task.status.v1`)).json();
    const example = await (await fetch(`${server.base}/v1/examples/uai.task.status.v1`)).json();
    expect(inline.schema).toEqual(published);
    expect(inline.example).toEqual(example.message);
    expect(inline.field_order_map.profile_identifier).toBe('uai.task.status.v1');
    expect(result.response_message.body.status).toBe('completed');
    expect(result.response_message.body.task_ref).toBeUndefined();
  });

  it('identical requests give identical ids; different requests differ', async () => {
    const ids = async (body: unknown) => {
      const m = (await (await postJson(server.base, '/v1/mock-exchange', body)).json()).response_message;
      return [m.message_id, m.conversation.turn_id, m.delivery.task_ref];
    };
    const a = await ids({ message: request() });
    expect(await ids({ message: request() })).toEqual(a);
    const other = seal({ ...request(), message_id: 'msg-req-0099' });
    const b = await ids({ message: other });
    const c = await ids({ message: request(), scenario: 'typed-error' });
    for (const [x, y] of [
      [a, b],
      [a, c],
    ] as const) {
      expect(x[0]).not.toBe(y[0]);
      expect(x[1]).not.toBe(y[1]);
    }
    expect(a[2]).not.toBe(b[2]);
  });

  it('an invalid request message gets a typed 400 error with its issues', async () => {
    const result = await (
      await postJson(server.base, '/v1/mock-exchange', { message: { ...request(), message_id: 42 } })
    ).json();
    expect(result.http_status).toBe(400);
    expect(result.response_message.body.code).toBe('exchange.request_invalid');
    expect(result.response_message.body.errors.length).toBeGreaterThan(0);
    expect((await validateBack(result.response_message)).issue_count).toBe(0);
  });

  it('an unknown subject gets a typed 404 error', async () => {
    const message = request();
    const result = await (
      await postJson(server.base, '/v1/mock-exchange', {
        message: seal({ ...message, body: { ...(message.body as object), subject: 'uai.unknown.v1' } }),
      })
    ).json();
    expect(result.http_status).toBe(404);
    expect(result.response_message.body.code).toBe('exchange.subject_unknown');
    expect((await validateBack(result.response_message)).issue_count).toBe(0);
  });
});

describe('HTTP errors (CONTRACT section 8)', () => {
  const expectProblem = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expectActionHeaders(response);
    const body = await response.json();
    expect(body).toMatchObject({ status, code, title: expect.any(String), detail: expect.any(String) });
    expect(body.type).toMatch(new RegExp(`/error-registry/#${code.replace('.', '\\.')}$`));
    expect(schema('Problem', body)).toEqual([]);
    expect(JSON.stringify(body)).not.toMatch(/\/work\/|at .*\.ts:|node:internal/);
    return body;
  };

  for (const path of ['/v1/validate', '/v1/mock-exchange']) {
    describe(path, () => {
      it('malformed JSON: 400 with the position', async () => {
        // Bytes that are not JSON go to the service itself: a validating proxy parses the body first.
        const body = await expectProblem(
          await postJson(server.direct, path, '{"message": {"a": }'),
          400,
          'request.malformed_json',
        );
        expect(body.detail).toMatch(/position 18/);
      });
      it('wrong media type: 415', async () => {
        await expectProblem(
          await fetch(`${server.base}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'text/plain' },
            body: '{}',
          }),
          415,
          'request.unsupported_media_type',
        );
      });
      it('+json media types are accepted', async () => {
        const response = await postJson(
          server.base,
          path,
          { message: request() },
          { 'content-type': 'application/vnd.uai+json; charset=utf-8' },
        );
        expect(response.status).toBe(200);
      });
      it('300 KB body: 413', async () => {
        const big = JSON.stringify({ message: request(), pad: 'x'.repeat(300 * 1024) });
        await expectProblem(await postJson(server.base, path, big), 413, 'request.too_large');
      });
      it('300 KB streamed without Content-Length: 413', async () => {
        const chunk = new TextEncoder().encode('x'.repeat(1024));
        let sent = 0;
        const stream = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent === 0) controller.enqueue(new TextEncoder().encode('{"pad":"'));
            if (sent++ < 300) controller.enqueue(chunk);
            else {
              controller.enqueue(new TextEncoder().encode('"}'));
              controller.close();
            }
          },
        });
        // A chunked body goes to the service itself too: the proxy answers it 500.
        const response = await fetch(`${server.direct}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: stream,
          duplex: 'half',
        } as RequestInit);
        await expectProblem(response, 413, 'request.too_large');
      });
      it('depth 200: 400 too deep', async () => {
        const deep = `{"message":${'['.repeat(200)}${']'.repeat(200)}}`;
        await expectProblem(await postJson(server.base, path, deep), 400, 'request.too_deep');
      });
      it('missing message: 400 request.invalid', async () => {
        await expectProblem(await postJson(server.base, path, { scenario: 'accepted-task' }), 400, 'request.invalid');
      });
      it('bare message: 400 with a detail that says to wrap it', async () => {
        const body = await expectProblem(await postJson(server.base, path, request()), 400, 'request.invalid');
        expect(body.detail).toMatch(/\{"message": /);
      });
      it('OPTIONS preflight: 204 with CORS', async () => {
        const response = await fetch(`${server.base}${path}`, { method: 'OPTIONS' });
        expect(response.status).toBe(204);
        expect(securityHeadersOf(response)).toEqual(SECURITY);
        expect(response.headers.get('access-control-allow-origin')).toBe('*');
        expect(response.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
        expect(response.headers.get('access-control-allow-headers')).toBe('Content-Type');
        expect(response.headers.get('access-control-max-age')).toBe('86400');
      });
      it('hostile values do not crash it', async () => {
        for (const text of [
          '{"message":{"__proto__":{"x":1},"a":1e400,"b":"\\ud800"}}',
          '{"message":{"constructor":{"prototype":1}}}',
          `{"message":{"s":"${'y'.repeat(200_000)}"}}`,
        ]) {
          const response = await postJson(server.base, path, text);
          expect(response.status).toBe(200);
        }
      });
    });
  }

  it('unknown scenario, format and mode: 400 request.invalid', async () => {
    await expectProblem(
      await postJson(server.base, '/v1/mock-exchange', { message: request(), scenario: 'nope' }),
      400,
      'request.invalid',
    );
    await expectProblem(
      await postJson(server.base, '/v1/mock-exchange', { message: request(), format: 'nope' }),
      400,
      'request.invalid',
    );
    await expectProblem(
      await postJson(server.base, '/v1/validate', { message: request(), normalization_mode: 'nope' }),
      400,
      'request.invalid',
    );
    await expectProblem(
      await postJson(server.base, '/v1/validate', { message: request(), format: 'nope' }),
      400,
      'request.invalid',
    );
  });
});
