import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPackage } from '../../scripts/package/build.ts';
import { exchangeFixtures, publishedExamples } from '../../src/engine/index.ts';
import { siteFor } from '../../src/standard/urls.ts';
import { startKitServer, type KitServer } from '../kit/harness.ts';
import { REPO, run, type Run } from '../support/local-server.ts';
import { badgeSvg } from '../../src/records/badges.ts';
import { verifyEntry } from '../../src/records/implementations.ts';
import { readEntryFolder } from '../../src/build/entry-folders.ts';
import { freePort } from '../support/local-server.ts';
import { NODE20, NODE24, PACKAGE_README, packageExample, readmeBlock } from './support.ts';

/**
 * The published package as an implementer gets it: built into a scratch folder, packed with
 * `npm pack`, installed from the tarball alone into an empty folder (offline, with an empty npm
 * cache, so nothing can come from a registry), then run on the machine's Node 20 and on Node 24.
 */
const manifest = JSON.parse(readFileSync(resolve(REPO, 'packages/uai/package.json'), 'utf8'));
const site = siteFor('http://localhost:4321');
const request = publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message;
const pair = exchangeFixtures(site).valid[0]!;

let stage: string;
let consumer: string;
let tarball: string;
let packedSize: { size: number; unpackedSize: number };
let kit: KitServer;

/** npm and the installed `uai` under one Node: that Node's folder first on PATH. */
const envFor = (node: string) => ({
  ...process.env,
  PATH: `${dirname(node)}:${process.env.PATH}`,
  npm_config_cache: join(stage, 'npm-cache'),
  npm_config_update_notifier: 'false',
  UAI_ORIGIN: '',
});
const uai = (node: string, ...args: string[]): Promise<Run> =>
  run(node, [join(consumer, 'node_modules/.bin/uai'), ...args], { cwd: consumer, env: envFor(node) });

