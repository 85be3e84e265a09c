/**
 * The GitHub Action's entry (action.yml: runs.using node24, main action/index.js, the committed
 * bundle of this file). A shell like the CLI: it reads the runner's inputs (INPUT_* variables),
 * runs the `uai` CLI (src/cli/main.ts) in process, and writes what the runner reads: step outputs
 * (GITHUB_OUTPUT), the job summary (GITHUB_STEP_SUMMARY), workflow-command annotations on
 * stdout, report files in the workspace, and for validate the SARIF upload to code scanning
 * through the REST API (what github/codeql-action/upload-sarif does, which a JavaScript action
 * cannot call).
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs } from '../cli/args.ts';
import { workflowCommand } from '../cli/github-report.ts';
import { main, processIo, validateIn, type Io } from '../cli/main.ts';

type Env = Readonly<Record<string, string | undefined>>;

/** The runner's name for an input: INPUT_ and the id upper-cased, spaces as underscores. */
const input = (env: Env, name: string): string =>
  (env[`INPUT_${name.replaceAll(' ', '_').toUpperCase()}`] ?? '').trim();
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

function setOutputs(env: Env, outputs: Record<string, string | number>): void {
  if (!env.GITHUB_OUTPUT) return;
  appendFileSync(
    env.GITHUB_OUTPUT,
    Object.entries(outputs)
      .map(([k, v]) => `${k}=${v}\n`)
      .join(''),
  );
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

/** POST /repos/{owner}/{repo}/code-scanning/sarifs: the gzipped, base64 log for this commit and ref. */
async function uploadSarif(env: Env, sarif: string, token: string): Promise<string> {
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
      sarif: gzipSync(sarif).toString('base64'),
      tool_name: 'uai',
    }),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  if (response.status !== 202) throw new Error(`code scanning answered ${response.status}: ${text.slice(0, 500)}`);
  return String((JSON.parse(text) as { id?: unknown }).id ?? '');
}

interface JsonEntry {
  readonly file: string;
  readonly result: { readonly valid: boolean; readonly error_count: number; readonly warning_count: number };
}

async function validate(env: Env, workspace: string): Promise<number> {
  const files = lines(input(env, 'files'));
  const category = input(env, 'category') || 'uai-validate';
  const sarifFile = input(env, 'sarif-file') || 'uai.sarif';
  const origin = input(env, 'origin');
  const base = [
    'validate',
    ...files,
    '--mode',
    input(env, 'mode') || 'keyed-json',
    '--fail-on',
    input(env, 'fail-on') || 'error',
    '--sarif-base',
    workspace,
    ...(origin ? ['--origin', origin] : []),
  ];
  const parsed = parseArgs(base);
  if (!parsed.ok || parsed.command.kind !== 'validate') {
    process.stdout.write(
      `${workflowCommand('error', { title: 'uai validate' }, parsed.ok ? 'no files to validate' : parsed.error)}\n`,
    );
    return 2;
  }
  // One run over the files, rendered three times: the SARIF log, the annotations and the counts.
  const { code, reports } = await validateIn(parsed.command, ['sarif', 'github', 'json'], {
    ...processIo,
    env,
    cwd: () => workspace,
  });
  // The category keeps these results apart from other tools' in code scanning (codeql-action's rule).
  const log = JSON.parse(reports.sarif) as { runs: { automationDetails?: { id: string } }[] };
  for (const run of log.runs) run.automationDetails = { id: `${category}/` };
  const sarifText = `${JSON.stringify(log, null, 2)}\n`;
  const sarifPath = writeReport(workspace, sarifFile, sarifText);
  if (input(env, 'annotations') !== 'false') process.stdout.write(reports.github);
  const parsedJson = JSON.parse(reports.json) as JsonEntry[] | JsonEntry['result'] | null;
  // One named file: its result alone, or null when it could not be read (exit status 2).
  const entries: JsonEntry[] = Array.isArray(parsedJson)
    ? parsedJson
    : parsedJson
      ? [{ file: files[0] ?? '', result: parsedJson }]
      : [];
  const errors = entries.reduce((n, e) => n + e.result.error_count, 0);
  const warnings = entries.reduce((n, e) => n + e.result.warning_count, 0);
  const invalid = entries.filter((e) => !e.result.valid);
  setOutputs(env, {
    'exit-code': code,
    'sarif-file': sarifPath,
    files: entries.length,
    errors,
    warnings,
  });
  summary(
    env,
    [
      '### uai validate',
      '',
      '| Files | Valid | Invalid | Errors | Warnings | Exit status |',
      '|---:|---:|---:|---:|---:|---:|',
      `| ${entries.length} | ${entries.length - invalid.length} | ${invalid.length} | ${errors} | ${warnings} | ${code} |`,
      '',
      ...invalid.map((e) => `- \`${e.file}\`: ${e.result.error_count} error(s), ${e.result.warning_count} warning(s)`),
      '',
    ].join('\n'),
  );

  if (input(env, 'upload') === 'true') {
    try {
      const id = await uploadSarif(env, sarifText, input(env, 'token'));
      setOutputs(env, { 'sarif-id': id });
    } catch (error) {
      process.stdout.write(`${workflowCommand('error', { title: 'SARIF upload' }, (error as Error).message)}\n`);
      return Math.max(code, 1);
    }
  }
  return code;
}

