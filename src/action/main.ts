/**
 * The GitHub Action's entry (action.yml: runs.using node24, main action/index.js, the committed
 * bundle of this file). A shell like the CLI: it reads the runner's inputs (INPUT_* variables),
 * runs the `uai` CLI (src/cli/main.ts) in process, and writes what the runner reads: step outputs
 * (GITHUB_OUTPUT), the job summary (GITHUB_STEP_SUMMARY), workflow-command annotations on
 * stdout, report files in the workspace, and for validate the SARIF upload to code scanning
 * through the REST API (what github/codeql-action/upload-sarif does, which a JavaScript action
 * cannot call).
 */
import {
  appendFileSync,
  closeSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs } from '../cli/args.ts';
import { batched } from '../cli/batched-output.ts';
import { ANNOTATIONS_SHOWN, workflowCommand } from '../cli/github-report.ts';
import { PACKAGE_ORIGIN } from '../cli/package-origin.ts';
import { notPublicHttps } from '../standard/public-address.ts';
import { main, originMistake, processIo, validateTo, type Io } from '../cli/main.ts';
import type { ReportWriter } from '../cli/report-writer.ts';

type Env = Readonly<Record<string, string | undefined>>;

/** The runner's name for an input: INPUT_ and the id upper-cased, spaces as underscores. */
const input = (env: Env, name: string): string =>
  (env[`INPUT_${name.replaceAll(' ', '_').toUpperCase()}`] ?? '').trim();
/**
 * A true/false input read as the Actions toolkit's getBooleanInput reads it (YAML 1.2 core
 * schema): `True` and `TRUE` are true too, and any other word is an error, never quietly one of
 * the two. Unset, the action.yml default.
 */
export function booleanInput(env: Env, name: string, unset: boolean): boolean | { error: string } {
  const value = input(env, name);
  if (value === '') return unset;
  if (['true', 'True', 'TRUE'].includes(value)) return true;
  if (['false', 'False', 'FALSE'].includes(value)) return false;
  return { error: `the ${name} input is true or false (or True, TRUE, False, FALSE), not ${JSON.stringify(value)}` };
}

/** The category as code scanning's automation id: it ends in one `/` (github/codeql-action's getAutomationID). */
export const automationIdOf = (category: string): string => (category.endsWith('/') ? category : `${category}/`);

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** Runs the CLI with its standard output captured; standard error goes to the log as it is. */
async function cli(argv: string[], env: Env, workspace: string): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const io: Io = { ...processIo, env, cwd: () => workspace, stdout: (t) => void (stdout += t) };
  return { code: await main(argv, io), stdout };
}

/**
 * Appends `name=value` lines to GITHUB_OUTPUT. A value is one line: one holding a line break (an
 * id from the code-scanning API, a path from an input) would add lines of its own, and a later
 * `exit-code=0` line would win over the real one; such a value is written with its breaks as
 * spaces.
 */
function setOutputs(env: Env, outputs: Record<string, string | number>): void {
  if (!env.GITHUB_OUTPUT) return;
  appendFileSync(
    env.GITHUB_OUTPUT,
    Object.entries(outputs)
      .map(([k, v]) => `${k}=${String(v).replace(/[\r\n\u2028\u2029]/g, ' ')}\n`)
      .join(''),
  );
}

/**
 * A file's name as a Markdown code span of the job summary. Names are a pull request's to choose,
 * so line breaks, other controls and bidi marks are written as \u escapes, and the fence is one backtick
 * longer than any run inside (CommonMark, "Code spans"): a name cannot close the span or its list
 * item and add Markdown of its own (a heading, a link, an image).
 */
export function codeSpan(name: string): string {
  const text = name.replace(
    /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  const fence = '`'.repeat(Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length)) + 1);
  // A space each side when the text starts or ends with a backtick or a space: a reader drops one each side.
  const pad = /^[` ]|[` ]$/.test(text) && text.trim() !== '' ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/**
 * GitHub drops a step's whole summary past 1 MiB; a pull request can add files by the thousand, so
 * the list of files stops at 64 KB of lines and says how many more there are and where they are.
 */
