import { describe, expect, it } from 'vitest';
import { runMain } from '../support/command-in-process.ts';
import { publishedExamples, validateAction } from '../../src/engine/index.ts';
import { siteFor } from '../../src/standard/urls.ts';

/**
 * Fixed in "request files read as POST /v1/validate reads them": when a validate-request file's
 * message could not be located by the position index (past 262,144 bytes, or nested past 65
 * levels), `uai validate` rebuilt the message's text with JSON.stringify. That lost what parsing
 * drops (a repeated member name passed as valid, an imprecise number's warning vanished), threw
 * RangeError on a deep message (a stack trace, exit 1), and a request repeating its own "message"
 * member was judged on the last one, where the route refuses it. Each file below is judged by the
 * CLI and by the route's action on the same text; the two must agree.
 */
const ORIGIN = 'https://uai.example.org';
const site = siteFor(ORIGIN);
const NOW = new Date('2026-01-15T12:00:00Z');
const request = publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message;
const messageText = JSON.stringify(request, null, 2);
const PAD = ' '.repeat(262_144);

const cli = (text: string) =>
  runMain(['validate', '--format', 'json', '-'], { stdin: text, env: { UAI_ORIGIN: ORIGIN }, now: NOW, cwd: '/' });

const codes = (issues: readonly { code: string; path: string }[]) => issues.map((i) => `${i.code} ${i.path}`);

const FILES: Record<string, string> = {
  'a repeated member name, the request padded past 262,144 bytes': `{"message": ${messageText.replace('{', '{"message_id": "msg-repeated",')}${PAD}}`,
  'an integer a double does not hold, padded past 262,144 bytes': `{"message": ${messageText.replace('"sequence": 1', '"sequence": 9007199254740993')}${PAD}}`,
  'a keyed message nested 5,000 levels': `{"message": ${'{"a": '.repeat(5000)}1${'}'.repeat(5000)}}`,
  'a keyless message nested 10,000 levels': `{"message": ${'['.repeat(10_000)}${']'.repeat(10_000)}, "normalization_mode": "keyless-json"}`,
  'the request repeats "message", a bad one first': `{"message": {"uai_version": 1}, "message": ${messageText}}`,
  'the request repeats "normalization_mode"': `{"normalization_mode": "keyless-json", "message": ${messageText}, "normalization_mode": "keyed-json"}`,
};

describe('regression: a validate-request file is judged as POST /v1/validate judges its text', () => {
  for (const [name, text] of Object.entries(FILES)) {
    it(name, async () => {
      const route = validateAction(JSON.parse(text), { site, now: () => NOW }, { text });
      const run = await cli(text);
      if (!route.ok) {
        expect(run.code).toBe(2);
        expect(run.stderr).toContain(`not a usable validate request: ${route.detail}`);
        return;
      }
      const expected = route.body as { errors: { code: string; path: string }[]; warnings: typeof expected.errors };
      expect(run.code, run.stderr).toBe(expected.errors.length > 0 ? 1 : 0);
      const result = JSON.parse(run.stdout);
      expect(codes(result.errors)).toEqual(codes(expected.errors));
      expect(codes(result.warnings)).toEqual(codes(expected.warnings));
    });
  }

  it('the cases hold what they are named for', () => {
    const judged = (text: string) => {
      const r = validateAction(JSON.parse(text), { site, now: () => NOW }, { text });
      return r.ok ? codes([...(r.body as any).errors, ...(r.body as any).warnings]).join(' | ') : r.code;
    };
    const [repeated, imprecise, keyed, keyless, twice, modeTwice] = Object.values(FILES).map(judged);
    expect(repeated).toContain('message.duplicate_member /message_id');
    expect(imprecise).toContain('message.number_imprecise');
    expect(keyed).toContain('message.too_deep');
    expect(keyless).toContain('message.too_deep');
    expect(twice).toBe('request.invalid');
    expect(modeTwice).toBe('request.invalid');
  });
});
