import fc from 'fast-check';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkExchangeCommand } from '../../src/cli/check-exchange.ts';
import { MAX_LINE_CHARS, recordingLines, type RecordingLine } from '../../src/kit/proxy/replay.ts';
import { siteFor } from '../../src/standard/urls.ts';

/**
 * A recording as `uai check-exchange --recording` reads it: a file it cannot read, or a line past
 * the bound, is refused with one line on stderr and exit 2 (CONTRACT section 11), never a stack
 * trace; a line past the bound is refused while it is read, so one huge line costs bounded memory.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PROBE = fileURLToPath(new URL('./rss-probe.mjs', import.meta.url));
const NOW = new Date('2026-11-20T10:00:00Z');
const dir = mkdtempSync(join(tmpdir(), 'uai-replay-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function replay(file: string) {
  let stdout = '';
  let stderr = '';
  const code = await checkExchangeCommand(['--recording', file], {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    now: () => NOW,
    site: siteFor('https://uai.example.org'),
  });
  return { code, stdout, stderr };
}

const HELP = '\nRun "uai check-exchange --help" for usage.\n';

/** JSON Lines as a reader that holds whole texts would split them: at LF, a CR before it dropped. */
function reference(text: string, max: number): RecordingLine[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const out: RecordingLine[] = [];
  for (const line of lines) {
    const t = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (t.length > max) return [...out, { tooLong: true }];
    out.push(t);
  }
  return out;
}

async function collect(lines: AsyncIterable<RecordingLine>): Promise<RecordingLine[]> {
  const out: RecordingLine[] = [];
  for await (const line of lines) out.push(line);
  return out;
}

async function* chunked(text: string, cuts: readonly number[]): AsyncGenerator<string> {
  let from = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b).filter((c) => c < text.length)) {
    yield text.slice(from, cut);
    from = cut;
  }
  yield text.slice(from);
}

describe('the lines of a recording, read in chunks', () => {
  it('are the lines of the whole text, however it is cut, up to the first past the bound', async () => {
    const text = fc
      .array(fc.constantFrom('a', 'b', '\n', '\r', '\r\n', 'é', '😀'), { maxLength: 40 })
      .map((parts) => parts.join(''));
    await fc.assert(
      fc.asyncProperty(text, fc.array(fc.nat({ max: 60 })), fc.nat({ max: 8 }), async (t, cuts, max) => {
        expect(await collect(recordingLines(chunked(t, cuts), max))).toEqual(reference(t, max));
      }),
      { numRuns: 2000 },
    );
  });

  it('a line that never ends is refused once past the bound, the rest never read', async () => {
    let given = 0;
    const endless = async function* () {
      for (let i = 0; i < 1000; i += 1) {
        given += 100;
        yield 'a'.repeat(100);
      }
    };
    expect(await collect(recordingLines(endless(), 1000))).toEqual([{ tooLong: true }]);
    // The bound, the one character a CR may take, and the chunk that passed them.
    expect(given).toBeLessThanOrEqual(1000 + 1 + 100);
  });

  it('a read that fails after some lines gives those lines, then the failure', async () => {
    const failing = async function* () {
      yield '{"a":1}\n{"b"';
      yield ':2}\n{"c"';
      throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
    };
    const lines = await collect(recordingLines(failing(), 100));
    expect(lines.slice(0, 2)).toEqual(['{"a":1}', '{"b":2}']);
    expect(lines[2]).toMatchObject({ unreadable: { code: 'EIO' } });
    expect(lines).toHaveLength(3);
  });
});

describe('uai check-exchange --recording on what it cannot read: exit 2, one line, no stack trace', () => {
  it('a directory', async () => {
    const sub = join(dir, 'a-directory');
    mkdirSync(sub);
    const run = await replay(sub);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`uai check-exchange: ${sub}: cannot read: is a directory${HELP}`);
  });

  it('a missing file', async () => {
    const run = await replay(join(dir, 'none.jsonl'));
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`uai check-exchange: ${join(dir, 'none.jsonl')}: cannot read: no such file${HELP}`);
  });

  it.runIf(existsSync('/proc/self/mem'))('a file that opens and fails on read (/proc/self/mem)', async () => {
    const run = await replay('/proc/self/mem');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^uai check-exchange: \/proc\/self\/mem: cannot read: \S.*\n.*--help/);
    expect(run.stderr.split('\n')).toHaveLength(3);
  });

  it('a line at the bound is read and judged; one character more is refused, CRLF or not', async () => {
    const line = 'x'.repeat(MAX_LINE_CHARS);
    for (const [text, error] of [
      [`${line}\n`, /line 1: not JSON/],
      [`${line}\r\n`, /line 1: not JSON/],
      [line, /line 1: not JSON/],
      [`${line}x\n`, /line 1: longer than any recorded exchange/],
      [`${line}x\r\n`, /line 1: longer than any recorded exchange/],
      [`\n${line}x`, /line 2: longer than any recorded exchange/],
    ] as const) {
      const file = join(dir, 'long.jsonl');
      writeFileSync(file, text);
      const run = await replay(file);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(error);
      expect(run.stderr.split('\n')).toHaveLength(3);
    }
  }, 30_000);

  it('a recording of one 600 MB line in a child process: exit 2, peak RSS under 200 MB', async () => {
    // A sparse file: 600 MB of NUL and no line end, made without writing them.
    const file = join(dir, 'huge.jsonl');
    writeFileSync(file, '');
    truncateSync(file, 600 * 1024 * 1024);
    const rss = join(dir, 'huge.rss');
    const child = spawn(
      process.execPath,
      ['--import', PROBE, join(ROOT, 'bin/uai.mjs'), 'check-exchange', '--recording', file],
      { cwd: ROOT, env: { ...process.env, UAI_RSS_FILE: rss } },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => void (stderr += d));
    child.stdout.resume();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stderr).toMatch(/line 1: longer than any recorded exchange/);
    expect(code).toBe(2);
    const peakKb = Number(readFileSync(rss, 'utf8'));
    if (process.env.UAI_KIT_RSS) console.log(`one 600 MB line: peak RSS ${Math.round(peakKb / 1024)} MB`);
    expect(peakKb).toBeGreaterThan(0);
    expect(peakKb).toBeLessThan(200 * 1024);
  }, 30_000);
});
