import { describe, expect, it } from 'vitest';
import {
  conformanceFixtures,
  messageChecksum,
  mockExchange,
  publishedExamples,
  validateMessage,
} from '../../src/engine/index.ts';
import { MOCK_SCENARIOS } from '../../src/standard/value-sets.ts';
import { links, serviceDid, siteFor } from '../../src/standard/urls.ts';
import { check, fixtureInput, now, site } from './helpers.ts';

/** THE invariant: every message the engine emits validates back with 0 errors and 0 warnings. */
const examples = publishedExamples(site);
const { valid, invalid } = conformanceFixtures(site);
const inputs: [string, unknown, 'keyed-json' | 'keyless-json'][] = [
  ...examples.map((e) => [`example ${e.profile}`, e.message, 'keyed-json'] as [string, unknown, 'keyed-json']),
  ...[...valid, ...invalid].map(
    (f) => [f.id, fixtureInput(f), f.mode] as [string, unknown, 'keyed-json' | 'keyless-json'],
  ),
  ['a string', 'hello', 'keyed-json'],
  ['null', null, 'keyless-json'],
];

describe('emitted messages validate back clean', () => {
  it.each(examples.map((e) => [e.profile, e.message] as const))('published example %s', (_p, message) => {
    const r = check(message);
    expect([...r.errors, ...r.warnings]).toEqual([]);
  });

  it.each(inputs)('conformance record about %s', (_id, input, mode) => {
    const r = check(input, mode);
    const back = check(r.conformance_record);
    expect([...back.errors, ...back.warnings]).toEqual([]);
    expect(back.conformance_level).toBe('L4');
  });
});

// UAI_ORIGIN may name any origin: a port, an IPv6 literal (whose brackets and colons a did:web
// must percent-encode), an internationalized name in its ASCII form.
describe.each(['http://[::1]:4321', 'http://[2001:db8::1]', 'http://127.0.0.1:8080', 'https://xn--bcher-kva.example'])(
  'emitted messages at the origin %s',
  (origin) => {
    const there = siteFor(origin);
    const clean = (m: unknown) => {
      const r = validateMessage(m, { mode: 'keyed-json', site: there, now });
      return [...r.errors, ...r.warnings].map((i) => `${i.code} ${i.path}`);
    };
    const examples = publishedExamples(there);
    it.each(examples.map((e) => [e.profile, e.message] as const))('published example %s validates clean', (_p, m) =>
      expect(clean(m)).toEqual([]),
    );
    const request = examples.find((e) => e.profile === 'uai.intent.request.v1')!.message;
    it.each(MOCK_SCENARIOS)(
      'the mock exchange answers its request in %s with a message that validates clean',
      (scenario) => {
        const result = mockExchange(
          { scenario, format: 'exchange', message: request as Record<string, unknown> },
          { site: there, now: () => now },
        );
        expect([result.request.validation.conformance_level, clean(result.response_message)]).toEqual(['L4', []]);
        expect([result.response_validation.error_count, result.response_validation.warning_count]).toEqual([0, 0]);
      },
    );
  },
);

describe('conformance record (spec 4.1)', () => {
  const request = examples.find((e) => e.profile === 'uai.intent.request.v1')!.message as Record<string, any>;
  const r = check(request);
  const rec = r.conformance_record as Record<string, any>;

  it('has every property spec 4.1 lists', () => {
    expect(rec.profile).toBe('uai.conformance.result.v1');
    expect(rec.source).toMatchObject({
      type: 'service',
      role: 'conformance-checker',
      uri: links(site).validate,
      did: serviceDid(site, 'validator'),
    });
    expect(rec.target).toMatchObject({
      type: 'message',
      id: request.message_id,
      role: 'checked-record',
      implementation: request.profile,
    });
    expect(rec.conversation.conversation_id).toBe(request.conversation.conversation_id);
    expect(rec.conversation.parent_message_id).toBe(request.message_id);
    expect(rec.conversation.sequence).toBe(request.conversation.sequence + 1);
    expect(rec.delivery).toMatchObject({
      mode: 'sync',
      priority: 'routine',
      reply_requested: false,
      ack_required: false,
    });
    expect(rec.trust).toMatchObject({ channel: 'signed-envelope', auth_scheme: 'validator-record' });
    expect(Date.parse(rec.delivery.expires_at) - Date.parse(r.checked_at)).toBe(7 * 24 * 3600 * 1000);
    expect(rec.provenance.issued_at).toBe(r.checked_at);
    expect(rec.provenance.trace_id).toBe(request.provenance.trace_id);
    expect(rec.integrity.checksum).toBe(messageChecksum(rec));
    expect(r.download_filename).toBe(`${rec.message_id}.json`);
    expect(rec.message_id).toBe(`chk-${r.normalization.canonical_hash!.slice(7, 23)}`);
    expect(rec.body).toMatchObject({
      status: 'pass',
      checked_profile: request.profile,
      issues: [],
      target_message_ref: request.message_id,
      conformance_level: 'L4',
    });
    expect(Object.keys(rec.body.artifacts)).toHaveLength(10);
    expect(rec.body.artifacts.schema_url).toBe(links(site).schema(request.profile));
  });

  it('timestamps are UTC with Z and no milliseconds', () => {
    expect(r.checked_at).toBe('2026-11-02T10:00:00Z');
    expect(now.getMilliseconds()).toBe(250);
    expect(rec.delivery.expires_at).toBe('2026-11-09T10:00:00Z');
  });

  it('a failing message gets a fail record with the same issues', () => {
    const bad = check({ ...request, uai_version: '2.0' });
    const badRec = bad.conformance_record as Record<string, any>;
    expect(bad.status).toBe('fail');
    expect(badRec.body.status).toBe('fail');
    expect(badRec.body.issues).toEqual([...bad.errors, ...bad.warnings]);
    expect(badRec.body.summary).toMatchObject({ error_count: bad.error_count, warning_count: bad.warning_count });
  });

  it('is deterministic for one message and differs between messages', () => {
    expect(check(request).conformance_record).toEqual(rec);
    expect((check({ ...request, message_id: 'other' }).conformance_record as any).message_id).not.toBe(rec.message_id);
  });

  it('uses safe fallbacks for messages without ids', () => {
    const broken = check({ body: 1 }).conformance_record as Record<string, any>;
    expect(broken.target.id).toBe('unknown');
    expect(broken.conversation.sequence).toBe(1);
    expect(broken.body.artifacts.schema_url).toBe(links(site).schema('uai.envelope.v1'));
  });
});
