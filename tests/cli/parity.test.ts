import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceFixtures } from '../../src/engine/index.ts';
import { siteFor } from '../../src/standard/urls.ts';
import { ORIGIN, startServer, uai, type LocalServer } from './local-server.ts';

/**
 * CONTRACT section 11: the CLI gives exactly the issues the HTTP validator gives. Every
 * conformance-pack fixture is written to a file and checked by one `uai validate --format json`
 * run per mode, and posted to the real local server; the issue lists must be identical.
 * Text fixtures (1e400, lone surrogates) go through both parsers as the same JSON text.
 */
interface Case {
  id: string;
  mode: 'keyed-json' | 'keyless-json';
  text: string;
  file: string;
}

const { valid, invalid } = conformanceFixtures(siteFor(ORIGIN));
const fixtures = [...valid, ...invalid];
let dir: string;
let server: LocalServer;
const cases: Case[] = [];
const cli = new Map<string, { errors: unknown[]; warnings: unknown[] }>();

beforeAll(async () => {
  server = await startServer();
  dir = mkdtempSync(join(tmpdir(), 'uai-parity-'));
  fixtures.forEach((f, i) => {
    const text = f.text ?? JSON.stringify(f.message);
    const file = join(dir, `${String(i).padStart(3, '0')}.json`);
    writeFileSync(file, text);
    cases.push({ id: f.id, mode: f.mode, text, file });
  });
  for (const mode of ['keyed-json', 'keyless-json'] as const) {
    const files = cases.filter((c) => c.mode === mode).map((c) => c.file);
    if (files.length === 0) continue;
    const r = await uai(['validate', '--mode', mode, '--format', 'json', ...files]);
    expect(r.stderr).toBe('');
    const results = JSON.parse(r.stdout) as { file: string; result: { errors: unknown[]; warnings: unknown[] } }[];
    const list = files.length === 1 ? [{ file: files[0]!, result: results as never }] : results;
    for (const { file, result } of list) {
      // The CLI adds each issue's range in its file; the issue items are otherwise the API's.
      for (const issue of [...result.errors, ...result.warnings] as Record<string, unknown>[]) {
        expect(issue.range).toBeDefined();
        delete issue.range;
      }
      cli.set(file, result);
    }
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('uai validate --format json matches POST /v1/validate for every conformance-pack fixture', () => {
  it('has fixtures to compare', () => {
    expect(valid.length).toBeGreaterThan(0);
    expect(invalid.length).toBeGreaterThan(0);
  });

  it.each(fixtures.map((f) => [f.id]))('%s', async (id) => {
    const c = cases.find((x) => x.id === id)!;
    const body = `{"message": ${c.text}, "normalization_mode": ${JSON.stringify(c.mode)}}`;
    const response = await fetch(`${server.base}/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const api = (await response.json()) as { errors: unknown[]; warnings: unknown[]; code?: string };
    const local = cli.get(c.file);
    expect(local, `no CLI result for ${id}`).toBeDefined();
    // The one divergence, which the pack states as the fixture's route_refusal: the HTTP layer
    // refuses bodies nesting deeper than 64 before parsing (CONTRACT section 8), so the engine
    // never sees them; the CLI reads files of any depth and reports the engine's message.too_deep.
    const refusal = invalid.find((f) => f.id === id)?.route_refusal;
    if (refusal) {
      expect([response.status, api.code]).toEqual([refusal.status, refusal.code]);
      expect(local!.errors.map((e: any) => e.code)).toEqual(['message.too_deep']);
      return;
    }
    expect(response.status, JSON.stringify(api)).toBe(200);
    expect(local!.errors).toEqual(api.errors);
    expect(local!.warnings).toEqual(api.warnings);
  });
});
