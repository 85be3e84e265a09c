import { describe, expect, inject, it } from 'vitest';
import { validateMessage } from '../../src/engine/index.ts';
import { DEFAULT_LIMITS, testImplementation } from '../../src/kit/index.ts';
import { siteFor } from '../../src/standard/site.ts';
import { EMULATOR_KIT_DIFFERENCE } from './emulator-differences.ts';

/**
 * `uai test` against the reference server as Netlify serves it (the emulation): every check
 * passes but those the one emulator-only difference breaks (emulator-differences.ts), and those
 * fail with evidence naming the replaced answer.
 */
const base = inject('netlifyBase');

describe('uai test under the Netlify emulation', () => {
  it('the reference server passes every check but the emulator-only difference', { timeout: 320_000 }, async () => {
    const site = siteFor(base);
    const now = new Date();
    const report = await testImplementation({
      endpoint: `${base}/v1/reference-server`,
      site,
      // Every function call costs the emulation a fresh worker (0.5-2 s): room for a loaded machine.
      limits: { ...DEFAULT_LIMITS, timeoutMs: 30_000, totalMs: 300_000 },
      now,
      runId: '0af7651916cd43dd8448eb211c80319c',
    });
    const ids = (status: string) =>
      report.checks
        .filter((c) => c.status === status)
        .map((c) => c.id)
        .sort();
    expect({ fail: ids('fail'), not_exercised: ids('not_exercised'), skip: ids('skip') }).toEqual({
      fail: [...EMULATOR_KIT_DIFFERENCE.fails].sort(),
      not_exercised: [...EMULATOR_KIT_DIFFERENCE.notExercised].sort(),
      skip: [],
    });
    for (const id of EMULATOR_KIT_DIFFERENCE.fails)
      expect(report.checks.find((c) => c.id === id)!.evidence.join('\n')).toContain(
        `${EMULATOR_KIT_DIFFERENCE.scenario}: `,
      );
    expect(report.aborted).toBeUndefined();
    const result = validateMessage(report.result_message, { mode: 'keyed-json', site, now });
    expect([result.error_count, result.warning_count]).toEqual([0, 0]);
  });
});
