import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CLIENT_SCENARIO_IDS, type ClientReport } from '../../src/kit/client/index.ts';
import { formatKitReport } from '../../src/kit/judge/formats.ts';

/**
 * `uai test-client` as a user runs it, against clients that attack the kit (fixtures/hostile-client.mts):
 * a flood of 1 MiB bodies, bodies of the JSON that costs most to parse, messages of 256 KiB in every
 * scenario, children that leave the client's process group and session and hold its output pipes,
 * endless output, thousands of connections, slow bodies, a crash amid terminal control characters.
 * Each run must end within its cap (plus a margin for the kit's own start), exit 1 with a named
 * check failed and no stack trace, with the kit's peak memory (its own resource usage, read at exit)
 * under 250 MB, and leave no process of the client behind.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PROBE = fileURLToPath(new URL('./rss-probe.mjs', import.meta.url));
const CAP_MS = 3000;
/** The kit's own start (type stripping, the engine) and end on a loaded machine. */
const MARGIN_MS = 4000;
/**
 * After each scenario's cap, the kit ends the client's process group and judges what it sent: 0.4
 * to 1.8 s a scenario measured on 2 busy cores (a client of 256 KiB messages held to its cap in
 * each of 7 scenarios: 28.0 s of scenarios, 31.8 s in all). Counted for each scenario past the first.
 */
const SCENARIO_END_MS = 1500;

/**
 * How much longer than its CPU time a busy loop takes here now: 1 on an idle core, about 2 when
 * another process wants every core. The kit's own work past its cap stretches as much, so the
 * margin does: a kit that waits out a cap it should not, or never ends, is still past it.
 */
function contention(): number {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  while (performance.now() - wall < 150);
  const used = process.cpuUsage(cpu);
  return Math.min(4, Math.max(1, (performance.now() - wall) / ((used.user + used.system) / 1000)));
}
const MAX_RSS_KB = 250 * 1024;
/** Terminal controls: C0 but newline, DEL, C1, and the bidi embeddings, overrides, isolates and marks. */
const CONTROLS = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const dir = mkdtempSync(join(tmpdir(), 'uai-hostile-clients-'));
/** Every file of pids the clients noted (one per run). */
const pidFiles: string[] = [];

const PROCFS = existsSync('/proc/self/stat');
const alive = (pid: number): boolean => {
  const stat = `/proc/${pid}/stat`;
  if (PROCFS) return existsSync(stat) && readFileSync(stat, 'utf8').split(') ')[1]![0] !== 'Z';
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const notedPids = (file: string) =>
  existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number) : [];

afterAll(() => {
  // Whatever the kit failed to end, the test ends: nothing of these clients outlives the file.
  for (const pid of pidFiles.flatMap(notedPids))
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  rmSync(dir, { recursive: true, force: true });
});

interface KitRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly maxRssKb: number;
  readonly ms: number;
  /** The processes the client noted that are still running once the kit has ended. */
  readonly survivors: readonly number[];
}

/** Runs the sync scenario alone, or with `all` every scenario. */
function uaiTestClient(name: string, command: string, format = 'json', all = false, capMs = CAP_MS): Promise<KitRun> {
  const rss = join(dir, `${name}.rss`);
  const pidFile = join(dir, `${name}.pids`);
  pidFiles.push(pidFile);
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [
      '--import',
      PROBE,
      join(ROOT, 'bin/uai.mjs'),
      'test-client',
      '--command',
      command,
      ...(all ? [] : ['--scenario', 'sync']),
      '--timeout',
      String(capMs),
      '--format',
      format,
    ],
    { cwd: ROOT, env: { ...process.env, UAI_RSS_FILE: rss, HOSTILE_PID_FILE: pidFile }, detached: true },
  );
  // A kit that does not end is a failure, not a hung test run: its whole group is ended well past the cap.
  const guard = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), capOf(all, capMs) + 30_000);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => void (stdout += d));
  child.stderr.on('data', (d: Buffer) => void (stderr += d));
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(guard);
      const maxRssKb = existsSync(rss) ? Number(readFileSync(rss, 'utf8')) : Number.NaN;
      // The kit's output is read whole after its exit: a pipe held by a stray process must not hold the test.
      setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        resolve({
          code,
          stdout,
          stderr,
          maxRssKb,
          ms: Date.now() - started,
          survivors: notedPids(pidFile).filter(alive),
        });
      }, 200);
    }),
  );
}

