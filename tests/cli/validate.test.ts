import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { messageToKeyless, publishedExamples, validateAction } from '../../src/engine/index.ts';
import { DEFAULT_ORIGIN, siteFor } from '../../src/standard/urls.ts';
import { ORIGIN, uai } from './local-server.ts';

/** `uai validate` as a process: exit codes, messages and the three formats (CONTRACT section 11). */
const site = siteFor(ORIGIN);
const request = publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message;
let dir: string;
const file = (name: string) => join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'uai-cli-'));
  const write = (name: string, value: unknown) =>
    writeFileSync(file(name), typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n`);
  write('valid.json', request);
  // message_id of the wrong type (and thus a checksum that no longer matches).
  write('invalid.json', { ...request, message_id: 42 });
  write('keyless.json', messageToKeyless(request));
  write('wrapped.json', { message: request, format: 'record' });
  write('wrapped-keyless.json', { message: messageToKeyless(request), normalization_mode: 'keyless-json' });
  write('wrapped-bad-mode.json', { message: request, normalization_mode: 'yaml' });
  write('not-json.json', '{"uai_version": "1.0",');
  // 150 unknown body members (warnings) sort before the checksum that no longer matches (an error).
  write('cut.json', {
    ...request,
    body: {
      ...(request as { body: object }).body,
      ...Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`x${i}`, 0])),
    },
  });
  // 150 constraints of the wrong type (errors) and the checksum that no longer matches.
  write('many-errors.json', {
    ...request,
    body: { ...(request as { body: object }).body, constraints: Array.from({ length: 150 }, (_, i) => i) },
  });
  // A sequence written with more digits than a double holds: valid, one warning.
  write(
    'imprecise.json',
    `${JSON.stringify(request, null, 2)}\n`.replace('"sequence": 1', '"sequence": 1.0000000000000000001'),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('uai validate: exit codes and text output', () => {
  it('exits 0 for a valid file and says so', async () => {
    const r = await uai(['validate', file('valid.json')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${file('valid.json')}: valid, level L`);
    expect(r.stdout).toMatch(/^1 file: 1 valid, 0 invalid \(0 errors, 0 warnings\)$/m);
    expect(r.stderr).toBe('');
  });

  it('exits 1 for an invalid file, one line per issue: file, path, code, severity, message', async () => {
    const r = await uai(['validate', file('invalid.json')]);
    expect(r.code).toBe(1);
    // file:line:column of the member (key included), counted in the file as written.
    const lines = readFileSync(file('invalid.json'), 'utf8').split('\n');
    const at = (member: string) =>
      `${lines.findIndex((l) => l.includes(member)) + 1}:${lines.find((l) => l.includes(member))!.indexOf(member) + 1}`;
    expect(r.stdout).toContain(`${file('invalid.json')}:${at('"message_id": 42')}: error schema.type /message_id: `);
    expect(r.stdout).toContain(
      `${file('invalid.json')}:${at('"checksum": ')}: error integrity.checksum_mismatch /integrity/checksum: `,
    );
    expect(r.stdout).toMatch(/: invalid \(uai\.intent\.request\.v1; 2 errors, 0 warnings\)$/m);
  });

  it('lists the error of an invalid file whose hundred-odd warnings sort before it, and exits 1', async () => {
    const r = await uai(['validate', file('cut.json')]);
    expect(r.stdout).toMatch(/: invalid \(uai\.intent\.request\.v1; 1 error, 150 warnings\)$/m);
    expect(r.stdout).toContain(' error integrity.checksum_mismatch /integrity/checksum: ');
    expect(r.stdout).toContain(
      '51 more issues not listed: a result lists 100 of 151, errors before warnings, and counts them all.',
    );
    expect(r.code).toBe(1);
  });

  it('gives that error as an error result in sarif, so code scanning shows why the file fails', async () => {
    const r = await uai(['validate', '--format', 'sarif', file('cut.json')]);
    expect(r.code).toBe(1);
    const run = JSON.parse(r.stdout).runs[0];
    expect(run.results).toHaveLength(100);
    expect(
      run.results.filter((x: { level: string }) => x.level === 'error').map((x: { ruleId: string }) => x.ruleId),
    ).toEqual(['integrity.checksum_mismatch']);
    expect(run.invocations[0].toolExecutionNotifications.map((n: { level: string }) => n.level)).toEqual(['note']);
  });

  it('fails that file in junit and github output too, by its listed error', async () => {
    const junit = await uai(['validate', '--format', 'junit', file('cut.json')]);
    expect(junit.code).toBe(1);
    expect(junit.stdout).toMatch(/<testsuite [^>]*failures="1"/);
    expect(junit.stdout).toContain('<failure type="integrity.checksum_mismatch" message="/integrity/checksum: ');
    expect(junit.stdout).not.toContain('uai.issues_not_listed');
    expect(junit.stdout).toContain('51 more issues not listed: a result lists 100 of 151, errors before warnings');
    const github = await uai(['validate', '--format', 'github', file('cut.json')]);
    expect(github.code).toBe(1);
    expect(github.stdout.split('\n').filter((l) => l.startsWith('::error '))).toEqual([
      expect.stringMatching(
        /^::error file=[^,]*cut\.json,.*title=integrity.checksum_mismatch at \/integrity\/checksum::/,
      ),
    ]);
    expect(github.stdout).toMatch(/^::notice file=[^,]*cut\.json,title=uai%3A issues not listed::51 more issues/m);
    // At --fail-on warning every listed issue fails already; what is not listed fails too.
    const strict = await uai(['validate', '--format', 'junit', '--fail-on', 'warning', file('cut.json')]);
    // One testcase that failed, whatever the number of its <failure> elements.
    expect(strict.stdout).toMatch(/<testsuite [^>]*tests="1" failures="1"/);
    expect(strict.stdout.match(/<failure /g)).toHaveLength(101);
    expect(strict.stdout).toContain('message="51 errors and warnings not listed; 51 more issues not listed');
  });

  it('fails a file with more errors than a result lists by the errors it leaves out, in junit and github', async () => {
    const junit = await uai(['validate', '--format', 'junit', file('many-errors.json')]);
    expect(junit.code).toBe(1);
    expect(junit.stdout).toMatch(/<testsuite [^>]*tests="1" failures="1"/);
    expect(junit.stdout.match(/<failure /g)).toHaveLength(101);
    expect(junit.stdout).toContain(
      '<failure type="uai.issues_not_listed" message="51 errors not listed; 51 more issues not listed: a result lists 100 of 151, errors before warnings, and counts them all.">',
    );
    const github = await uai(['validate', '--format', 'github', file('many-errors.json')]);
    expect(github.stdout).toMatch(
      /^::error file=[^,]*many-errors\.json,title=uai%3A issues not listed::51 errors not listed; /m,
    );
  });

  it('warns of a number a double does not hold at its line and column, and fails on it only with --fail-on warning', async () => {
    const r = await uai(['validate', file('imprecise.json')]);
    expect(r.code).toBe(0);
    const lines = readFileSync(file('imprecise.json'), 'utf8').split('\n');
    const line = lines.findIndex((l) => l.includes('"sequence"'));
    expect(r.stdout).toContain(
      `${file('imprecise.json')}:${line + 1}:${lines[line]!.indexOf('"sequence"') + 1}: warning message.number_imprecise /conversation/sequence: The number 1.0000000000000000001 is read as 1 `,
    );
    expect((await uai(['validate', '--fail-on', 'warning', file('imprecise.json')])).code).toBe(1);
  });

  it('exits 1 when several files mix valid and invalid, with a summary per file and overall', async () => {
    const r = await uai(['validate', file('valid.json'), file('invalid.json')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${file('valid.json')}: valid`);
    expect(r.stdout).toContain(`${file('invalid.json')}: invalid`);
    expect(r.stdout).toMatch(/^2 files: 1 valid, 1 invalid \(2 errors, 0 warnings\)$/m);
  });

  it('exits 2 for a missing file among readable ones (CONTRACT section 11), naming it on stderr, and still checks the others', async () => {
    const r = await uai(['validate', file('missing.json'), file('valid.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`uai: ${file('missing.json')}: cannot read: no such file\n`);
    expect(r.stdout).toContain(`${file('valid.json')}: valid`);
    expect(r.stdout).toMatch(/^2 files: 1 valid, 0 invalid, 1 unreadable/m);
  });

  it('exits 2 for a file that is not JSON, naming it, where it goes wrong and the parser error', async () => {
    const r = await uai(['validate', file('not-json.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      // Where, as POST /v1/validate says it: V8's own message names no place for this error.
      new RegExp(
        `^uai: ${file('not-json.json').replace(/[.\\/]/g, '\\$&')}: not valid JSON at position 22 \\(line 1, column 23\\): .+`,
      ),
    );
  });

  it('reads keyless messages with --mode keyless-json, and rejects them in the default keyed mode', async () => {
    const keyless = await uai(['validate', '--mode', 'keyless-json', file('keyless.json')]);
    expect(keyless.code).toBe(0);
    expect(keyless.stdout).toContain('valid, level');
    const keyed = await uai(['validate', file('keyless.json')]);
    expect(keyed.code).toBe(1);
    expect(keyed.stdout).toContain(`${file('keyless.json')}:1:1: error message.not_object (root): `);
  });

  it('reads a validate request wrapper, honouring its normalization_mode unless --mode is given', async () => {
    expect((await uai(['validate', file('wrapped.json')])).code).toBe(0);
    expect((await uai(['validate', file('wrapped-keyless.json')])).code).toBe(0);
    expect((await uai(['validate', '--mode=keyed-json', file('wrapped-keyless.json')])).code).toBe(1);
    const bad = await uai(['validate', file('wrapped-bad-mode.json')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('not a usable validate request: Unknown normalization_mode "yaml"');
  });

  it('reads standard input for "-"', async () => {
    const r = await uai(['validate', '-'], { input: JSON.stringify(request) });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('-: valid');
  });
});

describe('uai: usage', () => {
  it("called again and again in one process (the library's runCli), adds its EPIPE listener to stdout once", async () => {
    const quiet = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      await main(['--no-such-option']);
      const after = process.stdout.listenerCount('error');
      for (let i = 0; i < 12; i++) expect(await main(['--no-such-option'])).toBe(2);
      expect(process.stdout.listenerCount('error')).toBe(after);
    } finally {
      quiet.mockRestore();
    }
  });

  it.each([
    [[]],
    [['validate']],
    [['lint', 'x.json']],
    [['validate', '--format', 'xml', 'x.json']],
    [['validate', '--mode', 'yaml', 'x.json']],
    [['validate', '--strict', 'x.json']],
  ])('exits 2 with a usage hint for %j', async (args) => {
    const r = await uai(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^uai: .+\nRun "uai --help" for usage\.\n$/);
  });

  it('prints help (exit 0) for --help and help', async () => {
    for (const args of [['--help'], ['help'], ['validate', '--help']]) {
      const r = await uai(args);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('uai validate <file|directory|glob|-> ... [--mode keyed-json|keyless-json]');
      expect(r.stdout).toContain('[--format text|json|sarif|junit|github] [--fail-on error|warning]');
      expect(r.stdout).toContain('Exit status:');
    }
  });

  it('prints its version', async () => {
    const r = await uai(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('uai 1.0.0 (UAI-1, format 1.0)\n');
  });
});

describe('uai validate: json and sarif formats', () => {
  const now = () => new Date();
  const api = (body: unknown) => {
    const outcome = validateAction(body, { site, now });
    if (!outcome.ok) throw new Error(outcome.detail);
    return outcome.body as any;
  };

  it('json gives the validator result for one file, and [{file, result}] for several', async () => {
    const one = await uai(['validate', '--format', 'json', file('invalid.json')]);
    expect(one.code).toBe(1);
    const result = JSON.parse(one.stdout);
    const expected = api({ message: { ...request, message_id: 42 } });
    // The CLI adds each issue's range in the file; the rest is the API's issue item.
    for (const issue of result.errors) {
      expect(issue.range).toMatchObject({
        startLine: expect.any(Number),
        startColumn: expect.any(Number),
        endLine: expect.any(Number),
        endColumn: expect.any(Number),
      });
      delete issue.range;
    }
    expect(result.errors).toEqual(expected.errors);
    expect(result.warnings).toEqual(expected.warnings);
    expect(Object.keys(result)).toEqual(Object.keys(expected));

    const two = JSON.parse((await uai(['validate', '--format=json', file('valid.json'), file('invalid.json')])).stdout);
    expect(two.map((x: any) => [x.file, x.result.valid])).toEqual([
      [file('valid.json'), true],
      [file('invalid.json'), false],
    ]);
  });

  it("links findings to --origin, else UAI_ORIGIN, else the package's origin; never to the environment's URL", async () => {
    const elsewhere = 'https://elsewhere.example';
    const helpOrigins = async (env: NodeJS.ProcessEnv, args: string[] = []) => {
      const r = await uai(['validate', '--format', 'json', ...args, file('invalid.json')], { env });
      expect(r.code).toBe(1);
      return [...new Set(JSON.parse(r.stdout).errors.map((e: { help_url: string }) => new URL(e.help_url).origin))];
    };
    const { UAI_ORIGIN: _, ...bare } = process.env;
    expect(await helpOrigins({ ...bare, URL: elsewhere })).toEqual([DEFAULT_ORIGIN]);
    expect(await helpOrigins({ ...bare, URL: elsewhere, UAI_ORIGIN: ORIGIN })).toEqual([ORIGIN]);
    expect(await helpOrigins({ ...bare, URL: elsewhere }, ['--origin', 'https://uai.example.org'])).toEqual([
      'https://uai.example.org',
    ]);
    // Written as URL writes an origin, whatever the spelling.
    expect(await helpOrigins(bare, ['--origin', 'HTTPS://UAI.Example.ORG:443/'])).toEqual(['https://uai.example.org']);
  });

  it('reads UAI_ORIGIN only where it is used: --origin wins, and help names no link', async () => {
    const env = { ...process.env, UAI_ORIGIN: 'https://x.org/v1' };
    const given = await uai(
      ['validate', '--format', 'json', '--origin', 'https://good.example', file('invalid.json')],
      {
        env,
      },
    );
    expect([given.code, given.stderr]).toEqual([1, '']);
    expect(JSON.parse(given.stdout).errors[0].help_url).toMatch(/^https:\/\/good\.example\/error-registry\/#/);
    for (const args of [['validate', '--help'], ['test', '--help'], ['check-exchange', '--help'], ['--help']])
      expect((await uai(args, { env })).code, args.join(' ')).toBe(0);
  });

  it('refuses an origin that is more than an origin, from --origin or UAI_ORIGIN, before any work (exit 2)', async () => {
    for (const origin of ['https://x.org?', 'https://x.org#', 'https://user:pw@x.org', 'https://x.org/v1', 'foo']) {
      const flag = await uai(['validate', '--origin', origin, file('invalid.json')]);
      expect([flag.code, flag.stdout, flag.stderr], origin).toEqual([
        2,
        '',
        expect.stringContaining('--origin needs an origin such as https://uai.example.org'),
      ]);
      const env = { ...process.env, UAI_ORIGIN: origin };
      for (const args of [
        ['validate', file('invalid.json')],
        ['example', 'uai.intent.request.v1'],
        ['test', 'http://127.0.0.1:1/v1/reference-server'],
      ]) {
        const r = await uai(args, { env });
        expect([r.code, r.stdout, r.stderr], `${args[0]} ${origin}`).toEqual([
          2,
          '',
          expect.stringContaining(`uai: UAI_ORIGIN needs an origin such as https://uai.example.org, not "${origin}"`),
        ]);
      }
    }
  });

  it('refuses a --sarif-base that names no folder, before any work (exit 2)', async () => {
    for (const [base, why] of [
      [join(dir, 'no-such-folder'), 'no such folder'],
      [file('invalid.json'), 'not a folder'],
    ]) {
      const r = await uai(['validate', '--format', 'sarif', '--sarif-base', base!, file('invalid.json')]);
      expect([r.code, r.stdout, r.stderr]).toEqual([
        2,
        '',
        expect.stringContaining(`uai: --sarif-base ${base}: ${why}`),
      ]);
    }
    const fine = await uai(['validate', '--format', 'sarif', '--sarif-base', dir, file('invalid.json')]);
    expect(fine.code).toBe(1);
  });

  it('sarif is the API log (format=sarif) with each result located in its file, relative to the working directory', async () => {
    const r = await uai(['validate', '--format', 'sarif', 'invalid.json'], { cwd: dir });
    expect(r.code).toBe(1);
    const log = JSON.parse(r.stdout);
    const text = readFileSync(file('invalid.json'), 'utf8');
    // Posted as a client embedding the file verbatim: {"message": <file text>, ...}.
    const body = `{"format": "sarif", "artifact_uri": "invalid.json", "message": ${text}}`;
    const outcome = validateAction(JSON.parse(body), { site, now }, { text: body });
    if (!outcome.ok) throw new Error(outcome.detail);
    const expected = outcome.body as any;
    expect(log.runs[0].results.length).toBe(2);
    for (const [i, result] of log.runs[0].results.entries()) {
      expect(result.locations[0].physicalLocation.artifactLocation).toEqual({
        uri: 'invalid.json',
        uriBaseId: '%SRCROOT%',
      });
      // The API measured the same text (the message is the whole file), so the regions agree.
      expect(result.locations[0].physicalLocation.region).toEqual(
        expected.runs[0].results[i].locations[0].physicalLocation.region,
      );
      delete result.locations[0].physicalLocation;
      delete expected.runs[0].results[i].locations[0].physicalLocation;
    }
    expect(log).toEqual(expected);
  });

  it('json: one file named twice is judged once, and the shape is still the array of several', async () => {
    const r = await uai(['validate', '--format', 'json', file('valid.json'), file('valid.json')], { cwd: dir });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Array.isArray(out) && out.map((x: { file: string }) => x.file)).toEqual([file('valid.json')]);
  });

  it('sarif merges several files into one log with one run', async () => {
    const r = await uai(
      [
        'validate',
        '--format',
        'sarif',
        file('invalid.json'),
        file('valid.json'),
        file('invalid.json'),
        file('wrapped.json'),
      ],
      { cwd: dir },
    );
    expect(r.code).toBe(1);
    const log = JSON.parse(r.stdout);
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    // A file named twice is checked once.
    expect(log.runs[0].results).toHaveLength(2);
    expect(new Set(log.runs[0].results.map((x: any) => x.locations[0].physicalLocation.artifactLocation.uri))).toEqual(
      new Set(['invalid.json']),
    );
  });
});
