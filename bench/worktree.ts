/**
 * An older commit of this repository, checked out beside this one for a same-run before/after: a
 * temporary git worktree sharing this checkout's node_modules, with its own validators generated,
 * removed afterwards (also when the bench's watchdog ends the run: process.exit runs 'exit'
 * listeners, not finally blocks).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { NODE } from './http.ts';

const git = (args: string[], cwd: string) => execFileSync('git', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * Runs `use` in a worktree at `commit` (after `prepare`, which may patch its harness), or says why
 * it could not: a clone without that commit (no or shallow history).
 */
export function inWorktree<T>(
  commit: string,
  use: (dir: string) => T,
  prepare: (dir: string) => void = () => {},
): T | { readonly skipped: string } {
  const root = resolve('.');
  try {
    git(['cat-file', '-e', `${commit}^{commit}`], root);
  } catch {
    return { skipped: `this checkout has no commit ${commit.slice(0, 7)} (no or shallow git history)` };
  }
  const dir = mkdtempSync(join(tmpdir(), 'uai-baseline-'));
  const cleanup = () => {
    try {
      git(['worktree', 'remove', '--force', dir], root);
    } catch {
      // Not a worktree yet (the add failed): the directory alone is removed below.
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', cleanup);
  try {
    git(['worktree', 'add', '--detach', dir, commit], root);
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    prepare(dir);
    const generate = spawnSync(NODE, ['scripts/generate-validators.ts'], { cwd: dir, encoding: 'utf8' });
    if (generate.status !== 0) throw new Error(`generating the validators of ${commit} failed: ${generate.stderr}`);
    return use(dir);
  } finally {
    process.removeListener('exit', cleanup);
    cleanup();
  }
}
