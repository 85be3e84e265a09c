import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refusalFaults, unknownSubjectFault } from '../../src/kit/judge/refusal.ts';
import { UNREGISTERED_SUBJECT } from '../../src/kit/server/requests.ts';
import { PROFILE_IDS } from '../../src/standard/profiles.ts';

/**
 * The kits' judge of a refusal, one rule at a time: each test breaks one thing a right refusal has
 * and expects exactly the fault that names it, so a rule dropped from refusalFaults fails here
 * even where no broken server of the kit's tables happens to break it.
 */
const problem = (): Record<string, unknown> => ({
  type: 'https://uai.example.org/error-registry/#request.invalid',
  title: 'Request message invalid',
  status: 400,
  detail: 'The checksum does not match.',
  code: 'request.invalid',
});
const errorMessage = (status: number) => ({
  profile: 'uai.error.v1',
  body: { code: 'exchange.request_invalid', status, message: 'The checksum does not match.', retryable: false },
});

describe('a refusal as CONTRACT section 8 asks for it', () => {
  it('a right problem and a right uai.error.v1 body have no fault', () => {
    expect(refusalFaults('hostile.checksum', 400, problem(), true)).toEqual([]);
    expect(refusalFaults('hostile.checksum', 400, errorMessage(400), false)).toEqual([]);
  });

  it.each([
    ['type', 'string'],
    ['title', 'string'],
    ['status', 'number'],
    ['detail', 'string'],
  ])('a problem without its %s %s fails, absent or of another type', (member, kind) => {
    const absent = problem();
    delete absent[member];
    expect(refusalFaults('hostile.checksum', 400, absent, true)).toEqual([`the problem has no ${member} ${kind}`]);
    const mistyped = { ...problem(), [member]: kind === 'number' ? '400' : 400 };
    expect(refusalFaults('hostile.checksum', 400, mistyped, true)).toEqual([`the problem has no ${member} ${kind}`]);
  });

  it("the error's own status is the answer's, in a problem and in a uai.error.v1 body", () => {
    expect(refusalFaults('hostile.checksum', 400, { ...problem(), status: 422 }, true)).toEqual([
      "HTTP 400, but the problem's status says 422",
    ]);
    expect(refusalFaults('hostile.checksum', 400, errorMessage(422), false)).toEqual([
      "HTTP 400, but the uai.error.v1 body's status says 422",
    ]);
  });
});

describe('a valid request naming an unregistered subject is answered 404 (CONTRACT section 6)', () => {
  const request = (subject: string) => ({ profile: 'uai.intent.request.v1', body: { subject } });

  it('any other status is a fault; 404 is none', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), (status) => {
        const fault = unknownSubjectFault(request(UNREGISTERED_SUBJECT), status);
        if (status === 404) expect(fault).toBeUndefined();
        else
          expect(fault).toBe(
            `HTTP ${status} to a request whose body.subject is no registered profile, which is answered 404 (CONTRACT section 6)`,
          );
      }),
    );
  });

  it('a registered subject, or another profile, asks for no 404', () => {
    for (const subject of PROFILE_IDS) expect(unknownSubjectFault(request(subject), 422)).toBeUndefined();
    const status = { profile: 'uai.task.status.v1', body: { subject: UNREGISTERED_SUBJECT } };
    expect(unknownSubjectFault(status, 422)).toBeUndefined();
  });
});
