import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, REPO, run, type LocalServer, type Run } from './local-server.ts';
import { startLocalServer } from '../support/local-server.ts';

/**
 * "No untested instructions": every command of the walkthrough (docs/from-zero.md, "From zero to a
 * validated message") runs here, in order, as written but for the port (the README's 4321 becomes a port
 * found free, so the test never depends on 4321), and must exit 0 and do what the text says.
 * `npm ci` and `npm start` are the harness's: it has installed, and it starts the same
 * server (scripts/start.ts) itself. The commands run in a scratch folder that mirrors the
 * repository through symlinks, so the files they write do not land in the checkout.
 * A command whose runtime is missing (python3, go) fails under CI and is otherwise reported as
 * skipped, with the reason in its title: never silently.
 */
const HEADING = '## From zero to a validated message';
const README_ORIGIN = 'http://localhost:4321';

/** The walkthrough's page; the README's tour and two commands are read from README.md. */
const WALKTHROUGH = 'docs/from-zero.md';

function section(heading: string, file = WALKTHROUGH): string {
  const lines = readFileSync(join(REPO, file), 'utf8').split('\n');
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start < 0) throw new Error(`No "${heading}" section in ${file}`);
  const end = lines.findIndex((l, i) => i > start && /^##? /.test(l));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The commands of every ```sh block, in order; a trailing backslash continues a command. */
function shellCommands(markdown: string): string[] {
  const commands: string[] = [];
  for (const block of markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)) {
    let pending = '';
    for (const line of block[1]!.split('\n')) {
      if (pending === '' && (line.trim() === '' || line.trim().startsWith('#'))) continue;
      if (line.endsWith('\\')) {
        pending += `${line}\n`;
        continue;
      }
      commands.push(pending + line);
      pending = '';
    }
  }
  return commands;
}

const json = (text: string): any => JSON.parse(text);
const STARTER_OK = (r: Run) => {
  expect(r.stdout).toMatch(/^validate: valid, level L\d$/m);
  expect(r.stdout).toMatch(/^OK: /m);
};

