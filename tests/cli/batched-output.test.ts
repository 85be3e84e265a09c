import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH, batched } from '../../src/cli/batched-output.ts';
import { main, type Io } from '../../src/cli/main.ts';
import { publishedExamples, seal } from '../../src/engine/index.ts';
import { siteFor } from '../../src/standard/urls.ts';
import { NODE, ORIGIN, REPO, run } from './local-server.ts';

/**
 * `uai validate` writes its report to standard output in batches (src/cli/batched-output.ts): a
 * system call per line is most of what a report costs through a pipe. The batches must add up to
 * the report, stay bounded, leave on time, and never reorder standard output and standard error.
 */
const LIMITS = { chars: 100, ms: 50 };

/** A small deterministic generator (mulberry32): the cases are drawn, and the seed says which. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('batched', () => {
  it('holds writes until the batch is full or old, and flush() writes what is held', () => {
    let now = 0;
    const sink: string[] = [];
    const out = batched(
      (t) => sink.push(t),
      () => now,
      LIMITS,
    );
    out.write('a'.repeat(60));
    now = 10;
    out.write('b'.repeat(30));
    expect(sink).toEqual([]);
    out.write('c'.repeat(10)); // 100 characters: full
    expect(sink).toEqual(['a'.repeat(60) + 'b'.repeat(30) + 'c'.repeat(10)]);
    now = 100;
    out.write('d');
    now = 149;
    out.write('e');
    expect(sink).toHaveLength(1);
    now = 150; // the oldest held text, 'd', is 50 ms old
    out.write('f');
    expect(sink.at(-1)).toBe('def');
    out.write('g');
    out.flush();
    out.flush();
    expect(sink.at(-1)).toBe('g');
    expect(sink).toHaveLength(3);
  });

  for (let seed = 1; seed <= 200; seed++)
    it(`adds up to what was written, and holds less than a batch for less than its time (seed ${seed})`, () => {
      const draw = random(seed);
      let now = 0;
      let sent = '';
      const out = batched(
        (text) => void (sent += text),
        () => now,
        LIMITS,
      );
      let written = '';
      const at: { offset: number; time: number }[] = [];
      const count = 1 + Math.floor(draw() * 60);
      for (let i = 0; i < count; i++) {
        now += Math.floor(draw() * 30);
        const text = String.fromCharCode(97 + (i % 26)).repeat(1 + Math.floor(draw() * 70));
        at.push({ offset: written.length, time: now });
        written += text;
        out.write(text);
        // What is held after a write: a prefix of it left, the rest is under a batch and younger than its time.
        expect(written.startsWith(sent)).toBe(true);
        const held = written.length - sent.length;
        expect(held).toBeLessThan(LIMITS.chars);
        if (held > 0) {
          const oldest = at.findLast((w) => w.offset <= sent.length)!;
          expect(now - oldest.time).toBeLessThan(LIMITS.ms);
        }
      }
      out.flush();
      expect(sent).toBe(written);
    });
});

describe('uai validate through a pipe', () => {
  let stage: string;
  const site = siteFor(ORIGIN);
  beforeAll(() => {
    stage = mkdtempSync(join(tmpdir(), 'uai-batched-'));
    const request = publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message;
    mkdirSync(join(stage, 'many'));
    // A report of more than one batch in every format: every fourth message is invalid (its
    // checksum no longer matches), so the GitHub format has annotations to write too.
    for (let i = 0; i < 1000; i++) {
      const sealed = seal({ ...request, message_id: `msg-batch-${i}` });
      writeFileSync(
        join(stage, 'many', `${String(i).padStart(4, '0')}.json`),
        JSON.stringify(i % 4 === 0 ? { ...sealed, message_id: `msg-changed-${i}` } : sealed),
      );
    }
    writeFileSync(join(stage, 'a.json'), JSON.stringify(seal({ ...request, message_id: 'msg-a' })));
    writeFileSync(join(stage, 'bad.json'), '{"uai_version": ');
    writeFileSync(join(stage, 'b.json'), JSON.stringify(seal({ ...request, message_id: 'msg-b' })));
  });
  afterAll(() => rmSync(stage, { recursive: true, force: true }));

  it('writes the bytes the report has, in every format', async () => {
    for (const format of ['text', 'json', 'sarif', 'junit', 'github']) {
      const args = ['validate', '--format', format, 'many'];
      let whole = '';
      const io: Io = {
        stdout: (t) => void (whole += t),
        stderr: () => {},
        stdin: async () => '',
        env: { UAI_ORIGIN: ORIGIN },
        now: () => new Date(),
        cwd: () => stage,
      };
      const previous = process.cwd();
      process.chdir(stage);
      try {
        expect(await main(args, io)).toBe(1);
      } finally {
        process.chdir(previous);
      }
      const piped = await run(NODE, [resolve(REPO, 'bin/uai.mjs'), ...args], {
        cwd: stage,
        env: { ...process.env, UAI_ORIGIN: ORIGIN },
      });
      expect(piped.code).toBe(1);
      // Times differ between runs (SARIF's invocation, a conformance record's instant and so its
      // checksum): compare without them. The text format has neither and is compared whole.
      const timeless = (s: string) =>
        s.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>').replace(/sha256:[0-9a-f]{64}/g, '<hash>');
      expect(piped.stdout.length).toBeGreaterThan(BATCH.chars);
      expect(timeless(piped.stdout)).toBe(timeless(whole));
    }
  }, 120_000);

  it('keeps standard error in its place among the lines of standard output', async () => {
    const both = await run(
      'sh',
      ['-c', `"${NODE}" "${resolve(REPO, 'bin/uai.mjs')}" validate a.json bad.json b.json 2>&1 | cat`],
      {
        cwd: stage,
        env: { ...process.env, UAI_ORIGIN: ORIGIN },
      },
    );
    const lines = both.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^a\.json: valid/);
    expect(lines[1]).toMatch(/^uai: bad\.json: /);
    expect(lines[2]).toMatch(/^b\.json: valid/);
    expect(lines[3]).toMatch(/^3 files: /);
  }, 60_000);
});
