import { describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '../../src/engine/index.ts';
import { post } from '../support/in-process.ts';

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