/** The kit's cap: the time cap of each scenario it runs. */
const capOf = (all = false, capMs = CAP_MS) => capMs * (all ? CLIENT_SCENARIO_IDS.length : 1);
/** What the kit takes beyond its caps: its start and end, and the end of each scenario past the first. */
const marginOf = (all = false) => MARGIN_MS + (all ? CLIENT_SCENARIO_IDS.length - 1 : 0) * SCENARIO_END_MS;

const fixture = (behaviour: string) => `node_modules/.bin/node tests/kit/fixtures/hostile-client.mts ${behaviour}`;

interface Hostile {
  readonly name: string;
  readonly command: string;
  /** The check that must fail, and what its evidence must say. */
  readonly fails: string;
  readonly evidence: RegExp;
  /**
   * The client exits by itself once it has sent what it sends, under a cap (CLIENT_ENDS_MS) far past
   * that: the run must end before the cap, so the client's end ended it, and how much a slow machine
   * lets the client send before a cap never decides the finding.
   */
  readonly early?: boolean;
  /** Its children leave the process group: only /proc finds them (without it the kit ends the group only). */
  readonly detaches?: boolean;
  /** Run through every scenario, not the sync one alone. */
  readonly all?: boolean;
}

/** The cap of a run the client ends by itself: the kit that waits for it to pass is past the margin long before. */
const CLIENT_ENDS_MS = 30_000;
const capMsOf = (h: Hostile) => (h.early ? CLIENT_ENDS_MS : CAP_MS);

const HOSTILE: readonly Hostile[] = [
  {
    name: 'posts 24 bodies of 1 MiB, three times its byte budget',
    command: fixture('flood'),
    fails: 'client.within_budget',
    evidence: /sync: \d+ requests, \d+ MiB sent; budget 8 MiB/,
    early: true,
  },
  {
    name: 'posts JSON nested and wide, a MiB a body',
    command: fixture('json-bombs'),
    fails: 'client.message_valid',
    evidence: /sync: POST body of \d+ bytes, over the 262,144 bytes of one message the kit parses/,
    early: true,
  },
  {
    name: 'posts wide messages, each just small enough to parse',
    command: fixture('wide-messages'),
    fails: 'client.message_valid',
    evidence: /sync: POST body of \d+ bytes, past the 524,288 bytes the kit parses in one run/,
    early: true,
  },
  {
    name: 'posts messages of 256 KiB, sealed and wide, up to its budgets in every scenario',
    command: fixture('large-messages'),
    fails: 'client.message_valid',
    evidence: /sync: POST body of \d+ bytes, past the 524,288 bytes the kit parses in one run/,
    all: true,
  },
  {
    name: 'detaches children that hold its output, then exits',
    command: fixture('detach-and-exit'),
    fails: 'client.completes',
    evidence: /never received/,
    early: true,
    detaches: true,
  },
  {
    name: 'detaches children that hold its output, and hangs',
    command: fixture('detach-and-hang'),
    fails: 'client.completes',
    evidence: /still running at the time cap/,
    detaches: true,
  },
  {
    name: 'the shell form of the issue: setsid sleep infinity in the background',
    command: `sh -c 'setsid sleep infinity & echo $! >> "$HOSTILE_PID_FILE"; sleep 300' client`,
    fails: 'client.completes',
    evidence: /still running at the time cap/,
    detaches: true,
  },
  {
    name: 'writes to stdout and stderr without end',
    command: fixture('endless-output'),
    fails: 'client.completes',
    evidence: /still running at the time cap/,
  },
  {
    name: 'opens thousands of connections',
    command: fixture('many-connections'),
    fails: 'client.within_budget',
    evidence: /connections/,
  },
  {
    name: 'posts bodies of 1 MiB in 1-byte chunks',
    command: fixture('one-byte-chunks'),
    fails: 'client.completes',
    evidence: /still running at the time cap/,
  },
  {
    name: 'sends many bodies one byte at a time',
    command: fixture('slow-bodies'),
    fails: 'client.within_budget',
    evidence: /connections/,
  },
];

