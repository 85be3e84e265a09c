import { NORMALIZATION_MODES } from '../standard/value-sets.ts';
import type { NormalizationMode } from '../engine/index.ts';

/** Command-line parsing of `uai` (CONTRACT section 11). Pure: argv in, a command or a usage error out. */
export const OUTPUT_FORMATS = ['text', 'json', 'sarif'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export type Command =
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  | {
      readonly kind: 'validate';
      readonly files: readonly string[];
      /** Undefined when --mode is not given: a request wrapper's normalization_mode, else keyed-json. */
      readonly mode: NormalizationMode | undefined;
      readonly format: OutputFormat;
    };

export type Parsed = { readonly ok: true; readonly command: Command } | { readonly ok: false; readonly error: string };

const fail = (error: string): Parsed => ({ ok: false, error });

/** Reads `--name value` and `--name=value`; returns the value and how many argv items it used. */
function optionValue(argv: readonly string[], i: number, name: string): { value: string | undefined; used: number } {
  const arg = argv[i]!;
  if (arg.startsWith(`${name}=`)) return { value: arg.slice(name.length + 1), used: 1 };
  return { value: argv[i + 1], used: 2 };
}

export function parseArgs(argv: readonly string[]): Parsed {
  const [first, ...rest] = argv;
  if (first === undefined) return fail('missing command');
  if (first === '--help' || first === '-h' || first === 'help') return { ok: true, command: { kind: 'help' } };
  if (first === '--version' || first === '-v' || first === 'version') return { ok: true, command: { kind: 'version' } };
  if (first !== 'validate') return fail(`unknown command ${JSON.stringify(first)}`);

  const files: string[] = [];
  let mode: NormalizationMode | undefined;
  let format: OutputFormat = 'text';
  let onlyFiles = false;
  for (let i = 0; i < rest.length; ) {
    const arg = rest[i]!;
    if (onlyFiles || !arg.startsWith('-') || arg === '-') {
      files.push(arg);
      i += 1;
    } else if (arg === '--') {
      onlyFiles = true;
      i += 1;
    } else if (arg === '--help' || arg === '-h') {
      return { ok: true, command: { kind: 'help' } };
    } else if (arg === '--mode' || arg.startsWith('--mode=')) {
      const { value, used } = optionValue(rest, i, '--mode');
      if (!(NORMALIZATION_MODES as readonly string[]).includes(value ?? '')) return fail(`--mode must be one of ${NORMALIZATION_MODES.join(', ')}`);
      mode = value as NormalizationMode;
      i += used;
    } else if (arg === '--format' || arg.startsWith('--format=')) {
      const { value, used } = optionValue(rest, i, '--format');
      if (!(OUTPUT_FORMATS as readonly string[]).includes(value ?? '')) return fail(`--format must be one of ${OUTPUT_FORMATS.join(', ')}`);
      format = value as OutputFormat;
      i += used;
    } else {
      return fail(`unknown option ${arg}`);
    }
  }
  if (files.length === 0) return fail('validate needs at least one file');
  return { ok: true, command: { kind: 'validate', files, mode, format } };
}

export const HELP = `uai: the UAI-1 message validator, offline (the same engine as POST /v1/validate)

Usage:
  uai validate <file...> [--mode keyed-json|keyless-json] [--format text|json|sarif]
  uai help | --help
  uai --version

Each file holds JSON: either a bare UAI-1 message, or a validate request
{"message": ..., "normalization_mode": ...} as sent to POST /v1/validate (a top-level
object with a "message" member and no "uai_version" member is read as a request).
Use "-" to read standard input.

Options:
  --mode     keyed-json (default) or keyless-json (the message is a keyless array).
             Overrides a request's normalization_mode.
  --format   text (default): one line per issue "file: path code severity: message"
                 ((root) is the whole message), a summary line per file and one overall.
             json: the validator result of spec 2.4; for several files an array of
                 {"file", "result"}.
             sarif: the SARIF 2.1.0 log of POST /v1/validate with format=sarif; with
                 several files, one log with one run holding every file's results, each
                 located in its file.

Exit status:
  0  every file is valid (warnings allowed)
  1  at least one file has errors
  2  usage error, or a file that cannot be read or is not JSON (named on stderr;
     the other files are still checked)

No network is used. URLs in the output (help_url, schema URLs) are built from the
UAI_ORIGIN environment variable (default http://localhost:4321).
`;
