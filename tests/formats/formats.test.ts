import { describe, expect, it } from 'vitest';
import { formats } from '../../src/standard/formats/index.ts';
import { check, site } from '../engine/helpers.ts';
import { allSuiteCases, caseName, disagreement, messageFor, suiteCases, SUITE_FILES } from './suite.ts';

/** The format checkers and the engine against the JSON-Schema-Test-Suite (RFC 3339 section 5.6, RFC 3986 section 3). */
const CHECKER = { 'date-time': formats['date-time'], date: formats.date, uri: formats.uri } as const;

describe('the copied suite files', () => {
  it.each(SUITE_FILES)('%s has valid and invalid string cases', (file) => {
    const cases = suiteCases(file).filter((c) => typeof c.data === 'string');
    expect(cases.filter((c) => c.valid).length).toBeGreaterThan(3);
    expect(cases.filter((c) => !c.valid).length).toBeGreaterThan(3);
  });
});

describe('format checkers', () => {
  const strings = allSuiteCases().filter((c) => typeof c.data === 'string');
  it.each(strings.map((c) => [caseName(c), c] as const))('%s', (_name, c) => {
    expect(CHECKER[c.file](c.data as string)).toBe(c.valid);
  });

  it('stay linear on long hostile input', () => {
    const started = performance.now();
    formats.uri(`http://a.b/${'a'.repeat(250_000)} `);
    formats.uri(`http://${'a:'.repeat(100_000)}`);
    formats.uri(`a:${'%aa'.repeat(80_000)}%`);
    formats['date-time'](`2026-01-01T00:00:00.${'1'.repeat(250_000)}x`);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('the engine gives the suite verdict in a message field', () => {
  it.each(allSuiteCases().map((c) => [caseName(c), c] as const))('%s', (_name, c) => {
    expect(disagreement(c, check(messageFor(c, site)))).toEqual([]);
  });
});
