import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { publishedExamples } from '../../src/engine/index.ts';
import { siteFor } from '../../src/standard/urls.ts';
import { NODE, ORIGIN, REPO } from './local-server.ts';

/**
 * `uai validate` loads no HTTP stack: on Node 24, node:http brings undici with it (30-40 ms of a
 * one-file run), and only the kit's commands need it, so src/cli/main.ts loads them when named.
 * The same probe run on `uai test` must see node:http, or the probe itself is blind.
 */
const PROBE =
  'data:text/javascript,process.on("exit",()=>process.stderr.write("\\nLOADED "+JSON.stringify(process.moduleLoadList.filter(m=>/^NativeModule (http|https|internal\\/deps\\/undici\\/undici)$/.test(m)))+"\\n"))';

function loadedBy(args: readonly string[]): string[] {
  const run = spawnSync(NODE, ['--import', PROBE, resolve(REPO, 'bin/uai.mjs'), ...args], {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...process.env, UAI_ORIGIN: ORIGIN },
  });
  const line = run.stderr.split('\n').find((l) => l.startsWith('LOADED '));
  expect(line, run.stderr).toBeDefined();
  return JSON.parse(line!.slice('LOADED '.length)) as string[];
}

/** The published intent request, written into `dir`: a file `uai validate` checks clean. */
function requestFile(dir: string): string {
  const file = join(dir, 'request.json');
  const request = publishedExamples(siteFor(ORIGIN)).find((e) => e.profile === 'uai.intent.request.v1')!.message;
  writeFileSync(file, JSON.stringify(request));
  return file;
}

it('validating a file loads neither node:http nor undici; the test kit does', () => {
  const file = requestFile(mkdtempSync(join(tmpdir(), 'uai-startup-')));
  expect(loadedBy(['validate', file])).toEqual([]);
  expect(loadedBy(['test', '--help'])).toContain('NativeModule http');
});

it('keeps its compiled code on disk: the first run fills the compile cache, the next reads it and checks the same', () => {
  // Node's default folder is <tmpdir>/node-compile-cache; a fresh TMPDIR makes it this test's own,
  // and NODE_COMPILE_CACHE (which would turn the cache on by itself) is left out.
  const tmp = mkdtempSync(join(tmpdir(), 'uai-compile-cache-'));
  onTestFinished(() => rmSync(tmp, { recursive: true, force: true }));
  const file = requestFile(tmp);
  const { NODE_COMPILE_CACHE: _own, ...inherited } = process.env;
  const run = () =>
    spawnSync(NODE, [resolve(REPO, 'bin/uai.mjs'), 'validate', file], {
      cwd: REPO,
      encoding: 'utf8',
      env: { ...inherited, TMPDIR: tmp, UAI_ORIGIN: ORIGIN },
    });
  const first = run();
  expect(first.status, first.stderr).toBe(0);
  const cache = join(tmp, 'node-compile-cache');
  expect(existsSync(cache)).toBe(true);
  const entries = readdirSync(cache, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  // The entry's own modules: the CLI, the engine and the standard's data, each stripped and compiled.
  expect(entries.length).toBeGreaterThan(50);
  const second = run();
  expect(second.status, second.stderr).toBe(0);
  expect(second.stdout).toBe(first.stdout);
});
