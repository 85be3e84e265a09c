import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { publishedExamples } from '../../src/engine/index.ts';
import { siteFor } from '../../src/standard/urls.ts';
import { NODE, ORIGIN, REPO, run } from './local-server.ts';

/**
 * `npx uai validate` right after `npm ci`, before any build: the generated schema validators
 * do not exist yet, and the first run generates them. The project is copied without
 * src/engine/generated/ (node_modules linked), so the repository's own copy is left alone.
 */
let fresh: string;

beforeAll(() => {
  fresh = mkdtempSync(join(tmpdir(), 'uai-fresh-'));
  for (const part of ['bin', 'src', 'scripts', 'package.json', 'tsconfig.json']) {
    cpSync(resolve(REPO, part), join(fresh, part), {
      recursive: true,
      filter: (from) => !from.includes(join('src', 'engine', 'generated')),
    });
  }
  // The package's manifest: `uai --version` prints its version.
  mkdirSync(join(fresh, 'packages/uai'), { recursive: true });
  cpSync(resolve(REPO, 'packages/uai/package.json'), join(fresh, 'packages/uai/package.json'));
  symlinkSync(resolve(REPO, 'node_modules'), join(fresh, 'node_modules'), 'dir');
  const request = publishedExamples(siteFor(ORIGIN)).find((e) => e.profile === 'uai.intent.request.v1')!.message;
  writeFileSync(join(fresh, 'first-request.json'), JSON.stringify(request, null, 2));
});
afterAll(() => rmSync(fresh, { recursive: true, force: true }));

it('generates the validators on the first run, then validates; later runs say nothing about it', async () => {
  expect(existsSync(join(fresh, 'src/engine/generated'))).toBe(false);
  const first = await run(NODE, ['bin/uai.mjs', 'validate', 'first-request.json'], {
    cwd: fresh,
    env: { ...process.env, UAI_ORIGIN: ORIGIN },
  });
  expect(first.stderr).toBe('uai: first run: generating the precompiled schema validators (npm run generate)\n');
  expect(first.code).toBe(0);
  expect(first.stdout).toContain('first-request.json: valid, level L4');
  expect(existsSync(join(fresh, 'src/engine/generated/schema-validators.js'))).toBe(true);
  expect(existsSync(join(fresh, 'src/engine/generated/field-model.js'))).toBe(true);
  expect(existsSync(join(fresh, 'src/engine/generated/profile-schemas.js'))).toBe(true);
  const second = await run(NODE, ['bin/uai.mjs', 'validate', 'first-request.json'], {
    cwd: fresh,
    env: { ...process.env, UAI_ORIGIN: ORIGIN },
  });
  expect(second).toMatchObject({ code: 0, stderr: '' });
}, 120_000);

// On a Node older than the checkout needs (the machines' Node 20 among them): one line saying how to
// run uai, exit 2, never a stack trace. Node's version is set for the run by a preload, so every
// edge is tried on the Node at hand.
const asNode = (version: string) => [
  '--import',
  `data:text/javascript,Object.defineProperty(process.versions,"node",{value:"${version}"})`,
  'bin/uai.mjs',
  '--version',
];

it.each(['20.20.2', '22.17.9', '23.5.0'])('on Node %s: one line on how to run uai, exit 2', async (version) => {
  const r = await run(NODE, asNode(version), { cwd: REPO });
  expect([r.code, r.stdout]).toEqual([2, '']);
  expect(r.stderr).toBe(
    `uai: this checkout runs on Node 22.18 or newer, and this is Node ${version}. Run \`npx uai\`, which uses the Node 24 that \`npm install\` put in node_modules/.bin, or install @uai-1/uai, which runs on Node 20.\n`,
  );
});

it.each(['22.18.0', '23.6.0', '24.0.0'])('on Node %s: it runs', async (version) => {
  const r = await run(NODE, asNode(version), { cwd: REPO });
  expect([r.code, r.stderr]).toEqual([0, '']);
  expect(r.stdout).toMatch(/^uai \d+\.\d+\.\d+ /);
});
