import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, run, type Run } from '../support/local-server.ts';
import { NODE24 } from './support.ts';

/**
 * A release as it is cut: `npm pack` in packages/uai, which runs prepack (scripts/package/build.ts
 * --release). Its help links go to the public origin it is given in UAI_ORIGIN, a pack that would
 * link to localhost is refused, and packing changes no committed file.
 */
const PACKAGE = resolve(REPO, 'packages/uai');
const RELEASE_ORIGIN = 'https://uai.example.org';
let stage: string;

/** npm on the project's Node (prepack runs the build's TypeScript), packing into the scratch folder. */
const pack = (origin: string | undefined): Promise<Run> =>
  run('npm', ['pack', '--json', '--pack-destination', stage], {
    cwd: PACKAGE,
    env: {
      ...process.env,
      PATH: `${dirname(NODE24)}:${process.env.PATH}`,
      npm_config_update_notifier: 'false',
      UAI_ORIGIN: origin ?? '',
    },
  });
const gitStatus = () => execFileSync('git', ['status', '--porcelain'], { cwd: REPO, encoding: 'utf8' });

beforeAll(() => {
  stage = mkdtempSync(join(tmpdir(), 'uai-release-'));
});
afterAll(() => rmSync(stage, { recursive: true, force: true }));

describe('a release pack (npm pack in packages/uai)', () => {
  it('refuses an origin that is unset, localhost or private: its help would lead nowhere', async () => {
    for (const [origin, reason] of [
      [undefined, 'a release needs UAI_ORIGIN'],
      ['http://localhost:4321', 'UAI_ORIGIN http://localhost:4321 uses http, not https'],
      ['https://localhost:4321', 'is under localhost'],
      ['https://10.0.0.2', 'is on a loopback or private IP address'],
    ] as const) {
      const r = await pack(origin);
      expect(r.code, origin).not.toBe(0);
      expect(r.stderr).toContain(reason);
    }
  });

  it('links every help URL to the release origin and leaves the working tree as it was', async () => {
    const before = gitStatus();
    const r = await pack(RELEASE_ORIGIN);
    expect(r.code, r.stderr).toBe(0);
    expect(gitStatus()).toBe(before);
    const { filename } = (JSON.parse(r.stdout.slice(r.stdout.indexOf('['))) as { filename: string }[])[0]!;
    execFileSync('tar', ['-xzf', join(stage, filename), '-C', stage]);
    const message = join(stage, 'bad.json');
    writeFileSync(message, JSON.stringify({ uai_version: '2.0' }));
    // No UAI_ORIGIN at run time: the default is the release's.
    const check = await run(NODE24, [join(stage, 'package/dist/cli.js'), 'validate', message, '--format', 'json'], {
      env: { ...process.env, UAI_ORIGIN: '' },
    });
    const issues = JSON.parse(check.stdout).errors as { help_url: string }[];
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) expect(issue.help_url).toMatch(/^https:\/\/uai\.example\.org\/error-registry\/#/);
  });
});
