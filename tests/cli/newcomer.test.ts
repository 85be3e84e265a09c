import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, processIo, type Io } from '../../src/cli/main.ts';
import { publishedExamples } from '../../src/engine/index.ts';
import { badgeSvg } from '../../src/records/badges.ts';
import { verifyEntry } from '../../src/records/implementations.ts';
import { readEntryFolder } from '../../src/build/entry-folders.ts';
import { siteFor } from '../../src/standard/urls.ts';
import { FIXTURE_CHECKED_AT, FIXTURES_DIR } from '../implementations/fixtures.ts';
import { REPO } from '../support/local-server.ts';

/**
 * What `uai` gives a newcomer with no clone: `uai example` (the published examples, a capability
 * statement for their endpoint) and `uai check-entry` (the build's verification and badge of an
 * entry). In process, through the CLI's main.
 */
const ORIGIN = 'https://uai.example.org';
const site = siteFor(ORIGIN);
const now = new Date(FIXTURE_CHECKED_AT.getTime() + 86_400_000);
let scratch: string;

async function uai(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    ...processIo,
    env: { UAI_ORIGIN: ORIGIN },
    now: () => now,
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'uai-newcomer-'));
  cpSync(resolve(REPO, FIXTURES_DIR), join(scratch, 'entries'), { recursive: true });
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('uai example', () => {
  it('lists the profiles, and prints each published example exactly', async () => {
    const list = await uai('example');
    expect(list.code).toBe(0);
    for (const example of publishedExamples(site)) {
      expect(list.stdout).toContain(example.profile);
      const one = await uai('example', example.profile);
      expect([one.code, JSON.parse(one.stdout)]).toEqual([0, example.message]);
    }
  });

  it('fills in a capability statement for your endpoint that validates as printed', async () => {
    const r = await uai(
      'example',
      'uai.capability.statement.v1',
      '--endpoint',
      'https://agent.example.com/uai',
      '--name',
      'Acme bot',
    );
    expect(r.code).toBe(0);
    const statement = JSON.parse(r.stdout);
    expect(statement.body.name).toBe('Acme bot');
    expect(statement.source).toEqual({
      type: 'service',
      id: 'acme-bot',
      label: 'Acme bot',
      uri: 'https://agent.example.com/uai',
    });
    expect(statement.body.endpoints.map((e: { url: string }) => e.url)).toEqual([
      'https://agent.example.com/uai',
      'https://agent.example.com/uai',
      'https://agent.example.com/uai/tasks/',
    ]);
    expect(statement.body).not.toHaveProperty('conformance_level');
    writeFileSync(join(scratch, 'capability.json'), r.stdout);
    const check = await uai('validate', join(scratch, 'capability.json'));
    expect([check.code, check.stdout]).toEqual([0, expect.stringMatching(/valid, level L4 .*0 errors, 0 warnings/)]);
  });

  it('refuses an unknown profile and a fill-in of another profile (exit 2)', async () => {
    expect((await uai('example', 'uai.nope.v1')).code).toBe(2);
    expect((await uai('example', 'uai.error.v1', '--endpoint', 'https://a.example.com/')).code).toBe(2);
  });

  it('refuses a fill-in it would not use, and says which flag is missing (exit 2, nothing printed)', async () => {
    for (const [args, why] of [
      [['--endpoint', 'https://a.example.com/uai'], /fill in uai\.capability\.statement\.v1 only/],
      [['--name', 'X'], /fill in uai\.capability\.statement\.v1 only/],
      [['uai.capability.statement.v1', '--name', 'X'], /--name needs --endpoint/],
    ] as const) {
      const r = await uai('example', ...args);
      expect([r.code, r.stdout], args.join(' ')).toEqual([2, '']);
      expect(r.stderr).toMatch(why);
    }
  });

  it('a mistake quoting the command line reaches the terminal escaped (a file named like an option)', async () => {
    for (const args of [
      ['validate', '--x\u001b[31mred'],
      ['example', '\u001b[31mred'],
      ['example', '--endpoint=x', '--\u001b[31mred'],
    ]) {
      const r = await uai(...args);
      expect(r.code).toBe(2);
      expect(r.stderr).not.toContain('\u001b');
    }
  });

  // It would print a statement that does not validate, or one no client can reach: the help says it validates as printed.
  it.each([
    [['--endpoint', 'https://a.example/uai', '--name', ''], /would not validate: schema\.length \/body\/name/],
    [['--endpoint', 'https://a.example/ u a i'], /would not validate: schema\.format \/body\/endpoints\/0\/url/],
    [['--endpoint', 'javascript:alert(1)'], /absolute http\(s\) URL/],
    [['--endpoint', 'mailto:a@b.example'], /absolute http\(s\) URL/],
    [['--endpoint', 'https://a.example/uai?x=1#f'], /without a query or fragment/],
  ])('refuses a fill-in %j that would not serve: exit 2, nothing printed', async (args, why) => {
    const r = await uai('example', 'uai.capability.statement.v1', ...args);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toMatch(why);
  });
});

