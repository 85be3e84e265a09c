import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { publishedExamples } from '../../src/engine/index.ts';
import { siteFor } from '../../src/standard/site.ts';
import { spawn } from 'node:child_process';
import { ORIGIN, REPO } from './local-server.ts';

/**
 * The composite GitHub Action (action.yml) run step by step as the runner would: every `run`
 * step with its `${{ }}` expressions filled from the inputs and earlier outputs, bash, the
 * workspace as working directory, GITHUB_ACTION_PATH the repository, GITHUB_OUTPUT a file.
 * Two steps are not run here: actions/setup-node (the project's own Node 24 is first on PATH)
 * and `npm ci` (node_modules is installed from the same lockfile); the upload step's SARIF file
 * is checked against the official schema instead of being uploaded.
 */
interface Step {
  name: string;
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
const action = parse(readFileSync(resolve(REPO, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
};
const schema = JSON.parse(readFileSync(resolve(REPO, 'tests/engine/data/sarif-schema-2.1.0.json'), 'utf8'));
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validateSarif = ajv.compile(schema);

const request = publishedExamples(siteFor(ORIGIN)).find((e) => e.profile === 'uai.intent.request.v1')!
  .message as Record<string, any>;
let workspace: string;

/** bash with no standard input, as a runner step has none. */
function bash(
  script: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', fail);
    child.once('close', (code) => done({ code, stdout, stderr }));
  });
}

beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'uai-action-'));
  mkdirSync(join(workspace, 'messages/sub'), { recursive: true });
  writeFileSync(join(workspace, 'messages/ok.json'), JSON.stringify(request, null, 2));
  writeFileSync(
    join(workspace, 'messages/sub/bad.json'),
    JSON.stringify({ ...request, delivery: { ...request.delivery, priority: 'urgent' } }, null, 2),
  );
});
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

/** Runs the action's steps; returns each run step's result and the outputs it wrote. */
async function runAction(inputs: Record<string, string>) {
  const values: Record<string, string> = Object.fromEntries(
    Object.entries(action.inputs).map(([k, v]) => [`inputs.${k}`, String(v.default)]),
  );
  for (const [k, v] of Object.entries(inputs)) values[`inputs.${k}`] = v;
  const fill = (text: string) =>
    text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_m, expr: string) => {
      if (!(expr in values)) throw new Error(`unknown expression ${expr}`);
      return values[expr]!;
    });
  const steps: { step: Step; code: number | null; stdout: string; stderr: string }[] = [];
  for (const step of action.runs.steps) {
    if (step.uses?.startsWith('actions/setup-node') || step.id === 'install') continue;
    if (step.uses) {
      steps.push({ step, code: null, stdout: '', stderr: '' });
      continue;
    }
    const outputFile = join(workspace, `.output-${step.id ?? steps.length}`);
    writeFileSync(outputFile, '');
    const env = {
      ...process.env,
      PATH: `${resolve(REPO, 'node_modules/.bin')}:${process.env.PATH}`,
      GITHUB_ACTION_PATH: REPO,
      GITHUB_WORKSPACE: workspace,
      GITHUB_OUTPUT: outputFile,
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, fill(String(v))])),
    };
    expect(step.shell).toBe('bash');
    const result = await bash(fill(step.run!), workspace, env);
    for (const line of readFileSync(outputFile, 'utf8').split('\n').filter(Boolean)) {
      const [key, ...rest] = line.split('=');
      values[`steps.${step.id}.outputs.${key}`] = rest.join('=');
    }
    steps.push({ step, ...result });
  }
  return { steps, values };
}

describe('action.yml', () => {
  it('is a composite action whose outputs and upload use the validate step', () => {
    expect(action.runs.using).toBe('composite');
    const upload = action.runs.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'))!;
    expect(upload.with).toEqual({ sarif_file: '${{ inputs.sarif-file }}', category: '${{ inputs.category }}' });
    expect(action.outputs['exit-code']!.value).toBe('${{ steps.validate.outputs.exit-code }}');
  });

  it('on a glob with one bad message: a valid SARIF log with repository-relative URIs, annotations, a failing last step', async () => {
    const { steps, values } = await runAction({ origin: 'https://uai.example.org' });
    const validate = steps.find((s) => s.step.id === 'validate')!;
    expect(validate.code, validate.stderr).toBe(0);
    expect(values['steps.validate.outputs.exit-code']).toBe('1');
    const log = JSON.parse(readFileSync(join(workspace, 'uai.sarif'), 'utf8'));
    expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
    expect(log.runs[0].results.map((r: any) => [r.ruleId, r.locations[0].physicalLocation.artifactLocation])).toEqual([
      ['schema.value_not_allowed', { uri: 'messages/sub/bad.json', uriBaseId: '%SRCROOT%' }],
      ['integrity.checksum_mismatch', { uri: 'messages/sub/bad.json', uriBaseId: '%SRCROOT%' }],
    ]);
    expect(log.runs[0].tool.driver.rules[0].helpUri).toMatch(/^https:\/\/uai\.example\.org\/error-registry\/#/);
    expect(validate.stdout).toMatch(
      /^::error file=messages\/sub\/bad\.json,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=schema\.value_not_allowed at \/delivery\/priority::/m,
    );
    const last = steps.at(-1)!;
    expect(last.step.name).toBe('Fail on findings');
    expect(last.code).toBe(1);
  }, 60_000);

  it('on clean messages: exit-code 0 and every step passes', async () => {
    const { steps, values } = await runAction({ files: 'messages/ok.json\n\nmessages/ok.json' });
    expect(values['steps.validate.outputs.exit-code']).toBe('0');
    expect(steps.filter((s) => s.step.run).map((s) => s.code)).toEqual([0, 0]);
    expect(JSON.parse(readFileSync(join(workspace, 'uai.sarif'), 'utf8')).runs[0].results).toEqual([]);
  }, 60_000);
});
