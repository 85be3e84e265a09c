import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type Io } from '../../src/cli/main.ts';
import { locateFile } from '../../src/cli/paths.ts';
import {
  conformanceFixtures,
  ISSUE_LIST_LIMIT,
  sarifLog,
  seal,
  type JsonObject,
  type SourceRange,
} from '../../src/engine/index.ts';
import { siteFor } from '../../src/standard/urls.ts';

/**
 * `uai validate` writes each file's part of the report as soon as the file is judged, in every
 * format (docs/ci.md, "Streamed output"), and the streamed report is the report: json is the
 * bytes of the whole array, SARIF is the log the engine builds from every result at once.
 */
const ORIGIN = 'https://uai.example.org';
const NOW = new Date('2026-11-20T10:00:00Z');
const site = siteFor(ORIGIN);
const FORMATS = ['text', 'json', 'sarif', 'junit', 'github'] as const;
let stage: string;
const files: string[] = [];

/** A run in process; `atJudging[i]` is what standard output held when the i-th file was judged. */
async function run(argv: readonly string[]) {
  let stdout = '';
  const atJudging: string[] = [];
  const io: Io = {
    stdout: (t) => void (stdout += t),
    stderr: () => {},
    stdin: async () => '',
    env: { UAI_ORIGIN: ORIGIN },
    // The clock is read once per judged file, just before the engine runs.
    now: () => (atJudging.push(stdout), NOW),
    cwd: () => stage,
  };
  const code = await main(['validate', ...argv], io);
  return { code, stdout, atJudging };
}

beforeAll(() => {
  stage = mkdtempSync(join(tmpdir(), 'uai-streamed-'));
  mkdirSync(join(stage, 'm'));
  const { valid, invalid } = conformanceFixtures(site);
  // Invalid messages: every format has something to write for each.
  const keyed = invalid.filter((f) => f.mode === 'keyed-json').slice(0, 12);
  keyed.forEach((f, i) => {
    files.push(`m/${String(i).padStart(2, '0')}.json`);
    writeFileSync(join(stage, files.at(-1)!), f.text ?? JSON.stringify(f.message, null, 2));
  });
  // A message with more issues than a result lists: its list is cut, and the log says so.
  const message = valid.find((f) => f.mode === 'keyed-json')!.message as JsonObject;
  const body = { ...(message.body as JsonObject) };
  for (let i = 0; i <= ISSUE_LIST_LIMIT; i++) body[`unknown_${i}`] = i;
  files.push('m/cut.json');
  writeFileSync(join(stage, 'm/cut.json'), JSON.stringify(seal({ ...message, body })));
  files.push('m/unreadable.json');
  writeFileSync(join(stage, 'm/unreadable.json'), '{"uai_version": ');
  // Files are named as a user names them, relative to the working directory.
  process.chdir(stage);
});
afterAll(() => {
  process.chdir(join(import.meta.dirname, '../..'));
  if (stage) rmSync(stage, { recursive: true, force: true });
});

describe('uai validate streams its report', () => {
  for (const format of FORMATS)
    it(`${format}: a file's part is written before the next file is judged`, async () => {
      const r = await run(['--format', format, ...files]);
      expect(r.code).toBe(2);
      const judged = r.atJudging;
      expect(judged).toHaveLength(files.length - 1);
      // Each file's part is out before the next file is judged.
      const grew = judged.filter((s, i) => i > 0 && s.length > judged[i - 1]!.length).length;
      expect(grew).toBe(judged.length - 1);
      expect(r.stdout.length).toBeGreaterThan(judged.at(-1)!.length);
    });

  it('json: the streamed array is the bytes of JSON.stringify(array, null, 2)', async () => {
    const { stdout } = await run(['--format', 'json', ...files]);
    expect(stdout).toBe(`${JSON.stringify(JSON.parse(stdout), null, 2)}\n`);
    expect((await run(['--format', 'json', 'm/unreadable.json', 'm/missing.json'])).stdout).toBe('[]\n');
  });

  it("sarif: the streamed log is the engine's log of every result at once (member order aside)", async () => {
    const { stdout } = await run(['--format', 'sarif', ...files]);
    const results = JSON.parse((await run(['--format', 'json', ...files])).stdout) as {
      file: string;
      result: Parameters<typeof sarifLog>[0][number]['input'] & {
        errors: { path: string; range: SourceRange }[];
        warnings: { path: string; range: SourceRange }[];
      };
    }[];
    const entries = results.map(({ file, result }) => {
      const ranges = new Map([...result.errors, ...result.warnings].map((i) => [i.path, i.range]));
      const { uri, uriBaseId } = locateFile(file, stage);
      return {
        input: result,
        artifact: { uri, ...(uriBaseId ? { uriBaseId } : {}), locate: (p: string) => ranges.get(p) },
      };
    });
    const { uri, uriBaseId } = locateFile('m/unreadable.json', stage);
    const streamed = JSON.parse(stdout);
    // The reason as the log holds it, its SARIF escapes (sarifText) read back.
    const reason = (streamed.runs[0].invocations[0].toolExecutionNotifications[0].message.text as string).replace(
      /\\([\\[\]])/g,
      '$1',
    );
    expect(reason).toMatch(/^m\/unreadable\.json: not valid JSON/);
    const whole = sarifLog(entries, site, {
      notifications: [{ uri, ...(uriBaseId ? { uriBaseId } : {}), message: reason }],
    });
    expect(streamed).toStrictEqual(whole);
    expect(JSON.stringify(whole)).toContain('not listed');
  });
});
