import type { ObjectDef } from '../model.ts';
import { SEVERITIES } from '../value-sets.ts';
import { JSON_POINTER_PATTERN } from './patterns.ts';

/** One validator finding (CONTRACT section 4); the same shape in results, records and errors. */
export const ISSUE_ITEM: ObjectDef = {
  name: 'issue_item',
  title: 'Issue item',
  description: 'One finding of the validator, or one cause of a typed error.',
  fields: [
    {
      key: 'code',
      type: { kind: 'string', minLength: 1 },
      required: true,
      description: 'A published issue code (error registry).',
    },
    { key: 'severity', type: { kind: 'string', enum: SEVERITIES }, required: true, description: 'error or warning.' },
    {
      key: 'path',
      type: { kind: 'string', pattern: JSON_POINTER_PATTERN },
      required: true,
      description: 'RFC 6901 JSON Pointer into the keyed message; "" for the whole message.',
    },
    { key: 'message', type: { kind: 'string' }, required: true, description: 'One plain sentence.' },
    { key: 'expected', type: { kind: 'any' }, description: 'What the rule expects, when it helps.' },
    { key: 'actual', type: { kind: 'any' }, description: 'What the message holds, when it helps.' },
    {
      key: 'keyword',
      type: { kind: 'string' },
      description: 'The JSON Schema keyword, when the issue comes from a schema.',
    },
    {
      key: 'help_url',
      type: { kind: 'string', format: 'uri' },
      description: "The code's anchor on the error-registry page.",
    },
  ],
};
