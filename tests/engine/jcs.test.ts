import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalHash, canonicalJson } from '../../src/engine/canonical.ts';
import { canonicalForms } from '../../src/engine/validate/canonical-forms.ts';

/** RFC 8785 test vectors (tests/data/jcs, from the RFC 8785 reference implementation; see SOURCE.md there). */
const dir = join(import.meta.dirname, '../data/jcs');
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
