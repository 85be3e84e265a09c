import { seal } from '../engine/canonical.ts';
import { validateMessage } from '../engine/validate/index.ts';
import { exampleSources, EXAMPLE_IDS, type ExampleSource, type Message } from '../standard/examples.ts';
import { EXAMPLE_EPOCH } from '../standard/release.ts';
import { links, type Site } from '../standard/site.ts';
import { recordHeader, type RecordContext } from './context.ts';

export interface ExampleRecord {
  readonly profile: string;
  readonly title: string;
  readonly description: string;
  readonly message: Message;
}

/**
 * The published examples, sealed with the engine's checksum. The conformance example is not
 * written by hand: it is the validator's own record about the request example, checked at a
 * fixed instant, so it always matches what the live validator returns.
 */
export function publishedExamples(site: Site): ExampleRecord[] {
  const sealed = exampleSources(site).map((e: ExampleSource) => ({ ...e, message: seal(e.message) }));
  const request = sealed.find((e) => e.message.message_id === EXAMPLE_IDS.request)!;
  const checkedAt = new Date(Date.parse(EXAMPLE_EPOCH) + 30_000);
  const result = validateMessage(request.message, { mode: 'keyed-json', site, now: checkedAt });
  const conformance: ExampleRecord = {
    profile: 'uai.conformance.result.v1',
    title: 'Validator record for the request example',
    description: 'What POST /v1/validate returns as conformance_record for the intent request example: status pass, no issues, level L4.',
    message: result.conformance_record as Message,
  };
  return [...sealed, conformance];
}

export function exampleRecord(ctx: RecordContext, example: ExampleRecord) {
  return {
    ...recordHeader(ctx, 'example', `/profiles/${example.profile}/`),
    profile: example.profile,
    title: example.title,
    description: example.description,
    schema_url: links(ctx.site).schema(example.profile),
    message: example.message,
  };
}

export function examplesRecord(ctx: RecordContext, examples: readonly ExampleRecord[]) {
  const l = links(ctx.site);
  return {
    ...recordHeader(ctx, 'examples', '/examples/'),
    count: examples.length,
    examples: examples.map((e) => ({
      profile: e.profile,
      title: e.title,
      description: e.description,
      url: l.example(e.profile),
      schema_url: l.schema(e.profile),
      message_id: e.message.message_id,
      checksum: (e.message.integrity as { checksum: string }).checksum,
    })),
  };
}
