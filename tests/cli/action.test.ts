import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ACTION_BUNDLE, buildAction } from '../../scripts/action/build.ts';
import { publishedExamples, seal } from '../../src/engine/index.ts';
import { KIT_CHECKS } from '../../src/standard/kit-checks.ts';
import { siteFor } from '../../src/standard/urls.ts';
import { startKitServer, type KitServer } from '../kit/harness.ts';
import { freePort, NODE, REPO } from './local-server.ts';

/** One word for /bin/sh, whatever it holds: single-quoted, each ' closed, escaped and reopened. */
const shellWord = (word: string): string => `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * The GitHub Action (action.yml: a JavaScript action on node24 whose main is the committed bundle
 * action/index.mjs) run as the runner runs it: the bundle under Node 24 with the workspace as
 * working directory, every input as an INPUT_* variable (defaults from action.yml, as the runner
 * passes them), GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, and GitHub's code scanning API played
 * by a local server that records the SARIF upload.
 */
const metadata = readFileSync(resolve(REPO, 'action.yml'), 'utf8');
const action = parse(metadata) as {
  inputs: Record<string, { default: string }>;
  outputs: Record<string, { description: string }>;
  runs: { using: string; main: string };
};
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validateSarif = ajv.compile(
  JSON.parse(readFileSync(resolve(REPO, 'tests/engine/data/sarif-schema-2.1.0.json'), 'utf8')),
);
const validateMetadata = new Ajv({ strict: false, allErrors: true }).compile(
  JSON.parse(readFileSync(resolve(REPO, 'tests/data/github-action/github-action.json'), 'utf8')),
);

const ORIGIN = 'https://uai.example.org';
const request = publishedExamples(siteFor(ORIGIN)).find((e) => e.profile === 'uai.intent.request.v1')!
  .message as Record<string, any>;

/** Members no profile has: each one an issue of its own (past 100, the list is cut and counted). */
const manyUnknown = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`u${i}`, i]));

/** heavy/: 400 files of 150 issues each (100 listed): 40,000 SARIF results, about 28 MB of log. */
function heavyFolder(): void {
  if (existsSync(join(workspace, 'heavy'))) return;
  mkdirSync(join(workspace, 'heavy'), { recursive: true });
  const text = JSON.stringify({ ...request, ...manyUnknown(150) });
  for (let i = 0; i < 400; i++) writeFileSync(join(workspace, 'heavy', `${i}.json`), text);
}

interface Upload {
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: { commit_sha: string; ref: string; sarif: string; tool_name: string };
}
let workspace: string;
let api: Server;
let apiStatus = 202;
const uploads: Upload[] = [];
let kit: KitServer;

const body = async (req: IncomingMessage) => {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
};

beforeAll(async () => {
  workspace = mkdtempSync(join(tmpdir(), 'uai-action-'));
  mkdirSync(join(workspace, 'messages/sub'), { recursive: true });
  writeFileSync(join(workspace, 'messages/ok.json'), JSON.stringify(request, null, 2));
  writeFileSync(
    join(workspace, 'messages/sub/bad.json'),
    JSON.stringify({ ...request, delivery: { ...request.delivery, priority: 'urgent' } }, null, 2),
  );
  api = createServer(async (req, res) => {
    uploads.push({ path: req.url!, authorization: req.headers.authorization, body: JSON.parse(await body(req)) });
    res.writeHead(apiStatus, { 'content-type': 'application/json' });
    res.end(
      apiStatus === 202 ? '{"id":"42","url":"https://api.example/sarifs/42"}' : '{"message":"Resource not accessible"}',
    );
  });
  await new Promise<void>((done) => api.listen(0, '127.0.0.1', done));
  kit = await startKitServer();
});
afterAll(async () => {
  await new Promise((done) => api.close(done));
  await kit.stop();
  rmSync(workspace, { recursive: true, force: true });
});

/** Runs the Action's main as the runner does; returns its status, log and the files it wrote. */
/** A public origin for the help links, where a test reads the annotations whole. */
const PUBLIC = 'https://uai.example.org';

async function runAction(inputs: Record<string, string>, nodeOptions?: string) {
  const outputFile = join(workspace, '.github-output');
  const summaryFile = join(workspace, '.github-summary');
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  const values = { ...Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, String(v.default)])) };
  values.token = 'test-token'; // the default is the expression ${{ github.token }}
  Object.assign(values, inputs);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
    GITHUB_WORKSPACE: workspace,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_API_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
    GITHUB_REPOSITORY: 'owner/agents',
    GITHUB_SHA: 'a'.repeat(40),
    GITHUB_REF: 'refs/heads/main',
    ...Object.fromEntries(Object.entries(values).map(([k, v]) => [`INPUT_${k.replaceAll(' ', '_').toUpperCase()}`, v])),
  };
  const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((done, fail) => {
    const child = spawn(NODE, [resolve(REPO, action.runs.main)], {
      cwd: workspace,
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
  const outputs = Object.fromEntries(
    readFileSync(outputFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  return { ...result, outputs, summary: readFileSync(summaryFile, 'utf8') };
}

/** The workflow of docs/ci.md, as an implementer copies it: the ```yaml block after `<!-- action-snippet -->`. */
function documentedWorkflow() {
  const doc = readFileSync(resolve(REPO, 'docs/ci.md'), 'utf8');
  const block = /<!-- action-snippet -->\s*```yaml\n([\s\S]*?)```/.exec(doc);
  if (!block) throw new Error('docs/ci.md has no ```yaml block after <!-- action-snippet -->');
  type Step = { uses?: string; run?: string; with?: Record<string, string> };
  return parse(block[1]!) as { jobs: Record<string, { steps: Step[] }> };
}

