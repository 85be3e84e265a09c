import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { publishedExamples, validateAction } from '../../src/engine/index.ts';
import { actionCore } from '../../src/http/action-handler.ts';
import { NOW, site } from '../support/in-process.ts';
import { runMain } from '../support/command-in-process.ts';

/**
 * A file that is not JSON is named with where it goes wrong, as POST /v1/validate names it: V8's
 * own messages give a place for few errors, and differ between Node 20 and 24. The place is held to
 * an oracle of its own: a valid text cut short goes wrong at its end, or at the start of the
 * literal or number the cut split (at most 5 characters back: `false`), and the line and column are
 * counted here from the text.
 */
const request = publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message;
const wrapper = JSON.stringify({ message: request }, null, 2);
const route = actionCore({ site, action: validateAction, now: () => NOW });

async function routeDetail(text: string): Promise<string> {
  const reply = await route({
    method: 'POST',
    path: '/v1/validate',
    header: (name) => (name === 'content-type' ? 'application/json' : null),
    body: async () => new TextEncoder().encode(text),
  });
  const problem = JSON.parse(reply.body!) as { code: string; detail: string };
  expect(problem.code).toBe('request.malformed_json');
  return problem.detail;
}

const lineColumn = (text: string, at: number) => {
  const lines = text.slice(0, at).split('\n');
  return `line ${lines.length}, column ${lines.at(-1)!.length + 1}`;
};

describe('uai validate on text that is not JSON', () => {
  it('names the position, line and column, as the route does, for a message cut anywhere', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: wrapper.length - 1 }), async (cut) => {
        const text = wrapper.slice(0, cut);
        const run = await runMain(['validate', '-'], { stdin: text, now: NOW });
        expect(run.code).toBe(2);
        const said = /: not valid JSON at position (\d+) \((line \d+, column \d+)\): (.+)\n$/.exec(run.stderr);
        expect(said, run.stderr).not.toBeNull();
        const at = Number(said![1]);
        expect(at).toBeLessThanOrEqual(cut);
        expect(at).toBeGreaterThanOrEqual(cut - 5);
        expect(said![2]).toBe(lineColumn(text, at));
        expect(await routeDetail(text)).toBe(
          `The request body is not valid JSON at position ${at} (${said![2]}): ${said![3]}.`,
        );
      }),
      { numRuns: 60 },
    );
  });

  // A byte order mark is not counted in a position (SARIF 2.1.0 section 3.30.2; editors do not count
  // it either): a file's syntax error and its findings are where they are without it, as the route says.
  it('a file opening with a byte order mark: places are counted without the mark, as the route counts them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: wrapper.length - 1 }), async (cut) => {
        const text = `\ufeff${wrapper.slice(0, cut)}`;
        const run = await runMain(['validate', '-'], { stdin: text, now: NOW });
        const said = /: not valid JSON at position (\d+) \((line \d+, column \d+)\): (.+)\n$/.exec(run.stderr);
        expect(said, run.stderr).not.toBeNull();
        const at = Number(said![1]);
        expect(at).toBeLessThanOrEqual(cut);
        expect(at).toBeGreaterThanOrEqual(cut - 5);
        expect(said![2]).toBe(lineColumn(text.slice(1), at));
        expect(await routeDetail(text)).toMatch(
          new RegExp(`^The request body is not valid JSON at position ${at} \\(`),
        );
      }),
      { numRuns: 30 },
    );
    const findings = await runMain(['validate', '-'], { stdin: '\ufeff{"uai_version": "1.0"}', now: NOW });
    expect(findings.stdout).toMatch(/^-:1:1: error /m);
    // Every format's places are those of the same text without the mark.
    const message = JSON.stringify({ uai_version: '2.0', profile: 'uai.intent.request.v1' });
    for (const format of ['text', 'json', 'sarif', 'github']) {
      const marked = await runMain(['validate', '-', '--format', format], { stdin: `\ufeff${message}`, now: NOW });
      const plain = await runMain(['validate', '-', '--format', format], { stdin: message, now: NOW });
      expect(marked.stdout, format).toBe(plain.stdout);
    }
  });

  // The file's own text may look like V8's phrase: only the phrase that ends V8's message is read.
  it.each([
    ['position 99', 'at position 0 (line 1, column 1): Unexpected token'],
    ['["position 99", tru]', 'at position 16 (line 1, column 17): Unexpected token'],
    ['"in JSON at position 5', 'at position 22 (line 1, column 23): Unterminated string'],
    ['{"a":1}x', 'at position 7 (line 1, column 8): Unexpected non-whitespace character'],
  ])('%s: %s', async (text, said) => {
    const run = await runMain(['validate', '-'], { stdin: text, now: NOW });
    expect(run.stderr).toContain(`: not valid JSON ${said}`);
    expect(run.stderr).not.toMatch(/JSON at position \d+\n$/);
  });

  // The body's first byte order mark is dropped as it is decoded; a second is a character JSON.parse
  // refuses at 0, which the position says (the index skipped it, found the rest well formed and
  // gave no position).
  it('a body opening with two byte order marks goes wrong at position 0', async () => {
    expect(await routeDetail('\ufeff\ufeff{"message": {}}')).toMatch(
      /^The request body is not valid JSON at position 0 \(line 1, column 1\): Unexpected token/,
    );
  });
});
