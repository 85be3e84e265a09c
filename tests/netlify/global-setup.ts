import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { BUILD_STAMP } from '../../scripts/build-stamp.ts';
import { startEmulation } from './emulation.ts';

/**
 * One Netlify emulation for the whole run (its start costs a build plus about 10 s). It rebuilds
 * dist/ for the origin of its own port; the build that was there before is put back afterwards,
 * so that the local tests of the same checkout keep reading the build they expect.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    netlifyBase: string;
  }
}

const KEPT = ['dist', 'src/engine/generated', BUILD_STAMP];

export default async function setup(project: TestProject) {
  const keep = mkdtempSync(join(tmpdir(), 'uai-before-netlify-'));
  const kept = KEPT.filter(existsSync);
  kept.forEach((path, i) => cpSync(path, join(keep, String(i)), { recursive: true }));
  const restore = () => {
    kept.forEach((path, i) => {
      rmSync(path, { recursive: true, force: true });
      cpSync(join(keep, String(i)), path, { recursive: true });
    });
    rmSync(keep, { recursive: true, force: true });
  };
  const started = Date.now();
  let emulation;
  try {
    emulation = await startEmulation();
  } catch (error) {
    restore();
    throw error;
  }
  console.log(`Netlify emulation ready at ${emulation.base} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('netlifyBase', emulation.base);
  return async () => {
    await emulation.stop();
    restore();
  };
}
