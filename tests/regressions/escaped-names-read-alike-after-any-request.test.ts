import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seal } from '../../src/engine/index.ts';
import { runMain } from '../support/command-in-process.ts';
import { NOW, ORIGIN, post, requestExample } from '../support/in-process.ts';

/**
 * Fixed in "member names read right whatever was parsed before" (src/engine/parse-json.ts): V8's
 * JSON.parse read a member name `\"` as `\` once any text in the process had held a member named
 * `\` (nodejs/node#63785). One request then changed how the next one read, on a warm function,
 * the local server and across the files of one `uai validate` run: after a primer message, an
 * honest message failed its checksum and a forged one (a member renamed, the checksum left as it
 * was) passed. Each step below must be judged as it is judged in a fresh process.
 */
const withMember = (name: string) => {
  const m = requestExample() as { body: Record<string, unknown> };
  m.body[name] = 1;
  return JSON.stringify(seal(m));
};
const honest = withMember('\\"');
const primer = withMember('\\\\');
// The primer with its member renamed to the honest one's name: its checksum no longer holds.
const forged = primer.replace('"\\\\\\\\":1', '"\\\\\\"":1');

const routeVerdict = async (message: string) => {
  const body = (await (await post('validate', `{"message":${message}}`)).json()) as {
    valid: boolean;
    errors: { code: string }[];
  };
  return { valid: body.valid, codes: body.errors.map((e) => e.code) };
};

const folder = mkdtempSync(join(tmpdir(), 'uai-escaped-names-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('regression: a message reads the same whatever was parsed before it', () => {
  it('the forged message differs from the primer by its renamed member only', () => {
    expect(forged).not.toBe(primer);
    expect(forged.length).toBe(primer.length);
    expect(forged).toContain('"\\\\\\"":1');
  });

  it('POST /v1/validate: the honest message passes and the forged one fails, before and after the primer', async () => {
    const fresh = { honest: await routeVerdict(honest), forged: await routeVerdict(forged) };
    expect(fresh.honest).toEqual({ valid: true, codes: [] });
    expect(fresh.forged).toEqual({ valid: false, codes: ['integrity.checksum_mismatch'] });
    expect(await routeVerdict(primer)).toEqual({ valid: true, codes: [] });
    expect(await routeVerdict(honest)).toEqual(fresh.honest);
    expect(await routeVerdict(forged)).toEqual(fresh.forged);
  });

  it('uai validate: files after the primer are judged as alone', async () => {
    const files = { primer, honest, forged };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, `${name}.json`), text);
    const paths = Object.keys(files).map((name) => join(folder, `${name}.json`));
    const run = await runMain(['validate', '--format', 'json', ...paths], { now: NOW, env: { UAI_ORIGIN: ORIGIN } });
    const results = JSON.parse(run.stdout) as {
      file: string;
      result: { valid: boolean; errors: { code: string }[] };
    }[];
    expect(results.map(({ file, result }) => [basename(file), result.valid, result.errors.map((e) => e.code)])).toEqual(
      [
        ['primer.json', true, []],
        ['honest.json', true, []],
        ['forged.json', false, ['integrity.checksum_mismatch']],
      ],
    );
    expect(run.code).toBe(1);
  });
});