describe('the workflow docs/ci.md gives to copy', () => {
  const workflow = documentedWorkflow();
  const repository = /github\.com\/([^/]+\/[^/.]+)/.exec(
    JSON.parse(readFileSync(resolve(REPO, 'packages/uai/package.json'), 'utf8')).repository.url,
  )![1];
  const ours = Object.values(workflow.jobs).flatMap((job) =>
    job.steps.flatMap((step, i) =>
      step.uses?.includes('@v') && !step.uses.startsWith('actions/') ? [{ job, step, i }] : [],
    ),
  );

  it('names this repository at its major tag, and passes only inputs action.yml declares', () => {
    expect(ours.length).toBe(3);
    for (const { step } of ours) {
      expect(step.uses).toBe(`${repository}@v1`);
      for (const key of Object.keys(step.with ?? {})) expect(Object.keys(action.inputs)).toContain(key);
    }
  });

  it('runs on a first try: no baseline, a server started before the test step that it waits for, a client job', () => {
    for (const { step } of ours) expect(step.with ?? {}).not.toHaveProperty('baseline');
    const server = ours.find(({ step }) => step.with?.command === 'test')!;
    expect(server.job.steps[server.i - 1]!.run).toMatch(/&\s*$/);
    expect(Number(step(server).wait ?? action.inputs.wait!.default)).toBeGreaterThan(0);
    const client = ours.find(({ step }) => step.with?.command === 'test-client')!;
    expect(client.step.with!['client-command']).toBeTruthy();
  });
  const step = (found: { step: { with?: Record<string, string> } }) => found.step.with ?? {};
});

