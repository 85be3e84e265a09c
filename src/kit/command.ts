/**
 * `uai test <endpoint-url>`: the implementation test kit on the command line. A shell like the
 * others: it reads the baseline file and the clock, runs the kit, prints the report and decides
 * the exit status (0 no regression, 1 regressions, stale baseline entries or a run that stopped
 * early, 2 usage or an endpoint that cannot be reached before anything was read).
 */
import { randomBytes } from 'node:crypto';
import type { Site } from '../standard/urls.ts';
import { KIT_CHECKS } from '../standard/kit-checks.ts';
import { DEFAULT_LIMITS, parseBaseline, testImplementation, type Baseline } from './index.ts';
import { stoppedByOwnLimit } from './server/http.ts';
import { formatKitReport, KIT_FORMATS, type KitFormat } from './judge/formats.ts';
import { escapeLine } from './terminal.ts';
import { commandArgs, isUsageError, readSettingsFile, requireWritable, UsageError, writeOutput } from './usage.ts';

export { isUsageError, UsageError } from './usage.ts';

export const TEST_HELP = `Usage: uai test <endpoint-url> [options]

Runs the UAI-1 implementation checks against a live server: reads its capability statement
(GET of the endpoint, or --capability), sends fresh sealed requests for what it declares and
hostile ones it must refuse, and judges every answer. Only the endpoint's origin (and that of
--capability) is contacted.

Options:
  --capability <url>     where the capability statement is (default: the endpoint itself; with
                         --result, on the endpoint's origin only)
  --format <f>           text (default), json, junit, html
  --baseline <file>      JSON {"expected_failures": [ids]}: listed failures are expected;
                         a new failure or a listed check that passes fails the run
  --only <ids>           comma-separated check ids to run and report (not with --result)
  --result <file>        write the sealed uai.conformance.result.v1 message to a file
  --timeout <ms>         per request (default ${DEFAULT_LIMITS.timeoutMs})
  --max-time <ms>        for the whole run (default ${DEFAULT_LIMITS.totalMs})
  --max-requests <n>     request budget (default ${DEFAULT_LIMITS.maxRequests})

A check is skipped only when your capability statement's declarations make it not apply; a
check that applies but could not be exercised (the run stopped early, an answer of the wrong
kind, no task to poll) is reported as not exercised and fails the run like a failed must-check.

Exit status: 0 no regression, 1 a check failed or was not exercised that the baseline does not
list (or a stale baseline entry), or the run stopped early (timeout, time cap, request budget, a
connection refused after the statement was read), 2 usage error or the endpoint could not be
reached at all.
`;

export interface KitIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly now: () => Date;
  readonly site: Site;
}

export const positive = (text: string | undefined, fallback: number, name: string): number => {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n <= 0) throw new UsageError(`${name} takes a positive whole number`);
  return n;
};

/**
 * The longest a timer waits (2^31 - 1 ms, about 24.8 days): Node fires a longer one after 1 ms,
 * so a larger --timeout would time out every request at once and call a working server unreachable.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A time in milliseconds: a positive whole number no timer overflows. */
export const milliseconds = (text: string | undefined, fallback: number, name: string): number => {
  const n = positive(text, fallback, name);
  if (n > MAX_TIMER_MS)
    throw new UsageError(`${name} takes a whole number of milliseconds from 1 to ${MAX_TIMER_MS} (about 24.8 days)`);
  return n;
};

/** The baseline file given with --baseline, read and checked (a UsageError when it cannot be). */
export async function readBaselineFile(file: string): Promise<Baseline> {
  const read = parseBaseline(readSettingsFile('the baseline', file));
  if (!read.ok) throw new UsageError(`${file}: ${read.error}`);
  return read.baseline;
}

