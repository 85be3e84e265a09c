import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../support/local-server.ts';
import { PACKAGE_README } from './support.ts';

/**
 * The package's README is read on the registry's page, away from this repository: every link is
 * absolute, and each one into the repository names a file that exists here, at a heading it has.
 */
const REPOSITORY = 'https://github.com/uai-1/uai-1-service';
const readme = readFileSync(PACKAGE_README, 'utf8');
const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

describe('the package README links', () => {
  it('are all absolute', () => {
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) expect(link).toMatch(/^https:\/\//);
  });

  it('into the repository name files and headings that exist', () => {
    for (const link of links.filter((l) => l.startsWith(`${REPOSITORY}/blob/main/`))) {
      const [path, anchor] = link.slice(`${REPOSITORY}/blob/main/`.length).split('#');
      expect(existsSync(join(REPO, path!)), link).toBe(true);
      if (anchor) {
        const headings = [...readFileSync(join(REPO, path!), 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]!));
        expect(headings, link).toContain(anchor);
      }
    }
  });
});
