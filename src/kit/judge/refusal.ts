/**
 * How an answer must refuse a request the server may not take, one rule for `uai test` (its hostile
 * requests) and `uai proxy` (the same kinds of request, sent by a client for real), and the status a
 * request naming no registered profile is answered with.
 */
import { isCodeHelp, isRecord, shown } from '../../engine/index.ts';
import { errorCode } from '../../standard/code-shapes.ts';
import { isPublishedErrorCode } from '../../standard/codes.ts';
import { isUnregisteredProfileId } from '../../standard/profiles.ts';
import { codeAnchor, ERROR_REGISTRY_PAGE } from '../../standard/urls.ts';

/**
 * How each hostile kind is refused: the status, and for the three CONTRACT section 8 names with its
 * code, that code (415 request.unsupported_media_type, 400 request.malformed_json, 400
 * request.too_deep); a message that fails validation is 400 with a code the registry pairs with 400
 * (section 6). A 429 or a 503 says "later", not "never like this".
 */
const REFUSAL: Readonly<Record<string, { readonly status: number; readonly code?: string }>> = {
  'hostile.media_type': { status: 415, code: 'request.unsupported_media_type' },
  'hostile.malformed_json': { status: 400, code: 'request.malformed_json' },
  'hostile.too_deep': { status: 400, code: 'request.too_deep' },
};

/**
 * The causes CONTRACT section 8 keeps its three codes for. A refusal of a request with another
 * fault (a bad checksum, say) under one of them tells its client something false of the request.
 */
const NAMED_CAUSE: ReadonlyMap<string, string> = new Map([
  ['request.unsupported_media_type', 'a body not sent as JSON'],
  ['request.malformed_json', 'a body that is not JSON'],
  ['request.too_deep', 'a body nesting deeper than 64 levels'],
]);

/** The most of one line a pattern reads from where it starts: frames are shorter. */
const LINE = 1000;

/** A frame that names no place (Java `(Unknown Source)`, .NET without symbols): a method call on a line of its own. */
const BARE_FRAME = String.raw`[ \t]*at [\w$.<>\x60\[\],/]+\.[\w$<>\x60\[\]]+\((?:|Unknown Source|Native Method|[\w$]+\.java|[\w.<>\[\]]+ \w+(?:, [\w.<>\[\]]+ \w+)*)\)[ \t]*`;

/**
 * A stack trace as the common runtimes print one: a frame line `at f (file.js:1:2)` (V8, Java) or
 * `at f() in file.cs:line 3` (.NET), two frames that name no place (`at a.b.c(Unknown Source)`,
 * `at Acme.Handler.Handle(HttpContext ctx)`), Python's traceback or a frame of one (`File "x.py",
 * line 4, in f`), a Go panic's goroutine header, a Rust panic or backtrace, a PHP frame `#0
 * /app/x.php(12): `, its `Stack trace:` and `thrown in` lines, a Ruby frame `x.rb:12:in`.
 *
 * Every pattern is anchored where a trace line starts and reads at most one line of LINE
 * characters from there, never whitespace across lines: a body of 256 KiB (of newlines, say) is
 * scanned in milliseconds. `\s*` across lines took 95 s on 256 KiB of newlines.
 */
const STACK_TRACE = new RegExp(
  [
    String.raw`(?:^|\n)[ \t]*at \S[^\n]{0,${LINE}}?(?::\d+(?::\d+)?\)?|:line \d+)[ \t\r]*(?:$|\n)`,
    String.raw`(?:^|\n)${BARE_FRAME}\r?\n${BARE_FRAME}(?:$|\r?\n)`,
    String.raw`(?:^|\n)[ \t]*at [\w$./]+\((?:Unknown Source|Native Method)\)`,
    String.raw`Traceback \(most recent call last\)`,
    String.raw`\bFile "[^"\n]{1,${LINE}}", line \d+, in \S`,
    String.raw`goroutine \d+ \[[a-z ]+\]:`,
    String.raw`\bpanicked at\b|stack backtrace:`,
    String.raw`(?:^|\n)#\d+ \S+\(\d+\): `,
    String.raw`(?:^|\n)Stack trace:\r?\n#\d+ |\bthrown in \S+ on line \d+`,
    String.raw`\S\.rb:\d+:in [\x60']`,
  ].join('|'),
);

/**
 * A frame written inside a line (`... at JSON.parse (<anonymous>) at handle (/srv/app/server.js:88:17)`):
 * a name and a place of file, line and column in parentheses, each read for a bounded length.
 */
const INLINE_FRAME = /\bat [\w$.<>[\]]{1,100} \([^()\n]{1,200}:\d+:\d+\)/;

/**
 * An internal path (CONTRACT section 8: never a stack trace or an internal path): a source file with
 * a line number (`/srv/app/server.js:88`, `app\\handler.py:12`), a folder of installed dependencies
 * (`node_modules/`, `site-packages/`), or a Windows path through folders (`C:\\inetpub\\wwwroot\\`). A
 * URL path or a bare file name a detail may quote (`/v1/validate`, `message.json`) is none of these.
 */
