import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFunction, MEASURED_FUNCTIONS } from '../../scripts/bundle-function.ts';
import { ERROR_CODES, errorCode, ISSUE_CODES, issueCode } from '../../src/standard/codes.ts';
import { CONFORMANCE_LEVELS } from '../../src/standard/levels.ts';
import { ENVELOPE_PARTS } from '../../src/standard/objects/envelope.ts';

/**
 * What each Netlify function's bundle holds (bundled as Netlify would, scripts/bundle-function.ts):
 * the prose of the standard that a function never shows stays out, because its import graph reaches
 * the data without it (docs/seams.md, "One failure shape, typed codes"; src/standard/model.ts).
 */
type Fn = (typeof MEASURED_FUNCTIONS)[number];
const bundles = new Map<Fn, { text: string; inputs: string[] }>();
const dir = mkdtempSync(join(tmpdir(), 'uai-function-bundles-'));

beforeAll(async () => {
  for (const fn of MEASURED_FUNCTIONS) {
    const outfile = join(dir, `${fn}.mjs`);
    const metafile = await bundleFunction(fn, outfile);
    const inputs = Object.values(metafile.outputs).flatMap((o) =>
      Object.entries(o.inputs)
        .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
        .map(([input]) => input),
    );
    bundles.set(fn, { text: readFileSync(outfile, 'utf8'), inputs });
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The texts that stand in a bundle as a whole string literal (esbuild picks the quotes a string
 * needs no escapes in), not those that only occur inside a longer message of the engine.
 */
const carried = (fn: Fn, texts: readonly string[]) =>
  texts.filter((t) => ['"', "'", '`'].some((q) => bundles.get(fn)!.text.includes(`${q}${t}${q}`)));

const envelopeProse = ENVELOPE_PARTS.flatMap((o) => o.fields.map((f) => f.description));
const levelProse = CONFORMANCE_LEVELS.map((l) => l.claim);
const errorProse = ERROR_CODES.map((c) => c.description);
const issueProse = ISSUE_CODES.flatMap((c) => [c.description, c.fix]);
const BUILDERS = ['src/standard/schemas.ts', 'src/standard/objects/envelope.ts', 'src/standard/objects/bodies.ts'];

describe.each(MEASURED_FUNCTIONS)('the %s function', (fn) => {
  it('holds neither the schema builders nor the field model with its prose', () => {
    expect(bundles.get(fn)!.inputs.filter((i) => BUILDERS.includes(i))).toEqual([]);
    expect(carried(fn, envelopeProse)).toEqual([]);
  });

  it('holds no prose of the conformance levels or the error codes', () => {
    expect(carried(fn, levelProse)).toEqual([]);
    // The one description that is also the shell's own detail, of a 500 answer (src/http/problem.ts).
    expect(carried(fn, errorProse)).toEqual([errorCode('server.internal').description]);
  });

  it('holds the descriptions and fixes of the issue codes only if it writes SARIF', () => {
    // The one description that is also the engine's own issue message (src/engine/validate/rules-body.ts).
    const ownMessage = issueCode('response.request_ref_mismatch').description;
    expect(carried(fn, issueProse)).toEqual(fn === 'validate' ? issueProse : [ownMessage]);
  });
});
