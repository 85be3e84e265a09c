import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pacedFaults, refusalFaults } from '../../src/kit/judge/refusal.ts';

/**
 * A refusal carries no stack trace (CONTRACT section 8), in any of the forms the common runtimes
 * print, and a text that only reads like one in passing (a message about a position, a file, a
 * line) is no trace: judged by refusalFaults on a problem whose other members are right.
 */
const refusal = (detail: string) => ({
  type: 'https://uai.example.org/error-registry/#request.invalid',
  title: 'Request message invalid',
  status: 400,
  detail,
  code: 'request.invalid',
});
const faults = (detail: string) => refusalFaults('hostile.checksum', 400, refusal(detail), true);
const TRACE = 'the problem carries a stack trace';

describe('a stack trace in a refusal', () => {
  it.each([
    ['V8', 'TypeError: x is undefined\n    at check (/srv/app/validate.js:12:7)'],
    ['Java', 'java.lang.IllegalStateException: boom\n\tat a.b.C.d(C.java:12)'],
    [
      'Java without line numbers',
      'java.lang.IllegalStateException: boom\n\tat a.a.a(Unknown Source)\n\tat a.a.b(Unknown Source)',
    ],
    [
      'Java, native frames',
      'java.lang.Error: x\n\tat java.lang.Thread.sleep(Native Method)\n\tat a.B.run(Native Method)',
    ],
    ['.NET with lines', 'System.Exception: x\n   at Acme.Handler.Handle() in /src/Handler.cs:line 3'],
    [
      '.NET without symbols',
      'System.NullReferenceException: Object reference not set\n   at Acme.Handler.Handle(HttpContext ctx)\n   at Acme.Program.Main()',
    ],
    ['Python', 'Traceback (most recent call last):\n  File "/srv/app/server.py", line 41, in handle'],
    ['Python frames without their header', '  File "/srv/app/handler.py", line 42, in handle\n    check(msg)\n'],
    ['Go', 'runtime error\n\ngoroutine 7 [running]:\nmain.handle(...)'],
    ['Rust', "thread 'main' panicked at src/main.rs:4:5:\nboom"],
    [
      'PHP uncaught',
      'PHP Fatal error:  Uncaught Exception: boom in /var/www/html/index.php:3\nStack trace:\n#0 {main}\n  thrown in /var/www/html/index.php on line 3',
    ],
    ['PHP frames', '#0 /app/x.php(12): handle()\n#1 {main}'],
    [
      'PHP, its last line alone',
      'PHP Fatal error:  Uncaught Exception: boom\n  thrown in /var/www/html/index.php on line 3',
    ],
    ['one Java frame without a place', 'java.lang.Error: x\n\tat com.acme.Handler.handle(Unknown Source)'],
    ['Ruby', "app.rb:12:in `handle'"],
  ])('%s is found', (_runtime, trace) => expect(faults(trace)).toContain(TRACE));

  it.each([
    'The checksum does not match: expected sha256:ab, got sha256:cd.',
    'Look at message_id (the one you sent).',
    'Unexpected token at position 12 (line 1, column 13).',
    'File "a.json" is not valid.',
    'at least one of source.id or target.id (both are missing)',
    'The request was refused.\nTry again with a valid message.',
    'Invalid message:\n  at body.subject(required)\n  at body.intent(required)',
  ])('%j is no trace', (detail) => expect(faults(detail)).toEqual([]));

  it('no sentence of plain words reads as one', () => {
    const word = fc.stringMatching(/^[A-Za-z]{1,8}$/);
    fc.assert(
      fc.property(fc.array(fc.array(word, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 4 }), (lines) => {
        expect(faults(lines.map((l) => `${l.join(' ')}.`).join('\n'))).toEqual([]);
      }),
    );
  });
});

