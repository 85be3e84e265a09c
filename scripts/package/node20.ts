import { execFileSync } from 'node:child_process';

/**
 * The machine's Node 20, the package's lowest supported major: /usr/bin/node, else the first
 * `node` on PATH that is a 20; undefined when there is none.
 */
export function findNode20(): string | undefined {
  const onPath = (() => {
    try {
      return execFileSync('which', ['-a', 'node'], { encoding: 'utf8' }).split('\n').filter(Boolean);
    } catch {
      return [];
    }
  })();
  return ['/usr/bin/node', ...onPath].find((node) => {
    try {
      return execFileSync(node, ['--version'], { encoding: 'utf8' }).startsWith('v20.');
    } catch {
      return false;
    }
  });
}
