import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { publishedExamples, validateMessage } from '../../src/engine/index.ts';
import { answerByteBound } from '../../src/standard/limits.ts';
import { siteFor } from '../../src/standard/urls.ts';
import { worstShapes } from '../../bench/worst-shape-bodies.ts';
import { firstListed } from '../support/listed.ts';
import { uai } from './local-server.ts';

/**
 * The same bound where the engine runs offline (docs/contract.md, "Limits"): `uai validate` and
 * `uai check-exchange` on the worst messages of the validate route, each as a file of its own.
 * Counts exact (the engine's check with no limit is the oracle), lists cut at the limit and said
 * so, output bounded like an answer of the service.
 */
const dir = mkdtempSync(join(tmpdir(), 'uai-worst-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const site = siteFor();
const byFamily = new Map<string, { file: string; text: string }>();
for (const s of worstShapes().filter((s) => s.route === 'validate' && s.profile === 'uai.intent.request.v1')) {
  const family = s.name.slice(`${s.route}/${s.profile}/`.length).split(':')[0]!;
  if (byFamily.has(family) || family === 'too-deep' || family.startsWith('keyless')) continue;
  const file = join(dir, `${family}.json`);
  writeFileSync(file, s.messageText);
  byFamily.set(family, { file, text: s.messageText });
}
const requestFile = join(dir, 'request.json');
writeFileSync(
  requestFile,
  JSON.stringify(publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message),
);

/** The families whose text and SARIF outputs are read too (one spawn each is what costs here). */
const SAID = new Set(['wide-empty', 'unknown', 'duplicates', 'duplicates-long-path']);

describe.each([...byFamily].map(([family, shape]) => [family, shape] as const))(
  'uai validate on %s',
  (family, shape) => {
    const truth = validateMessage(JSON.parse(shape.text), {
      mode: 'keyed-json',
      site,
      now: new Date(),
      text: shape.text,
      issueLimit: Infinity,
    });

    it('json: the counts of the unbounded check, the lists cut at the limit', async () => {
      const r = await uai(['validate', shape.file, '--format', 'json']);
      expect(r.code).toBe(truth.valid ? 0 : 1);
      expect(Buffer.byteLength(r.stdout)).toBeLessThanOrEqual(2 * answerByteBound(Buffer.byteLength(shape.text)));
      const result = JSON.parse(r.stdout);
      expect([result.error_count, result.warning_count, result.conformance_level]).toEqual([
        truth.error_count,
        truth.warning_count,
        truth.conformance_level,
      ]);
      expect(result.errors.length + result.warnings.length).toBe(firstListed(truth));
    });

    it.runIf(SAID.has(family))('text and sarif say when the list was cut', async () => {
      const cut = truth.issue_count > firstListed(truth);
      const text = await uai(['validate', shape.file]);
      expect(text.stdout.includes('more issues not listed')).toBe(cut);
      const sarif = JSON.parse((await uai(['validate', shape.file, '--format', 'sarif'])).stdout);
      expect(sarif.runs[0].results.length).toBe(firstListed(truth));
    });
  },
);

describe('uai check-exchange on the worst responses', () => {
  it.each([...byFamily].map(([family, shape]) => [family, shape] as const))('%s', async (_family, shape) => {
    const r = await uai(['check-exchange', requestFile, shape.file, '--format', 'json']);
    const truth = validateMessage(JSON.parse(shape.text), {
      mode: 'keyed-json',
      site,
      now: new Date(),
      text: shape.text,
      issueLimit: Infinity,
    });
    const result = JSON.parse(r.stdout);
    expect([result.response_validation.error_count, result.response_validation.warning_count]).toEqual([
      truth.error_count,
      truth.warning_count,
    ]);
    expect(r.code).toBe(result.conforms ? 0 : 1);
    expect(Buffer.byteLength(r.stdout)).toBeLessThanOrEqual(answerByteBound(Buffer.byteLength(shape.text)));
  });
});