describe('action.yml', () => {
  it('validates against the published action metadata schema (SchemaStore github-action.json)', () => {
    expect(validateMetadata(action), JSON.stringify(validateMetadata.errors)).toBe(true);
    // The schema is not a formality: a runtime the runner does not have is refused.
    expect(validateMetadata({ ...action, runs: { ...action.runs, using: 'node99' } })).toBe(false);
  });

  it('is a JavaScript action on node24 whose committed bundle is a fresh build of src/action', async () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'action/index.mjs' });
    const fresh = join(workspace, 'fresh-build.mjs');
    await buildAction(fresh);
    const committed = readFileSync(ACTION_BUNDLE, 'utf8');
    expect(
      committed === readFileSync(fresh, 'utf8'),
      'action/index.mjs is stale: run node scripts/action/build.ts (or scripts/package/build.ts, which builds both)',
    ).toBe(true);
  }, 60_000);

  it('declares every input the entry reads, and reads every input it declares', () => {
    const source = readFileSync(resolve(REPO, 'src/action/main.ts'), 'utf8');
    const read = new Set([...source.matchAll(/(?:input|booleanInput)\(env, '([a-z-]+)'/g)].map((m) => m[1]));
    expect([...read].sort()).toEqual(Object.keys(action.inputs).sort());
  });

  it('validate, one bad message: SARIF with repository-relative URIs uploaded, annotations, outputs, summary, exit 1', async () => {
    uploads.length = 0;
    const r = await runAction({ origin: ORIGIN });
    expect(r.code, r.stderr).toBe(1);
    expect(r.outputs).toEqual({
      'exit-code': '1',
      'sarif-file': join(workspace, 'uai.sarif'),
      files: '2',
      unreadable: '0',
      errors: '2',
      warnings: '0',
      'sarif-id': '42',
    });
    const text = readFileSync(join(workspace, 'uai.sarif'), 'utf8');
    const log = JSON.parse(text);
    expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
    expect(log.runs[0].automationDetails).toEqual({ id: 'uai-validate/' });
    expect(log.runs[0].results.map((x: any) => [x.ruleId, x.locations[0].physicalLocation.artifactLocation])).toEqual([
      ['schema.value_not_allowed', { uri: 'messages/sub/bad.json', uriBaseId: '%SRCROOT%' }],
      ['integrity.checksum_mismatch', { uri: 'messages/sub/bad.json', uriBaseId: '%SRCROOT%' }],
    ]);
    expect(log.runs[0].tool.driver.rules[0].helpUri).toMatch(/^https:\/\/uai\.example\.org\/error-registry\/#/);
    expect(r.stdout).toMatch(
      /^::error file=messages\/sub\/bad\.json,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=schema\.value_not_allowed at \/delivery\/priority::/m,
    );
    expect(r.summary).toContain('### uai validate');
    expect(r.summary).toContain('| 2 | 1 | 1 | 0 | 2 | 0 | 1 |');
    expect(r.summary).toContain('- `messages/sub/bad.json`: 2 error(s), 0 warning(s)');
    // The upload: what github/codeql-action/upload-sarif sends, for this commit and ref.
    expect(uploads).toHaveLength(1);
    const [upload] = uploads;
    expect(upload!.path).toBe('/repos/owner/agents/code-scanning/sarifs');
    expect(upload!.authorization).toBe('Bearer test-token');
    expect([upload!.body.commit_sha, upload!.body.ref, upload!.body.tool_name]).toEqual([
      'a'.repeat(40),
      'refs/heads/main',
      'uai',
    ]);
    expect(gunzipSync(Buffer.from(upload!.body.sarif, 'base64')).toString('utf8')).toBe(text);
  }, 60_000);

  it('validate, clean files, no upload, a category: exit 0, no annotation, the category in the log', async () => {
    uploads.length = 0;
    const r = await runAction({
      files: 'messages/ok.json\n\nmessages/ok.json',
      upload: 'false',
      category: 'agents',
      'sarif-file': 'reports/uai.sarif',
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.outputs['exit-code']).toBe('0');
    expect(r.outputs.files).toBe('1');
    expect(r.stdout).not.toMatch(/^::error/m);
    const log = JSON.parse(readFileSync(join(workspace, 'reports/uai.sarif'), 'utf8'));
    expect([log.runs[0].results, log.runs[0].automationDetails]).toEqual([[], { id: 'agents/' }]);
    // Files, valid, invalid: a row whose valid and invalid counts differ, so swapped columns show.
    expect(r.summary).toContain('| 1 | 1 | 0 | 0 | 0 | 0 | 0 |');
    expect(uploads).toEqual([]);
  }, 60_000);

  it('validate, annotations false: an invalid file still fails the step and counts its errors, with no annotation', async () => {
    const r = await runAction({
      files: 'messages/sub/bad.json',
      upload: 'false',
      annotations: 'false',
      origin: PUBLIC,
    });
    expect([r.code, r.outputs.errors]).toEqual([1, '2']);
    expect(r.stdout).not.toMatch(/^::(error|warning)/m);
  }, 60_000);

  it('validate: true and false read as the toolkit reads them (TRUE, False), another word refused; a category ending in / keeps one', async () => {
    uploads.length = 0;
    const shouted = await runAction({ files: 'messages/ok.json', upload: 'TRUE', category: 'agents/', origin: PUBLIC });
    expect(shouted.code, shouted.stderr).toBe(0);
    expect(uploads).toHaveLength(1);
    const log = JSON.parse(readFileSync(join(workspace, 'uai.sarif'), 'utf8'));
    expect(log.runs[0].automationDetails).toEqual({ id: 'agents/' });
    const quiet = await runAction({
      files: 'messages/sub/bad.json',
      upload: 'false',
      annotations: 'False',
      origin: PUBLIC,
    });
    expect([quiet.code, quiet.outputs.errors]).toEqual([1, '2']);
    expect(quiet.stdout).not.toMatch(/^::(error|warning)/m);
    uploads.length = 0;
    const refused = await runAction({ files: 'messages/ok.json', upload: 'yes', origin: PUBLIC });
    expect([refused.code, refused.outputs['exit-code']]).toEqual([2, '2']);
    expect(refused.stdout).toMatch(/^::error title=uai validate::the upload input is true or false/m);
    expect(uploads).toEqual([]);
  }, 60_000);

  it('validate: help links to an address code scanning readers cannot reach (the default of a checkout build) are warned of', async () => {
    const local = await runAction({ files: 'messages/ok.json', upload: 'false' });
    const why =
      /The findings' help links go to http:\/\/localhost:\d+, which uses http, not https: set the origin input/;
    expect(local.stdout).toMatch(new RegExp(`^::warning title=uai%3A help links::${why.source}`, 'm'));
    expect(local.summary).toMatch(why);
    const published = await runAction({ files: 'messages/ok.json', upload: 'false', origin: PUBLIC });
    expect(published.stdout).not.toMatch(/help links/);
    expect(published.summary).not.toMatch(/help links/i);
  }, 60_000);

  it('validate, one file that cannot be read: exit 2 in the outputs and the summary, no crash', async () => {
    const r = await runAction({ files: 'messages/missing.json', upload: 'false' });
    // Counted among the files given, as unreadable.
    expect([r.code, r.outputs['exit-code'], r.outputs.files, r.outputs.unreadable]).toEqual([2, '2', '1', '1']);
    expect(r.stderr).toMatch(/^uai: messages\/missing\.json: /m);
    expect(r.summary).toContain('| 1 | 0 | 0 | 1 | 0 | 0 | 2 |');
  }, 60_000);

  it("validate: code scanning refusing the upload (a fork, a read-only token) is a warning; the status stays uai's and matches exit-code", async () => {
    apiStatus = 403;
    try {
      const clean = await runAction({ files: 'messages/ok.json', annotations: 'false' });
      expect([clean.code, clean.outputs['exit-code']]).toEqual([0, '0']);
      expect(clean.stdout).toMatch(
        /^::warning title=SARIF upload::code scanning answered 403: .*The SARIF log was not uploaded/m,
      );
      expect(clean.stdout).not.toMatch(/^::error/m);
      expect(clean.outputs).not.toHaveProperty('sarif-id');
      const findings = await runAction({ files: 'messages/sub/bad.json', annotations: 'false' });
      expect([findings.code, findings.outputs['exit-code']]).toEqual([1, '1']);
    } finally {
      apiStatus = 202;
    }
  }, 60_000);

  it('test: every check of the reference server passes; JUnit file, result message, outputs and summary', async () => {
    const r = await runAction({ command: 'test', endpoint: kit.endpoint, 'result-file': 'uai-result.json' });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.outputs).toEqual({
      'exit-code': '0',
      'junit-file': join(workspace, 'uai-junit.xml'),
      'result-file': join(workspace, 'uai-result.json'),
    });
    const junit = readFileSync(join(workspace, 'uai-junit.xml'), 'utf8');
    expect(junit).toMatch(/^<\?xml/);
    expect(JSON.parse(readFileSync(join(workspace, 'uai-result.json'), 'utf8')).profile).toBe(
      'uai.conformance.result.v1',
    );
    expect(r.summary).toMatch(/### uai test `http:\/\/127\.0\.0\.1:\d+\/v1\/reference-server`/);
    expect(r.summary).toMatch(/\| \d+ \| 0 \| \d+ \| 0 \|/);
  }, 60_000);

  it('test: a baseline listing a check that passes is stale, so the step fails', async () => {
    writeFileSync(join(workspace, 'baseline.json'), JSON.stringify({ expected_failures: [KIT_CHECKS[0]!.id] }));
    const r = await runAction({ command: 'test', endpoint: kit.endpoint, baseline: 'baseline.json' });
    expect(r.code).toBe(1);
    expect(r.outputs['exit-code']).toBe('1');
    expect(r.stdout).toMatch(/^::error title=uai test::uai test exited 1/m);
  }, 60_000);

  // Hostile inputs a pull request can bring: file names, many files, report paths.
  const bad = () => JSON.stringify({ ...request, delivery: { ...request.delivery, priority: 'urgent' } });

  it('validate: a file named like an option (--jobs=2, --origin=…) is a file, checked, and fails the step', async () => {
    for (const name of ['--jobs=2', '--origin=https:evil.example']) writeFileSync(join(workspace, name), bad());
    const r = await runAction({
      files: 'messages/ok.json\n--jobs=2\n--origin=https:evil.example',
      upload: 'false',
      annotations: 'false',
    });
    expect([r.code, r.outputs['exit-code'], r.outputs.files, r.outputs.errors]).toEqual([1, '1', '3', '4']);
    expect(r.summary).toContain('| 3 | 1 | 2 | 0 | 4 | 0 | 1 |');
  }, 60_000);

  it('validate, fail-on warning: a valid file with a warning fails the step and is in the summary list', async () => {
    writeFileSync(
      join(workspace, 'warned.json'),
      JSON.stringify(seal({ ...request, trust: { channel: 'signed-envelope', auth_scheme: 'none' } })),
    );
    const r = await runAction({ files: 'warned.json', 'fail-on': 'warning', upload: 'false', annotations: 'false' });
    expect([r.code, r.outputs.errors, Number(r.outputs.warnings) > 0]).toEqual([1, '0', true]);
    expect(r.summary).toMatch(/^- `warned\.json`: 0 error\(s\), \d+ warning\(s\)$/m);
    const byError = await runAction({ files: 'warned.json', upload: 'false', annotations: 'false' });
    expect(byError.code).toBe(0);
    expect(byError.summary).not.toMatch(/^- `warned\.json`/m);
  }, 60_000);

  it('validate: a file whose list of issues is cut at 100 was read: not counted unreadable', async () => {
    writeFileSync(join(workspace, 'many-issues.json'), JSON.stringify({ ...request, ...manyUnknown(150) }));
    const r = await runAction({ files: 'many-issues.json', upload: 'false', annotations: 'false' });
    const log = JSON.parse(readFileSync(join(workspace, 'uai.sarif'), 'utf8'));
    // The cut is said in a note of the log, beside the results.
    expect(log.runs[0].invocations[0].toolExecutionNotifications.map((n: { level: string }) => n.level)).toEqual([
      'note',
    ]);
    expect([r.code, r.outputs.files, r.outputs.unreadable]).toEqual([1, '1', '0']);
  }, 60_000);

  it('validate: usage errors (no files, an unknown mode) write exit-code 2, as every other way the step ends', async () => {
    for (const inputs of [{ files: '' }, { files: 'messages/ok.json', mode: 'yaml' }] as Record<string, string>[]) {
      const r = await runAction({ ...inputs, upload: 'false' });
      expect([r.code, r.outputs['exit-code']]).toEqual([2, '2']);
      expect(r.stdout).toMatch(/^::error title=uai validate::/m);
    }
  }, 60_000);

  it('validate: a report path that is a folder ends the step with one error line and exit-code 2, no stack trace', async () => {
    const r = await runAction({ files: 'messages/ok.json', 'sarif-file': 'messages', upload: 'false' });
    expect([r.code, r.outputs['exit-code']]).toEqual([2, '2']);
    expect(r.stdout).toMatch(/^::error title=uai validate::the step could not finish: EISDIR/m);
    expect(r.stdout + r.stderr).not.toMatch(/^\s+at /m);
  }, 60_000);

  it('validate: an output value holding a line break cannot add an output line of its own', async () => {
    const r = await runAction({ files: 'messages/sub/bad.json', 'sarif-file': 'out/x\nexit-code=0', upload: 'false' });
    const lines = readFileSync(join(workspace, '.github-output'), 'utf8').split('\n');
    expect(lines.filter((l) => l.startsWith('exit-code='))).toEqual(['exit-code=1']);
    expect([r.code, r.outputs['exit-code']]).toEqual([1, '1']);
  }, 60_000);

  it("validate: the SARIF file and the annotations are the CLI's own reports of the same run, byte for byte", async () => {
    const files = ['messages', 'many-issues.json', 'missing.json'];
    writeFileSync(join(workspace, 'many-issues.json'), JSON.stringify({ ...request, ...manyUnknown(150) }));
    const r = await runAction({ files: files.join('\n'), upload: 'false', category: 'agents', origin: PUBLIC });
    const cli = (format: string) =>
      spawnSync(
        NODE,
        [
          resolve(REPO, 'bin/uai.mjs'),
          'validate',
          '--format',
          format,
          '--sarif-base',
          workspace,
          '--origin',
          PUBLIC,
          ...files,
        ],
        {
          cwd: workspace,
          encoding: 'utf8',
          env: { PATH: process.env.PATH },
        },
      );
    const sarif = cli('sarif');
    expect([r.code, sarif.status]).toEqual([2, 2]);
    expect(readFileSync(join(workspace, 'uai.sarif'), 'utf8')).toBe(
      sarif.stdout.replace('"id": "uai-validate/"', '"id": "agents/"'),
    );
    const annotations = cli('github').stdout;
    expect(annotations.split('\n').length).toBeGreaterThan(100);
    expect(r.stdout).toBe(annotations);
    expect([r.outputs.files, r.outputs.unreadable]).toEqual(['4', '1']);
  }, 60_000);

  it('validate: a sarif-file among the inputs is no input: the log is written once the files are judged', async () => {
    mkdirSync(join(workspace, 'clean'), { recursive: true });
    writeFileSync(join(workspace, 'clean/ok.json'), JSON.stringify(request));
    const r = await runAction({ files: 'clean', 'sarif-file': 'clean/uai.sarif.json', upload: 'false' });
    expect([r.code, r.outputs.files, r.outputs.unreadable], r.stderr).toEqual([0, '1', '0']);
    expect(JSON.parse(readFileSync(join(workspace, 'clean/uai.sarif.json'), 'utf8')).runs[0].results).toEqual([]);
    rmSync(join(workspace, 'clean'), { recursive: true });
  }, 60_000);

  it('validate: memory follows the largest file, not the run: 400 files of 100 listed issues each in a 96 MB heap', async () => {
    // 28 MB of SARIF and 40,000 annotations; held whole (and parsed back), they overflow the heap.
    heavyFolder();
    const r = await runAction({ files: 'heavy', upload: 'false', origin: PUBLIC }, '--max-old-space-size=96');
    expect([r.code, r.outputs.files, r.outputs.errors, r.outputs.warnings], r.stderr.slice(0, 2000)).toEqual([
      1,
      '400',
      '400',
      '60000',
    ]);
    expect(statSync(join(workspace, 'uai.sarif')).size).toBeGreaterThan(20e6);
    expect(r.stdout.match(/^::(error|warning) /gm)).toHaveLength(40_000);
  }, 120_000);

  it('validate: inputs left unchecked (a pattern that matches nothing) fail the step, and nothing is uploaded to replace the alerts', async () => {
    uploads.length = 0;
    const r = await runAction({ files: 'nothing/**/*.json', annotations: 'false' });
    expect([r.code, r.outputs['exit-code'], r.outputs.unreadable]).toEqual([2, '2', '1']);
    expect(uploads).toEqual([]);
    expect(r.outputs).not.toHaveProperty('sarif-id');
    const why =
      /The SARIF log was not uploaded \(it is in uai\.sarif\): no file was checked, and an upload replaces the results/;
    expect(r.stdout).toMatch(new RegExp(`^::warning title=SARIF upload::${why.source}`, 'm'));
    // In the summary too: the runner shows ten warning annotations a step, which findings may have taken.
    expect(r.summary).toMatch(why);
  }, 60_000);

  it('validate: a log over the 5,000 results code scanning keeps is uploaded, and a warning says the rest are cut there', async () => {
    heavyFolder();
    uploads.length = 0;
    // heavy/1*.json: 111 files of 100 listed issues each.
    const r = await runAction({ files: 'heavy/1*.json', annotations: 'false' });
    expect([r.code, r.outputs.files]).toEqual([1, '111']);
    expect(uploads).toHaveLength(1);
    expect(r.stdout).toMatch(
      /^::warning title=SARIF upload::The log holds 11100 results; code scanning keeps the first 5000 of a run by severity/m,
    );
  }, 120_000);

  it('validate: a log code scanning would refuse for its size (over 25,000 results) is not sent, and a warning says why', async () => {
    heavyFolder();
    uploads.length = 0;
    const r = await runAction({ files: 'heavy', annotations: 'false' });
    expect([r.code, r.outputs['exit-code']]).toEqual([1, '1']);
    expect(uploads).toEqual([]);
    expect(r.stdout).toMatch(
      /^::warning title=SARIF upload::the log holds 40000 results; code scanning takes at most 25000 in a run\. The SARIF log was not uploaded.* Validate fewer files in one step/m,
    );
  }, 120_000);

  it('validate: the summary lists invalid files up to 64 KB, then says how many more (GitHub drops a summary past 1 MiB)', async () => {
    mkdirSync(join(workspace, 'long'), { recursive: true });
    for (let i = 0; i < 700; i++)
      writeFileSync(join(workspace, 'long', `${String(i).padStart(4, '0')}${'n'.repeat(200)}.json`), '{}');
    const r = await runAction({ files: 'long', upload: 'false', annotations: 'false' });
    expect([r.code, r.outputs.files]).toEqual([1, '700']);
    expect(Buffer.byteLength(r.summary)).toBeLessThan(80 * 1024);
    expect(r.summary).toMatch(
      /^- …and \d+ more: the SARIF log \(uai\.sarif\) names every one \(GitHub shows 10 annotations of each level a step\)\.$/m,
    );
  }, 120_000);

  it('test: an endpoint that is no http(s) URL fails at once, and an endpoint is a code span in the summary', async () => {
    const started = Date.now();
    const r = await runAction({ command: 'test', endpoint: 'not a url', wait: '60' });
    expect([r.code, r.outputs['exit-code']]).toEqual([2, '2']);
    expect(r.stdout).toMatch(/^::error title=uai test::the endpoint input is no http\(s\) URL: not a url/m);
    expect(Date.now() - started).toBeLessThan(30_000);
    const port = await freePort();
    const heading = await runAction({ command: 'test', endpoint: `http://127.0.0.1:${port}/x\n# owned`, wait: '0' });
    expect(heading.summary).toMatch(/^### uai test `http:\/\/127\.0\.0\.1:\d+\/x\\u000a# owned`$/m);
    expect(heading.summary).not.toMatch(/^# owned/m);
  }, 60_000);

  it('test without an endpoint, or an unknown command: exit 2 with an error annotation', async () => {
    const noEndpoint = await runAction({ command: 'test' });
    expect([noEndpoint.code, noEndpoint.outputs['exit-code']]).toEqual([2, '2']);
    expect(noEndpoint.stdout).toMatch(/^::error title=uai test::the endpoint input/m);
    const r = await runAction({ command: 'lint' });
    expect([r.code, r.stdout]).toEqual([
      2,
      expect.stringMatching(/^::error title=uai::command takes validate, test or test-client/m),
    ]);
  });

  it('test: waits for a server that starts late, then tests it', async () => {
    const port = await freePort();
    // As in a workflow: `uai reference-server --port N &` in one step, the Action in the next.
    let server: ChildProcess | undefined;
    const starting = setTimeout(() => {
      server = spawn(NODE, [resolve(REPO, 'bin/uai.mjs'), 'reference-server', '--port', String(port)], {
        stdio: 'ignore',
      });
    }, 1_500);
    try {
      const r = await runAction({ command: 'test', endpoint: `http://127.0.0.1:${port}/v1/reference-server` });
      expect([r.code, r.outputs['exit-code']], r.stdout).toEqual([0, '0']);
    } finally {
      clearTimeout(starting);
      server?.kill('SIGTERM');
    }
  }, 60_000);

  it('test: an endpoint that never answers is exit 2 within wait, and no annotation names a report not written', async () => {
    const port = await freePort();
    const r = await runAction({
      command: 'test',
      endpoint: `http://127.0.0.1:${port}/uai`,
      wait: '1',
      'junit-file': 'never.xml',
    });
    expect([r.code, r.outputs['exit-code']]).toEqual([2, '2']);
    expect(r.stdout).toMatch(/^::error title=uai test::http:\/\/127\.0\.0\.1:\d+\/uai did not answer within 1 s/m);
    expect(r.stdout).not.toContain('never.xml');
    // Without waiting, the kit itself finds it unreachable (exit 2): the annotation names no report.
    const now = await runAction({
      command: 'test',
      endpoint: `http://127.0.0.1:${port}/uai`,
      wait: '0',
      'junit-file': 'never.xml',
    });
    expect(now.outputs['exit-code']).toBe(String(now.code));
    expect(now.stdout).not.toMatch(/see never\.xml/);
  }, 60_000);

  it('test-client: the client job runs a client against every scenario; JUnit file, outputs, summary', async () => {
    const r = await runAction({
      command: 'test-client',
      // /bin/sh reads the command: paths quoted, so a clone in a folder with a space runs it too.
      'client-command': `${shellWord(NODE)} ${shellWord(resolve(REPO, 'starters/uai-starter.mts'))} client`,
    });
    expect([r.code, r.outputs['exit-code']], r.stdout + r.stderr).toEqual([0, '0']);
    expect(r.outputs['junit-file']).toBe(join(workspace, 'uai-junit.xml'));
    expect(readFileSync(join(workspace, 'uai-junit.xml'), 'utf8')).toMatch(/client\.completes/);
    expect(r.summary).toContain('### uai test-client');
    const none = await runAction({ command: 'test-client' });
    expect([none.code, none.stdout]).toEqual([2, expect.stringMatching(/the client-command input is required/)]);
  }, 180_000);
});
