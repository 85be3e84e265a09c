import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { InputTooLarge, MAX_INPUT_BYTES, readFileBounded, readStreamBounded } from '../../src/cli/bounded-read.ts';

/**
 * What uai reads of one input is bounded (src/cli/bounded-read.ts): a file, standard input or a
 * path to something that never ends is read up to MAX_INPUT_BYTES and no further, and an input
 * over it is reported unreadable, whatever its kind. Under the bound the bytes are the input's own.
 */
const scratch = mkdtempSync(join(tmpdir(), 'uai-bounded-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const REPO = join(import.meta.dirname, '../..');

describe('readFileBounded and readStreamBounded', () => {
  it('give the bytes of an input within the bound and refuse one past it, file or stream', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 1, max: 3000 }),
        fc.array(fc.integer({ min: 1, max: 700 }), { maxLength: 8 }),
        async (size, limit, cuts) => {
          const bytes = randomBytes(size);
          const file = join(scratch, `f${run++}.json`);
          writeFileSync(file, bytes);
          // The stream comes in chunks of any sizes.
          const chunks: Buffer[] = [];
          for (let at = 0, i = 0; at < size; i += 1) {
            const next = Math.min(size, at + (cuts[i % Math.max(cuts.length, 1)] ?? size));
            chunks.push(bytes.subarray(at, next));
            at = next;
          }
          const fromFile = () => readFileBounded(file, limit);
          const fromStream = () => readStreamBounded(Readable.from(chunks), limit);
          if (size > limit) {
            expect(fromFile).toThrow(InputTooLarge);
            await expect(fromStream()).rejects.toThrow(InputTooLarge);
          } else {
            expect(Buffer.from(fromFile()).equals(bytes)).toBe(true);
            expect(Buffer.from(await fromStream()).equals(bytes)).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads a file whose size is not known before it is read (size 0 in /proc) to its end', () => {
    const read = Buffer.from(readFileBounded('/proc/self/status'));
    expect(read.length).toBeGreaterThan(0);
    expect(read.toString('utf8')).toMatch(/^Name:\t/);
    expect(() => readFileBounded('/proc/self/status', 10)).toThrow(InputTooLarge);
  });

  it('reads a device that never ends up to the bound, then stops', () => {
    expect(() => readFileBounded('/dev/zero', 100_000)).toThrow(InputTooLarge);
    expect(() => readFileBounded('/dev/zero')).toThrow('larger than 4,194,304 bytes, the most uai reads of one input');
  });

  it('reads a pipe chunk by chunk (process substitution, /dev/fd/N)', () => {
    // A pipe's size is unknown until its writer ends: the shell's <(...) hands one over.
    const run = spawnSync(
      'bash',
      [
        '-c',
        `node_modules/.bin/node bin/uai.mjs validate --format json <(printf '{"a":1}') <(head -c ${MAX_INPUT_BYTES + 1} /dev/zero)`,
      ],
      { cwd: REPO, encoding: 'utf8' },
    );
    // The JSON report lists the files judged; an unreadable one is said on standard error.
    const reports = JSON.parse(run.stdout) as { file: string; result?: unknown }[];
    expect(reports.map((r) => r.result !== undefined)).toEqual([true]);
    expect(run.stderr).toMatch(
      /^uai: \/dev\/fd\/\d+: cannot read: larger than 4,194,304 bytes, the most uai reads of one input/m,
    );
  });
});

describe('uai validate and uai check-exchange on an input past the bound', () => {
  it('report it unreadable in every format and go on with the next file', () => {
    const zero = join(scratch, 'zero.json');
    symlinkSync('/dev/zero', zero);
    const ok = join(scratch, 'ok.json');
    writeFileSync(ok, '{}');
    const validate = spawnSync('node_modules/.bin/node', ['bin/uai.mjs', 'validate', zero, ok], {
      cwd: REPO,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(validate.stderr).toContain(`${zero}: cannot read: larger than 4,194,304 bytes`);
    expect(validate.stdout).toMatch(/2 files: 0 valid, 1 invalid, 1 unreadable/);
    const check = spawnSync('node_modules/.bin/node', ['bin/uai.mjs', 'check-exchange', zero, ok], {
      cwd: REPO,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(check.status).toBe(2);
    expect(check.stderr).toContain(`${zero} is larger than 4,194,304 bytes`);
  });
});
