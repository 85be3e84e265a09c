/**
 * Build figures: wall time of `npm run build` (validators + astro build + Netlify tables), one
 * run, and the size of dist/ (files, bytes). Smoke mode only measures the existing dist/.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { NODE } from './http.ts';

export interface BuildFigures {
  readonly ran: boolean;
  readonly wallSeconds?: number;
  readonly note: string;
  readonly distFiles: number;
  readonly distBytes: number;
}

function sizeOf(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

export function benchBuild(options: { run: boolean }): BuildFigures {
  let wallSeconds: number | undefined;
  let note = 'not run (smoke mode); dist/ as found';
  if (options.run) {
    const started = process.hrtime.bigint();
    const r = spawnSync(NODE, ['scripts/build.ts'], {
      encoding: 'utf8',
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      maxBuffer: 64 * 1024 * 1024,
    });
    const seconds = Math.round(Number(process.hrtime.bigint() - started) / 1e7) / 100;
    if (r.status === 0) {
      wallSeconds = seconds;
      note = 'npm run build (generate validators + astro build + Netlify tables), one run';
    } else {
      // Report it and go on with the dist/ already there: the other sections still measure.
      const tail = `${r.stdout}\n${r.stderr}`.trim().split('\n').slice(-3).join(' ').replace(/\|/g, '/');
      note = `npm run build FAILED after ${seconds} s (exit ${r.status}: ${tail}); dist/ as found`;
      process.stderr.write(`bench: ${note}\n`);
    }
  }
  if (!existsSync('dist')) throw new Error('dist/ is missing: run npm run build first');
  const { files, bytes } = sizeOf('dist');
  return { ran: options.run, wallSeconds, note, distFiles: files, distBytes: bytes };
}
