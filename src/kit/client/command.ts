/**
 * `uai test-client --command "<cmd>"`: the client test kit on the command line. Exit status as for
 * `uai test`: 0 no regression, 1 a failed check the baseline does not list (or a stale entry), 2 usage.
 */
import { randomBytes } from 'node:crypto';
import { parseJson } from '../../engine/index.ts';
import { isUsageError, milliseconds, readBaselineFile, UsageError, type KitIo } from '../command.ts';
import { commandSyntaxProblem } from './command-syntax.ts';
import { formatKitReport, KIT_FORMATS, type KitFormat } from '../judge/formats.ts';
import { escapeLine } from '../terminal.ts';
import { commandArgs, readSettingsFile, requireWritable, writeOutput } from '../usage.ts';
import {
  CLIENT_SCENARIO_IDS,
  DEFAULT_CLIENT_CAP_MS,
  listScenarios,
  readManifest,
  testClient,
  type ClientManifest,
  type ClientScenarioId,
} from './index.ts';

export const TEST_CLIENT_HELP = `Usage: uai test-client --command "<cmd>" [options]
       uai test-client --list

Runs a UAI-1 client once per scenario against scripted servers on 127.0.0.1 (the reference
server's own answers, scripted: completed, accepted then polled, a typed error, a 429 with
Retry-After, a slow answer, the keyless binding, a follow-up). The command runs through /bin/sh
with the scenario's endpoint as its last argument and in UAI_ENDPOINT, the scenario id in
UAI_SCENARIO; HTTP(S)_PROXY point at the kit, which refuses requests to any other host. Every
request is recorded and judged; a scenario the client does not complete fails. A command whose
end would swallow the endpoint (a comment, an open quote, a trailing operator) is refused.

Options:
  --command <cmd>        the client to run (required unless --list)
  --scenario <id>        run only this scenario (repeatable; default: all; not with --result)
  --list                 list the scenarios and what each expects of the client
  --format <f>           text (default), json, junit, html
  --baseline <file>      JSON {"expected_failures": [ids]}, as for uai test
  --result <file>        write the sealed uai.conformance.result.v1 message to a file
  --timeout <ms>         time cap per scenario (default ${DEFAULT_CLIENT_CAP_MS}); every process the
                         client started is ended at the cap, and when the client exits

What the client declares (a JSON manifest, and/or flags, which win):
  --manifest <file>      {"name", "purl", "async", "keyless", "follow_ups"}
  --name <name>          the client's display name
  --purl <purl>          its package URL, with a version (pkg:npm/%40acme/agent@1.2.0,
                         pkg:github/acme/agent@v1.2.0): the target of the sealed result
  --async                it asks for async delivery and polls accepted tasks
  --keyless              it speaks the keyless binding
  --follow-ups           it sends follow-up turns in a conversation
A declared behaviour is expected where its scenario shows it; the checks of an undeclared one
are skipped, naming the declaration, unless the client does it anyway; a client that does not
declare keyless declines the keyless scenario by sending nothing. --result needs --name and
--purl (or a manifest with both): a sealed result names the client.

Exit status: 0 no regression, 1 a check failed that the baseline does not list (or a stale
baseline entry), 2 usage error.
`;

/** The client's declarations from --manifest and the flags (a UsageError when they do not read). */
async function readManifestOptions(values: {
  manifest?: string;
  name?: string;
  purl?: string;
  async?: boolean;
  keyless?: boolean;
  'follow-ups'?: boolean;
}): Promise<ClientManifest> {
  let value: unknown;
  if (values.manifest !== undefined) {
    const text = readSettingsFile('the manifest', values.manifest);
    try {
      value = parseJson(text);
    } catch {
      throw new UsageError(`${values.manifest} is not JSON`);
    }
  }
  const declares = {
    ...(values.async ? { async: true } : {}),
    ...(values.keyless ? { keyless: true } : {}),
    ...(values['follow-ups'] ? { follow_ups: true } : {}),
  };
  const read = readManifest(value, {
    ...(values.name !== undefined ? { name: values.name } : {}),
    ...(values.purl !== undefined ? { purl: values.purl } : {}),
    declares,
  });
  if (!read.ok) throw new UsageError(`${values.manifest ?? 'the client declarations'}: ${read.error}`);
  return read.manifest;
}

export async function testClientCommand(argv: readonly string[], io: KitIo): Promise<number> {
  try {
    const { values, positionals } = commandArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        command: { type: 'string' },
        scenario: { type: 'string', multiple: true },
        list: { type: 'boolean' },
        format: { type: 'string' },
        baseline: { type: 'string' },
        result: { type: 'string' },
        timeout: { type: 'string' },
        manifest: { type: 'string' },
        name: { type: 'string' },
        purl: { type: 'string' },
        async: { type: 'boolean' },
        keyless: { type: 'boolean' },
        'follow-ups': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    });
    if (values.help) {
      io.stdout(TEST_CLIENT_HELP);
      return 0;
    }
    if (values.list) {
      io.stdout(listScenarios());
      return 0;
    }
    if (positionals.length) throw new UsageError(`unexpected argument ${positionals[0]}; give the client as --command`);
    const command = values.command?.trim();
    if (!command) throw new UsageError('give the client to run with --command "<cmd>"');
    const syntax = commandSyntaxProblem(command);
    if (syntax) throw new UsageError(`--command refused: ${syntax}`);
    const scenarios = (values.scenario ?? [...CLIENT_SCENARIO_IDS]) as ClientScenarioId[];
    const unknown = scenarios.filter((s) => !(CLIENT_SCENARIO_IDS as readonly string[]).includes(s));
    if (unknown.length) throw new UsageError(`unknown scenario(s): ${unknown.join(', ')} (see --list)`);
    // A sealed result lists failures only: sealed from some scenarios, the checks of the others read as passed.
    if (values.result !== undefined && CLIENT_SCENARIO_IDS.some((id) => !scenarios.includes(id)))
      throw new UsageError(
        '--result seals the verdict of every scenario, and --scenario runs some of them: use one or the other',
      );
    const format = (values.format ?? 'text') as KitFormat;
    if (!KIT_FORMATS.includes(format)) throw new UsageError(`--format takes ${KIT_FORMATS.join(', ')}`);
    const capMs = milliseconds(values.timeout, DEFAULT_CLIENT_CAP_MS, '--timeout');
    const baseline = values.baseline === undefined ? undefined : await readBaselineFile(values.baseline);
    const manifest = await readManifestOptions(values);
    if (values.result !== undefined && !manifest.identity)
      throw new UsageError('--result names the client: give --name and --purl, or a --manifest with both');
    if (values.result !== undefined) requireWritable('--result', values.result);
    const report = await testClient({
      command,
      scenarios: [...new Set(scenarios)],
      capMs,
      site: io.site,
      now: io.now(),
      runId: randomBytes(16).toString('hex'),
      ...(baseline ? { baseline } : {}),
      manifest,
    });
    io.stdout(formatKitReport(report, format, values.result));
    if (values.result !== undefined)
      writeOutput('--result', values.result, `${JSON.stringify(report.result_message, null, 2)}\n`);
    return report.exit_code;
  } catch (error) {
    if (isUsageError(error)) {
      // A manifest's member names and values are quoted in its errors: one escaped line.
      io.stderr(`${escapeLine(`uai test-client: ${error.message}`)}\nRun "uai test-client --help" for usage.\n`);
      return 2;
    }
    throw error;
  }
}
