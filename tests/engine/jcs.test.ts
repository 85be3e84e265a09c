import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalForms, canonicalHash, canonicalJson } from '../../src/engine/index.ts';

/** RFC 8785 test vectors, kept in the repository (source and licence: tests/data/jcs/SOURCE.md). */
const dir = join(import.meta.dirname, '../data/jcs');
const names = readdirSync(join(dir, 'input')).filter((n) => n.endsWith('.json'));

describe('JCS vectors', () => {
  it('the six published vectors are present', () =>
    expect(names.sort()).toEqual([
      'arrays.json',
      'french.json',
      'structures.json',
      'unicode.json',
      'values.json',
      'weird.json',
    ]));

  it.each(names)('%s', (name) => {
    const input = JSON.parse(readFileSync(join(dir, 'input', name), 'utf8'));
    const expected = readFileSync(join(dir, 'output', name), 'utf8').replace(/\n$/, '');
    expect(canonicalJson(input)).toBe(expected);
    // The engine's member-wise assembly gives the same form (and so the same hash).
    expect(canonicalForms(input).hash).toBe(canonicalHash(input));
  });
});