const INTERNAL_PATH = new RegExp(
  [
    String.raw`[\\/][^\s'"()<>\\/]{1,100}\.(?:js|mjs|cjs|ts|py|rb|php|go|java|cs|rs|kt|scala):\d+`,
    String.raw`[\\/](?:node_modules|site-packages|dist-packages)[\\/]`,
    String.raw`\b[A-Za-z]:\\(?:[^\s\\'"<>|]{1,100}\\)+`,
  ].join('|'),
);

/** Values read for a stack trace: enough for any refusal, bounded whatever an answer nests. */
const TRACE_SCAN_LIMIT = 10_000;

/** What a refusal says that it must not: a stack trace or an internal path, in any string anywhere in it. */
function leaks(value: unknown): string | undefined {
  const pending: unknown[] = [value];
  for (let seen = 0; pending.length > 0 && seen < TRACE_SCAN_LIMIT; seen++) {
    const v = pending.pop();
    if (typeof v === 'string') {
      if (STACK_TRACE.test(v) || INLINE_FRAME.test(v)) return 'a stack trace';
      if (INTERNAL_PATH.test(v)) return 'an internal path';
    } else if (typeof v === 'object' && v !== null)
      for (const child of Array.isArray(v) ? v : Object.values(v)) {
        if (pending.length >= TRACE_SCAN_LIMIT) break;
        pending.push(child);
      }
  }
  return undefined;
}

const PROBLEM_MEMBERS = ['type', 'title', 'status', 'detail', 'code'] as const;

/**
 * A problem's `type` is its code's anchor on the error-registry page (CONTRACT section 8, as an
 * issue item's help_url is: issue.help_url_mismatch): a client that reads the type, as RFC 9457
 * means it to, must read the code the problem names.
 */
function problemTypeFault(typed: Record<string, unknown>, isProblem: boolean): string | undefined {
  const { type, code } = typed;
  if (!isProblem || typeof type !== 'string' || typeof code !== 'string' || isCodeHelp(type, code)) return undefined;
  return `the problem's type ${shown(type)} is not the anchor of ${code} on the error-registry page (<origin>${ERROR_REGISTRY_PAGE}#${codeAnchor(code)})`;
}

/** The typed part of an answer: the problem document, or the body of a uai.error.v1 message. */
const typedOf = (answer: unknown, isProblem: boolean): Record<string, unknown> | undefined =>
  isRecord(answer)
    ? isProblem
      ? answer
      : isRecord(answer.body) && answer.profile === 'uai.error.v1'
        ? answer.body
        : undefined
    : undefined;

/**
 * Refusals CONTRACT section 8 gives before a body is read (its size, the client's rate, its time):
 * they say nothing of what the body breaks, so they neither pass nor fail the refusal of it.
 */
const BEFORE_READING = new Set([
  'request.too_large',
  'request.rate_limited',
  'request.timeout',
  'request.headers_too_large',
]);

/** Why an answer refused the request before reading it (so its refusal of the content is unseen), if it did. */
export function refusedUnread(status: number, answer: unknown, isProblem: boolean): string | undefined {
  const code = typedOf(answer, isProblem)?.code;
  return status >= 400 && status < 500 && typeof code === 'string' && BEFORE_READING.has(code)
    ? `refused with ${status} ${code} before the body was read, so its refusal of what the body breaks was not seen`
    : undefined;
}

/**
 * Why a published code is in the wrong kind of error, if it is: the registry's `used_in` says
 * whether a code appears in an HTTP problem document, in a uai.error.v1 body, or both, and a client
 * that dispatches on the code reads it where the registry says it comes.
 */
function formFault(code: string, isProblem: boolean): string | undefined {
  const form = isProblem ? 'http-problem' : 'uai.error.v1';
  const usedIn = errorCode(code)?.used_in;
  return usedIn && !usedIn.includes(form)
    ? `code ${code} comes in ${isProblem ? 'a problem document' : 'a uai.error.v1 body'}, where the error registry publishes it for ${usedIn.join(' and ')} only`
    : undefined;
}

/** What an error says of itself wrongly whatever its status: a problem type that is not its code's anchor, a trace or a path. */
function contentFaults(typed: Record<string, unknown>, isProblem: boolean): string[] {
  const faults: string[] = [];
  const typeFault = problemTypeFault(typed, isProblem);
  if (typeFault) faults.push(typeFault);
  const leak = leaks(typed);
  if (leak) faults.push(`the ${isProblem ? 'problem' : 'error body'} carries ${leak}`);
  return faults;
}