describe('uai test-client in a child process against clients that attack the kit', () => {
  for (const h of HOSTILE) {
    it.skipIf(h.detaches && !PROCFS)(
      `${h.name}: ends within its cap, exit 1, ${h.fails} failed, under 250 MB, nothing left running`,
      async () => {
        const before = contention();
        const run = await uaiTestClient(h.name.replace(/\W+/g, '-'), h.command, 'json', h.all, capMsOf(h));
        const load = (before + contention()) / 2;
        if (process.env.UAI_KIT_RSS)
          console.log(
            `${h.name}: peak RSS ${Math.round(run.maxRssKb / 1024)} MB, ${run.ms} ms (contention ${load.toFixed(2)}), exit ${run.code}`,
          );
        expect(run.stderr).not.toMatch(/\n\s+at /);
        expect(run.code).toBe(1);
        const report = JSON.parse(run.stdout) as ClientReport;
        const check = report.checks.find((c) => c.id === h.fails)!;
        expect(check).toMatchObject({ status: 'fail', severity: 'must' });
        expect(check.evidence.join('\n')).toMatch(h.evidence);
        // Whatever it printed or sent reaches the terminal escaped (as JSON escapes, here).
        expect(run.stdout).not.toMatch(CONTROLS);
        expect(run.maxRssKb).toBeGreaterThan(0);
        expect(run.maxRssKb).toBeLessThan(MAX_RSS_KB);
        // Ended by the client's exit, not by the cap: the kit waited for nothing the client left behind.
        if (h.early)
          expect([run.ms < CLIENT_ENDS_MS, report.scenarios.map((s) => s.timed_out)]).toEqual([true, [false]]);
        else expect(run.ms).toBeLessThan(capOf(h.all) + marginOf(h.all) * load);
        expect(run.survivors).toEqual([]);
      },
      capOf(h.all, capMsOf(h)) + 60_000,
    );
  }

  it('a client that crashes amid control characters: every control character of its output escaped once', async () => {
    const run = await uaiTestClient('crash-json', fixture('crash'));
    expect(run.code).toBe(1);
    // No C0 (but newline), DEL, C1 or bidi control: nothing the client printed reaches a terminal raw.
    expect(run.stdout).not.toMatch(CONTROLS);
    // The JSON reads back to what the client printed, as it printed it.
    const report = JSON.parse(run.stdout) as ClientReport;
    const printed = 'starting \x1b[31mred\x1b[0m\r\x07 \u009b2J \u202eevil\u202c';
    expect(report.scenarios[0]!.output).toContain(printed);
    const quoting = report.checks.find((c) => c.id === 'client.completes')!.evidence.filter((l) => l.includes(printed));
    expect(quoting).not.toEqual([]);
    // Each format escapes it once (the text report shows the first lines of evidence: those, here).
    const shownReport = {
      ...report,
      checks: report.checks.map((c) => (c.id === 'client.completes' ? { ...c, evidence: quoting } : c)),
    };
    for (const format of ['text', 'junit', 'html'] as const) {
      const shown = formatKitReport(shownReport, format);
      expect(shown).not.toMatch(CONTROLS);
      expect(shown).toContain('\\x1b[31mred\\x1b[0m');
      expect(shown).not.toContain('\\\\x1b');
    }
  }, 60_000);

  it('a client that crashes with a deep stack: the text report shows the cause line, not stack frames', async () => {
    const run = await uaiTestClient('crash-text', fixture('crash'), 'text');
    expect(run.code).toBe(1);
    expect(run.stdout).not.toMatch(CONTROLS);
    // The first lines under client.completes: the problem, then the line with the cause.
    const lines = run.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('FAIL  client.completes'));
    expect(lines[at + 2]).toMatch(/SyntaxError: /);
  }, 60_000);

  it('a client that posts control sequences: the evidence quoting its body is escaped in the text report', async () => {
    const run = await uaiTestClient('posts-controls', fixture('posts-controls'), 'text');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/FAIL {2}client\.message_valid .*\n.*\\x1b\]0;owned\\a\\x1b\[2J\\u202e/);
    expect(run.stdout).not.toMatch(CONTROLS);
  }, 60_000);
});
