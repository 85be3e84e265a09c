import { spawnSync } from 'node:child_process';
import { NODE } from '../cli/local-server.ts';

/**
 * How each language starter of the adoption kit is run, and whether its runtime is on this machine.
 * A starter whose runtime is missing is skipped with the reason in the test titles; under CI it
 * fails instead (CI installs golang-go).
 */
const has = (command: string, args: string[]) => {
  const r = spawnSync(command, args, { stdio: 'ignore' });
  return r.error === undefined && r.status === 0;
};

export interface Runner {
  readonly file: string;
  readonly command: string;
  readonly args: string[];
  readonly available: boolean;
  readonly missing: string;
}

export const runners: Runner[] = [
  { file: 'uai-starter.sh', command: 'sh', args: ['starters/uai-starter.sh'], available: has('sh', ['-c', 'exit 0']) && has('curl', ['--version']), missing: 'sh and curl' },
  { file: 'uai_starter.py', command: 'python3', args: ['starters/uai_starter.py'], available: has('python3', ['--version']), missing: 'python3' },
  { file: 'uai-starter.mts', command: NODE, args: ['starters/uai-starter.mts'], available: true, missing: 'node' },
  { file: 'uai_starter.go', command: 'go', args: ['run', 'starters/uai_starter.go'], available: has('go', ['version']), missing: 'go (apt-get install -y golang-go)' },
];

/** Skipped (runtime missing) only outside CI: under CI=true a missing runtime fails the test. */
export const skipped = (runner: Runner): boolean => !runner.available && !process.env.CI;