/** What each command must do besides exiting 0 (what the README says it does). */
const EXPECTED: { readonly command: RegExp; readonly check: (r: Run, dir: string) => void }[] = [
  { command: /^curl -sf \S+\/v1\/catalog$/, check: (r) => expect(json(r.stdout).routes.length).toBeGreaterThan(0) },
  {
    command: /> first-request\.json$/,
    check: (_, dir) =>
      expect(json(readFileSync(join(dir, 'first-request.json'), 'utf8')).profile).toBe('uai.intent.request.v1'),
  },
  {
    command: /\/v1\/validate \\/,
    check: (r) => expect(r.stdout).toMatch(/^\{"valid":true,.*"errors":\[\],"warnings":\[\]/),
  },
  {
    command: /^npx uai validate first-request\.json$/,
    check: (r) => expect(r.stdout).toMatch(/first-request\.json: valid/),
  },
  {
    command: /> broken\.json$/,
    check: (_, dir) => expect(json(readFileSync(join(dir, 'broken.json'), 'utf8')).conversation.sequence).toBe('1'),
  },
  {
    command: /^npx uai validate broken\.json \|\|/,
    check: (r) => expect(r.stdout).toMatch(/\/conversation\/sequence[\s\S]*uai exited with status 1/),
  },
  { command: /^sh starters\/uai-starter\.sh /, check: STARTER_OK },
  { command: /^python3 starters\/uai_starter\.py /, check: STARTER_OK },
  { command: /^npx node starters\/uai-starter\.mts /, check: STARTER_OK },
  { command: /^go run starters\/uai_starter\.go /, check: STARTER_OK },
  {
    command: /> uai\.sarif$/,
    check: (_, dir) => expect(json(readFileSync(join(dir, 'uai.sarif'), 'utf8')).version).toBe('2.1.0'),
  },
  {
    command: /^npx uai test \S+\/v1\/reference-server$/,
    check: (r) =>
      expect(r.stdout).toMatch(/^uai test \S+: \d+ passed, 0 failed \(0 must\), 0 not exercised, 0 skipped/),
  },
  {
    command: /^npx uai test-client --list$/,
    check: (r) => expect(r.stdout.match(/^ {2}Expects: /gm)?.length).toBeGreaterThanOrEqual(6),
  },
  {
    command: /^npx uai test-client --command "node starters\/uai-starter\.mts client"$/,
    check: (r) =>
      expect(r.stdout).toMatch(/^uai test-client .+: \d+ passed, 0 failed \(0 must\), 0 not exercised, \d+ skipped/),
  },
];

/** A runtime the command needs that may be missing from the machine (the README names them). */
function missingRuntime(command: string): string | undefined {
  const tool = /^(python3|go) /.exec(command)?.[1];
  // `error` is set only when the program cannot be started at all.
  return tool && spawnSync(tool, ['version'], { stdio: 'ignore' }).error ? tool : undefined;
}

const HARNESS_STEPS = /^npm (ci|start)\b/;
const all = shellCommands(section(HEADING));
const commands = all.filter((c) => !HARNESS_STEPS.test(c.trim()));

let server: LocalServer | undefined;
let scratch: string;
let port: number;

beforeAll(async () => {
  port = await freePort();
  // As `npm start` does when UAI_ORIGIN is unset: the origin follows the port, so what the service
  // publishes (the reference server's endpoints among it) points back at it.
  server = await startLocalServer({ port, env: { UAI_ORIGIN: `http://localhost:${port}` } });
  scratch = mkdtempSync(join(tmpdir(), 'uai-from-zero-'));
  for (const entry of readdirSync(REPO)) {
    if (entry !== '.git') symlinkSync(join(REPO, entry), join(scratch, entry));
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe(`${WALKTHROUGH}: ${HEADING.slice(3)}`, () => {
  it('is a short walkthrough that starts the service with npm ci and npm start', () => {
    expect(all.filter((c) => HARNESS_STEPS.test(c.trim()))).toEqual(['npm ci', 'npm start']);
    expect(commands.length).toBeGreaterThanOrEqual(5);
  });

  it('checks what every command does, and every command talks to the README origin', () => {
    for (const command of commands) {
      expect(
        EXPECTED.filter((e) => e.command.test(command)),
        `expectations matching \`${command}\``,
      ).toHaveLength(1);
      if (/localhost:\d/.test(command)) expect(command).toContain(README_ORIGIN);
    }
  });

  for (const command of commands) {
    const missing = missingRuntime(command);
    const title = missing && !process.env.CI ? `${command} (skipped: ${missing} is not installed)` : command;
    it.skipIf(!!missing && !process.env.CI)(
      title,
      async () => {
        const actual = command.replaceAll(README_ORIGIN, `http://localhost:${port}`);
        const r = await run('sh', ['-c', actual], { cwd: scratch, timeoutMs: 150_000 });
        expect(r.code, `\`${actual}\` exited ${r.code}\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-2000)}`).toBe(0);
        EXPECTED.find((e) => e.command.test(command))!.check(r, scratch);
      },
      180_000,
    );
  }
});

describe('README.md: Two commands', () => {
  it('has exactly two', () => {
    expect(shellCommands(section('## Two commands', 'README.md')).map((c) => c.replace(/\s+#.*$/, ''))).toEqual([
      'npm start',
      'npm test',
    ]);
  });
});

describe('README.md: A one-minute tour', () => {
  it('shows only commands the walkthrough runs (and checks) above, as written there', () => {
    const tour = shellCommands(section('## A one-minute tour', 'README.md'));
    expect(tour.length).toBeGreaterThanOrEqual(3);
    for (const command of tour) expect(commands, command).toContain(command);
  });
});
