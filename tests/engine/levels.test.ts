import { describe, expect, it } from 'vitest';
import { conformanceLevel, publishedExamples, seal } from '../../src/engine/index.ts';
import { check, site } from './helpers.ts';

/** Conformance levels (CONTRACT section 7) for crafted cases. */
const request = publishedExamples(site)[0]!.message as Record<string, any>;
const variant = (fn: (m: any) => void, reseal = true) => {
  const m = structuredClone(request);
  fn(m);
  return reseal ? seal(m) : m;
};

describe('conformance levels', () => {
  it.each([
    ['clean request', request, 'L4'],
    [
      'a warning only',
      variant((m) => {
        m.body.intent = 'summarize';
      }),
      'L3',
    ],
    [
      'checksum wrong',
      variant((m) => {
        m.body.constraints = [];
      }, false),
      'L2',
    ],
    [
      'bad DID',
      variant((m) => {
        m.source.did = 'did:bad';
      }),
      'L2',
    ],
    [
      'body schema error',
      variant((m) => {
        m.body.parameters.include_schema = 'yes';
      }),
      'L1',
    ],
    [
      'body missing a required member',
      variant((m) => {
        delete m.body.intent;
      }),
      'L1',
    ],
    [
      'a required body member spelled as its alias (field.alias_key guards what the missing member guards)',
      variant((m) => {
        m.body.requestedProfile = m.body.requested_profile;
        delete m.body.requested_profile;
      }),
      'L1',
    ],
    [
      'an optional body member spelled as its alias',
      variant((m) => {
        m.body.parameters.includeSchema = m.body.parameters.include_schema;
        delete m.body.parameters.include_schema;
      }),
      'L1',
    ],
    [
      'a reply without its parent_message_id (an envelope requirement, CONTRACT section 2)',
      variant((m) => {
        m.conversation.sequence = 2;
        delete m.conversation.parent_message_id;
      }),
      'L0',
    ],
    [
      'an extension namespace that is no urn:<ns>:ext:<name>',
      variant((m) => {
        m.extensions = [{ namespace: 'not-a-urn', critical: false }];
      }),
      'L0',
    ],
    [
      'an envelope member spelled as its alias',
      variant((m) => {
        m.messageId = m.message_id;
        delete m.message_id;
      }),
      'L0',
    ],
    [
      'envelope schema error',
      variant((m) => {
        m.delivery.mode = 'push';
      }),
      'L0',
    ],
    [
      'body of the wrong type',
      variant((m) => {
        m.body = [];
      }),
      'L0',
    ],
    [
      'unknown profile',
      variant((m) => {
        m.profile = 'uai.weather.v1';
      }),
      'L0',
    ],
    ['not an object', [1], null],
  ] as const)('%s -> %s', (_name, message, level) => {
    expect(check(message).conformance_level).toBe(level);
    const record = check(message).conformance_record as any;
    if (level === null) expect(record.body).not.toHaveProperty('conformance_level');
    else expect(record.body.conformance_level).toBe(level);
  });

  it('keyless shape problems fail L0', () => {
    expect(check(request, 'keyless-json').conformance_level).toBeNull();
  });

  it('the ladder is monotone: a lower-level error hides higher-level successes', () => {
    expect(
      conformanceLevel([
        { code: 'integrity.checksum_mismatch', severity: 'error', path: '/integrity/checksum' },
        { code: 'schema.type', severity: 'error', path: '/body/x' },
      ]),
    ).toBe('L1');
    expect(conformanceLevel([])).toBe('L4');
  });
});
