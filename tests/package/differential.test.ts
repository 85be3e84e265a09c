import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPackage } from '../../scripts/package/build.ts';
import { main as repositoryCli, type Io } from '../../src/cli/main.ts';
import { conformanceFixtures, validateAction } from '../../src/engine/index.ts';
import { actionHandler } from '../../src/http/action-handler.ts';
import { siteFor } from '../../src/standard/urls.ts';

/**
 * Same answers everywhere: every conformance-pack fixture checked by the packed CLI (the built
 * package's own code, `runCli` of dist/index.js), by the repository's CLI (src/cli/main.ts) and
 * by POST /v1/validate (its HTTP shell), all for one origin and one pinned clock. The two CLIs
 * must print the same bytes in every format; the validator result inside the CLI's JSON (without
 * the file positions only the CLI adds) must be the bytes the route answers.
 */
const ORIGIN = 'https://uai.example.org';
const NOW = new Date('2026-11-20T10:00:00Z');
const site = siteFor(ORIGIN);
const { valid, invalid } = conformanceFixtures(site);
const fixtures = [...valid, ...invalid].map((f, i) => ({
  ...f,
  file: `fixtures/${String(i).padStart(3, '0')}.json`,
  body: f.text ?? JSON.stringify(f.message),
}));
const FORMATS = ['text', 'json', 'sarif', 'junit', 'github'] as const;
type Cli = (argv: readonly string[], io: Io) => Promise<number>;

let stage: string;
let packedCli: Cli;

async function run(cli: Cli, argv: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await cli(argv, {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    stdin: async () => '',
    env: { UAI_ORIGIN: ORIGIN },
    now: () => NOW,
    cwd: () => stage,
  });
  return { code, stdout, stderr };
}

beforeAll(async () => {
  stage = mkdtempSync(join(tmpdir(), 'uai-differential-'));
  await buildPackage(join(stage, 'package'));
  packedCli = (await import(pathToFileURL(join(stage, 'package/dist/index.js')).href)).runCli;
  mkdirSync(join(stage, 'fixtures'));
  for (const f of fixtures) writeFileSync(join(stage, f.file), f.body);
  process.chdir(stage);
}, 120_000);
afterAll(() => {
  process.chdir(join(import.meta.dirname, '../..'));
  if (stage) rmSync(stage, { recursive: true, force: true });
});

describe('the packed CLI, the repository CLI and POST /v1/validate', () => {
  it('has fixtures of both modes', () => {
    expect(new Set(fixtures.map((f) => f.mode))).toEqual(new Set(['keyed-json', 'keyless-json']));
  });

  for (const format of FORMATS)
    for (const mode of ['keyed-json', 'keyless-json'] as const)
      it(`print the same bytes: --format ${format} --mode ${mode}, every fixture of the mode`, async () => {
        const files = fixtures.filter((f) => f.mode === mode).map((f) => f.file);
        const argv = ['validate', '--mode', mode, '--format', format, ...files];
        const packed = await run(packedCli, argv);
        const repository = await run(repositoryCli, argv);
        expect(packed.stdout.length).toBeGreaterThan(0);
        expect(packed).toEqual(repository);
      });

  const handle = actionHandler({ site, action: validateAction, now: () => NOW });
  it.each(fixtures.map((f) => [f.id, f]))('%s: the CLI result is what the route answers', async (_id, f) => {
    const response = await handle(
      new Request(`${ORIGIN}/v1/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"message": ${f.body}, "normalization_mode": ${JSON.stringify(f.mode)}}`,
      }),
    );
    const api = await response.text();
    const packed = await run(packedCli, ['validate', '--mode', f.mode, '--format', 'json', f.file]);
    const result = JSON.parse(packed.stdout);
    if (response.status === 400 && JSON.parse(api).code === 'request.too_deep') {
      // The HTTP layer refuses bodies nesting deeper than 64 before parsing (CONTRACT section 8);
      // the CLI reads files of any depth and reports the engine's message.too_deep.
      expect(result.errors.map((e: { code: string }) => e.code)).toEqual(['message.too_deep']);
      return;
    }
    expect(response.status).toBe(200);
    for (const issue of [...result.errors, ...result.warnings]) delete issue.range;
    expect(JSON.stringify(result)).toBe(JSON.stringify(JSON.parse(api)));

    // SARIF: the route names the artifact by artifact_uri alone, the CLI relative to %SRCROOT%;
    // without that base the logs are the same, member for member (the CLI streams its results,
    // so its run lists the invocation after them: docs/ci.md, sarif).
    const sarif = await handle(
      new Request(`${ORIGIN}/v1/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"message": ${f.body}, "normalization_mode": ${JSON.stringify(f.mode)}, "format": "sarif", "artifact_uri": ${JSON.stringify(f.file)}}`,
      }),
    );
    const cliSarif = (await run(packedCli, ['validate', '--mode', f.mode, '--format', 'sarif', f.file])).stdout;
    const withoutBase = JSON.parse(cliSarif, (key, value) =>
      key === 'uriBaseId' || key === 'originalUriBaseIds' ? undefined : value,
    );
    expect(withoutBase).toStrictEqual(await sarif.json());
  });
});