beforeAll(async () => {
  stage = mkdtempSync(join(tmpdir(), 'uai-package-'));
  await buildPackage(join(stage, 'package'));
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', stage], {
      cwd: join(stage, 'package'),
      env: envFor(NODE20),
      encoding: 'utf8',
    }),
  ) as { filename: string; size: number; unpackedSize: number }[];
  packedSize = packed[0]!;
  consumer = mkdtempSync(join(tmpdir(), 'uai-consumer-'));
  tarball = join(consumer, packed[0]!.filename);
  copyFileSync(join(stage, packed[0]!.filename), tarball);
  const install = await run('npm', ['install', `./${packed[0]!.filename}`, '--offline', '--no-audit', '--no-fund'], {
    cwd: consumer,
    env: envFor(NODE20),
  });
  expect(install.stderr).not.toMatch(/ERR!/);
  expect(install.code).toBe(0);
  mkdirSync(join(consumer, 'messages'));
  writeFileSync(join(consumer, 'messages/ok.json'), JSON.stringify(request, null, 2));
  writeFileSync(join(consumer, 'messages/bad.json'), JSON.stringify({ ...request, uai_version: '2.0' }, null, 2));
  // Several chunks of files for --jobs (src/cli/judge-threads.ts), valid and invalid in turn.
  mkdirSync(join(consumer, 'many'));
  for (let i = 0; i < 100; i++)
    writeFileSync(
      join(consumer, 'many', `m${String(i).padStart(3, '0')}.json`),
      JSON.stringify(i % 3 ? { ...request, message_id: `msg-${i}` } : { ...request, uai_version: `${i}` }, null, i % 4),
    );
  writeFileSync(join(consumer, 'request.json'), JSON.stringify(pair.request));
  writeFileSync(join(consumer, 'response.json'), JSON.stringify(pair.response));
  kit = await startKitServer();
}, 180_000);
afterAll(async () => {
  await kit?.stop();
  for (const dir of [stage, consumer]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('has no runtime dependency, so the tarball alone installs it', () => {
    const installed = JSON.parse(readFileSync(join(consumer, 'node_modules/@uai-1/uai/package.json'), 'utf8'));
    expect(installed.dependencies ?? {}).toEqual({});
    expect(installed.version).toBe(manifest.version);
    const lock = JSON.parse(readFileSync(join(consumer, 'package-lock.json'), 'utf8'));
    expect(Object.keys(lock.packages)).toEqual(['', 'node_modules/@uai-1/uai']);
  });

  // BENCHMARKS.md's goal is 150 KB gzipped; the conformance pack's fixtures, which the library
  // exports, took the package past it, and the kit's bounds against peers that send bodies in
  // 1-byte chunks took it to 159.9 KB (bench/notes.ts says why none is dropped). This bound guards
  // against growth nobody meant (a dependency bundled by mistake is tens of KB); the goal's figure
  // and status are the bench's.
  it('packs within its guard: 164 KB gzipped, 600 KB unpacked', () => {
    expect(packedSize.size).toBeLessThanOrEqual(164 * 1024);
    expect(packedSize.unpackedSize).toBeLessThanOrEqual(600 * 1024);
  });

  it('passes npm publish --dry-run with files, license, repository, types and a README', async () => {
    const dry = await run('npm', ['publish', '--dry-run', '--ignore-scripts', '--json'], {
      cwd: join(stage, 'package'),
      env: envFor(NODE20),
    });
    expect(dry.code).toBe(0);
    const report = JSON.parse(dry.stdout.slice(dry.stdout.indexOf('{')))['@uai-1/uai'];
    const files = (report.files as { path: string }[]).map((f) => f.path);
    for (const file of ['README.md', 'LICENSE', 'package.json', 'dist/cli.js', 'dist/index.d.ts', 'dist/types.d.ts'])
      expect(files).toContain(file);
    expect(files.filter((f) => !f.startsWith('dist/')).sort()).toEqual(['LICENSE', 'README.md', 'package.json']);
    for (const key of ['files', 'license', 'repository', 'types', 'bin', 'exports', 'engines'])
      expect(manifest).toHaveProperty(key);
  });

  for (const [name, node] of [
    ['Node 20', NODE20],
    ['Node 24', NODE24],
  ] as const) {
    describe(`on ${name}`, () => {
      it('prints the package version and the release', async () => {
        const r = await uai(node, '--version');
        expect(r.stdout).toBe(`uai ${manifest.version} (UAI-1, format 1.0)\n`);
      });

      it('validates: exit 0 on a valid message, 1 on an invalid one', async () => {
        const ok = await uai(node, 'validate', 'messages/ok.json');
        expect(ok.stderr).toBe('');
        expect([ok.code, ok.stdout]).toEqual([0, expect.stringMatching(/ok\.json: valid, level L4/)]);
        const bad = await uai(node, 'validate', 'messages/bad.json');
        expect([bad.code, bad.stdout]).toEqual([1, expect.stringMatching(/error envelope\.version_unsupported/)]);
        // A glob is expanded by uai itself (node:fs glob on Node 22+, a walk matched by node:path's
        // matchesGlob on 20), without Node 20's warning that the matcher is experimental.
        const glob = await uai(node, 'validate', 'messages/*.json', '--format', 'json');
        expect(glob.stderr).toBe('');
        expect(JSON.parse(glob.stdout).map((r: { file: string }) => r.file)).toEqual([
          'messages/bad.json',
          'messages/ok.json',
        ]);
      });

      it('validates on worker threads (--jobs): the same report as one thread, every file through a worker', async () => {
        for (const format of ['text', 'sarif', 'junit', 'github']) {
          const one = await uai(node, 'validate', 'many', '--format', format, '--jobs', '1');
          const three = await uai(node, 'validate', 'many', '--format', format, '--jobs', '3');
          expect(one.stdout.length).toBeGreaterThan(1000);
          // A worker that cannot start or fails (dist/cli.js as a worker) would say so here.
          expect(three).toEqual(one);
          expect([one.code, one.stderr]).toEqual([1, '']);
        }
        // That workers ran at all: Node's own trace of the threads it starts. A --jobs that quietly
        // judged on one thread would give the same report, and no such line.
        const traced = await run(
          node,
          [join(consumer, 'node_modules/.bin/uai'), 'validate', 'many', '--format', 'json', '--jobs', '3'],
          { cwd: consumer, env: { ...envFor(node), NODE_DEBUG: 'worker' } },
        );
        expect(traced.stdout).toMatch(/^\[\n/);
        expect(traced.stderr).toMatch(/^WORKER \d+: \[0\] create new worker/m);
        expect(traced.stderr).not.toMatch(/^uai: /m);
      });

      it('checks an exchange', async () => {
        const r = await uai(node, 'check-exchange', 'request.json', 'response.json', '--format', 'json');
        expect(r.code).toBe(0);
        expect(JSON.parse(r.stdout).conforms).toBe(true);
      });

      it('tests a live reference server: every check passes, exit 0', async () => {
        const r = await uai(node, 'test', kit.endpoint, '--format', 'json');
        expect(r.stderr).toBe('');
        const report = JSON.parse(r.stdout);
        expect([r.code, report.counts.fail, report.counts.pass > 0]).toEqual([0, 0, true]);
      });

      it('is a library: node -e imports it and validates a message', async () => {
        const script = `import('@uai-1/uai').then((uai) => {
          const message = JSON.parse(require('node:fs').readFileSync('messages/ok.json', 'utf8'));
          const ok = uai.validate(message);
          const bad = uai.validateText(require('node:fs').readFileSync('messages/bad.json', 'utf8'), { origin: 'https://uai.example/' });
          let refused = '';
          try { uai.validate(message, { origin: 'https://uai.example/v1' }); } catch (e) { refused = e.name + ': ' + e.message; }
          console.log(JSON.stringify([ok.valid, ok.conformance_level, bad.valid, uai.verifyChecksum(message), bad.errors[0].help_url, refused]));
        })`;
        const r = await run(node, ['-e', script], { cwd: consumer, env: envFor(node) });
        expect(r.stderr).toBe('');
        expect(JSON.parse(r.stdout)).toEqual([
          true,
          'L4',
          false,
          true,
          expect.stringMatching(/^https:\/\/uai\.example\/error-registry\/#/),
          'TypeError: origin needs an origin such as https://uai.example.org, not "https://uai.example/v1"',
        ]);
      });
    });
  }

  it('runs as npx uai on Node 20, as the README says', async () => {
    const r = await run('npx', ['--offline', 'uai', 'validate', 'messages/ok.json', 'messages/bad.json'], {
      cwd: consumer,
      env: envFor(NODE20),
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/2 files: 1 valid, 1 invalid/);
  });

  it('has a browser entry without Node built-ins, in the entry or any chunk it loads', () => {
    const dist = join(consumer, 'node_modules/@uai-1/uai/dist');
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(file, 'utf8');
      expect(code, file).not.toMatch(/["']node:|\brequire\(/);
      for (const m of code.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g))
        visit(resolve(dirname(file), m[1]!));
    };
    visit(join(dist, 'browser.js'));
    expect(seen.size).toBeGreaterThan(1);
  });

  it('types the README example under tsc --strict against the packed declarations', async () => {
    writeFileSync(join(consumer, 'example.mts'), packageExample());
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          // An implementer's Node project has @types/node; the repository's stands in for it.
          typeRoots: [resolve(REPO, 'node_modules/@types')],
          types: ['node'],
          skipLibCheck: false,
        },
        files: ['example.mts'],
      }),
    );
    const r = await run(NODE24, [resolve(REPO, 'node_modules/typescript/bin/tsc'), '-p', '.'], { cwd: consumer });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('declares every export of every typed entry, and the declarations type-check', () => {
    const entries = { index: '@uai-1/uai', browser: '@uai-1/uai/browser', types: '@uai-1/uai/types' };
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      typeRoots: [resolve(REPO, 'node_modules/@types')],
      types: ['node'],
    };
    const names = (program: ts.Program, module: ts.Node) => {
      const checker = program.getTypeChecker();
      return checker
        .getExportsOfModule(checker.getSymbolAtLocation(module)!)
        .map((e) => e.name)
        .sort();
    };
    const sources = Object.keys(entries).map((entry) => resolve(REPO, 'packages/uai/src', `${entry}.ts`));
    const source = ts.createProgram(sources, { ...options, allowImportingTsExtensions: true, skipLibCheck: true });
    const expected = sources.map((file) => names(source, source.getSourceFile(file)!));
    expect(expected.flat().length).toBeGreaterThan(60);
    // A consumer's view: each entry through the package's `exports`, its declarations checked too.
    const file = join(consumer, 'entries.mts');
    writeFileSync(
      file,
      Object.values(entries)
        .map((e, i) => `import * as e${i} from '${e}';\n`)
        .join(''),
    );
    const packed = ts.createProgram([file], { ...options, skipLibCheck: false });
    const problems = ts.getPreEmitDiagnostics(packed).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
    const imports = packed.getSourceFile(file)!.statements.filter(ts.isImportDeclaration);
    expect(imports.map((i) => names(packed, i.moduleSpecifier))).toEqual(expected);
    // A project on an older or a bundler's module resolution reads the same entries: node10 does
    // not read `exports`, and finds the subpaths through `typesVersions`.
    for (const [resolution, module] of [
      [ts.ModuleResolutionKind.Node10, ts.ModuleKind.CommonJS],
      [ts.ModuleResolutionKind.Bundler, ts.ModuleKind.ESNext],
    ] as const) {
      const other = join(consumer, `entries-${resolution}.ts`);
      writeFileSync(other, readFileSync(file, 'utf8'));
      const program = ts.createProgram([other], {
        ...options,
        module,
        moduleResolution: resolution,
        skipLibCheck: false,
      });
      const found = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(found, ts.ModuleResolutionKind[resolution]).toEqual([]);
      const declared = program.getSourceFile(other)!.statements.filter(ts.isImportDeclaration);
      expect(declared.map((i) => names(program, i.moduleSpecifier))).toEqual(expected);
    }
  });
});

/**
 * The acceptance of the package as a product: an empty folder, the tarball alone installed into it,
 * and the README's steps run as written there (each command is looked up in the README, so the
 * page and this test cannot drift), on Node 20 with npx: a passing server run, a passing client
 * run, and a checked entry with its badge. The reference server stands in for the implementer's
 * server, on a free port where the README says 8080.
 */
describe('the package README, followed from an empty folder on Node 20', () => {
  const readme = readFileSync(PACKAGE_README, 'utf8');
  let folder: string;
  let port: number;
  let server: ChildProcess | undefined;
  const env = () => ({ ...envFor(NODE20), npm_config_offline: 'true' });
  /** One command of the README, run through sh in the folder as a reader would type it. */
  const step = (command: string): Promise<Run> => {
    expect(readme, 'the README shows this command').toContain(command);
    return run('sh', ['-c', command.replaceAll('8080', String(port))], { cwd: folder, env: env() });
  };

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'uai-readme-'));
    copyFileSync(tarball, join(folder, 'uai.tgz'));
    // The README's `npm install --save-dev @uai-1/uai`, from the tarball instead of the registry.
    expect(readme).toContain('npm install --save-dev @uai-1/uai');
    const install = await run('npm', ['install', '--save-dev', './uai.tgz', '--no-audit', '--no-fund'], {
      cwd: folder,
      env: env(),
    });
    expect(install.code, install.stderr).toBe(0);
    rmSync(join(folder, 'uai.tgz'));
    port = await freePort();
  }, 120_000);
  afterAll(() => {
    // npx and the uai under it are one process group: end it, and only it.
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('1. prints the published examples and validates one', async () => {
    const list = await step('npx uai example');
    expect([list.code, list.stdout.trim().split('\n').length]).toEqual([0, 6]);
    expect((await step('npx uai example uai.intent.request.v1 > request.json')).code).toBe(0);
    const valid = await step('npx uai validate request.json');
    expect([valid.code, valid.stdout]).toEqual([0, expect.stringMatching(/request\.json: valid, level L4/)]);
    // The rest of the step, each command as written: a folder of messages as SARIF, and an exchange.
    expect((await step('mkdir -p messages && cp request.json messages/')).code).toBe(0);
    const sarif = await step("npx uai validate 'messages/**/*.json' --format sarif > uai.sarif");
    expect(sarif.code, sarif.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(folder, 'uai.sarif'), 'utf8')).runs[0].results).toEqual([]);
    expect((await step('npx uai example uai.intent.response.v1 > response.json')).code).toBe(0);
    const exchange = await step('npx uai check-exchange request.json response.json');
    expect([exchange.code, exchange.stderr]).toEqual([0, '']);
  });

  it('2. serves the reference server and passes every check of uai test against it', async () => {
    // The README starts it in a terminal of its own, and tests it once it has printed its endpoint.
    const line = 'npx uai reference-server --port 8080';
    expect(readme).toContain(`${line}\n`);
    server = spawn('sh', ['-c', `exec ${line.replace('8080', String(port))}`], {
      cwd: folder,
      env: env(),
      detached: true,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const first = await new Promise<string>((done) => server!.stdout!.once('data', (d) => done(String(d))));
    expect(first).toBe(`UAI-1 reference server: http://127.0.0.1:${port}/v1/reference-server\n`);
    const r = await step('npx uai test http://127.0.0.1:8080/v1/reference-server');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/: pass \(not written: --result <file> writes it/);
    const statement = await step(
      'npx uai example uai.capability.statement.v1 --endpoint https://agent.example.com/uai --name "My agent" > capability.json',
    );
    expect(statement.code).toBe(0);
    expect((await run('sh', ['-c', 'npx uai validate capability.json'], { cwd: folder, env: env() })).code).toBe(0);
  }, 60_000);

  it('3. passes uai test-client with the client the package ships', async () => {
    expect((await step('cp node_modules/@uai-1/uai/dist/starters/uai-starter.mjs my-client.mjs')).code).toBe(0);
    const r = await step('npx uai test-client --command "node my-client.mjs client"');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/: pass \(not written: --result <file> writes it/);
  }, 180_000);

  it('5. checks an entry as the build would and draws the badge the build draws', async () => {
    // The public run's folder (my-agent) cannot be made here; the preview's folder is the README's own.
    expect((await step('mkdir my-agent-local')).code).toBe(0);
    const tested = await step(
      'npx uai test http://127.0.0.1:8080/v1/reference-server --result my-agent-local/result.json --format json > my-agent-local/report.json',
    );
    expect(tested.code, tested.stderr).toBe(0);
    // The README's two meta.json differ in the target alone: the public one is checked by the same rules.
    const [published, local] = [readmeBlock('entry-meta', 'json'), readmeBlock('entry-meta-local', 'json')];
    expect({ ...JSON.parse(published), target: '' }).toEqual({ ...JSON.parse(local), target: '' });
    expect(JSON.parse(published).target).toMatch(/^https:\/\//);
    // The README's local meta.json, with the port this test's server listens on where it says 8080.
    writeFileSync(
      join(folder, 'my-agent-local/meta.json'),
      readmeBlock('entry-meta-local', 'json').replaceAll('8080', String(port)),
    );
    // A local target is what the report refuses: the entry for the pull request is a public run.
    const refused = await run('sh', ['-c', 'npx uai check-entry my-agent-local --badge badge.svg'], {
      cwd: folder,
      env: env(),
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('a server entry needs a public https endpoint');
    const preview = await step('npx uai check-entry my-agent-local --local --badge badge.svg');
    expect(preview.code, preview.stderr).toBe(0);
    expect(preview.stdout).toMatch(/^my-agent-local: My agent \(server\), pass, level L4$/m);
    expect(preview.stdout).toContain('local preview: the report would refuse this entry');
    // The bundled renderer draws exactly what the build's badge-maker draws for this entry.
    const entry = verifyEntry(readEntryFolder(join(folder, 'my-agent-local')), {
      site: siteFor('http://localhost:4321'),
      now: new Date(),
      previewLocalTarget: true,
    });
    expect(readFileSync(join(folder, 'badge.svg'), 'utf8')).toBe(badgeSvg(entry));
  }, 60_000);

  it('documents every export of the library', async () => {
    const script = "import('@uai-1/uai').then((m) => console.log(JSON.stringify(Object.keys(m))))";
    const r = await run(NODE20, ['-e', script], { cwd: folder, env: env() });
    const table = readme.slice(readme.indexOf('| Export of `@uai-1/uai`'));
    for (const name of JSON.parse(r.stdout) as string[]) expect(table, name).toMatch(new RegExp(`\`${name}[\`(]`));
  });
});
