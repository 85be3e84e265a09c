import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUILD_STAMP } from '../../scripts/build-stamp.ts';
// The checker itself is under test, against the local server started directly whatever UAI_HTTP_TARGET says.
import { startLocalServer, type LocalServer } from '../support/local-server.ts';

/** `npm run check:deploy` against `npm start`: every check passes, and a wrong origin is reported. */
let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
}, 30_000);
afterAll(() => server?.stop());

const checkDeploy = (...args: string[]) =>
  spawnSync('node_modules/.bin/node', ['scripts/check-deploy.ts', ...args], { encoding: 'utf8', timeout: 60_000 });

it('passes every check on the local server', () => {
  const builtFor = (JSON.parse(readFileSync(BUILD_STAMP, 'utf8')) as { origin: string }).origin;
  const run = checkDeploy(server.origin, '--records-origin', builtFor);
  expect(run.stdout).not.toContain('FAIL');
  expect(run.stdout).toMatch(/\n(\d+) passed, 0 failed/);
  expect(Number(run.stdout.match(/(\d+) passed/)![1])).toBeGreaterThan(60);
  expect(run.status).toBe(0);
});

it('fails, naming the cause, when the records were built for another origin', () => {
  const run = checkDeploy(server.origin, '--records-origin', 'https://elsewhere.example');
  expect(run.stdout).toMatch(/FAIL {2}GET \/v1\/catalog\n {8}base_url .* expected https:\/\/elsewhere\.example\/v1/);
  expect(run.status).toBe(1);
});
