import { describe, expect, it } from 'vitest';
import { parseValidateRequest, type Failure, type IssueDraft, type Outcome } from '../../src/engine/index.ts';
import { errorCode, issueCode, type ErrorCodeId, type IssueCodeId } from '../../src/standard/codes.ts';

/**
 * Issue and error codes are types (issue 12.3): a misspelled code is a compile error. The
 * `@ts-expect-error` lines below are checked by `npm run typecheck`; should a code type widen back
 * to string, they stop being errors and the typecheck fails.
 */
describe('typed codes', () => {
  it('an issue draft takes only published issue codes', () => {
    const good: IssueDraft = { code: 'schema.required', path: '/message_id', message: 'missing' };
    // @ts-expect-error 'schema.requried' is not a published issue code
    const bad: IssueDraft = { code: 'schema.requried', path: '', message: '' };
    expect(issueCode(good.code).severity).toBe('error');
    expect(issueCode(bad.code)).toBeUndefined();
  });

  it('a failure takes only published error codes', () => {
    const good: Failure = { ok: false, code: 'request.invalid', detail: 'no message' };
    // @ts-expect-error 'request.invlaid' is not a published error code
    const bad: Outcome = { ok: false, code: 'request.invlaid', detail: '' };
    expect(errorCode(good.code).status).toBe(400);
    expect(bad.ok).toBe(false);
  });

  it('the code types are the registry tables', () => {
    const issue: IssueCodeId = 'integrity.checksum_mismatch';
    const error: ErrorCodeId = 'route.not_found';
    // @ts-expect-error an issue code is not an error code
    const crossed: ErrorCodeId = 'schema.type';
    expect([issueCode(issue).level, errorCode(error).status, errorCode(crossed)]).toEqual(['L3', 404, undefined]);
  });

  it('body parsing fails with the same shape the shell reads', () => {
    const parsed = parseValidateRequest({ hello: 1 });
    expect(parsed).toEqual({
      ok: false,
      code: 'request.invalid',
      detail: expect.stringContaining('no message member'),
    });
  });
});
