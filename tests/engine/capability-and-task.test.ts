import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { publishedExamples, seal, type ValidatorResult } from '../../src/engine/index.ts';
import { TRUST_CHANNELS } from '../../src/standard/value-sets.ts';
import { check, site } from './helpers.ts';

/**
 * Members of the capability statement and the task status that the contract closes (CONTRACT
 * section 2): a capability's trust channels are values of trust.channel, and the reason a task
 * waits for input is never empty. The lists it leaves open stay open.
 */
type Message = Record<string, any>;

const example = (profile: string): Message =>
  structuredClone(publishedExamples(site).find((e) => e.profile === profile)!.message) as Message;
const found = (r: ValidatorResult) => [...r.errors, ...r.warnings].map((i) => `${i.code} ${i.path}`);

describe('closed by the contract', () => {
  it('a capability statement accepting a trust channel outside the closed set', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...TRUST_CHANNELS), { maxLength: 3 }),
        fc.string(),
        fc.nat(),
        (ok, bad, at) => {
          fc.pre(!(TRUST_CHANNELS as readonly string[]).includes(bad));
          const m = example('uai.capability.statement.v1');
          const index = at % (ok.length + 1);
          m.body.trust_channels = [...ok.slice(0, index), bad, ...ok.slice(index)];
          expect(found(check(seal(m)))).toEqual([`schema.value_not_allowed /body/trust_channels/${index}`]);
          m.body.trust_channels = ok;
          expect(found(check(seal(m)))).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a task waiting for input with an empty blocking_reason', () => {
    const m = example('uai.task.status.v1');
    m.body.state = 'input-required';
    delete m.body.result_ref;
    m.body.blocking_reason = '';
    const r = check(seal(m));
    expect(found(r)).toEqual(['schema.length /body/blocking_reason']);
    expect(r.conformance_level).toBe('L1');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), (reason) => {
        m.body.blocking_reason = reason;
        expect(found(check(seal(m)))).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});

describe('a task status names one task', () => {
  it('its delivery.task_ref, when it has one, is its body.task_id (the binding record: one reference)', () => {
    const m = example('uai.task.status.v1');
    expect(m.delivery.task_ref).toBe(m.body.task_id);
    expect(found(check(seal(m)))).toEqual([]);
    m.delivery.task_ref = `${m.body.task_id}-other`;
    const r = check(seal(m));
    expect(found(r)).toEqual(['response.task_ref_mismatch /delivery/task_ref']);
    expect(r.errors[0]).toMatchObject({ expected: m.body.task_id, actual: m.delivery.task_ref });
    delete m.delivery.task_ref;
    expect(found(check(seal(m)))).toEqual([]);
  });
});

describe('open by the contract', () => {
  it('still valid: an unregistered binding id and a well-formed profile id', () => {
    // Transport bindings are "at least" the three published (the roadmap plans more), and a
    // capability statement's profile ids are held to the id pattern only (docs/contract.md, section 2).
    const m = example('uai.capability.statement.v1');
    m.body.endpoints[0].binding = 'carrier-pigeon';
    m.body.supported_profiles = ['uai.nope.v9'];
    const r = check(seal(m));
    expect(found(r)).toEqual([]);
    expect(r.conformance_level).toBe('L4');
  });
});
