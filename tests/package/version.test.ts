import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PACKAGE_VERSION } from '../../src/cli/version.ts';

/** One version: the command's constant is the package's own (the command may not import the package folder). */
describe('the version uai prints', () => {
  it('is the version in packages/uai/package.json', () => {
    const manifest = JSON.parse(readFileSync('packages/uai/package.json', 'utf8')) as { version: string };
    expect(PACKAGE_VERSION).toBe(manifest.version);
  });
});
