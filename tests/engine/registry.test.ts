import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { conformanceFixtures } from '../../src/engine/index.ts';
import { ISSUE_CODES, issueCode } from '../../src/standard/codes.ts';
import { ENVELOPE_PARTS } from '../../src/standard/objects/envelope.ts';
import { OBJECTS } from '../../src/standard/objects/index.ts';
import { check, codesOf, fixtureInput, site } from './helpers.ts';

/** Both directions between the engine and the error registry (issue 3 acceptance). */
const engineDir = join(import.meta.dirname, '../../src/engine');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory()
      ? d.name === 'generated'
        ? []
        : sources(join(dir, d.name))
      : d.name.endsWith('.ts')
        ? [join(dir, d.name)]
        : [],
  );

describe('error registry', () => {
  it('every issue code written in the engine is published', () => {
    const written = new Set<string>();
    for (const file of sources(engineDir)) {
      for (const m of readFileSync(file, 'utf8').matchAll(
        /'((?:message|keyless|schema|envelope|field|conversation|extension|response|task|conformance|error|issue|integrity|trace|identity|delivery|trust|intent)\.[a-z_]+)'/g,
      ))
        written.add(m[1]!);
    }
    for (const def of OBJECTS) for (const f of def.fields) if (f.valueIssueCode) written.add(f.valueIssueCode);
    expect(written.size).toBeGreaterThan(25);
    expect([...written].filter((c) => !issueCode(c))).toEqual([]);
  });

  it('every published issue code is raised by a fixture (and only published codes are raised)', () => {
    const { invalid } = conformanceFixtures(site);
    const raised = new Set(invalid.flatMap((f) => codesOf(check(fixtureInput(f), f.mode, f.text))));
    expect(ISSUE_CODES.filter((c) => !raised.has(c.code)).map((c) => c.code)).toEqual([]);
    expect([...raised].filter((c) => !issueCode(c))).toEqual([]);
  });

  it('value issue codes sit on envelope parts only, so they never guard body levels by accident', () => {
    for (const def of OBJECTS) {
      for (const f of def.fields) if (f.valueIssueCode) expect(ENVELOPE_PARTS).toContain(def);
    }
  });
});
