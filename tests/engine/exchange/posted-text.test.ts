import { describe, expect, it } from 'vitest';
import {
  answerMessage,
  decodeTaskRef,
  mockExchange,
  publishedExamples,
  seal,
  TASK_RUN_SECONDS,
  taskStatus,
} from '../../../src/engine/index.ts';
import { siteFor } from '../../../src/standard/urls.ts';

/**
 * Requests told apart by their posted text (CONTRACT section 6: different requests give different
 * ids), and an answer that counts on the same sequence the request's own record and its task do
 * (spec 4.2 rules 5 and 13), whatever the text of that number.
 */
type Json = Record<string, any>;
const site = siteFor('https://uai.example.org');
const NOW = new Date('2026-11-01T09:10:00Z');
const context = { site, now: () => NOW };
const request = (): Json =>
  structuredClone(publishedExamples(site).find((e) => e.profile === 'uai.intent.request.v1')!.message) as Json;

/** The sealed request at sequence 4, with its sequence's text replaced. */
function textWithSequence(written: string): string {
  const m = request();
  m.conversation.sequence = 4;
  m.conversation.parent_message_id = 'msg-earlier';
  const text = JSON.stringify(seal(m));
  expect(text).toContain('"sequence":4');
  return text.replace('"sequence":4', `"sequence":${written}`);
}

const ids = (text: string) => {
  const r = mockExchange({ message: JSON.parse(text), scenario: 'accepted-task', format: 'exchange' }, context, {
    text,
  });
  const m = r.response_message as Json;
  return [m.message_id, m.conversation.turn_id, m.delivery.task_ref].join(' ');
};

describe('the mock exchange tells requests apart by what their text says', () => {
  it('a repeated name or a number a double does not hold makes another request: other ids', () => {
    const texts = [
      textWithSequence('4'),
      textWithSequence('3,"sequence":4'),
      textWithSequence('4.00000000000000000001'),
    ];
    const seen = texts.map(ids);
    expect(new Set(seen).size).toBe(3);
    // The same text again: the same ids.
    expect(texts.map(ids)).toEqual(seen);
  });

  it('requests with no canonical form (1e400, -1e400) are told apart by their text too', () => {
    const base = textWithSequence('4');
    const a = base.replace('"sequence":4', '"sequence":1e400');
    const b = base.replace('"sequence":4', '"sequence":-1e400');
    expect(ids(a)).not.toBe(ids(b));
  });
});

describe('the sequence an answer counts on', () => {
  it('is the parsed whole number, whatever its text: acceptance, its record and the task status agree', () => {
    const text = textWithSequence('4.00000000000000000001');
    const result = mockExchange({ message: JSON.parse(text), scenario: 'accepted-task', format: 'exchange' }, context, {
      text,
    }) as unknown as Json;
    expect(result.response_message.conversation.sequence).toBe(5);
    expect(result.request.validation.conformance_record.conversation.sequence).toBe(5);

    const answer = answerMessage(JSON.parse(text), context, undefined, text);
    expect(answer.ok).toBe(true);
    const accepted = (answer as { message: Json }).message;
    expect(accepted.conversation.sequence).toBe(5);
    const ref = accepted.delivery.task_ref as string;
    expect(decodeTaskRef(ref)!.sequence).toBe(4);
    const later = { site, now: () => new Date(NOW.getTime() + TASK_RUN_SECONDS * 1000 + 1000) };
    const status = taskStatus(ref, later) as { ok: true; message: Json };
    expect(status.message.conversation.sequence).toBe(accepted.conversation.sequence + 1);
  });
});

describe('the response target is the request source (spec 4.2 rule 6)', () => {
  it('an empty label or implementation, which the schema allows, is copied as sent', () => {
    const m = request();
    m.source.label = '';
    m.source.implementation = '';
    const result = mockExchange({ message: seal(m), scenario: 'accepted-task', format: 'exchange' }, context) as Json;
    expect(result.request.validation.error_count + result.request.validation.warning_count).toBe(0);
    expect(result.response_message.target).toMatchObject({ label: '', implementation: '' });
  });
});
