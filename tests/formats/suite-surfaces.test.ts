import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteFor } from '../../src/standard/urls.ts';
import { ORIGIN, startServer, uai, type LocalServer } from '../cli/local-server.ts';
import { allSuiteCases, caseName, disagreement, messageFor, type IssueLike } from './suite.ts';

/**
 * The JSON-Schema-Test-Suite format cases (see suite.ts) through the two shells a user meets:
 * POST /v1/validate on the running local server and `uai validate`. One server and one CLI run
 * for all cases, so the file stays fast.
 */
interface Verdict {
  readonly errors: readonly IssueLike[];
  readonly warnings: readonly IssueLike[];
}

const cases = allSuiteCases();
const messages = cases.map((c) => messageFor(c, siteFor(ORIGIN)));

describe('POST /v1/validate gives the suite verdict', () => {
  let server: LocalServer;
  const answers: Verdict[] = [];
  beforeAll(async () => {
    server = await startServer();
    // Batches of 16 concurrent requests: quick, and no more sockets than a browser would open.
    for (let i = 0; i < messages.length; i += 16) {
      const batch = messages.slice(i, i + 16).map(async (message) => {
        const response = await fetch(`${server.base}/validate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ message }),
        });
        if (response.status !== 200)
          throw new Error(`POST /v1/validate answered ${response.status}: ${await response.text()}`);
        return (await response.json()) as Verdict;
      });
      answers.push(...(await Promise.all(batch)));
    }
  });
  afterAll(() => server?.stop());

  it.each(cases.map((c, i) => [caseName(c), i] as const))('%s', (_name, i) => {
    expect(disagreement(cases[i]!, answers[i]!)).toEqual([]);
  });
});

describe('uai validate gives the suite verdict', () => {
  const dir = mkdtempSync(join(tmpdir(), 'uai-format-suite-'));
  const files = messages.map((m, i) => {
    const file = join(dir, `case-${i}.json`);
    writeFileSync(file, JSON.stringify(m, null, 2));
    return file;
  });
  let report: { file: string; result: Verdict }[] = [];
  beforeAll(async () => {
    const run = await uai(['validate', '--format', 'json', ...files]);
    expect(run.code).toBe(1); // the invalid cases
    report = JSON.parse(run.stdout);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(cases.map((c, i) => [caseName(c), i] as const))('%s', (_name, i) => {
    const entry = report[i]!;
    expect(entry.file).toBe(files[i]);
    expect(disagreement(cases[i]!, entry.result)).toEqual([]);
  });
});
