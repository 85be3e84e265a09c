import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTER_META } from '../../src/records/starters.ts';
import { freePort, REPO, run, startServer, type LocalServer } from '../cli/local-server.ts';
import { runners, skipped } from './runners.ts';

/**
 * Every language starter of the adoption kit (CONTRACT section 9) runs against the real local
 * server: exit 0 and the summary lines; against a closed port it must exit non-zero; without
 * its argument it prints usage and exits 2. A starter whose runtime is missing is reported as
 * skipped, the reason in the test titles; under CI it fails instead (CI installs golang-go).
 */
let server: LocalServer;
beforeAll(async () => {
  server = await startServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

it('covers every starter the adoption kit ships', () => {
  expect(runners.map((r) => r.file).sort()).toEqual(STARTER_META.map((m) => m.name).sort());
});

for (const runner of runners) {
  const skip = skipped(runner);
  describe(skip ? `${runner.file} (skipped: ${runner.missing} not found on PATH)` : runner.file, () => {
    // `go run` compiles first: allow it a generous timeout.
    const timeout = runner.command === 'go' ? 180_000 : 60_000;

    it.skipIf(skip)('validates the first packet and runs the accepted-task exchange', async () => {
      const r = await run(runner.command, [...runner.args, server.base], { cwd: REPO, timeoutMs: timeout });
      expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
      expect(r.stdout).toMatch(/^catalog: [1-9]\d* routes$/m);
      expect(r.stdout).toMatch(/^validate: valid, level L\d$/m);
      expect(r.stdout).toMatch(/^mock exchange: simulated status 202, response \S+$/m);
      expect(r.stdout).toMatch(/^OK: /m);
    }, timeout);

    it.skipIf(skip)('fails (non-zero exit, FAIL on stderr) when the server is not there', async () => {
      const closed = await freePort();
      const r = await run(runner.command, [...runner.args, `http://127.0.0.1:${closed}/v1`], { cwd: REPO, timeoutMs: timeout });
      expect(r.code).not.toBe(0);
      expect(r.code).not.toBeNull();
      expect(r.stderr).toContain('FAIL');
    }, timeout);

    it.skipIf(skip)('prints usage and exits 2 without a base URL', async () => {
      const r = await run(runner.command, runner.args, { cwd: REPO, timeoutMs: timeout });
      // `go run` reports any non-zero exit of the program as its own exit status 1.
      expect(r.code).toBe(runner.command === 'go' ? 1 : 2);
      expect(r.stderr).toMatch(/usage: .*<base_url>/);
    }, timeout);
  });
}
