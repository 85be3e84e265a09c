import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalForms, canonicalHash, canonicalJson } from '../../src/engine/index.ts';

/** RFC 8785 test vectors (shared/testdata/jcs, beside the repo in CI). */
const dir = join(import.meta.dirname, '../../../shared/testdata/jcs');
const names = existsSync(dir) ? readdirSync(join(dir, 'input')).filter((n) => n.endsWith('.json')) : [];

describe('JCS vectors', () => {
  it('the vectors are present', () => expect(names.length).toBeGreaterThan(0));

  it.each(names)('%s', (name) => {
    const input = JSON.parse(readFileSync(join(dir, 'input', name), 'utf8'));
    const expected = readFileSync(join(dir, 'output', name), 'utf8').replace(/\n$/, '');
    expect(canonicalJson(input)).toBe(expected);
    // The engine's member-wise assembly gives the same form (and so the same hash).
    expect(canonicalForms(input).hash).toBe(canonicalHash(input));
  });
});
