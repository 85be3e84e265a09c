import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  conformanceFixtures,
  jcsWithout,
  publishedExamples,
  recordForm,
  sha256Hex,
  validateMessage,
  type JsonObject,
} from '../../src/engine/index.ts';
import { fixtureInput, now, site } from './helpers.ts';

/**
 * A conformance record is sealed over the form recordForm writes by hand: it must be the form the
 * generic walk gives (jcsWithout), byte for byte, for every record the validator can make, the
 * optional members (conformance_level, issues_listed, traceparent, trace_id) and any text a
 * checked message can carry into it included.
 */
const recordOf = (input: unknown, issueLimit?: number, mode: 'keyed-json' | 'keyless-json' = 'keyed-json') =>
  validateMessage(input, { mode, site, now, ...(issueLimit === undefined ? {} : { issueLimit }) })
    .conformance_record as JsonObject;

function expectSameForm(record: JsonObject): void {
  const generic = jcsWithout(record, 'integrity');
  expect(recordForm(record)).toBe(generic);
  expect((record.integrity as JsonObject).checksum).toBe(`sha256:${sha256Hex(generic)}`);
}

const examples = publishedExamples(site);
const { valid, invalid } = conformanceFixtures(site);

describe('recordForm', () => {
  it('is the generic form for the records of every example and fixture', () => {
    for (const e of examples) expectSameForm(recordOf(e.message));
    for (const f of [...valid, ...invalid]) {
      expectSameForm(recordOf(fixtureInput(f), undefined, f.mode));
      expectSameForm(recordOf(fixtureInput(f), 1, f.mode));
    }
    for (const input of ['hello', null, [], 42, { profile: 'nope' }]) expectSameForm(recordOf(input));
  });

  it('is the generic form for records of generated messages', () => {
    const request = examples.find((e) => e.profile === 'uai.intent.request.v1')!.message as Record<string, any>;
    const text = fc.string({ unit: 'grapheme', maxLength: 40 });
    const anyText = fc.oneof(text, fc.string({ unit: 'binary', maxLength: 20 }), fc.constant(''));
    const value = fc.oneof(anyText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
    fc.assert(
      fc.property(
        fc.record(
          {
            message_id: value,
            profile: fc.oneof(fc.constantFrom(...examples.map((e) => e.profile)), anyText),
            conversation_id: value,
            sequence: fc.oneof(fc.integer(), fc.constant(Number.MAX_SAFE_INTEGER), fc.double(), anyText),
            traceparent: fc.oneof(
              fc.constant('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'),
              fc.constant('00-00000000000000000000000000000000-b7ad6b7169203331-01'),
              anyText,
            ),
            trace_id: fc.oneof(fc.constant('0af7651916cd43dd8448eb211c80319c'), anyText),
            issueLimit: fc.integer({ min: 1, max: 5 }),
          },
          { requiredKeys: ['issueLimit'] },
        ),
        (m) => {
          const message = structuredClone(request);
          if ('message_id' in m) message.message_id = m.message_id;
          if ('profile' in m) message.profile = m.profile;
          if ('conversation_id' in m) message.conversation.conversation_id = m.conversation_id;
          if ('sequence' in m) message.conversation.sequence = m.sequence;
          if ('traceparent' in m) message.conversation.traceparent = m.traceparent;
          else delete message.conversation.traceparent;
          if ('trace_id' in m) message.provenance.trace_id = m.trace_id;
          else delete message.provenance.trace_id;
          expectSameForm(recordOf(message));
          expectSameForm(recordOf(message, m.issueLimit));
        },
      ),
      { numRuns: 400 },
    );
  });
});
