import { describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '../../src/engine/index.ts';
import { referenceServerHandler } from '../../src/http/reference-server-handler.ts';
import { NOW, post, site } from '../support/in-process.ts';

/**
 * Fixed in "message depth counted as the engine counts it": the HTTP body reader counted the
 * {"message": ...} wrapper as a level, so a message the engine accepts (MAX_DEPTH levels) was
 * refused as request.too_deep before it reached the engine.
 */
const nested = (levels: number): unknown => {
  let v: unknown = 'bottom';
  for (let i = 0; i < levels; i += 1) v = [v];
  return v;
};

describe('regression: the body limit counts the message, not its wrapper', () => {
  it(`a message ${MAX_DEPTH} levels deep reaches the validator`, async () => {
    const response = await post('validate', { message: nested(MAX_DEPTH), normalization_mode: 'keyless-json' });
    expect(response.status).toBe(200);
    expect((await response.json()).errors.map((e: { code: string }) => e.code)).not.toContain('message.too_deep');
  });

  it(`a message ${MAX_DEPTH + 1} levels deep is refused at the body`, async () => {
    const response = await post('validate', { message: nested(MAX_DEPTH + 1) });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('request.too_deep');
  });
});

describe('regression: the reference server, whose body is the message, refuses past 64 levels at the body', () => {
  // It let a 65-level message through to the engine, which answered a uai.error.v1 instead of the
  // request.too_deep problem every other POST route gives a message that deep (CONTRACT section 8).
  const handle = referenceServerHandler({ site, now: () => NOW });
  const postBare = (message: unknown) =>
    handle(
      new Request(`${site.origin}/v1/reference-server`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
      }),
    );

  it(`a message ${MAX_DEPTH} levels deep reaches the engine`, async () => {
    // Answered by the engine: a typed error (keyless, as the array was), not a problem document.
    const response = await postBare(nested(MAX_DEPTH));
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.stringify(await response.json())).toContain('exchange.request_invalid');
  });

  it(`a message ${MAX_DEPTH + 1} levels deep is refused at the body, as by the other routes`, async () => {
    const response = await postBare(nested(MAX_DEPTH + 1));
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await response.json()).code).toBe('request.too_deep');
    const wrapped = await post('mock-exchange', { message: nested(MAX_DEPTH + 1) });
    expect([wrapped.status, (await wrapped.json()).code]).toEqual([400, 'request.too_deep']);
  });
});
