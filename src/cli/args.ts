import { NORMALIZATION_MODES } from '../standard/value-sets.ts';
import type { NormalizationMode } from '../engine/index.ts';
import { PACKAGE_ORIGIN } from './package-origin.ts';

/** Command-line parsing of `uai` (CONTRACT section 11). Pure: argv in, a command or a usage error out. */
export const OUTPUT_FORMATS = ['text', 'json', 'sarif', 'junit', 'github'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export const FAIL_ON = ['error', 'warning'] as const;
export type FailOn = (typeof FAIL_ON)[number];

export interface ValidateCommand {
  readonly kind: 'validate';
  /** Files, directories, globs, or "-" for standard input. */
  readonly inputs: readonly string[];
  /** Undefined when --mode is not given: a request wrapper's normalization_mode, else keyed-json. */
  readonly mode: NormalizationMode | undefined;
  readonly format: OutputFormat;
  readonly failOn: FailOn;
  /** --sarif-base: the directory SARIF URIs (and github annotations) are relative to; default the working directory. */
  readonly sarifBase: string | undefined;
  /** --origin: the public origin of help and schema URLs; default UAI_ORIGIN, then the package's (package-origin.ts). */
  readonly origin: string | undefined;
  /** --jobs: threads that judge files at once; default one (docs/ci.md, "Threads"). */
  readonly jobs: number | undefined;
}

export type Command = { readonly kind: 'help' } | { readonly kind: 'version' } | ValidateCommand;

export type Parsed = { readonly ok: true; readonly command: Command } | { readonly ok: false; readonly error: string };

/** More threads than this would only queue for the same cores, each with its own copy of the engine. */
export const MAX_JOBS = 64;

const fail = (error: string): Parsed => ({ ok: false, error });

/** Reads `--name value` and `--name=value`; returns the value and how many argv items it used. */
function optionValue(argv: readonly string[], i: number, name: string): { value: string | undefined; used: number } {
  const arg = argv[i]!;
  if (arg.startsWith(`${name}=`)) return { value: arg.slice(name.length + 1), used: 1 };
  return { value: argv[i + 1], used: 2 };
}

const oneOf = <T extends string>(value: string | undefined, allowed: readonly T[]): value is T =>
  (allowed as readonly string[]).includes(value ?? '');

/**
 * The origin a value names, as URL writes it (lower-case scheme and host, no default port), or
 * undefined when the value is more than an origin: credentials, a path other than "/", or a "?" or
 * "#", even an empty one, which URL drops but would stay in every help URL built on the text.
 */
export function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    const plain =
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.username === '' &&
      url.password === '' &&
      url.pathname.replace(/\/+$/, '') === '' &&
      !/[?#]/.test(value);
    return plain ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export function parseArgs(argv: readonly string[]): Parsed {
  const [first, ...rest] = argv;
  if (first === undefined) return fail('missing command');
  if (first === '--help' || first === '-h' || first === 'help') return { ok: true, command: { kind: 'help' } };
  if (first === '--version' || first === '-v' || first === 'version') return { ok: true, command: { kind: 'version' } };
  if (first !== 'validate') return fail(`unknown command ${JSON.stringify(first)}`);

  const inputs: string[] = [];
  const options: {
    mode?: NormalizationMode;
    format: OutputFormat;
    failOn: FailOn;
    sarifBase?: string;
    origin?: string;
    jobs?: number;
  } = { format: 'text', failOn: 'error' };
  let onlyInputs = false;
  for (let i = 0; i < rest.length;) {
    const arg = rest[i]!;
    const named = (name: string) => arg === name || arg.startsWith(`${name}=`);
    if (onlyInputs || !arg.startsWith('-') || arg === '-') {
      inputs.push(arg);
      i += 1;
      continue;
    }
    if (arg === '--') {
      onlyInputs = true;
      i += 1;
      continue;
    }
    if (arg === '--help' || arg === '-h') return { ok: true, command: { kind: 'help' } };
    const name = ['--mode', '--format', '--fail-on', '--sarif-base', '--origin', '--jobs'].find(named);
    if (!name) return fail(`unknown option ${arg}`);
    const { value, used } = optionValue(rest, i, name);
    i += used;
    if (name === '--mode') {
      if (!oneOf(value, NORMALIZATION_MODES)) return fail(`--mode must be one of ${NORMALIZATION_MODES.join(', ')}`);
      options.mode = value;
    } else if (name === '--format') {
      if (!oneOf(value, OUTPUT_FORMATS)) return fail(`--format must be one of ${OUTPUT_FORMATS.join(', ')}`);
      options.format = value;
    } else if (name === '--fail-on') {
      if (!oneOf(value, FAIL_ON)) return fail(`--fail-on must be one of ${FAIL_ON.join(', ')}`);
      options.failOn = value;
    } else if (name === '--sarif-base') {
      if (!value) return fail('--sarif-base needs a directory');
      options.sarifBase = value;
    } else if (name === '--jobs') {
      if (!/^[1-9][0-9]{0,2}$/.test(value ?? '') || Number(value) > MAX_JOBS)
        return fail(`--jobs must be a whole number from 1 to ${MAX_JOBS}`);
      options.jobs = Number(value);
    } else {
      const origin = value ? originOf(value) : undefined;
      if (!origin) return fail('--origin needs an origin such as https://uai.example.org');
      options.origin = origin;
    }
  }
  if (inputs.length === 0) return fail('validate needs at least one file, directory or glob');
  return {
    ok: true,
    command: {
      kind: 'validate',
      inputs,
      mode: options.mode,
      format: options.format,
      failOn: options.failOn,
      sarifBase: options.sarifBase,
      origin: options.origin,
      jobs: options.jobs,
    },
  };
}

export const HELP = `uai: the UAI-1 message validator, offline (the same engine as POST /v1/validate)

Usage:
  uai validate <file|directory|glob|-> ... [--mode keyed-json|keyless-json]
      [--format text|json|sarif|junit|github] [--fail-on error|warning]
      [--sarif-base <dir>] [--origin <url>] [--jobs <n>]
  uai check-exchange <request.json> <response.json> [...]  (uai check-exchange --help)
  uai test <endpoint-url> [...]    test a live implementation (uai test --help)
  uai test-client --command <cmd>  test a client against scripted servers (uai test-client --help)
  uai proxy --listen <port> --upstream <url>  judge a real client and server between them
                                   (uai proxy --help)
  uai example [<profile>]          print a profile's published example, or a capability
                                   statement for your endpoint (uai example --help)
  uai reference-server [--port n]  serve the reference server on 127.0.0.1, to test against
  uai check-entry <folder>         check an entry of the report of implementations and
                                   draw its badge, as the build does (uai check-entry --help)
  uai help | --help
  uai --version

Inputs: a file; a directory (every *.json file below it, node_modules and .git
skipped); a glob such as 'messages/**/*.json' (quote it so the shell leaves it
alone); "-" for standard input. Each file holds JSON: a bare UAI-1 message, or a
validate request {"message": ..., "normalization_mode": ...} as sent to
POST /v1/validate (a top-level object with a "message" member and no
"uai_version" member is read as a request).

Options:
  --mode        keyed-json (default) or keyless-json (the message is a keyless
                array). Overrides a request's normalization_mode.
  --format      text (default): one line per issue
                    "file:line:column: severity code pointer: message"
                    ((root) is the whole message), a summary line per file and
                    one overall.
                json: the validator result of spec 2.4, each issue with a
                    "range" (startLine, startColumn, endLine, endColumn, 1-based,
                    endColumn exclusive; startOffset, endOffset in UTF-16 units);
                    for several files, a directory or a glob an array of
                    {"file", "result"}. A file that could not be read has no
                    result (left out of the array; one named file gives null):
                    standard error names it, and the exit status is 2.
                sarif: one SARIF 2.1.0 log for all files, for code scanning:
                    repository-relative URIs under %SRCROOT%, regions,
                    partialFingerprints, rules with help URIs.
                junit: JUnit XML, one testcase per file, one failure per finding.
                github: GitHub Actions workflow commands (::error file=...::),
                    which annotate the lines of a pull request.
  --fail-on     error (default): exit 1 when a file has errors; warning: also
                when it has warnings (junit then lists warnings as failures).
  --sarif-base  the directory SARIF and github paths are relative to (the
                repository root); default: the working directory.
  --origin      the public origin of help and schema URLs; default: the
                UAI_ORIGIN environment variable, else ${PACKAGE_ORIGIN}.
  --jobs        threads that check files at once (default 1). The report is
                the same, in the same order, whatever the number.

Exit status:
  0  every file was read and none has a finding at the --fail-on level
  1  every file was read, and one has a finding at that level
  2  usage error, or a file could not be read or is not JSON (each named on
     stderr; the files that could be read are still checked and reported)

No network is used. Positions are measured in the file as written: a missing
member is shown on the member that should hold it.
`;
