import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The bench cannot rot: its smoke mode runs end to end (build skipped, short loads, Prism only if
 * already installed) into a temporary file, and the report has every section with numbers.
 * No timing is asserted: only that each figure is there.
 */
const dir = mkdtempSync(join(tmpdir(), 'uai-bench-smoke-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run bench -- --smoke', () => {
  it('writes a report with every section and its figures', () => {
    const out = join(dir, 'BENCHMARKS.md');
    const run = spawnSync(process.execPath, ['bench/run.ts', '--smoke', '--out', out], {
      encoding: 'utf8',
      timeout: 175_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const md = readFileSync(out, 'utf8');
    const section = (title: string) => {
      const start = md.indexOf(`\n## ${title}`);
      expect(start, `section ${title}`).toBeGreaterThan(0);
      const end = md.indexOf('\n## ', start + 4);
      return md.slice(start, end < 0 ? undefined : end);
    };
    expect(md).toMatch(/\*\*Machine:\*\* \d+ cores, .+, Node v\d+/);
    expect(section('Goals')).toMatch(/\| validate <= 1\.3x the floor .*\| (met|missed) \|/);
    const engine = section('1. Engine');
    for (const size of ['small', 'typical', 'large'])
      expect(engine).toMatch(
        new RegExp(`\\| ${size} \\| \\d+ \\| [\\d.]+ \\| [\\d.]+ \\([\\d.]+-[\\d.]+\\) \\| [\\d.]+x \\|`),
      );
    expect(engine).toMatch(/Mock exchange per call .*: [\d.]+ µs/);
    for (const stage of [
      'parse (JSON.parse)',
      'canonicalize message',
      'conformance record, hash',
      'member walk',
      'schema',
      'rules',
    ]) {
      expect(engine).toMatch(new RegExp(`\\| ${stage.replace(/[()]/g, '\\$&')}[^|]* \\| -?[\\d.]+ \\|`));
    }
    const http = section('2. HTTP on the local server');
    for (const route of ['GET /v1/examples/', 'POST /v1/validate', 'POST /v1/mock-exchange'])
      expect(http).toMatch(new RegExp(`\\| ${route}[^|]* \\| \\d+ \\(\\d+-\\d+\\) \\| \\d+ \\| \\d+ \\| 0 \\| 0 \\|`));
    // The A/B of the two adapters: both served every request with 2xx, and the ratio is written.
    for (const adapter of ['Web \\(bridge\\)', 'node:http'])
      expect(http).toMatch(new RegExp(`\\| ${adapter} \\| \\d+ \\(\\d+-\\d+\\) \\| \\d+ \\| \\d+ \\| 0 \\| 0 \\|`));
    expect(http).toMatch(/node:http adapter \/ Web adapter: [\d.]+x requests per second/);
    // The held load read the server's event loop thread on every row (Linux's schedstat): CPU per answer and two shares.
    if (process.platform === 'linux')
      for (const route of ['POST /v1/validate', 'GET /v1/examples/', 'POST /v1/mock-exchange'])
        expect(http).toMatch(
          new RegExp(`\\| ${route}[^|]* \\|(?: [^|]+ \\|){8} [\\d.]+ \\| [\\d.]+% \\| [\\d.]+% \\| 0 \\| 0 \\|`),
        );
    const peer = section('3. Peer: Stoplight Prism');
    // Smoke mode does not install Prism; when it is already installed it is measured too.
    expect(peer).toMatch(/Prism POST \/v1\/validate \| \d+|not measured in this run/);
    const pkg = section('6. The package (@uai-1/uai)');
    for (const what of ['install from the tarball', '`uai validate` one file', 'ajv-cli one file', 'ajv-cli 100 files'])
      expect(pkg).toMatch(new RegExp(`\\| ${what.replace(/[()]/g, '\\$&')}[^|]* \\| \\d+ ms wall, \\d+ ms CPU \\|`));
    expect(section('Goals')).toMatch(/\| package tarball <= 150 KB \| [\d.]+ KB \| (met|missed) \|/);
    const cold = section('4. Cold start of the functions');
    for (const fn of ['validate', 'mock-exchange'])
      expect(cold).toMatch(
        new RegExp(
          `\\| ${fn} \\| [\\d.]+ KB \\| [\\d.]+ KB \\| [\\d.]+ \\([\\d.]+-[\\d.]+\\) \\| [\\d.]+ \\| -?[\\d.]+ \\| no \\|`,
        ),
      );
    expect(section('5. Build')).toMatch(/dist\/ holds \d+ files, \d+ bytes/);
    // Latency at a held load: both POST routes and the static peer, open loop, p50/p99/p99.9.
    for (const route of ['POST /v1/validate', 'GET /v1/examples/', 'POST /v1/mock-exchange'])
      expect(http).toMatch(
        new RegExp(
          `\\| ${route}[^|]* \\| \\d+ \\| \\d+ \\| [\\d.]+ \\| [\\d.]+( \\(runs [\\d.]+-[\\d.]+\\))? \\| [\\d.]+-[\\d.]+ \\| [\\d.]+ \\|`,
        ),
      );
    expect(section('Goals')).toMatch(
      /\| POST \/v1\/validate p99 <= 5 ms at half the saturated rate .*\| (met|missed) \|/,
    );
    // Streamed output: peak memory on the most files measured; one thread against two.
    expect(section('Goals')).toMatch(
      /\| `uai validate` of \d+ files in under 200 MB RSS \| [\d.]+ MB .*\| (met|missed) \|/,
    );
    for (const files of [100, 1000])
      for (const jobs of [1, 2])
        expect(pkg).toMatch(new RegExp(`\\| \`uai validate\` ${files} files, \`--jobs ${jobs}\` \\| \\d+ ms wall`));
    expect(pkg).toMatch(/One thread against worker threads .*100 files, .*worker threads (pay|do not pay); 1000 files/);
    // Worst shapes: every POST route's worst, its answer size and its ratio to the floor.
    const worst = section('7. Worst shapes (issue 33)');
    for (const route of ['validate', 'check-exchange', 'mock-exchange', 'reference-server']) {
      expect(worst).toMatch(
        new RegExp(`\\| POST /v1/${route} \\| \`[^|]+\` \\| \\d+ \\| \\d+ \\| \\d+ \\| [\\d.]+ .*\\| [\\d.]+x \\(`),
      );
      expect(section('Goals')).toMatch(
        new RegExp(`\\| POST /v1/${route} worst shape <= 10x its floor \\| [\\d.]+x .*\\| (met|missed) \\|`),
      );
    }
    // The contract's absolute bound, over every body in every format (small bodies in smoke mode).
    expect(section('Goals')).toMatch(
      /\| every worst-shape POST <= 100 ms of CPU \(CONTRACT section 8\), fastest of 3 runs \| (none of \d+ bodies over|\d+ of \d+ bodies over; .*) \| (met|missed) \|/,
    );
    expect(worst).toMatch(/\((\d+) in all\), each timed once, and again twice when over 100 ms of CPU: /);
  }, 180_000);
});
