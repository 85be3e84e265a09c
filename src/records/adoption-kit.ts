import { EXAMPLE_CHECKED_AT, validateMessage, type PublishedExample } from '../engine/index.ts';
import { EXAMPLE_IDS } from '../standard/examples.ts';
import { ADOPTION_KIT_FILENAME } from '../service/routes.ts';
import { DEFAULT_ORIGIN, links, pageUrl, siteFor, type Site } from '../standard/urls.ts';
import { recordHeader, type RecordContext } from './context.ts';

/** What a starter does as a client of a UAI-1 endpoint, as `uai test-client` judges it. */
export interface StarterClient {
  readonly run: string;
  /** The scenarios it passes every must check of. */
  readonly scenarios: readonly string[];
  /** Scenarios it cannot pass, why, and the checks that then fail. */
  readonly not_passed: readonly {
    readonly scenario: string;
    readonly reason: string;
    readonly expected_failures: readonly string[];
  }[];
}

/** What a starter needs to run: the program, the lowest version where one matters, in words. */
export interface StarterRuntime {
  readonly program: string;
  readonly minimum_version?: string;
  readonly requires: string;
}

/** A starter program shipped in the kit; its content is the repository file (starters/), its example origin the service's (atService). */
export interface StarterSource {
  readonly name: string;
  readonly media_type: string;
  readonly language: string;
  readonly runtime: StarterRuntime;
  readonly purpose: string;
  readonly run: string;
  readonly client: StarterClient;
  readonly content: string;
}

/** A file of the kit; the JSON starter files have no language and no run line. */
export interface KitFile {
  readonly name: string;
  readonly media_type: string;
  readonly language?: string;
  readonly runtime?: StarterRuntime;
  readonly purpose: string;
  readonly run?: string;
  readonly client?: StarterClient;
  readonly content: string;
}

/**
 * A starter's text as the kit ships it: the examples in its comments and usage lines name the
 * service the kit comes from, not the local server the repository's copy is written for
 * (CONTRACT section 1: nothing hard-codes a host).
 */
export function atService(content: string, site: Site): string {
  return content.replaceAll(siteFor(DEFAULT_ORIGIN).base, site.base);
}

/** The adoption kit (spec 2.6, CONTRACT section 9): 3 JSON starter files, 4 language starters, proof, next steps. */
export function adoptionKitRecord(
  ctx: RecordContext,
  examples: readonly PublishedExample[],
  starters: readonly StarterSource[],
) {
  const l = links(ctx.site);
  const firstPacket = examples.find((e) => e.message.message_id === EXAMPLE_IDS.request)!.message;
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const files: KitFile[] = [
    {
      name: 'first-request.json',
      media_type: 'application/json',
      purpose: 'The first packet: a valid uai.intent.request.v1 message with a correct checksum.',
      content: json(firstPacket),
    },
    {
      name: 'validate-request.json',
      media_type: 'application/json',
      purpose: 'Body for POST /v1/validate with the first packet.',
      content: json({ message: firstPacket, normalization_mode: 'keyed-json', format: 'result' }),
    },
    {
      name: 'mock-exchange-request.json',
      media_type: 'application/json',
      purpose: 'Body for POST /v1/mock-exchange, accepted-task scenario.',
      content: json({ scenario: 'accepted-task', format: 'exchange', message: firstPacket }),
    },
    ...starters.map((s) => ({
      name: s.name,
      media_type: s.media_type,
      language: s.language,
      runtime: s.runtime,
      purpose: s.purpose,
      run: s.run,
      client: s.client,
      content: atService(s.content, ctx.site),
    })),
  ];
  const proof = validateMessage(firstPacket, { mode: 'keyed-json', site: ctx.site, now: EXAMPLE_CHECKED_AT });
  return {
    ...recordHeader(ctx, 'adoption-kit', '/adoption-kit/'),
    adoption_kit_url: l.adoptionKit,
    download_url: l.adoptionKitDownload,
    download_filename: ADOPTION_KIT_FILENAME,
    starter_files: files.length,
    language_starters: starters.length,
    first_packet_profile: 'uai.intent.request.v1',
    use: 'Run a language starter with the base URL as its only argument: it fetches the catalog and the first packet (GET /v1/examples/uai.intent.request.v1, the message first-request.json holds), validates it and runs the accepted-task mock exchange, and exits non-zero if any step fails. The request files are bodies to send by hand (curl -d @validate-request.json). Run with client and an endpoint URL, it is a client of that UAI-1 endpoint; uai test-client --command "<its client run line without the endpoint>" tests it.',
    files,
    proof,
    next_steps: [
      { title: 'Read the catalog', url: l.catalog },
      { title: 'Check the roadmap boundary', url: l.roadmap },
      { title: 'Validate your own message', url: pageUrl(ctx.site, '/playground/validate/') },
      { title: 'Run a mock exchange', url: pageUrl(ctx.site, '/playground/mock-exchange/') },
      { title: 'Download the conformance pack', url: l.conformancePack },
      { title: 'Look up an issue code', url: pageUrl(ctx.site, '/error-registry/') },
    ],
  };
}