describe('a mistyped option', () => {
  // parseArgs's own text tells the user to pass the option as a positional after `--`.
  it.each(['validate', 'example', 'check-exchange', 'check-entry', 'reference-server', 'test', 'test-client', 'proxy'])(
    'uai %s names it as an unknown option (exit 2, one line)',
    async (command) => {
      const r = await uai(command, '--reslt', 'x.json');
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n')[0]).toMatch(/^uai( [a-z-]+)?: unknown option --reslt$/);
      expect(r.stderr).not.toMatch(/positional/);
    },
  );
});

describe('uai check-entry', () => {
  it('verifies an entry as the build does and writes the badge the build draws', async () => {
    const folder = join(scratch, 'entries/acme-agent');
    const badge = join(scratch, 'badge.svg');
    const r = await uai('check-entry', folder, '--badge', badge);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Acme Agent (server), pass, level L3');
    expect(r.stdout).toContain('badge: UAI-1 | L3 | pass (green)');
    expect(r.stdout).toContain('would be listed as acme-agent');
    const built = verifyEntry(readEntryFolder(folder), { site, now });
    expect(readFileSync(badge, 'utf8')).toBe(badgeSvg(built));
  });

  it('refuses what the build refuses, naming the file and the reason (exit 1)', async () => {
    const folder = join(scratch, 'entries/broken-agent');
    const result = readFileSync(join(folder, 'result.json'), 'utf8');
    writeFileSync(join(folder, 'result.json'), result.replace('"status": "fail"', '"status": "pail"'));
    const r = await uai('check-entry', folder);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/broken-agent\/result\.json: does not validate: /);
    writeFileSync(join(folder, 'result.json'), result);
  });

  it('refuses a server entry whose target is local (the --local preview is run by tests/package/packed.test.ts)', async () => {
    const folder = join(scratch, 'entries/acme-agent');
    const metaFile = join(folder, 'meta.json');
    const meta = JSON.parse(readFileSync(metaFile, 'utf8'));
    writeFileSync(metaFile, JSON.stringify({ ...meta, target: 'http://127.0.0.1:4610/uai' }));
    const refused = await uai('check-entry', folder);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('"target" http://127.0.0.1:4610/uai uses http, not https');
    writeFileSync(metaFile, JSON.stringify(meta));
  });

  it("writes an entry's name and target as one escaped line each, whatever they hold", async () => {
    const folder = join(scratch, 'entries/acme-agent');
    const metaFile = join(folder, 'meta.json');
    const meta = JSON.parse(readFileSync(metaFile, 'utf8'));
    const hostile = 'Acme\n::error file=x::forged\r\u001b]0;title\u0007 ##[error]forged';
    for (const changed of [
      { ...meta, name: hostile },
      { ...meta, target: `https://a.example/${hostile}` },
    ]) {
      writeFileSync(metaFile, JSON.stringify(changed));
      const r = await uai('check-entry', folder);
      for (const line of `${r.stdout}${r.stderr}`.split('\n')) {
        expect(line).not.toMatch(/^\s*::|##\[|[\u0000-\u001f\u007f]/);
      }
      // Visible, on the line it came in: a newline as \n, ESC as \x1b, `##[` broken.
      expect(`${r.stdout}${r.stderr}`).toContain('Acme\\n::error file=x::forged\\r\\x1b]0;title\\a #\\x23[error]');
    }
    writeFileSync(metaFile, JSON.stringify(meta));
  });

  it('is a usage error without exactly one folder, or with one that is not there (exit 2)', async () => {
    expect((await uai('check-entry')).code).toBe(2);
    expect((await uai('check-entry', join(scratch, 'nowhere'))).code).toBe(2);
  });
});
