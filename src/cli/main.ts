import { fstatSync } from 'node:fs';
import { RELEASE, UAI_VERSION } from '../standard/release.ts';
import { siteFor, type Site } from '../standard/urls.ts';
import { PACKAGE_ORIGIN } from './package-origin.ts';
import { PACKAGE_VERSION } from './version.ts';
import { HELP, originOf, parseArgs, type OutputFormat, type ValidateCommand } from './args.ts';
import { batched } from './batched-output.ts';
import { readStreamBounded } from './bounded-read.ts';
import { githubWriter } from './github-report.ts';
import { EXIT, judgeFiles, type JudgeIo, type ThreadsOption } from './judge.ts';
import { junitWriter } from './junit-report.ts';
import { baseMistake } from './paths.ts';
import { jsonWriter, textWriter } from './report.ts';
import type { ReportWriter, Write } from './report-writer.ts';
import { sarifWriter } from './sarif-report.ts';
import { escapeLine } from '../kit/terminal.ts';

/**
 * `uai`: the offline validator (CONTRACT section 11). A shell like the HTTP ones: it reads files
 * and the environment, calls the pure engine, and alone decides output and exit status.
 */
export interface Io extends JudgeIo {
  readonly stdout: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: () => string;
}

export { EXIT };
export { isWorkerJob, judgeAsWorker } from './judge-worker.ts';

/**
 * Standard input's bytes. A folder given as standard input (`uai validate - < dir`) reads as no
 * bytes at all, which would be reported as empty JSON: it is refused as the folder it is.
 */
const readStdin = (): Promise<Uint8Array> => {
  let folder = false;
  try {
    folder = fstatSync(0).isDirectory();
  } catch {
    // No standard input to look at (a closed descriptor): the read below says what is wrong.
  }
  if (folder) return Promise.reject(Object.assign(new Error('standard input is a folder'), { code: 'EISDIR' }));
  return readStreamBounded(process.stdin);
};

export const processIo: Io = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  stdin: readStdin,
  env: process.env,
  now: () => new Date(),
  cwd: () => process.cwd(),
  // A report is written while files are judged: wait when the reader of standard output lags,
  // so unread output does not pile up in memory.
  drained: async () => {
    if (process.stdout.writableNeedDrain) await new Promise((resolve) => process.stdout.once('drain', resolve));
  },
};

/**
 * The commands with option parsing of their own (node:util parseArgs), each loaded when it is
 * named: the kit's transport imports node:http, which on Node 24 loads undici (30-40 ms of a
 * one-file `uai validate`, measured with --cpu-prof), and validating needs none of it.
 */
const SUBCOMMANDS = {
  'check-exchange': async () => (await import('./check-exchange.ts')).checkExchangeCommand,
  test: async () => (await import('../kit/command.ts')).testCommand,
  'test-client': async () => (await import('../kit/client/command.ts')).testClientCommand,
  proxy: async () => (await import('../kit/proxy/command.ts')).proxyCommand,
  example: async () => (await import('./example.ts')).exampleCommand,
  'check-entry': async () => (await import('./check-entry.ts')).checkEntryCommand,
  'reference-server': async () => (await import('./reference-server.ts')).referenceServerCommand,
} as const;

/** The exit status of a process ended by SIGPIPE (128 + 13), as shells report a writer whose reader left. */
export const EXIT_READER_GONE = 141;

/** The exit status when the report could not be written (standard output failed otherwise than EPIPE). */
export const EXIT_OUTPUT_LOST = 2;

/**
 * `uai validate dir | head` closes the pipe while the report is still being written. Standard
 * output then fails with EPIPE, asynchronously; unhandled, that is a stack trace. The reader has
 * gone, so nothing more can be said: stop quietly, with the status a shell gives a writer killed
 * by SIGPIPE (so `set -o pipefail` still sees that the run did not finish).
 */
let stopsWhenReaderLeaves = false;
function stopWhenReaderLeaves(): void {
  // Once per process: the library's runCli may be called many times.
  if (stopsWhenReaderLeaves) return;
  stopsWhenReaderLeaves = true;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(EXIT_READER_GONE);
    // Any other failure (a full disk, a closed descriptor): the report is lost, so the run cannot
    // say what it found. Say why where it can, and end with 2, never 0 or 1, which would pass for
    // a verdict on files whose report nobody got.
    process.stderr.write(`uai: cannot write to standard output (${error.code ?? error.message}); the report is lost\n`);
    process.exit(EXIT_OUTPUT_LOST);
  });
  // A standard error that cannot be written (closed, full): its messages are lost, the run goes on
  // and its exit status still says how it ended.
  process.stderr.on('error', () => {});
}

/**
 * The origin findings link to: --origin, else UAI_ORIGIN, else the package's (package-origin.ts).
 * Not `URL`, which the service's shells also read (Netlify sets it for the functions): on a
 * developer's machine or a CI runner it may name anything, and would move every help_url there.
 */
function commandSite(env: Io['env'], origin?: string): Site {
  return siteFor(origin ?? (env.UAI_ORIGIN ? originOf(env.UAI_ORIGIN) : undefined) ?? PACKAGE_ORIGIN);
}

/** UAI_ORIGIN set to something that is not an origin: a usage mistake, said before any work. */
export function originMistake(env: Io['env']): string | undefined {
  const value = env.UAI_ORIGIN;
  return value && !originOf(value)
    ? `UAI_ORIGIN needs an origin such as https://uai.example.org, not ${JSON.stringify(value)}`
    : undefined;
}

