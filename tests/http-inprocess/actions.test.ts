import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/standard/codes.ts';
import { links } from '../../src/standard/urls.ts';
import { handlers, ORIGIN, post, requestExample, site, type ActionRoute } from '../support/in-process.ts';

/**
 * The HTTP shell of both POST routes (CONTRACT section 8) in process, with real Request objects:
 * methods, media types, limits, JSON errors, problem documents and headers. The socket suites
 * (tests/http) check the same surface end to end.
 */
const routes = Object.keys(handlers) as ActionRoute[];
const statusOf = (code: string) => ERROR_CODES.find((c) => c.code === code)!.status;

async function problem(response: Response, code: string) {
  expect(response.status).toBe(statusOf(code));
  expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  const body = await response.json();
  expect(body).toMatchObject({ code, status: statusOf(code), type: links(site).codeHelp(code) });
  return body;
}

describe.each(routes)('POST /v1/%s in process', (route) => {
  const handle = handlers[route];

  it('answers the request example with 200 JSON and the action headers', async () => {
    const response = await post(route, { message: requestExample() });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('OPTIONS is a 204 preflight; other methods are 405 with Allow', async () => {
    const preflight = await handle(new Request(`${ORIGIN}/v1/${route}`, { method: 'OPTIONS' }));
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    const get = await handle(new Request(`${ORIGIN}/v1/${route}`));
    await problem(get, 'request.method_not_allowed');
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('refuses what is not JSON, too large or too deep with the registry code', async () => {
    await problem(await post(route, '{}', { 'content-type': 'text/plain' }), 'request.unsupported_media_type');
    await problem(await post(route, JSON.stringify({ message: 'x'.repeat(300_000) })), 'request.too_large');
    await problem(await post(route, `{"message":${'['.repeat(200)}${']'.repeat(200)}}`), 'request.too_deep');
    const malformed = await problem(await post(route, '{"message": {"a": 1,}}'), 'request.malformed_json');
    expect(malformed.detail).toMatch(/position 20 \(line 1, column 21\)/);
  });

  it('a body without a message is request.invalid with a detail that says what to send', async () => {
    const body = await problem(await post(route, { hello: 1 }), 'request.invalid');
    expect(body.detail).toMatch(/no message member/);
  });

  it('+json media types are accepted', async () => {
    const response = await post(
      route,
      { message: requestExample() },
      { 'content-type': 'application/vnd.uai+json; charset=utf-8' },
    );
    expect(response.status).toBe(200);
  });
});

describe('format members', () => {
  it('format=record is an attachment named after the record', async () => {
    const response = await post('validate', { message: requestExample(), format: 'record' });
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="chk-[0-9a-f]{16}\.json"$/);
  });

  it('format=sarif is application/sarif+json', async () => {
    const response = await post('validate', { message: requestExample(), format: 'sarif' });
    expect(response.headers.get('content-type')).toBe('application/sarif+json; charset=utf-8');
    expect((await response.json()).version).toBe('2.1.0');
  });

  it('format=message answers with the response message alone', async () => {
    const body = await (await post('mock-exchange', { message: requestExample(), format: 'message' })).json();
    expect(body.profile).toBe('uai.intent.response.v1');
  });
});
