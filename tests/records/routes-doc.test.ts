import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/service/routes.ts';
import { REPO } from '../support/local-server.ts';

/**
 * docs/routes.md copies the route list as a table for readers; src/service/routes.ts is its source.
 * Every row names a route of the list, in the list's order, and every route has its row.
 */
describe('docs/routes.md', () => {
  const doc = readFileSync(join(REPO, 'docs/routes.md'), 'utf8');

  it('lists exactly the routes of src/service/routes.ts, in their order', () => {
    const rows = [...doc.matchAll(/^\| (GET|POST) \| `([^`]+)` \|/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(rows).toEqual(ROUTES.map((r) => `${r.method} /v1${r.path}`));
  });
});
