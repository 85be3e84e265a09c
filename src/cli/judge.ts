import { sourceLocator, validateMessage } from '../engine/index.ts';
import { escapeLine } from '../kit/terminal.ts';
import type { Site } from '../standard/urls.ts';
import type { ValidateCommand } from './args.ts';
import { resolveTargets } from './files.ts';
import { readInput } from './input.ts';
import { issuesOf } from './report.ts';
import { emptyTally, type ReportWriter } from './report-writer.ts';

/** What judging needs from the process (main.ts's Io). */
export interface JudgeIo {
  readonly stderr: (text: string) => void;
  /** Standard input: its bytes (decoded as a file's are), or text already decoded. */
  readonly stdin: () => Promise<string | Uint8Array>;
  readonly now: () => Date;
  /** Resolves once what was written has left (standard output's backpressure); absent for strings. */
  readonly drained?: () => Promise<void>;
}

/** Exit status (see HELP, CONTRACT section 11): 2 when an input cannot be read, so CI tells "broken input" from "bad messages". */
export const EXIT = { valid: 0, invalid: 1, usage: 2 } as const;

/**
 * Judges the command's inputs one file after the other, handing each to the writers as soon as
 * it is checked and keeping nothing of it but counts: memory follows the largest file, not the
 * number of files. `writersFor` is told whether the inputs make several files (json's shape).
 */
export async function judgeFiles(
  command: ValidateCommand,
  site: Site,
  io: JudgeIo,
  writersFor: (several: boolean) => readonly ReportWriter[],
): Promise<number> {
  const targets = await resolveTargets(command.inputs);
  // json: an array unless exactly one named file, so a script reads one shape per command line.
  const writers = writersFor(targets.length > 1 || targets.some((t) => t.expanded));
  const tally = emptyTally();
  for (const target of targets) {
    const input =
      'error' in target
        ? { ok: false as const, file: target.file, error: target.error }
        : await readInput(target.file, command.mode, io.stdin);
    if (!input.ok) {
      // The name and a parser's message (which quotes the file) are the file's own: one escaped line.
      io.stderr(`${escapeLine(`uai: ${input.file}: ${input.error}`)}\n`);
      tally.unreadable += 1;
      for (const w of writers) w.unreadable({ file: input.file, error: input.error });
      continue;
    }
    const { file, message, mode, text, messageText, prefix } = input;
    const result = validateMessage(message, { mode, site, now: io.now(), text: messageText });
    // Only the listed issues are ever placed: the file is skimmed, not mapped value by value.
    const listed = issuesOf(result).map((i) => i.path);
    const checked = { file, result, locate: sourceLocator(text, mode, message, prefix, listed) };
    for (const w of writers) w.checked(checked);
    tally.checked += 1;
    if (result.valid) tally.valid += 1;
    tally.errors += result.error_count;
    tally.warnings += result.warning_count;
    // From the counts, not the listed issues: a file can have more failures than a result lists.
    if (result.error_count > 0 || (command.failOn === 'warning' && result.warning_count > 0)) tally.failing += 1;
    await io.drained?.();
  }
  for (const w of writers) w.end(tally);
  // CONTRACT section 11: 2 on unreadable input, even when other files were checked (and reported).
  if (tally.checked === 0 || tally.unreadable > 0) return EXIT.usage;
  return tally.failing > 0 ? EXIT.invalid : EXIT.valid;
}
