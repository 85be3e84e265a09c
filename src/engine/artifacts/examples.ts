/**
 * The published examples, sealed with the engine's checksum (CONTRACT section 3). The conformance
 * example is not written by hand: it is the validator's own record about the request example,
 * checked at a fixed instant, so it always matches what the live validator returns. The example
 * records, the field registry's order maps, the fixtures and the mock exchange's inline artifacts
 * all start from this list.
 */
import { seal } from '../canonical.ts';
import { validateMessage } from '../validate/pipeline.ts';
import { exampleSources, EXAMPLE_IDS, type ExampleSource, type Message } from '../../standard/examples.ts';
import type { ProfileId } from '../../standard/profiles.ts';
import { EXAMPLE_EPOCH } from '../../standard/release.ts';
import type { Site } from '../../standard/urls.ts';

export interface PublishedExample {
  readonly profile: ProfileId;
  readonly title: string;
  readonly description: string;
  readonly message: Message;
}

/** The instant published answers are computed at (30 s after the examples were issued), so builds are reproducible. */
export const EXAMPLE_CHECKED_AT = new Date(Date.parse(EXAMPLE_EPOCH) + 30_000);

export function publishedExamples(site: Site): PublishedExample[] {
  const sealed = exampleSources(site).map((e: ExampleSource) => ({ ...e, message: seal(e.message) }));
  const request = sealed.find((e) => e.message.message_id === EXAMPLE_IDS.request)!;
  const result = validateMessage(request.message, { mode: 'keyed-json', site, now: EXAMPLE_CHECKED_AT });
  const conformance: PublishedExample = {
    profile: 'uai.conformance.result.v1',
    title: 'Validator record for the request example',
    description:
      'What POST /v1/validate returns as conformance_record for the intent request example: status pass, no issues, level L4.',
    message: result.conformance_record as Message,
  };
  return [...sealed, conformance];
}