const SUMMARY_LIST_BYTES = 64 * 1024;
function cappedList(rest: string): { push: (item: string) => void; lines: () => string[] } {
  const kept: string[] = [];
  let bytes = 0;
  let more = 0;
  return {
    push(item) {
      if (more === 0 && bytes + Buffer.byteLength(item) + 1 <= SUMMARY_LIST_BYTES) {
        bytes += Buffer.byteLength(item) + 1;
        kept.push(item);
      } else more += 1;
    },
    lines: () => (more > 0 ? [...kept, `- …and ${more} more: ${rest}.`] : kept),
  };
}

function summary(env: Env, markdown: string): void {
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, markdown);
}

function writeReport(workspace: string, file: string, text: string): string {
  const path = resolve(workspace, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

/**
 * A warning about the upload, as an annotation and in the step summary: the runner shows a step
 * only its first ten warning annotations, which the findings may already have taken.
 */
function uploadWarning(env: Env, text: string): void {
  process.stdout.write(`${workflowCommand('warning', { title: 'SARIF upload' }, text)}\n`);
  summary(env, `**SARIF upload:** ${text}\n\n`);
}

/** A log code scanning would refuse whole for its size: not sent, and no token or fork is to blame. */
class TooLargeToUpload extends Error {}

/**
 * POST /repos/{owner}/{repo}/code-scanning/sarifs: the gzipped, base64 log for this commit and
 * ref. A log code scanning would refuse for its size is not read or sent: the error says which limit.
 */
async function uploadSarif(env: Env, path: string, results: number, token: string): Promise<string> {
  if (results > UPLOAD_RESULTS)
    throw new TooLargeToUpload(
      `the log holds ${results} results; code scanning takes at most ${UPLOAD_RESULTS} in a run`,
    );
  const gzipped = gzipSync(readFileSync(path));
  if (gzipped.length > UPLOAD_GZIP_BYTES)
    throw new TooLargeToUpload(
      `the log is ${gzipped.length} bytes gzipped; code scanning takes at most ${UPLOAD_GZIP_BYTES} bytes`,
    );
  const api = env.GITHUB_API_URL || 'https://api.github.com';
  const response = await fetch(`${api}/repos/${env.GITHUB_REPOSITORY}/code-scanning/sarifs`, {
    method: 'POST',
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'x-github-api-version': '2022-11-28',
    },
    body: JSON.stringify({
      commit_sha: env.GITHUB_SHA,
      ref: env.GITHUB_REF,
      sarif: gzipped.toString('base64'),
      tool_name: 'uai',
    }),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  if (response.status !== 202) throw new Error(`code scanning answered ${response.status}: ${text.slice(0, 500)}`);
  return String((JSON.parse(text) as { id?: unknown }).id ?? '');
}

/**
 * What code scanning accepts (docs.github.com, "SARIF support for code scanning"): at most 25,000
 * results in a run and 10 MB of gzipped log. A log past either is refused whole, so it is not sent.
 */
const UPLOAD_RESULTS = 25_000;
/** Of an accepted run, code scanning keeps this many results, by severity ("Results per run"). */
const RESULTS_SHOWN = 5_000;
const UPLOAD_GZIP_BYTES = 10 * 1024 * 1024;

/** Counts of one run, taken from each file as it is judged (the reports themselves go to their sinks). */
function countingObserver(failOn: string, rest: string) {
  const counts = { checked: 0, invalid: 0, unreadable: 0, errors: 0, warnings: 0, results: 0 };
  // The files listed are the ones that fail the step: with fail-on warning, a valid file with a warning too.
  const failing = cappedList(rest);
  const observer: ReportWriter = {
    checked({ file, result }) {
      counts.checked += 1;
      if (!result.valid) counts.invalid += 1;
      counts.errors += result.error_count;
      counts.warnings += result.warning_count;
      // One SARIF result per listed issue.
      counts.results += result.errors.length + result.warnings.length;
      if (!result.valid || (failOn === 'warning' && result.warning_count > 0))
        failing.push(`- ${codeSpan(file)}: ${result.error_count} error(s), ${result.warning_count} warning(s)`);
    },
    unreadable() {
      counts.unreadable += 1;
    },
    end() {},
  };
  return { counts, failing, observer };
}

/** A file written in the CLI's batches (batched-output.ts) as text arrives, so a report is never held whole. */
function fileSink(path: string): { write: (text: string) => void; close: () => void } {
  const fd = openSync(path, 'w');
  const out = batched((text) => void writeSync(fd, text));
  let closed = false;
  return {
    write: out.write,
    close() {
      if (closed) return;
      closed = true;
      try {
        out.flush();
      } finally {
        closeSync(fd);
      }
    },
  };
}

async function validate(env: Env, workspace: string): Promise<number> {
  const files = lines(input(env, 'files'));
  const category = input(env, 'category') || 'uai-validate';
  const sarifFile = input(env, 'sarif-file') || 'uai.sarif';
  const origin = input(env, 'origin');
  const failOn = input(env, 'fail-on') || 'error';
  const annotate = booleanInput(env, 'annotations', true);
  const upload = booleanInput(env, 'upload', true);
  for (const flag of [annotate, upload]) if (typeof flag === 'object') return fail(env, 'uai validate', flag.error);
  // The Action's own options first, then `--`: every line of `files` is a file, directory or glob,
  // even one a pull request named `--jobs=2` or `--origin=https:evil.example` (read as an option,
  // such a file was not checked and the step passed).
  const base = [
    'validate',
    '--mode',
    input(env, 'mode') || 'keyed-json',
    '--fail-on',
    failOn,
    '--sarif-base',
    workspace,
    ...(origin ? ['--origin', origin] : []),
    '--',
    ...files,
  ];
  const parsed = parseArgs(base);
  // The origin input wins over UAI_ORIGIN, which is then not read, so not judged.
  const mistake = parsed.ok ? (origin ? undefined : originMistake(env)) : parsed.error;
  if (!parsed.ok || parsed.command.kind !== 'validate' || mistake)
    return fail(env, 'uai validate', mistake ?? 'no files to validate');
  // The help links go into code scanning's rules and the annotations, read on github.com: one to
  // this machine's loopback (the default of a bundle built from a checkout) helps nobody there.
  const linked = origin || env.UAI_ORIGIN || PACKAGE_ORIGIN;
  const unreachable = notPublicHttps(linked);
  if (unreachable) {
    const text = `The findings' help links go to ${linked}, which ${unreachable}: set the origin input to the public UAI-1 site (https://...).`;
    process.stdout.write(`${workflowCommand('warning', { title: 'uai: help links' }, text)}\n`);
    summary(env, `**Help links:** ${text}\n\n`);
  }
  // One run over the files: the SARIF log streamed into its file, the annotations into the log,
  // the counts kept here; memory follows the largest file, not the number of files.
  const sarifPath = resolve(workspace, sarifFile);
  // Written outside the workspace while the files are judged, then copied into place: a log
  // begun among the inputs would be read as one of them (`files: .`), or wipe the input it names.
  const scratch = mkdtempSync(join(env.RUNNER_TEMP || tmpdir(), 'uai-sarif-'));
  const sarif = fileSink(join(scratch, 'uai.sarif'));
  const { counts, failing, observer } = countingObserver(
    failOn,
    `the SARIF log (${sarifFile}) names every one (GitHub shows ${ANNOTATIONS_SHOWN} annotations of each level a step)`,
  );
  let code: number;
  try {
    code = await validateTo(
      parsed.command,
      {
        formats: {
          sarif: sarif.write,
          ...(annotate === true ? { github: processIo.stdout } : {}),
        },
        // The category keeps these results apart from other tools' in code scanning (codeql-action's rule).
        automationId: automationIdOf(category),
        observers: [observer],
      },
      { ...processIo, env, cwd: () => workspace },
    );
    sarif.close();
    mkdirSync(dirname(sarifPath), { recursive: true });
    copyFileSync(join(scratch, 'uai.sarif'), sarifPath);
  } finally {
    sarif.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  const { checked, invalid, unreadable, errors, warnings } = counts;
  setOutputs(env, {
    'exit-code': code,
    'sarif-file': sarifPath,
    files: checked + unreadable,
    unreadable,
    errors,
    warnings,
  });
  summary(
    env,
    [
      '### uai validate',
      '',
      '| Files | Valid | Invalid | Unreadable | Errors | Warnings | Exit status |',
      '|---:|---:|---:|---:|---:|---:|---:|',
      `| ${checked + unreadable} | ${checked - invalid} | ${invalid} | ${unreadable} | ${errors} | ${warnings} | ${code} |`,
      '',
      ...failing.lines(),
      '',
    ].join('\n'),
  );

  if (upload !== true) return code;
  // A log that leaves an input unchecked would replace the category's alerts in code scanning with
  // fewer (a typo in `files` would clear them all): the step fails, and the last alerts stay.
  if (unreadable > 0 || checked === 0) {
    uploadWarning(
      env,
      `The SARIF log was not uploaded (it is in ${sarifFile}): ${checked === 0 ? 'no file was checked' : `${unreadable} input(s) could not be checked`}, and an upload replaces the results code scanning holds for this category with those of this run.`,
    );
    return code;
  }
  if (counts.results > RESULTS_SHOWN)
    uploadWarning(
      env,
      `The log holds ${counts.results} results; code scanning keeps the first ${RESULTS_SHOWN} of a run by severity. The log in ${sarifFile} holds them all.`,
    );
  try {
    const id = await uploadSarif(env, sarifPath, counts.results, input(env, 'token'));
    setOutputs(env, { 'sarif-id': id });
  } catch (error) {
    // Code scanning is not always there to receive: a pull request from a fork runs with a
    // read-only token, and a private repository may have no code scanning. The messages were still
    // checked, so the step keeps uai's status (the exit-code output) and a warning says why.
    const advice =
      error instanceof TooLargeToUpload
        ? 'Validate fewer files in one step, or fix the messages with the most issues first.'
        : "Set upload: 'false' where code scanning is unavailable (forks, read-only tokens).";
    const why = `${(error as Error).message}. The SARIF log was not uploaded (it is in ${sarifFile}); the summary above counts every finding, and the annotations show the first ${ANNOTATIONS_SHOWN} of each level. ${advice}`;
    uploadWarning(env, why);
  }
  return code;
}

/**
 * Waits until the endpoint answers HTTP at all (any status), so that a server started in the
 * step before (in the background) has time to listen. False when it never does within `seconds`.
 */
async function endpointAnswers(endpoint: string, seconds: number): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    try {
      const response = await fetch(endpoint, { signal: AbortSignal.timeout(5_000) });
      await response.body?.cancel();
      return true;
    } catch {
      if (Date.now() >= deadline) return false;
      await new Promise((done) => setTimeout(done, 500));
    }
  }
}

/** Runs `uai test` or `uai test-client` with a JUnit report: the report file, outputs, summary and annotation. */
async function kitRun(env: Env, workspace: string, title: string, argv: string[]): Promise<number> {
  const junitFile = input(env, 'junit-file') || 'uai-junit.xml';
  const resultFile = input(env, 'result-file');
  const options = [
    ['--baseline', input(env, 'baseline') && resolve(workspace, input(env, 'baseline'))],
    ['--result', resultFile && resolve(workspace, resultFile)],
  ].flatMap(([flag, value]) => (value ? [flag!, value] : []));
  const run = await cli([...argv, '--format', 'junit', ...options], env, workspace);
  const junitPath = run.stdout ? writeReport(workspace, junitFile, run.stdout) : '';
  // The counts of the JUnit log's root element (tests, failures, skipped).
  const count = (name: string) =>
    Number(new RegExp(`<testsuites?\\b[^>]*\\b${name}="(\\d+)"`).exec(run.stdout)?.[1] ?? 0);
  setOutputs(env, {
    'exit-code': run.code,
    'junit-file': junitPath,
    // Written with the report, so only when there is one (a usage error, such as only with result-file, writes neither).
    ...(resultFile && run.stdout ? { 'result-file': resolve(workspace, resultFile) } : {}),
  });
  summary(
    env,
    [
      `### ${title}`,
      '',
      '| Checks | Failed | Skipped | Exit status |',
      '|---:|---:|---:|---:|',
      `| ${count('tests')} | ${count('failures')} | ${count('skipped')} | ${run.code} |`,
      '',
    ].join('\n'),
  );
  // Point at the report only when there is one: a usage error or an unreachable endpoint writes none.
  const where = junitPath ? `see ${junitFile} and the log above` : 'see the log above';
  const name = `uai ${argv[0]}`;
  if (run.code !== 0)
    process.stdout.write(`${workflowCommand('error', { title: name }, `${name} exited ${run.code}: ${where}`)}\n`);
  return run.code;
}

function fail(env: Env, title: string, message: string): number {
  setOutputs(env, { 'exit-code': 2 });
  process.stdout.write(`${workflowCommand('error', { title }, message)}\n`);
  return 2;
}

async function kit(env: Env, workspace: string): Promise<number> {
  const endpoint = input(env, 'endpoint');
  if (!endpoint) return fail(env, 'uai test', 'the endpoint input is required for command: test');
  // Not waited for: a text that is no http(s) URL never answers, and the wait would blame the server.
  if (!/^https?:$/.test(URL.parse(endpoint)?.protocol ?? ''))
    return fail(env, 'uai test', `the endpoint input is no http(s) URL: ${endpoint}`);
  const wait = Number(input(env, 'wait') || '60');
  if (!Number.isFinite(wait) || wait < 0) return fail(env, 'uai test', `wait takes seconds, not ${input(env, 'wait')}`);
  if (wait > 0 && !(await endpointAnswers(endpoint, wait)))
    return fail(env, 'uai test', `${endpoint} did not answer within ${wait} s: is the server started, on that port?`);
  const options = [
    ['--capability', input(env, 'capability')],
    ['--only', input(env, 'only')],
  ].flatMap(([flag, value]) => (value ? [flag!, value] : []));
  return kitRun(env, workspace, `uai test ${codeSpan(endpoint)}`, ['test', endpoint, ...options]);
}

async function kitClient(env: Env, workspace: string): Promise<number> {
  const command = input(env, 'client-command');
  if (!command) return fail(env, 'uai test-client', 'the client-command input is required for command: test-client');
  return kitRun(env, workspace, `uai test-client ${codeSpan(command)}`, ['test-client', '--command', command]);
}

export async function runAction(env: Env = process.env): Promise<number> {
  const workspace = resolve(env.GITHUB_WORKSPACE || process.cwd());
  const command = input(env, 'command') || 'validate';
  try {
    // Relative inputs (files, globs) are read from the workspace, the repository's checkout.
    process.chdir(workspace);
    if (command === 'validate') return await validate(env, workspace);
    if (command === 'test') return await kit(env, workspace);
    if (command === 'test-client') return await kitClient(env, workspace);
  } catch (error) {
    // What the step could not do (a report path that is a folder, a run too large to hold) is said
    // in one line with exit-code 2, never a stack trace and an exit status the outputs do not give.
    return fail(env, `uai ${command}`, `the step could not finish: ${(error as Error).message}`);
  }
  return fail(env, 'uai', `command takes validate, test or test-client, not ${command}`);
}
