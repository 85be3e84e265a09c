import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, run } from '../support/local-server.ts';

/**
 * `npm ci` accepts the committed lockfile (README, .ci/run and docs install with it). The check is
 * npm's own: `npm ci --dry-run` over a copy of package.json, package-lock.json and .npmrc, offline
 * and with an empty cache, so it needs no registry and touches no node_modules. A lockfile that
 * lacks entries npm expects (as it once lacked the other platforms' optional builds) fails with
 * npm's "Missing: … from lock file". Measured here: about 12 s, against about 10 s for
 * `npm install --package-lock-only` and a comparison, which needs the registry.
 */
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'uai-lockfile-'));
  for (const file of ['package.json', 'package-lock.json', '.npmrc'])
    copyFileSync(resolve(REPO, file), join(dir, file));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const npmCi = () =>
  run('npm', ['ci', '--dry-run', '--ignore-scripts', '--offline', '--no-audit', '--no-fund'], {
    cwd: dir,
    env: { ...process.env, npm_config_cache: join(dir, 'cache'), npm_config_loglevel: 'error' },
    timeoutMs: 120_000,
  });

describe('package-lock.json', () => {
  it('is accepted by npm ci', async () => {
    const r = await npmCi();
    expect(r.stderr).not.toMatch(/npm error/);
    expect(r.code).toBe(0);
  }, 120_000);
});
