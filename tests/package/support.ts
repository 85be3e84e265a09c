import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { findNode20 } from '../../scripts/package/node20.ts';
import { REPO } from '../support/local-server.ts';

/** The project's pinned Node 24 (the node devDependency). */
export const NODE24 = resolve(REPO, 'node_modules/.bin/node');

/** The machine's Node 20; absent, the suite fails rather than skipping: Node 20 is the package's promise. */
export const NODE20: string = (() => {
  const found = findNode20();
  if (!found) throw new Error('no Node 20 found (/usr/bin/node or on PATH): the package suite runs on Node 20');
  return found;
})();

/** The library example of README.md: the ```ts block after the marker `<!-- package-example -->`. */
export function packageExample(): string {
  const readme = readFileSync(resolve(REPO, 'README.md'), 'utf8');
  const match = /<!-- package-example -->\s*```ts\n([\s\S]*?)```/.exec(readme);
  if (!match) throw new Error('README.md has no ```ts block after <!-- package-example -->');
  return match[1]!;
}
