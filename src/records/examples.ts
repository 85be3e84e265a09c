/** The example records: the engine's published examples (src/engine/artifacts/) with their record headers. */
import type { PublishedExample } from '../engine/index.ts';
import { links } from '../standard/urls.ts';
import { recordHeader, type RecordContext } from './context.ts';

export function exampleRecord(ctx: RecordContext, example: PublishedExample) {
  return {
    ...recordHeader(ctx, 'example', `/profiles/${example.profile}/`),
    profile: example.profile,
    title: example.title,
    description: example.description,
    schema_url: links(ctx.site).schema(example.profile),
    message: example.message,
  };
}

export function examplesRecord(ctx: RecordContext, examples: readonly PublishedExample[]) {
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
