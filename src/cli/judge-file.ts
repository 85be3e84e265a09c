import {
  sourceLocator,
  validateMessage,
  validateSummary,
  type NormalizationMode,
  type SourceRange,
} from '../engine/index.ts';
import type { Site } from '../standard/urls.ts';
import type { Target } from './files.ts';
import { readInput } from './input.ts';
import { issuesOf } from './report.ts';
import type { Checked, Unreadable } from './report-writer.ts';

/**
 * One input judged: checked (the result, where its issues are, and the paths of its listed
 * issues, the only ones the formats locate), or why it could not be read.
 */
export type Judged =
  | { readonly ok: true; readonly checked: Checked; readonly listed: readonly string[] }
  | ({ readonly ok: false } & Unreadable);

/** What judging a file needs besides the file: the same for every file of a run. */
export interface JudgeContext {
  readonly mode: NormalizationMode | undefined;
  readonly site: Site;
  /** The json format writes the whole result; every other format shows no conformance record, so none is built. */
  readonly withRecord: boolean;
  /** Read once per file, just before the engine runs: the instant its conformance record carries. */
  readonly now: () => Date;
  readonly stdin: () => Promise<string | Uint8Array>;
  /** Told a file's size just before it is read (bounded-read.ts): the worker threads share a budget of bytes. */
  readonly reserve?: (bytes: number) => void;
}

/** Reads, parses and checks one input, as `uai validate` does for each of its files. */
export async function judgeFile(target: Target, context: JudgeContext): Promise<Judged> {
  if ('error' in target) return { ok: false, file: target.file, error: target.error };
  const input = await readInput(target.file, context.mode, context.stdin, context.reserve);
  if (!input.ok) return input;
  const { file, message, mode, text, messageText, prefix } = input;
  const options = { mode, site: context.site, now: context.now(), text: messageText };
  const result = context.withRecord ? validateMessage(message, options) : validateSummary(message, options);
  // Only the listed issues are ever placed: the file is skimmed, not mapped value by value.
  const listed = issuesOf(result).map((i) => i.path);
  return { ok: true, checked: { file, result, locate: sourceLocator(text, mode, message, prefix, listed) }, listed };
}

/**
 * A judged file as another thread sends it: structured-clone data, so the located ranges travel
 * instead of the file's text and its locator. The formats only ever locate listed issues.
 */
export type SentJudged =
  | ({ readonly ok: false } & Unreadable)
  | {
      readonly ok: true;
      readonly file: string;
      readonly result: Checked['result'];
      /** The listed issues' paths, and the range of each at the same place. */
      readonly paths: readonly string[];
      readonly ranges: readonly SourceRange[];
    };

export function toSent(judged: Judged): SentJudged {
  if (!judged.ok) return judged;
  const { file, result, locate } = judged.checked;
  const paths = [...new Set(judged.listed)];
  return { ok: true, file, result, paths, ranges: paths.map(locate) };
}

export function fromSent(sent: SentJudged): Judged {
  if (!sent.ok) return sent;
  const { file, result, paths, ranges } = sent;
  let at: Map<string, SourceRange> | undefined;
  const locate = (pointer: string): SourceRange => {
    at ??= new Map(paths.map((p, i) => [p, ranges[i]!]));
    const range = at.get(pointer);
    // The formats locate listed issues only; anything else is a mistake here, not the file's.
    if (range === undefined) throw new Error(`uai: no range was sent for ${JSON.stringify(pointer)}`);
    return range;
  };
  return { ok: true, checked: { file, result, locate }, listed: paths };
}
