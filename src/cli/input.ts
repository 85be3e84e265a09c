import { NOT_UTF8 } from '../kit/usage.ts';
import { memberTexts, type NormalizationMode, parseJson, parseValidateRequest } from '../engine/index.ts';
import { readError } from '../kit/usage.ts';
import { MAX_INPUT_BYTES, readFileBounded } from './bounded-read.ts';
import { jsonSyntaxError } from '../http/request-body.ts';

/**
 * Turning one file into a validator input. A file holds a bare message, or a validate request
 * wrapper ({"message": ...}, read with the same rules as POST /v1/validate). Anything that is
 * not JSON, or a wrapper the API would reject, is an input error. The file's text is kept: the
 * engine reads duplicate member names from the message's text, and positions are measured in
 * the whole file (under /message for a wrapper).
 */
export interface ReadInput {
  readonly ok: true;
  readonly file: string;
  readonly message: unknown;
  readonly mode: NormalizationMode;
  /** The file's text, and the text of the message inside it (the same for a bare message). */
  readonly text: string;
  readonly messageText: string;
  /** Pointer of the message in the file: "" for a bare message, "/message" in a wrapper. */
  readonly prefix: string;
}

export type Input = ReadInput | { readonly ok: false; readonly file: string; readonly error: string };

/** A request wrapper: a top-level object with `message` and without `uai_version` (a message always has one). */
export function isRequestWrapper(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.hasOwn(value, 'message') &&
    !Object.hasOwn(value, 'uai_version')
  );
}

/** Parses file text; `mode` is --mode when given. */
export function inputFromText(file: string, withMark: string, mode: NormalizationMode | undefined): Input {
  let value: unknown;
  // A UTF-8 byte order mark is not JSON, but editors write it; drop it like most JSON tools do, before
  // anything is measured: positions do not count it (SARIF 2.1.0 section 3.30.2: a region's text
  // properties "SHALL NOT depend on the presence or absence of a byte order mark"; editors and
  // POST /v1/validate do not count it either).
  const text = withMark.charCodeAt(0) === 0xfeff ? withMark.slice(1) : withMark;
  try {
    value = parseJson(text);
  } catch (error) {
    // Where it goes wrong, as POST /v1/validate says it (V8 names no place for most errors).
    return { ok: false, file, error: `not valid JSON${jsonSyntaxError(text, error)}` };
  }
  if (!isRequestWrapper(value))
    return { ok: true, file, message: value, mode: mode ?? 'keyed-json', text, messageText: text, prefix: '' };
  // The CLI's --format decides the output, so the wrapper's own format is not read.
  const body: Record<string, unknown> = { message: value.message };
  if (mode !== undefined) body.normalization_mode = mode;
  else if (Object.hasOwn(value, 'normalization_mode')) body.normalization_mode = value.normalization_mode;
  const parsed = parseValidateRequest(body);
  if (!parsed.ok) return { ok: false, file, error: `not a usable validate request: ${parsed.detail}` };
  // The message's text as written, sliced out as POST /v1/validate slices it (one scan, no depth or
  // size limit): what parsing drops, repeated names and imprecise numbers, is judged as the route
  // judges it, and a wrapper that repeats one of its own members is refused as the route refuses it.
  const posted = memberTexts({ text }, ['message'], true);
  if (!posted.ok) return { ok: false, file, error: `not a usable validate request: ${posted.detail}` };
  const messageText = posted.value.message!;
  return {
    ok: true,
    file,
    message: parsed.value.message,
    mode: parsed.value.mode,
    text,
    messageText,
    prefix: '/message',
  };
}

// ignoreBOM keeps a byte order mark in the text, so that its readers see it: inputFromText drops it
// before anything is measured.
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A file's bytes as text, or undefined when they are not UTF-8. JSON exchanged between systems is
 * UTF-8 (RFC 8259 section 8.1) and POST /v1/validate answers other bytes request.malformed_json: a
 * lenient decode would put U+FFFD where the bad bytes are and judge, even find valid, a message
 * the file does not hold (a Latin-1 or UTF-16 file among them).
 */
export function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    return UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

export { NOT_UTF8 };

export async function readInput(
  file: string,
  mode: NormalizationMode | undefined,
  stdin: () => Promise<string | Uint8Array>,
  reserve?: (bytes: number) => void,
): Promise<Input> {
  let raw: string | Uint8Array;
  try {
    // Synchronous: files are read one after the other anyway, and a thread-pool round trip per
    // small file costs more than the read (measured in bench/package.ts on 2,000 files).
    raw = file === '-' ? await stdin() : readFileBounded(file, MAX_INPUT_BYTES, reserve);
  } catch (error) {
    return { ok: false, file, error: readError(error) };
  }
  const text = typeof raw === 'string' ? raw : utf8Text(raw);
  if (text === undefined) return { ok: false, file, error: NOT_UTF8 };
  return inputFromText(file, text, mode);
}
