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

/** The package's README (its page on the registry). */
export const PACKAGE_README = resolve(REPO, 'packages/uai/README.md');

/** The ```<lang> block after `<!-- marker -->` in the package's README. */
export function readmeBlock(marker: string, lang: string): string {
  const readme = readFileSync(PACKAGE_README, 'utf8');
  const match = new RegExp(`<!-- ${marker} -->\\s*\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(readme);
  if (!match) throw new Error(`packages/uai/README.md has no \`\`\`${lang} block after <!-- ${marker} -->`);
  return match[1]!;
}

/** The library example of the package's README. */
export const packageExample = (): string => readmeBlock('package-example', 'ts');