export async function testCommand(argv: readonly string[], io: KitIo): Promise<number> {
  try {
    const { values, positionals } = commandArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        capability: { type: 'string' },
        format: { type: 'string' },
        baseline: { type: 'string' },
        only: { type: 'string' },
        result: { type: 'string' },
        timeout: { type: 'string' },
        'max-time': { type: 'string' },
        'max-requests': { type: 'string' },
        help: { type: 'boolean' },
      },
    });
    if (values.help) {
      io.stdout(TEST_HELP);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError('give exactly one endpoint URL');
    const endpoint = positionals[0]!;
    for (const url of [endpoint, values.capability]) {
      if (url !== undefined && !(URL.canParse(url) && /^https?:$/.test(new URL(url).protocol)))
        throw new UsageError(`${url} is not an http(s) URL`);
    }
    const format = (values.format ?? 'text') as KitFormat;
    if (!KIT_FORMATS.includes(format)) throw new UsageError(`--format takes ${KIT_FORMATS.join(', ')}`);
    const known = new Set<string>(KIT_CHECKS.map((c) => c.id));
    const only =
      values.only === undefined
        ? undefined
        : new Set(
            values.only
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
          );
    const unknown = only ? [...only].filter((id) => !known.has(id)) : [];
    if (unknown.length) throw new UsageError(`unknown check id(s): ${unknown.join(', ')}`);
    // No check run is no verdict: a sealed pass of nothing would be a false pass.
    if (only?.size === 0) throw new UsageError('--only names no check id; give one or more, comma-separated');
    if (values.result !== undefined) {
      // A sealed result lists failures only, so every check it does not name reads as passed: sealed
      // from some of the checks, it would say the implementation passed the others too.
      if (only)
        throw new UsageError(
          '--result seals the verdict of every check, and --only runs some of them: use one or the other',
        );
      // It is about the endpoint, and anyone re-runs the kit against the endpoint alone: a statement
      // read from another origin (another server's) would lend it checks it never passed.
      const [about, from] = [new URL(endpoint).origin, new URL(values.capability ?? endpoint).origin];
      if (from !== about)
        throw new UsageError(
          `--result seals a verdict about ${about}, and --capability reads the statement from ${from}: give a statement on the endpoint's own origin, or no --result`,
        );
    }
    if (values.result !== undefined) requireWritable('--result', values.result);
    const baseline = values.baseline === undefined ? undefined : await readBaselineFile(values.baseline);
    const report = await testImplementation({
      endpoint,
      ...(values.capability ? { capabilityUrl: values.capability } : {}),
      limits: {
        timeoutMs: milliseconds(values.timeout, DEFAULT_LIMITS.timeoutMs, '--timeout'),
        totalMs: milliseconds(values['max-time'], DEFAULT_LIMITS.totalMs, '--max-time'),
        maxRequests: positive(values['max-requests'], DEFAULT_LIMITS.maxRequests, '--max-requests'),
      },
      now: io.now(),
      runId: randomBytes(16).toString('hex'),
      site: io.site,
      ...(baseline ? { baseline } : {}),
      ...(only ? { only } : {}),
    });
    if (report.exit_code === 2) {
      // The reason may quote what the endpoint sent: one escaped line, as the report's lines are.
      const line = stoppedByOwnLimit(report.aborted)
        ? `uai test: stopped before ${report.endpoint} answered: ${report.aborted} (raise --max-time)`
        : `uai test: ${report.endpoint} could not be reached: ${report.aborted ?? 'no answer'}`;
      io.stderr(`${escapeLine(line)}\n`);
      return 2;
    }
    io.stdout(formatKitReport(report, format, values.result));
    if (values.result !== undefined)
      writeOutput('--result', values.result, `${JSON.stringify(report.result_message, null, 2)}\n`);
    return report.exit_code;
  } catch (error) {
    if (isUsageError(error)) {
      io.stderr(`${escapeLine(`uai test: ${error.message}`)}\nRun "uai test --help" for usage.\n`);
      return 2;
    }
    throw error;
  }
}