/**
 * What is wrong with an answer to a request of the hostile kind `check`, or nothing when it refuses
 * it as CONTRACT sections 6 and 8 say: that status, a uai.error.v1 message or a problem document with
 * a published code (not one section 8 keeps for a cause the request does not have), the problem
 * with its five members, its own status the answer's (RFC 9457 section 3.1.2), and no stack trace
 * in either. `doubtfulJson`: the request's text is JSON a strict parser may refuse (a byte order
 * mark, a repeated member name, a number past the double range, a lone surrogate), so
 * `request.malformed_json` is a true answer to it whatever kind it is judged as. Ask
 * refusedUnread first.
 */
export function refusalFaults(
  check: string,
  status: number,
  answer: unknown,
  isProblem: boolean,
  doubtfulJson = false,
): string[] {
  const typed = typedOf(answer, isProblem);
  if (!(status >= 400 && status < 500 && typed && isPublishedErrorCode(typed.code))) {
    // A problem document's members under another media type: say so, not that no code came.
    if (
      !typed &&
      !isProblem &&
      isRecord(answer) &&
      isPublishedErrorCode(answer.code) &&
      typeof answer.type === 'string'
    )
      return [
        `HTTP ${status} with a problem document (code ${answer.code}) not sent as application/problem+json (RFC 9457 section 3), so no error a client reads as one`,
      ];
    return ['not refused with a 4xx and a published error code'];
  }
  const wanted = REFUSAL[check] ?? { status: 400 };
  if (status !== wanted.status) return [`HTTP ${status}, where this request is refused with ${wanted.status}`];
  const faults: string[] = [];
  const registered = errorCode(typed.code as string)?.status;
  const cause = NAMED_CAUSE.get(typed.code as string);
  if (wanted.code !== undefined && typed.code !== wanted.code)
    faults.push(`code ${typed.code as string}, where this request is refused with ${wanted.code}`);
  else if (wanted.code === undefined && cause && !(typed.code === 'request.malformed_json' && doubtfulJson))
    faults.push(
      `code ${typed.code as string}, which CONTRACT section 8 keeps for ${cause}: this request is refused for something else`,
    );
  else if (registered !== status)
    faults.push(`code ${typed.code as string} is registered with status ${registered}, not this refusal's ${status}`);
  const misplaced = formFault(typed.code as string, isProblem);
  if (misplaced) faults.push(misplaced);
  if (isProblem)
    for (const member of PROBLEM_MEMBERS) {
      const kind = member === 'status' ? 'number' : 'string';
      if (typeof typed[member] !== kind) faults.push(`the problem has no ${member} ${kind}`);
    }
  // The error's own status is the answer's: a client that reads one or the other must not be told two things.
  if (typeof typed.status === 'number' && typed.status !== status)
    faults.push(
      `HTTP ${status}, but the ${isProblem ? "problem's status" : "uai.error.v1 body's status"} says ${typed.status}`,
    );
  return [...faults, ...contentFaults(typed, isProblem)];
}

/**
 * Why a 429 or 503 that paced a poll says something its status does not: the error it carries (a
 * problem, or a uai.error.v1 body; none is asked for: the status and Retry-After say it all) names
 * an unpublished code, a code registered with another status (429 has one, request.rate_limited;
 * the registry gives 503 none, so a 503 may carry any published code), or a status of its own
 * that is not the answer's.
 */
export function pacedFaults(status: number, answer: unknown, isProblem: boolean): string[] {
  const typed = typedOf(answer, isProblem);
  if (!typed) return [];
  const what = isProblem ? "the problem's" : "the uai.error.v1 body's";
  const faults: string[] = [];
  if (!isPublishedErrorCode(typed.code))
    faults.push(`${what} code ${shown(typed.code) ?? 'is absent'}, which the error registry does not publish`);
  else {
    if (status === 429 && errorCode(typed.code as string)?.status !== 429)
      faults.push(
        `${what} code ${typed.code as string} is registered with status ${errorCode(typed.code as string)?.status}, not 429 (request.rate_limited is)`,
      );
    const misplaced = formFault(typed.code as string, isProblem);
    if (misplaced) faults.push(misplaced);
  }
  if (typeof typed.status === 'number' && typed.status !== status)
    faults.push(`HTTP ${status}, but ${what} status says ${typed.status}`);
  return [...faults, ...contentFaults(typed, isProblem)];
}

/**
 * Why the answer's status is wrong for a valid intent request whose subject is a well-formed
 * profile no registry lists: that is answered 404 (CONTRACT section 6), whatever the error body says
 * of itself. Only the subject: the contract names no status for the other two profiles a request
 * names (the reference server answers them 404 too; another server may answer them otherwise).
 */
export function unknownSubjectFault(request: unknown, status: number): string | undefined {
  if (status === 404 || !isRecord(request) || request.profile !== 'uai.intent.request.v1') return undefined;
  const subject = isRecord(request.body) && Object.hasOwn(request.body, 'subject') ? request.body.subject : undefined;
  return isUnregisteredProfileId(subject)
    ? `HTTP ${status} to a request whose body.subject is no registered profile, which is answered 404 (CONTRACT section 6)`
    : undefined;
}