describe('an internal path in a refusal (CONTRACT section 8)', () => {
  it.each([
    [
      'a frame inside a line',
      'Unexpected end of JSON input at JSON.parse (<anonymous>) at handle (/srv/app/server.js:88:17)',
    ],
  ])('%s is a trace', (_, detail) => expect(faults(detail)).toEqual([TRACE]));
  it.each([
    ['a source file with its line', 'failed in /srv/app/server.js:88'],
    ['installed dependencies', 'failed in /srv/app/node_modules/body-parser/lib/types/json.js'],
    ['Python packages', 'raised in /usr/lib/python3/dist-packages/app/view.py'],
    ['a Windows folder path', 'see C:\\inetpub\\wwwroot\\app\\web.config'],
  ])('%s is an internal path', (_, detail) => expect(faults(detail)).toEqual(['the problem carries an internal path']));
  it.each([
    'POST /v1/validate takes a {"message": ...} body.',
    'See https://uai.example.org/v1/schemas/uai.intent.request.v1 and /error-registry/#request.invalid.',
    'message.json is not valid at line 3, column 7.',
    'The path /body/items/0 is missing; expected a:b:c.',
    'Times like 10:30:00 or C: drive letters alone are no path.',
  ])('%j is no internal path', (detail) => expect(faults(detail)).toEqual([]));
});

describe("a problem's type is its code's anchor", () => {
  it.each([
    ['about:blank', ['the problem\'s type "about:blank" is not the anchor']],
    ['https://uai.example.org/error-registry/#request.too_deep', ['is not the anchor of request.invalid']],
    ['https://uai.example.org/error-registry/?#request.invalid', ['is not the anchor of request.invalid']],
    ['https://other.example/prefix/error-registry/#request.invalid', []],
  ])('%s', (type, expected) => {
    const got = refusalFaults('hostile.checksum', 400, { ...refusal('No.'), type }, true);
    expect(got).toEqual(expected.map((e) => expect.stringContaining(e)));
  });
});

describe('a 429 or 503 that paces a poll says what its status says', () => {
  const paced = (status: number, code: string) =>
    pacedFaults(
      status,
      { type: `https://uai.example.org/error-registry/#${code}`, title: 'Later', status, detail: 'Later.', code },
      true,
    );
  it.each([
    [429, 'request.rate_limited', []],
    [429, 'server.internal', [expect.stringMatching(/registered with status 500, not 429/)]],
    // The registry gives 503 no code of its own, and CONTRACT section 8 asks a problem for one: any published code.
    [503, 'server.internal', []],
    [503, 'not.a.code', [expect.stringMatching(/does not publish/)]],
    // The registry's used_in: exchange.* codes come in uai.error.v1 bodies, never in a problem.
    [503, 'exchange.intent_unprocessable', [expect.stringMatching(/publishes it for uai\.error\.v1 only/)]],
  ])('%i with %s', (status, code, expected) => expect(paced(status, code)).toEqual(expected));

  it('a uai.error.v1 body carries only codes the registry publishes for uai.error.v1', () => {
    const body = (code: string) => ({ profile: 'uai.error.v1', body: { code, status: 503, message: 'Later.' } });
    expect(pacedFaults(503, body('task.execution_failed'), false)).toEqual([]);
    expect(pacedFaults(503, body('request.rate_limited'), false)).toEqual([
      expect.stringMatching(/in a uai\.error\.v1 body, where the error registry publishes it for http-problem only/),
    ]);
  });
});

/**
 * A server's refusal is read whole for a trace: bodies built so that a pattern could backtrack over
 * them stay a bound, not a stall (256 KiB of newlines took 95 s when a frame's indent was `\s*`).
 */
describe('reading a refusal for a trace is bounded', () => {
  const N = 256 * 1024;
  it.each([
    ['newlines', '\n'.repeat(N)],
    ['whitespace lines', ' \n\t\r\n'.repeat(N / 5)],
    ['line starts with at', '\nat x'.repeat(N / 5)],
    ['unclosed Python frames', 'File "x '.repeat(N / 8)],
    ['dotted names without a call', `\nat a.${'b.'.repeat(500)}`.repeat(N / 1006)],
    ['colons after a frame', `\nat x${':'.repeat(900)}`.repeat(N / 905)],
  ])('%s: judged in well under a second', (_name, detail) => {
    const started = performance.now();
    expect(faults(detail)).toEqual([]);
    // A bound, not a benchmark: the quadratic form took minutes.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
