import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { STARTER_META } from '../../src/records/starters.ts';
import { findNode20 } from '../../scripts/package/node20.ts';
import { NODE } from '../cli/local-server.ts';
import { REPO, run } from '../support/local-server.ts';

/**
 * The adoption kit lists what each starter needs to run (`runtime`), and the listing holds: the
 * tests run each starter on a runtime that meets it, and the TypeScript starter's minimum is real:
 * on Node 20, the package's own minimum, `node uai-starter.mts` stops with the error its listing
 * names, so the minimum is not one a reader may skip.
 */
const versionOf = (node: string) => execFileSync(node, ['--version'], { encoding: 'utf8' }).trim().slice(1);
const atLeast = (version: string, minimum: string) => {
  const [a, b] = [version, minimum].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (a![i]! !== b![i]!) return a![i]! > b![i]!;
  return true;
};

describe('each starter lists the runtime it needs', () => {
  it('names a program and what it requires, in words', () => {
    for (const starter of STARTER_META) {
      expect(starter.runtime.program, starter.name).toMatch(/^\S+$/);
      expect(starter.runtime.requires.length, starter.name).toBeGreaterThan(5);
    }
  });

  const ts = STARTER_META.find((s) => s.name === 'uai-starter.mts')!;
  it('the TypeScript starter: the tests run it on a Node that meets its minimum', () => {
    expect(ts.runtime.program).toBe('node');
    expect(atLeast(versionOf(NODE), ts.runtime.minimum_version!)).toBe(true);
  });

  const node20 = findNode20();
  it.skipIf(!node20 && !process.env.CI)(
    `the TypeScript starter: Node 20 fails as the listing says${node20 ? '' : ' (skipped: no Node 20 on this machine)'}`,
    async () => {
      expect(atLeast(versionOf(node20!), ts.runtime.minimum_version!)).toBe(false);
      const r = await run(node20!, ['starters/uai-starter.mts', 'client'], { cwd: REPO });
      expect(r.code).not.toBe(0);
      const error = /\b(ERR_[A-Z_]+|SyntaxError)\b/.exec(r.stderr)?.[1];
      expect(error, r.stderr).toBeDefined();
      expect(ts.runtime.requires).toContain(`Node 20 cannot run a .mts file (${error})`);
    },
  );
});