/**
 * Whether an error is the one every path resolved against the working directory throws once the
 * folder the process was started in was removed: the run is then refused as a usage error rather
 * than ending in a stack trace. Only a command that needs the folder meets it (a report's base, a
 * relative output file); one that does not (an absolute input to the text report) runs as usual.
 */
const noWorkingDirectory = (error: unknown): boolean => (error as { syscall?: unknown } | null)?.syscall === 'uv_cwd';

/**
 * `threads`: how the entry starts worker threads for `--jobs` (the worker module's URL); without
 * it, as in the library's runCli, every file is judged on this thread.
 */
export async function main(argv: readonly string[], io: Io = processIo, threads?: ThreadsOption): Promise<number> {
  try {
    return await run(argv, io, threads);
  } catch (error) {
    if (!noWorkingDirectory(error)) throw error;
    io.stderr('uai: the working directory no longer exists (the folder was removed); cd into a folder and run again\n');
    return EXIT.usage;
  }
}

async function run(argv: readonly string[], io: Io, threads?: ThreadsOption): Promise<number> {
  if (io === processIo) stopWhenReaderLeaves();
  const [first, ...rest] = argv;
  const mistake = originMistake(io.env);
  if (first !== undefined && Object.hasOwn(SUBCOMMANDS, first)) {
    // Asked for its help, a command names no link: UAI_ORIGIN is not read, so not judged.
    if (mistake && !rest.includes('--help') && !rest.includes('-h')) {
      io.stderr(`uai: ${mistake}\n`);
      return EXIT.usage;
    }
    const site = commandSite(io.env);
    const command = await SUBCOMMANDS[first as keyof typeof SUBCOMMANDS]();
    return command(rest, {
      stdout: io.stdout,
      stderr: io.stderr,
      now: io.now,
      site,
    });
  }
  const parsed = parseArgs(argv);
  if (!parsed.ok) {
    // The mistake quotes the command line, which may hold a file's hostile name: escaped as every stderr line is.
    io.stderr(`uai: ${escapeLine(parsed.error)}\nRun "uai --help" for usage.\n`);
    return EXIT.usage;
  }
  const { command } = parsed;
  if (command.kind === 'help') {
    io.stdout(HELP);
    return EXIT.valid;
  }
  if (command.kind === 'version') {
    // The version of the published package (packages/uai), and the release and format it implements.
    io.stdout(`uai ${PACKAGE_VERSION} (${RELEASE}, format ${UAI_VERSION})\n`);
    return EXIT.valid;
  }

  // --origin wins over UAI_ORIGIN, which is then not read, so not judged.
  if (mistake && !command.origin) {
    io.stderr(`uai: ${mistake}\nRun "uai --help" for usage.\n`);
    return EXIT.usage;
  }
  const base = command.sarifBase === undefined ? undefined : baseMistake(command.sarifBase);
  if (base) {
    io.stderr(`uai: ${base}\nRun "uai --help" for usage.\n`);
    return EXIT.usage;
  }
  const site = commandSite(io.env, command.origin);
  // This process's standard output in batches (batched-output.ts); a caller's io gets every write
  // as it is made. Standard error flushes the batch first, so a terminal shows both in order.
  const out = io === processIo ? batched(io.stdout) : { write: io.stdout, flush: () => {} };
  const judgeIo: JudgeIo = { ...io, stderr: (text) => (out.flush(), io.stderr(text)) };
  try {
    return await judgeFiles(
      command,
      site,
      judgeIo,
      (several) => [writerFor(command.format, several, command, site, io, out.write)],
      threads,
    );
  } finally {
    out.flush();
  }
}

/** The writer of one format, writing to `write`. */
function writerFor(
  format: OutputFormat,
  several: boolean,
  command: ValidateCommand,
  site: Site,
  io: Io,
  write: Write,
  automationId?: string,
): ReportWriter {
  // Only the reports that write paths relative to a base read the working directory.
  const base = () => command.sarifBase ?? io.cwd();
  switch (format) {
    case 'text':
      return textWriter(write);
    case 'json':
      return jsonWriter(write, several);
    case 'sarif':
      return sarifWriter(write, site, base(), automationId);
    case 'junit':
      return junitWriter(write, command.failOn);
    case 'github':
      return githubWriter(write, base(), command.failOn);
  }
}

/** Where each report of one run goes, for a caller that wants several (the GitHub Action). */
export interface ValidateOutputs {
  /** Each format's text, written to its own sink as the files are judged. */
  readonly formats: Partial<Record<OutputFormat, Write>>;
  /** The SARIF log's runs[0].automationDetails.id (GitHub's category of the analysis). */
  readonly automationId?: string;
  /** Told of every file as the formats are (to count, say), and of the end. */
  readonly observers?: readonly ReportWriter[];
}

/**
 * Validates the command's inputs once and writes the report in each format to its sink as the
 * files are judged (the GitHub Action: SARIF to a file, annotations to the log), with the exit
 * status `uai validate` has. Nothing is held whole: memory follows the largest file, as in the CLI.
 */
export async function validateTo(command: ValidateCommand, outputs: ValidateOutputs, io: Io): Promise<number> {
  const site = commandSite(io.env, command.origin);
  const sinks = Object.entries(outputs.formats) as [OutputFormat, Write][];
  return judgeFiles(command, site, io, (several) => [
    ...sinks.map(([format, write]) => writerFor(format, several, command, site, io, write, outputs.automationId)),
    ...(outputs.observers ?? []),
  ]);
}
