import { readFile } from 'node:fs/promises';
import { isRecord, parseValidateRequest, type NormalizationMode } from '../engine/index.ts';

/**
 * Turning one file into a validator input. A file holds a bare message, or a validate request
 * wrapper ({"message": ...}, read with the same rules as POST /v1/validate). Anything that is
 * not JSON, or a wrapper the API would reject, is an input error (exit status 2).
 */
export type Input =
  | { readonly ok: true; readonly file: string; readonly message: unknown; readonly mode: NormalizationMode }
  | { readonly ok: false; readonly file: string; readonly error: string };

/** A request wrapper: a top-level object with `message` and without `uai_version` (a message always has one). */
export function isRequestWrapper(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && Object.hasOwn(value, 'message') && !Object.hasOwn(value, 'uai_version');
}

/** Parses file text; `mode` is --mode when given. */
export function inputFromText(file: string, text: string, mode: NormalizationMode | undefined): Input {
  let value: unknown;
  try {
    // A UTF-8 byte order mark is not JSON, but editors write it; drop it like most JSON tools do.
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { ok: false, file, error: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!isRequestWrapper(value)) return { ok: true, file, message: value, mode: mode ?? 'keyed-json' };
  // The CLI's --format decides the output, so the wrapper's own format is not read.
  const body: Record<string, unknown> = { message: value.message };
  if (mode !== undefined) body.normalization_mode = mode;
  else if (Object.hasOwn(value, 'normalization_mode')) body.normalization_mode = value.normalization_mode;
  const parsed = parseValidateRequest(body);
  if (!parsed.ok) return { ok: false, file, error: `not a usable validate request: ${parsed.detail}` };
  return { ok: true, file, message: parsed.value.message, mode: parsed.value.mode };
}

async function readText(file: string, stdin: () => Promise<string>): Promise<string> {
  return file === '-' ? stdin() : readFile(file, 'utf8');
}

export async function readInput(file: string, mode: NormalizationMode | undefined, stdin: () => Promise<string>): Promise<Input> {
  let text: string;
  try {
    text = await readText(file, stdin);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : String(error);
    return { ok: false, file, error: `cannot read: ${reason}` };
  }
  return inputFromText(file, text, mode);
}
