import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portInUse, REPO, run, startServer, type LocalServer } from './local-server.ts';

/**
 * "No untested instructions": every command of the README section "From zero to a validated
 * message" runs here, in order,
 * exactly as written, and must exit 0. Only `npm install` and `npm start` are left out: the
 * harness has installed and starts the server itself, on the port the text names (4321).
 * The commands run in a scratch folder that mirrors the repository through symlinks, so the
 * files they write (first-request.json, ...) do not land in the checkout.
 */
const HEADING = '## From zero to a validated message';
const PORT = 4321;

function sectionText(): { source: string; text: string } {
  const source = 'README.md';
  const lines = readFileSync(join(REPO, source), 'utf8').split('\n');
  const start = lines.findIndex((l) => l.trim() === HEADING);
  if (start < 0) throw new Error(`No "${HEADING}" section in README.md`);
  const end = lines.findIndex((l, i) => i > start && /^##? /.test(l));
  return { source, text: lines.slice(start + 1, end < 0 ? undefined : end).join('\n') };
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

const HARNESS_STEPS = /^npm (install|start)\b/;
const { source, text } = sectionText();
const all = shellCommands(text);
const commands = all.filter((c) => !HARNESS_STEPS.test(c.trim()));

let server: LocalServer | undefined;
let scratch: string;
let busy = false;

beforeAll(async () => {
  busy = await portInUse(PORT);
  if (busy) {
    const message = `port ${PORT} is in use, so the walkthrough cannot run its commands as written`;
    if (process.env.CI) throw new Error(message);
    console.warn(`skipping the from-zero walkthrough: ${message}`);
    return;
  }
  server = await startServer(PORT);
  scratch = mkdtempSync(join(tmpdir(), 'uai-from-zero-'));
  for (const entry of readdirSync(REPO)) {
    if (entry !== '.git') symlinkSync(join(REPO, entry), join(scratch, entry));
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe(`${source}: ${HEADING.slice(3)}`, () => {
  it('is a short walkthrough that starts the service with npm install and npm start', () => {
    expect(all.filter((c) => HARNESS_STEPS.test(c.trim()))).toEqual(['npm install', 'npm start']);
    expect(commands.length).toBeGreaterThanOrEqual(5);
  });

  it('runs every command in order, each exiting 0', async (context) => {
    if (busy) context.skip();
    for (const command of commands) {
      const r = await run('sh', ['-c', command], { cwd: scratch, timeoutMs: 60_000 });
      expect(r.code, `\`${command}\` exited ${r.code}\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-2000)}`).toBe(0);
    }
    // The walkthrough's own files land in the scratch folder, not in the checkout.
    expect(existsSync(join(scratch, 'first-request.json'))).toBe(true);
  }, 180_000);
});
