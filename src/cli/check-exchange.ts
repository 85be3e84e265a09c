/**
 * `uai check-exchange <request.json> <response.json>`: the offline twin of POST /v1/check-exchange.
 * It builds the same request body the route takes and runs the same engine action, so
 * `--format json` prints exactly the route's answer.
 */
import {
  checkExchangeAction,
  issueLine,
  MAX_DEPTH,
  nestingFault,
  parseJson,
  type CheckExchangeResult,
} from '../engine/index.ts';
import { escapeLine } from '../kit/terminal.ts';
import { commandArgs, isUsageError, readError, UsageError } from '../kit/usage.ts';
import type { Site } from '../standard/urls.ts';
import { InputTooLarge, readFileBounded } from './bounded-read.ts';
import { NOT_UTF8, utf8Text } from './input.ts';

export const CHECK_EXCHANGE_HELP = `Usage: uai check-exchange <request.json> <response.json> [options]
       uai check-exchange --recording <file> [--format text|json|junit|sarif]

Validates both messages of one exchange and judges the pair by the exchange rules
(spec 4.2, CONTRACT sections 2 and 6), as POST /v1/check-exchange does.

Options:
  --mode keyless-json     both files are keyless messages (default keyed-json)
  --http-status <n>       the HTTP status the response came with (without it,
                          exchange.http_status is skipped)
  --previous <file>       for a task status: the accepted answer (or status) it follows
  --format text|json      json prints exactly what POST /v1/check-exchange answers
  --recording <file>      judge every exchange of a uai proxy recording, and the conversation
                          across them, with the verdicts the live proxy gave (uai proxy --help)

Exit status: 0 the exchange conforms (a recording: no must-finding), 1 it does not, 2 usage
error or unreadable input.
`;

export interface CheckExchangeIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly now: () => Date;
  readonly site: Site;
}

/** A file's JSON text, checked to parse (the error names the file). */
async function readJson(file: string): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = readFileBounded(file);
  } catch (error) {
    throw new UsageError(
      error instanceof InputTooLarge ? `${file} is ${error.message}` : `${file}: ${readError(error)}`,
    );
  }
  const text = utf8Text(bytes);
  if (text === undefined) throw new UsageError(`${file} is ${NOT_UTF8}`);
  // A UTF-8 byte order mark is read past, as `uai validate` reads past it (docs/ci.md).
  const json = text.replace(/^\uFEFF/, '');
  try {
    parseJson(json);
    return json;
  } catch (error) {
    throw new UsageError(`${file} is not JSON: ${(error as Error).message}`);
  }
}

export function checkExchangeText(result: CheckExchangeResult): string {
  const lines = [
    `exchange ${result.conforms ? 'conforms' : 'does not conform'} (response kind: ${result.exchange.response_kind ?? 'not an answer'})`,
  ];
  for (const [name, v] of [
    ['request', result.request_validation],
    ['response', result.response_validation],
  ] as const) {
    lines.push(`${name}: ${v.valid ? 'valid' : 'invalid'}, ${v.error_count} error(s), ${v.warning_count} warning(s)`);
    for (const i of [...v.errors, ...v.warnings]) lines.push(`  ${i.severity} ${issueLine(i)}`);
  }
  for (const v of result.exchange.verdicts.filter((x) => x.status === 'fail')) {
    lines.push(`FAIL ${v.id} (${v.severity}, ${v.section}): ${v.title}`);
    for (const f of v.findings) lines.push(`  ${f.path || '/'}: ${f.message}`);
  }
  const c = result.exchange.counts;
  lines.push(`rules: ${c.pass} passed, ${c.fail} failed, ${c.skip} not applicable`);
  // Member names and values of the two files are quoted: each line is escaped, as uai validate's are.
  return `${lines.map(escapeLine).join('\n')}\n`;
}

export async function checkExchangeCommand(argv: readonly string[], io: CheckExchangeIo): Promise<number> {
  try {
    const { values, positionals } = commandArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        mode: { type: 'string' },
        'http-status': { type: 'string' },
        previous: { type: 'string' },
        format: { type: 'string' },
        recording: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
    if (values.help) {
      io.stdout(CHECK_EXCHANGE_HELP);
      return 0;
    }
    if (values.recording !== undefined) {
      if (positionals.length) throw new UsageError('--recording takes no message files');
      const code = await (
        await import('../kit/proxy/replay-command.ts')
      ).replayCommand(values.recording, values.format, io);
      if (typeof code === 'string') throw new UsageError(code);
      return code;
    }
    if (positionals.length !== 2) throw new UsageError('give the request file and the response file');
    const format = values.format ?? 'text';
    if (format !== 'text' && format !== 'json') throw new UsageError('--format takes text or json');
    // The body POST /v1/check-exchange would get, as text: the files' own texts inside it, so that
    // repeated member names in them are judged as the route judges them.
    const members = [`"request":${await readJson(positionals[0]!)}`, `"response":${await readJson(positionals[1]!)}`];
    if (values.mode !== undefined) members.push(`"normalization_mode":${JSON.stringify(values.mode)}`);
    const status = values['http-status'];
    if (status !== undefined && !/^[1-5][0-9][0-9]$/.test(status))
      throw new UsageError(`--http-status takes a status code such as 200 (100 to 599), not ${JSON.stringify(status)}`);
    if (status !== undefined) members.push(`"http_status":${Number(status)}`);
    if (values.previous !== undefined) members.push(`"previous":${await readJson(values.previous)}`);
    const text = `{${members.join(',')}}`;
    const body: unknown = parseJson(text);
    // The route refuses a body nested deeper than this before any check (400 request.too_deep):
    // the check's findings quote what they find, and a value thousands deep cannot be written out.
    if (nestingFault(body, MAX_DEPTH + 1) === 'depth')
      throw new UsageError(
        `a file nests deeper than ${MAX_DEPTH} levels; POST /v1/check-exchange refuses such a body (request.too_deep)`,
      );
    const outcome = checkExchangeAction(body, { site: io.site, now: io.now }, { text });
    if (!outcome.ok) throw new UsageError(outcome.detail);
    const result = outcome.body as CheckExchangeResult;
    io.stdout(format === 'json' ? `${JSON.stringify(result)}\n` : checkExchangeText(result));
    return result.conforms ? 0 : 1;
  } catch (error) {
    if (isUsageError(error)) {
      io.stderr(
        `${escapeLine(`uai check-exchange: ${(error as Error).message}`)}\nRun "uai check-exchange --help" for usage.\n`,
      );
      return 2;
    }
    throw error;
  }
}
