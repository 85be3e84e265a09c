import { escapeLine } from '../kit/terminal.ts';
import type { Site } from '../standard/urls.ts';
import type { ValidateCommand } from './args.ts';
import { resolveTargets, type Target } from './files.ts';
import { judgeFile, type JudgeContext, type Judged } from './judge-file.ts';
import { CHUNK, judgeOnThreads, unusedThreads, type Threads } from './judge-threads.ts';
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

/** How worker threads are started, when the process can start them (the CLI's entry gives the module). */
export type ThreadsOption = Omit<Threads, 'workers' | 'origin'>;

/**
 * Worker threads: --jobs n asks for n, one per chunk of files at most; none by default (docs/ci.md,
 * "Threads": on two cores they measured no gain), for standard input, which this thread reads, or
 * for one chunk of files, which one worker would judge while this thread only waited.
 */
export function workerCount(command: ValidateCommand, targets: readonly Target[], threads?: ThreadsOption): number {
  if (!threads || command.jobs === undefined || command.jobs < 2 || targets.some((t) => t.file === '-')) return 0;
  const chunks = Math.ceil(targets.length / CHUNK);
  return chunks < 2 ? 0 : Math.min(command.jobs, chunks);
}

async function* judgeInTurn(targets: readonly Target[], context: JudgeContext): AsyncGenerator<Judged> {
  for (const target of targets) yield await judgeFile(target, context);
}

/** Exit status (see HELP, CONTRACT section 11): 2 when an input cannot be read, so CI tells "broken input" from "bad messages". */
export const EXIT = { valid: 0, invalid: 1, usage: 2 } as const;

/**
 * Judges the command's inputs (on this thread, or on worker threads with --jobs), handing each
 * file to the writers in order as soon as it is checked and keeping nothing of it but counts:
 * memory follows the largest file, not the number of files. `writersFor` is told whether the inputs make several files (json's shape).
 */
export async function judgeFiles(
  command: ValidateCommand,
  site: Site,
  io: JudgeIo,
  writersFor: (several: boolean) => readonly ReportWriter[],
  threads?: ThreadsOption,
): Promise<number> {
  const targets = await resolveTargets(command.inputs);
  // json: an array unless exactly one named file, so a script reads one shape per command line
  // (the shape follows what was named: a file named twice, judged once, is still an array).
  const writers = writersFor(command.inputs.length > 1 || targets.length > 1 || targets.some((t) => t.expanded));
  const tally = emptyTally();
  const context: JudgeContext = {
    mode: command.mode,
    site,
    withRecord: command.format === 'json',
    now: io.now,
    stdin: io.stdin,
  };
  const workers = workerCount(command, targets, threads);
  const use = threads?.use ?? unusedThreads();
  const judged =
    threads && workers > 0
      ? judgeOnThreads(targets, context, { ...threads, use, workers, origin: site.origin })
      : judgeInTurn(targets, context);
  for await (const j of judged) {
    if (!j.ok) {
      // The name and a parser's message (which quotes the file) are the file's own: one escaped line.
      io.stderr(`${escapeLine(`uai: ${j.file}: ${j.error}`)}\n`);
      tally.unreadable += 1;
      for (const w of writers) w.unreadable({ file: j.file, error: j.error });
      continue;
    }
    const { result } = j.checked;
    for (const w of writers) w.checked(j.checked);
    tally.checked += 1;
    if (result.valid) tally.valid += 1;
    tally.errors += result.error_count;
    tally.warnings += result.warning_count;
    // From the counts, not the listed issues: a file can have more failures than a result lists.
    if (result.error_count > 0 || (command.failOn === 'warning' && result.warning_count > 0)) tally.failing += 1;
    await io.drained?.();
  }
  // The report is whole either way; a worker that failed is worth knowing (a broken install).
  if (use.stopped)
    io.stderr(
      `${escapeLine(`uai: ${use.stopped}; the files the workers had not sent were checked on the main thread`)}\n`,
    );
  for (const w of writers) w.end(tally);
  // CONTRACT section 11: 2 on unreadable input, even when other files were checked (and reported).
  if (tally.checked === 0 || tally.unreadable > 0) return EXIT.usage;
  return tally.failing > 0 ? EXIT.invalid : EXIT.valid;
}