async function kit(env: Env, workspace: string): Promise<number> {
  const endpoint = input(env, 'endpoint');
  if (!endpoint) {
    process.stdout.write(
      `${workflowCommand('error', { title: 'uai test' }, 'the endpoint input is required for command: test')}\n`,
    );
    return 2;
  }
  const junitFile = input(env, 'junit-file') || 'uai-junit.xml';
  const resultFile = input(env, 'result-file');
  const options = [
    ['--capability', input(env, 'capability')],
    ['--baseline', input(env, 'baseline') && resolve(workspace, input(env, 'baseline'))],
    ['--only', input(env, 'only')],
    ['--result', resultFile && resolve(workspace, resultFile)],
  ].flatMap(([flag, value]) => (value ? [flag!, value] : []));
  const run = await cli(['test', endpoint, '--format', 'junit', ...options], env, workspace);
  const junitPath = run.stdout ? writeReport(workspace, junitFile, run.stdout) : '';
  // The counts of the JUnit log's root element (tests, failures, skipped).
  const count = (name: string) =>
    Number(new RegExp(`<testsuites?\\b[^>]*\\b${name}="(\\d+)"`).exec(run.stdout)?.[1] ?? 0);
  setOutputs(env, {
    'exit-code': run.code,
    'junit-file': junitPath,
    ...(resultFile ? { 'result-file': resolve(workspace, resultFile) } : {}),
  });
  summary(
    env,
    [
      `### uai test ${endpoint}`,
      '',
      '| Checks | Failed | Skipped | Exit status |',
      '|---:|---:|---:|---:|',
      `| ${count('tests')} | ${count('failures')} | ${count('skipped')} | ${run.code} |`,
      '',
    ].join('\n'),
  );
  if (run.code !== 0)
    process.stdout.write(
      `${workflowCommand('error', { title: 'uai test' }, `uai test exited ${run.code}: see ${junitFile} and the log above`)}\n`,
    );
  return run.code;
}

export async function runAction(env: Env = process.env): Promise<number> {
  const workspace = resolve(env.GITHUB_WORKSPACE || process.cwd());
  // Relative inputs (files, globs) are read from the workspace, the repository's checkout.
  process.chdir(workspace);
  const command = input(env, 'command') || 'validate';
  if (command === 'validate') return validate(env, workspace);
  if (command === 'test') return kit(env, workspace);
  process.stdout.write(
    `${workflowCommand('error', { title: 'uai' }, `command takes validate or test, not ${command}`)}\n`,
  );
  return 2;
}
