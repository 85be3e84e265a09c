import { configuredSite } from '../config.ts';
import { validateMessage } from '../engine/index.ts';
import { RELEASE, UAI_VERSION } from '../standard/release.ts';
import { HELP, parseArgs } from './args.ts';
import { readInput } from './input.ts';
import { jsonReport, sarifReport, textReport, type Checked } from './report.ts';

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
}

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
};

export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
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
    io.stdout(`uai ${RELEASE} validator, uai_version ${UAI_VERSION}\n`);
    return EXIT.valid;
  }

  const site = configuredSite(io.env);
  const checked: Checked[] = [];
  let unreadable = 0;
  for (const file of command.files) {
    const input = await readInput(file, command.mode, io.stdin);
    if (!input.ok) {
      io.stderr(`uai: ${file}: ${input.error}\n`);
      unreadable += 1;
      continue;
    }
    checked.push({ file, result: validateMessage(input.message, { mode: input.mode, site, now: io.now() }) });
  }

  if (command.format === 'json') io.stdout(jsonReport(checked, command.files.length > 1));
  else if (command.format === 'sarif') io.stdout(sarifReport(checked, site));
  else io.stdout(textReport(checked, unreadable));

  if (unreadable > 0) return EXIT.usage;
  return checked.every((c) => c.result.valid) ? EXIT.valid : EXIT.invalid;
}
