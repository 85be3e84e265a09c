/**
 * `uai example [profile]`: what a newcomer starts from, with no network and no clone. The
 * published example message of each profile (the records of GET /v1/examples/{profile}, built by
 * the same engine function), and a capability statement filled in for the caller's own endpoint.
 */
import { commandArgs } from '../kit/usage.ts';
import { escapeLine } from '../kit/terminal.ts';
import { publishedExamples, seal, validateMessage } from '../engine/index.ts';
import type { Site } from '../standard/urls.ts';

export const EXAMPLE_HELP = `Usage: uai example [<profile>] [--endpoint <url>] [--name <text>]

Prints the published example message of a profile (what GET /v1/examples/<profile>
holds in its "message" member), sealed, as JSON. Without a profile, lists the profiles.

  uai example uai.intent.request.v1 > request.json
  uai example uai.capability.statement.v1 --endpoint https://agent.example.com/uai --name "My agent"

For uai.capability.statement.v1, --endpoint and --name fill the statement in for your
server: its endpoints point at <url> (tasks under <url>/tasks/), its source and name are
yours, it claims no conformance level, and it is sealed again, so it validates as printed.
Serve it at GET <url>, where uai test reads it.

<url> is http or https, without a query or fragment; a name or URL the statement's
schema refuses is refused, with the issues it would raise.

Exit status: 0, or 2 on usage (an unknown profile, such a name or URL).
`;

export interface ExampleIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly site: Site;
}

/** The members of a capability statement the fill-in rewrites. */
type Statement = Record<string, unknown> & {
  message_id: string;
  source: Record<string, string>;
  provenance: Record<string, unknown>;
  body: { name: string; endpoints: { binding: string; url: string }[]; conformance_level?: string };
};

/** The reference server's published statement, re-addressed to the caller's endpoint and name. */
export function capabilityFor(statement: object, endpoint: string, name: string): object {
  const filled = structuredClone(statement) as Statement;
  const id =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'my-agent';
  filled.message_id = `msg-cap-${id}`;
  filled.source = { type: 'service', id, label: name, uri: endpoint };
  filled.provenance = { ...filled.provenance, agent_id: id, log_ref: `urn:uai:log:cap-${id}` };
  filled.body.name = name;
  filled.body.endpoints = filled.body.endpoints.map((e) => ({
    ...e,
    url: e.binding === 'https-async-callback' ? `${endpoint.replace(/\/+$/, '')}/tasks/` : endpoint,
  }));
  // A level is what the kit finds, not what a statement says before any run.
  delete filled.body.conformance_level;
  return seal(filled);
}

/** The issues of a filled-in statement, each as `code path`. */
function issuesOf(message: object, site: Site): string[] {
  const result = validateMessage(message, { mode: 'keyed-json', site, now: new Date() });
  return [...result.errors, ...result.warnings].map((i) => `${i.code} ${i.path || '(root)'}`);
}

export async function exampleCommand(argv: readonly string[], io: ExampleIo): Promise<number> {
  let parsed;
  try {
    parsed = commandArgs({
      args: [...argv],
      allowPositionals: true,
      options: { endpoint: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean' } },
    });
  } catch (error) {
    io.stderr(`uai example: ${escapeLine((error as Error).message)}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(EXAMPLE_HELP);
    return 0;
  }
  const examples = publishedExamples(io.site);
  const [profile, ...extra] = positionals;
  const fillIn = values.endpoint !== undefined || values.name !== undefined;
  // Checked before the list: a flag the command would not use is a mistake, not something to drop.
  if (fillIn && profile !== 'uai.capability.statement.v1') {
    io.stderr('uai example: --endpoint and --name fill in uai.capability.statement.v1 only\n');
    return 2;
  }
  if (values.name !== undefined && values.endpoint === undefined) {
    io.stderr('uai example: --name needs --endpoint, the URL of your endpoint the statement names\n');
    return 2;
  }
  if (profile === undefined) {
    io.stdout(`${examples.map((e) => `${e.profile.padEnd(30)} ${e.title}`).join('\n')}\n`);
    return 0;
  }
  const example = examples.find((e) => e.profile === profile);
  if (!example || extra.length) {
    io.stderr(
      `uai example: ${example ? 'one profile at a time' : `no published example of ${JSON.stringify(profile)}`}\n`,
    );
    return 2;
  }
  // An endpoint a client can reach and append tasks/ to: http or https, no query, no fragment.
  const url = fillIn && values.endpoint && URL.canParse(values.endpoint) ? new URL(values.endpoint) : undefined;
  if (fillIn && (!url || !/^https?:$/.test(url.protocol) || url.search !== '' || url.hash !== '')) {
    io.stderr('uai example: --endpoint needs the absolute http(s) URL of your endpoint, without a query or fragment\n');
    return 2;
  }
  const message = fillIn
    ? capabilityFor(example.message, values.endpoint!, values.name ?? 'My UAI-1 agent')
    : example.message;
  // What is printed validates as printed (the help says so): a name or URL the schema refuses is the command's mistake.
  if (fillIn) {
    const issues = issuesOf(message, io.site);
    if (issues.length) {
      io.stderr(
        `uai example: with that --endpoint and --name the statement would not validate: ${issues.join('; ')}\n`,
      );
      return 2;
    }
  }
  io.stdout(`${JSON.stringify(message, null, 2)}\n`);
  return 0;
}
