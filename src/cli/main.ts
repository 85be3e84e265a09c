import { configuredSite } from '../service/config.ts';
import { sourceLocator, validateMessage } from '../engine/index.ts';
import manifest from '../../packages/uai/package.json' with { type: 'json' };
import { RELEASE, UAI_VERSION } from '../standard/release.ts';
import { siteFor } from '../standard/site.ts';
import { PACKAGE_ORIGIN } from './package-origin.ts';
import { HELP, parseArgs, type OutputFormat, type ValidateCommand } from './args.ts';
import { resolveTargets } from './files.ts';
import { githubReport } from './github-report.ts';
import { readInput } from './input.ts';
import { junitReport } from './junit-report.ts';
import { fails, issuesOf, jsonReport, textReport, type Checked, type Report, type Unreadable } from './report.ts';
import { sarifReport } from './sarif-report.ts';

/**
 * `uai`: the offline validator (CONTRACT section 11). A shell like the HTTP ones: it reads files
 * and the environment, calls the pure engine, and alone decides output and exit status.
 */
export interface Io {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly stdin: () => Promise<string>;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly now: () => Date;
  readonly cwd: () => string;
}

/** Exit status (see HELP, CONTRACT section 11): 2 when an input cannot be read, so CI tells "broken input" from "bad messages". */
export const EXIT = { valid: 0, invalid: 1, usage: 2 } as const;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export const processIo: Io = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  stdin: readStdin,
  env: process.env,
  now: () => new Date(),
  cwd: () => process.cwd(),
};

async function check(command: ValidateCommand, io: Io): Promise<Report & { readonly several: boolean }> {
  const site = command.origin ? siteFor(command.origin) : configuredSite(io.env, PACKAGE_ORIGIN);
  const checked: Checked[] = [];
  const unreadable: Unreadable[] = [];
  const targets = await resolveTargets(command.inputs);
  for (const target of targets) {
    const input =
      'error' in target
        ? { ok: false as const, file: target.file, error: target.error }
        : await readInput(target.file, command.mode, io.stdin);
    if (!input.ok) {
      io.stderr(`uai: ${input.file}: ${input.error}\n`);
      unreadable.push({ file: input.file, error: input.error });
      continue;
    }
    const { file, message, mode, text, messageText, prefix } = input;
    const result = validateMessage(message, { mode, site, now: io.now(), text: messageText });
    checked.push({ file, result, locate: sourceLocator(text, mode, message, prefix) });
  }
  // json: an array unless exactly one named file, so a script reads one shape per command line.
  return {
    checked,
    unreadable,
    failOn: command.failOn,
    several: targets.length > 1 || targets.some((t) => t.expanded),
  };
}

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

export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first !== undefined && Object.hasOwn(SUBCOMMANDS, first)) {
    const site = configuredSite(io.env, PACKAGE_ORIGIN);
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
    io.stderr(`uai: ${parsed.error}\nRun "uai --help" for usage.\n`);
    return EXIT.usage;
  }
  const { command } = parsed;
  if (command.kind === 'help') {
    io.stdout(HELP);
    return EXIT.valid;
  }
  if (command.kind === 'version') {
    // The version of the published package (packages/uai), and the release and format it implements.
    io.stdout(`uai ${manifest.version} (${RELEASE}, format ${UAI_VERSION})\n`);
    return EXIT.valid;
  }

  const { code, reports } = await validateIn(command, [command.format], io);
  io.stdout(reports[command.format]);
  return code;
}

/**
 * Validates the command's inputs once and renders the report in each of `formats` (the GitHub
 * Action wants SARIF, annotations and JSON of one run), with the exit status `uai validate` has.
 */
export async function validateIn<F extends OutputFormat>(
  command: ValidateCommand,
  formats: readonly F[],
  io: Io,
): Promise<{ code: number; reports: Record<F, string> }> {
  const report = await check(command, io);
  const site = command.origin ? siteFor(command.origin) : configuredSite(io.env, PACKAGE_ORIGIN);
  const base = command.sarifBase ?? io.cwd();
  const render: Record<OutputFormat, () => string> = {
    text: () => textReport(report),
    json: () => jsonReport(report, report.several),
    sarif: () => sarifReport(report, site, base),
    junit: () => junitReport(report),
    github: () => githubReport(report, base),
  };
  const reports = Object.fromEntries(formats.map((f) => [f, render[f]()])) as Record<F, string>;

  // CONTRACT section 11: 2 on unreadable input, even when other files were checked (and reported).
  if (report.checked.length === 0 || report.unreadable.length > 0) return { code: EXIT.usage, reports };
  const failing = report.checked.some((c) => issuesOf(c.result).some((i) => fails(i, command.failOn)));
  return { code: failing ? EXIT.invalid : EXIT.valid, reports };
}
