import { describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '../../src/engine/index.ts';
import { post, requestExample } from '../support/in-process.ts';

/**
 * Fixed in "problem details that say what was sent": an empty charset parameter was quoted as
 * "not charset ; omit charset", and a body nesting too deep in a member the route ignores was
 * said to be a message nesting too deep.
 */
const nested = (levels: number): unknown => {
  let v: unknown = 0;
  for (let i = 0; i < levels; i++) v = [v];
  return v;
};

describe('regression: problem details say what was sent', () => {
  it('an empty charset is named as one (415)', async () => {
    const response = await post(
      'validate',
      { message: requestExample() },
      { 'content-type': 'application/json; charset=' },
    );
    expect(response.status).toBe(415);
    expect((await response.json()).detail).toBe(
      'The body must be UTF-8 JSON (RFC 8259 section 8.1), not an empty charset; omit charset or send charset=utf-8.',
    );
  });

  it('a body nesting too deep outside its message is said to be the body (400 request.too_deep)', async () => {
    const response = await post('validate', { message: requestExample(), ignored: nested(200) });
    expect(response.status).toBe(400);
    const problem = await response.json();
    expect(problem.code).toBe('request.too_deep');
    expect(problem.detail).toBe(`The request body nests deeper than ${MAX_DEPTH + 1} levels.`);
  });
});
